import { useId } from 'react';
import type { AdminUserSortField, User } from 'shared-contracts';
import { formatListTotal } from 'shared-contracts/ui';
import styles from '../../common/components/DataTable.module.css';
import { RoleBadge, YouBadge } from '../../common/components/RoleBadge';
import { SortableHeader } from '../../common/components/SortableHeader';
import { formatDate } from '../../common/format';
import buttons from '../../common/styles/Buttons.module.css';
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
export function UsersTable({ users, state, total, totalCapped = false, busy, currentUserId, onSort, onView, onEdit, onDelete }: UsersTableProps) {
  const captionId = useId();
  const sort = { sortBy: state.sortBy, sortOrder: state.sortOrder, onSort };
  const action = `${buttons.button} ${buttons.small}`;
  return (
    <>
    <p className={styles.scrollHint} aria-hidden="true">
      Scroll sideways to see every column.
    </p>
    <div className={`${styles.region} ${busy ? styles.busy : ''}`} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={busy}>
        <caption id={captionId} className={styles.caption}>
          Users
          <span className={styles.captionNote}>
            ({formatListTotal({ total, totalCapped })} in all{state.search ? ` matching “${state.search}”` : ''})
          </span>
        </caption>
        <thead>
          <tr>
            <SortableHeader field="name" label="Name" {...sort} />
            <SortableHeader field="email" label="Email" {...sort} />
            <th scope="col">Address</th>
            <SortableHeader field="role" label="Role" {...sort} />
            <SortableHeader field="created_at" label="Created" {...sort} />
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const self = user.id === currentUserId;
            return (
              <tr key={user.id}>
                <th scope="row" className={`${styles.rowHeader} ${styles.wrap}`}>
                  {user.name}
                  {self && <YouBadge />}
                </th>
                <td className={styles.wrap}>{user.email}</td>
                <td className={`${styles.wrap} ${styles.muted}`}>{user.address || '—'}</td>
                <td>
                  <RoleBadge role={user.role} />
                </td>
                <td className={styles.nowrap}>
                  <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                </td>
                <td>
                  <div className={styles.actions}>
                    <button type="button" className={`${action} ${buttons.secondary}`} onClick={() => onView(user)}>
                      View<span className={buttons.srOnly}> details of {user.name}</span>
                    </button>
                    <button type="button" className={`${action} ${buttons.secondary}`} onClick={() => onEdit(user)}>
                      Edit<span className={buttons.srOnly}> {user.name}</span>
                    </button>
                    {!self && (
                      <button type="button" className={`${action} ${buttons.ghostDanger}`} onClick={() => onDelete(user)}>
                        Delete<span className={buttons.srOnly}> {user.name}</span>
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
    </>
  );
}
