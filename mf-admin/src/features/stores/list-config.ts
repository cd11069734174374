import { ADMIN_PAGE_SIZE, type AdminStoreListQuery, type AdminStoreSortField } from 'shared-contracts';
import type { ListConfig, ListState } from '../common/list-state';

/** The columns the stores table sorts by (owner_id orders by account number and email is not a column: not offered). */
export type StoreTableSortField = Exclude<AdminStoreSortField, 'owner_id' | 'email'>;
export type StoreListState = ListState<StoreTableSortField, 'city'>;

export const STORE_LIST_CONFIG: ListConfig<StoreTableSortField, 'city'> = {
  sortFields: ['name', 'address', 'rating', 'created_at'],
  defaultSortBy: 'name',
  filters: { city: 'text' },
};

/** GET /api/admin/stores?page&limit=10&sortBy&sortOrder&search (spec §7), and the city. */
export function toStoreQuery(state: StoreListState): AdminStoreListQuery {
  return {
    page: state.page,
    limit: ADMIN_PAGE_SIZE,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.search ? { search: state.search } : {}),
    ...(state.filters.city ? { city: state.filters.city } : {}),
  };
}
