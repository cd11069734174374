import { type AdminUserSortField, formatDate, type User } from 'shared-contracts';
import { Button, formatListTotal, Table, type TableColumn, tableStyles, VisuallyHidden } from 'shared-contracts/ui';
import adminTable from '../../common/components/AdminTable.module.css';
import { RoleBadge, YouBadge } from '../../common/components/RoleBadge';
import type { UserListState } from '../list-config';

export interface UsersTableProps {
  users: User[];
  state: UserListState;
  total: number;
  /** The matches were counted only up to LIST_WINDOW: the caption says '1,000+'. */
  totalCapped?: boolean;
  busy: boolean;
  currentUserId: number | undefined;
  onSort: (field: AdminUserSortField) => void;
  onView: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** The users of one page: sortable by name, email, role and created date, with row actions. */
export function UsersTable({
  users,
  state,
  total,
  totalCapped = false,
  busy,
  currentUserId,
  onSort,
  onView,
  onEdit,
  onDelete,
}: UsersTableProps) {
  const columns: TableColumn<User, AdminUserSortField>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      rowHeader: true,
      className: tableStyles.wrap,
      cell: (user) => (
        <>
          {user.name}
          {user.id === currentUserId && <YouBadge />}
        </>
      ),
    },
    { key: 'email', header: 'Email', sortField: 'email', className: tableStyles.wrap, cell: (user) => user.email },
    { key: 'address', header: 'Address', className: `${tableStyles.wrap} ${tableStyles.muted}`, cell: (user) => user.address || '—' },
    { key: 'role', header: 'Role', sortField: 'role', cell: (user) => <RoleBadge role={user.role} /> },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      className: tableStyles.nowrap,
      cell: (user) => <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cardLabel: false,
      className: adminTable.actions,
      cell: (user) => (
        <div className={tableStyles.actions}>
          <Button size="sm" variant="secondary" onClick={() => onView(user)}>
            View<VisuallyHidden> details of {user.name}</VisuallyHidden>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onEdit(user)}>
            Edit<VisuallyHidden> {user.name}</VisuallyHidden>
          </Button>
          {user.id !== currentUserId && (
            <Button size="sm" variant="dangerGhost" onClick={() => onDelete(user)}>
              Delete<VisuallyHidden> {user.name}</VisuallyHidden>
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      caption="Users"
      captionNote={`(${formatListTotal({ total, totalCapped })} in all${state.search ? ` matching “${state.search}”` : ''})`}
      sort={{ sortBy: state.sortBy, sortOrder: state.sortOrder, onSort }}
      loading={busy}
      className={adminTable.table}
      loadingLabel="Loading users…"
    />
  );
}
