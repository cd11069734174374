/** The ratings table's state (sort, store filter, page), kept in the URL's search params. */
import {
  MAX_PAGE,
  MAX_ID,
  OWNER_DASHBOARD_PAGE_SIZE,
  OWNER_RATING_DEFAULT_SORT,
  OWNER_RATING_SORT_FIELDS,
  type OwnerDashboardQuery,
  type OwnerRatingSortField,
  type SortOrder,
} from 'shared-contracts';

export interface TableState {
  sortBy: OwnerRatingSortField;
  sortOrder: SortOrder;
  page: number;
  /** Only this store's ratings; undefined = all the owner's stores. */
  storeId?: number;
}

/** Newest first, page 1, every store: what a plain /store-owner shows. */
export const DEFAULT_TABLE_STATE: TableState = { ...OWNER_RATING_DEFAULT_SORT, page: 1 };

/** The columns that sort, with their header text. */
export const SORT_COLUMNS: Record<OwnerRatingSortField, string> = {
  user_name: 'Rater',
  store_name: 'Store',
  rating: 'Stars',
  created_at: 'Date',
};

const isSortField = (v: string | null): v is OwnerRatingSortField =>
  v !== null && (OWNER_RATING_SORT_FIELDS as readonly string[]).includes(v);
const positiveInt = (v: string | null, max: number) => (v && /^[1-9][0-9]{0,9}$/.test(v) && Number(v) <= max ? Number(v) : undefined);

/** Reads the state from the URL; anything unknown or malformed falls back to its default. */
export function parseTableState(params: URLSearchParams): TableState {
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  const storeId = positiveInt(params.get('storeId'), MAX_ID);
  return {
    sortBy: isSortField(sortBy) ? sortBy : DEFAULT_TABLE_STATE.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : DEFAULT_TABLE_STATE.sortOrder,
    page: positiveInt(params.get('page'), MAX_PAGE) ?? 1,
    ...(storeId !== undefined ? { storeId } : {}),
  };
}

/** The URL form of a state: defaults are left out. */
export function toSearchParams(state: TableState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.storeId !== undefined) params.set('storeId', String(state.storeId));
  if (state.sortBy !== DEFAULT_TABLE_STATE.sortBy) params.set('sortBy', state.sortBy);
  if (state.sortOrder !== DEFAULT_TABLE_STATE.sortOrder) params.set('sortOrder', state.sortOrder);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a state: GET /api/owner/dashboard?page&limit=10&sortBy&sortOrder[&storeId]. */
export function toDashboardQuery(state: TableState): OwnerDashboardQuery {
  return {
    page: state.page,
    limit: OWNER_DASHBOARD_PAGE_SIZE,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.storeId !== undefined ? { storeId: state.storeId } : {}),
  };
}

/** Spec §4: choosing the sorted column flips the order, another column sorts ascending; back to page 1. */
export function chooseSort(state: TableState, field: OwnerRatingSortField): TableState {
  const sortOrder: SortOrder = field === state.sortBy ? (state.sortOrder === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...state, sortBy: field, sortOrder, page: 1 };
}

/** Another store (or all of them): back to page 1, the sort kept. */
export function chooseStore(state: TableState, storeId: number | undefined): TableState {
  const { storeId: _previous, ...rest } = state;
  return { ...rest, page: 1, ...(storeId !== undefined ? { storeId } : {}) };
}
