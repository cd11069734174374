/** The store list's chips and sort choices, and the URL state they live in (search params). */
import {
  CITY_MAX_LENGTH,
  MAX_PAGE,
  STORE_CATEGORIES,
  STORE_SORT_FIELDS,
  type SortOrder,
  type StoreCategory,
  type StoreListQuery,
  type StoreSortField,
  STORE_PAGE_SIZE,
} from 'shared-contracts';

export const SORT_OPTIONS: ReadonlyArray<{ value: StoreSortField; label: string }> = [
  { value: 'name', label: 'Name' },
  { value: 'rating', label: 'Rating' },
  { value: 'created_at', label: 'Date Added' },
];

export const CATEGORY_CHIPS: ReadonlyArray<{ label: string; value: StoreCategory | undefined }> = [
  { label: 'All', value: undefined },
  ...STORE_CATEGORIES.map((c) => ({ label: c, value: c })),
];

/** Rating chips: the smallest average each keeps ('5 Stars' = exactly 5, 'Top Rated' = 4.5 or more). */
export const RATING_CHIPS: ReadonlyArray<{ label: string; value: number | undefined }> = [
  { label: 'All Ratings', value: undefined },
  { label: '5 Stars', value: 5 },
  { label: '4+ Stars', value: 4 },
  { label: '3+ Stars', value: 3 },
  { label: 'Top Rated', value: 4.5 },
];
const MIN_RATING_VALUES = RATING_CHIPS.flatMap((c) => (c.value === undefined ? [] : [c.value]));

export interface StoreListState {
  search: string;
  sortBy: StoreSortField;
  sortOrder: SortOrder;
  page: number;
  category?: StoreCategory;
  minRating?: number;
  /** Only stores of this city. */
  city?: string;
}

export const DEFAULT_LIST_STATE: StoreListState = { search: '', sortBy: 'name', sortOrder: 'asc', page: 1 };

const isOneOf = <T extends string>(values: readonly T[], v: string | null): v is T =>
  v !== null && (values as readonly string[]).includes(v);

/** Reads the list state from the URL; anything unknown or malformed falls back to its default. */
export function parseListState(params: URLSearchParams): StoreListState {
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  const page = params.get('page');
  const category = params.get('category');
  const minRating = params.get('minRating');
  const city = (params.get('city') ?? '').trim();
  const pageNumber = page && /^[1-9][0-9]{0,6}$/.test(page) ? Number(page) : 1;
  const minRatingNumber = minRating !== null && /^[0-9](\.[0-9]+)?$/.test(minRating) ? Number(minRating) : NaN;
  return {
    search: (params.get('search') ?? '').trim(),
    sortBy: isOneOf(STORE_SORT_FIELDS, sortBy) ? sortBy : DEFAULT_LIST_STATE.sortBy,
    sortOrder: sortOrder === 'desc' ? 'desc' : 'asc',
    page: Math.min(pageNumber, MAX_PAGE),
    category: isOneOf(STORE_CATEGORIES, category) ? category : undefined,
    minRating: MIN_RATING_VALUES.includes(minRatingNumber) ? minRatingNumber : undefined,
    city: city && city.length <= CITY_MAX_LENGTH ? city : undefined,
  };
}

/** The URL form of a list state: defaults are left out, so a plain /stores is the first page by name. */
export function toSearchParams(state: StoreListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.category) params.set('category', state.category);
  if (state.minRating !== undefined) params.set('minRating', String(state.minRating));
  if (state.city) params.set('city', state.city);
  if (state.sortBy !== DEFAULT_LIST_STATE.sortBy) params.set('sortBy', state.sortBy);
  if (state.sortOrder !== DEFAULT_LIST_STATE.sortOrder) params.set('sortOrder', state.sortOrder);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a list state (spec §7: page, limit 12, sortBy, sortOrder, search; plus the filters). */
export function toListQuery(state: StoreListState): StoreListQuery {
  return {
    page: state.page,
    limit: STORE_PAGE_SIZE,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.search ? { search: state.search } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.minRating !== undefined ? { minRating: state.minRating } : {}),
    ...(state.city ? { city: state.city } : {}),
  };
}

/**
 * The order a field is first sorted in: names A to Z, the best rated first, the newest first. (Issue 16:
 * sorting every field ascending put the worst rated and the oldest stores first.)
 */
export const NATURAL_SORT_ORDER: Readonly<Record<StoreSortField, SortOrder>> = { name: 'asc', rating: 'desc', created_at: 'desc' };

/**
 * Choosing the selected field again flips the order (spec §4); another field sorts in its natural
 * order (NATURAL_SORT_ORDER, the team's reading of issue 16). Either way, back to page 1.
 */
export function chooseSort(state: StoreListState, field: StoreSortField): StoreListState {
  const flipped: SortOrder = state.sortOrder === 'asc' ? 'desc' : 'asc';
  const sortOrder = field === state.sortBy ? flipped : NATURAL_SORT_ORDER[field];
  return { ...state, sortBy: field, sortOrder, page: 1 };
}

/** How many of the filters (category, minimum rating, city) are on: the count the narrow screen's Filters button shows. */
export const activeFilterCount = (state: StoreListState) =>
  (state.category ? 1 : 0) + (state.minRating !== undefined ? 1 : 0) + (state.city ? 1 : 0);

export const hasSearchOrFilter = (state: StoreListState) =>
  Boolean(state.search || state.category || state.minRating !== undefined || state.city);
