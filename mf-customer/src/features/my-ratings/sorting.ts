/** The My Ratings sort choices and the URL state they live in (?sort=&page=). */
import { MAX_PAGE, type MyRatingsQuery, type MyRatingsSortField, MY_RATINGS_PAGE_SIZE, type SortOrder } from 'shared-contracts';

export type MyRatingsSort = 'newest' | 'oldest' | 'highest' | 'lowest' | 'store';

export const SORT_OPTIONS: ReadonlyArray<{ value: MyRatingsSort; label: string; sortBy: MyRatingsSortField; sortOrder: SortOrder }> = [
  { value: 'newest', label: 'Newest', sortBy: 'created_at', sortOrder: 'desc' },
  { value: 'oldest', label: 'Oldest', sortBy: 'created_at', sortOrder: 'asc' },
  { value: 'highest', label: 'Highest', sortBy: 'rating', sortOrder: 'desc' },
  { value: 'lowest', label: 'Lowest', sortBy: 'rating', sortOrder: 'asc' },
  { value: 'store', label: 'Store name', sortBy: 'store_name', sortOrder: 'asc' },
];

export interface MyRatingsState {
  sort: MyRatingsSort;
  page: number;
}

export const DEFAULT_STATE: MyRatingsState = { sort: 'newest', page: 1 };

/** Reads the state from the URL; anything unknown or malformed falls back to its default. */
export function parseState(params: URLSearchParams): MyRatingsState {
  const sort = params.get('sort');
  const page = params.get('page');
  return {
    sort: SORT_OPTIONS.find((o) => o.value === sort)?.value ?? DEFAULT_STATE.sort,
    page: page && /^[1-9][0-9]{0,6}$/.test(page) ? Math.min(Number(page), MAX_PAGE) : 1,
  };
}

/** The URL form of a state: defaults are left out, so a plain /ratings is the first page, newest first. */
export function toSearchParams(state: MyRatingsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a state: page, limit 10, sortBy, sortOrder. */
export function toQuery(state: MyRatingsState): Required<MyRatingsQuery> {
  const option = SORT_OPTIONS.find((o) => o.value === state.sort) ?? SORT_OPTIONS[0];
  return { page: state.page, limit: MY_RATINGS_PAGE_SIZE, sortBy: option.sortBy, sortOrder: option.sortOrder };
}
