import {
  ADMIN_PAGE_SIZE,
  ADMIN_USER_SORT_FIELDS,
  type AdminUserListQuery,
  type AdminUserSortField,
  ROLES,
  type Role,
} from 'shared-contracts';
import type { ListConfig, ListState } from '../common/list-state';

export type UserListState = ListState<AdminUserSortField, 'role'>;

/** /admin/users?search&role&sortBy&sortOrder&page: sorted by name ascending by default. */
export const USER_LIST_CONFIG: ListConfig<AdminUserSortField, 'role'> = {
  sortFields: ADMIN_USER_SORT_FIELDS,
  defaultSortBy: 'name',
  filters: { role: ROLES },
};

/** GET /api/admin/users?page&limit=10&sortBy&sortOrder&search&role (spec §7). */
export function toUserQuery(state: UserListState): AdminUserListQuery {
  return {
    page: state.page,
    limit: ADMIN_PAGE_SIZE,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.search ? { search: state.search } : {}),
    ...(state.filters.role ? { role: state.filters.role as Role } : {}),
  };
}
