/**
 * /admin/users: the users table with search, role filter, sort by clicking a column, 10 per page, and
 * the details, add, edit and delete dialogs. Search, filter, sort and page live in the URL.
 */
import { useId, useState } from 'react';
import { ADMIN_ROLE_OPTIONS, MESSAGES, type User } from 'shared-contracts';
import { useApi, useAuth } from 'shared-contracts/react';
import { useListDeletion } from '../common/hooks/useListDeletion';
import { AdminOnly } from '../common/components/AdminOnly';
import { ConfirmDialog } from '../common/components/ConfirmDialog';
import { ListSummary } from '../common/components/ListSummary';
import { SearchForm } from '../common/components/SearchForm';
import { ListWindowHint, Pagination, Spinner } from 'shared-contracts/ui';
import { EmptyPanel, ErrorPanel, ListWindowPanel } from '../common/components/StatusPanels';
import toolbar from '../common/components/Toolbar.module.css';
import { chooseSort } from '../common/list-state';
import buttons from '../common/styles/Buttons.module.css';
import page from '../common/styles/Page.module.css';
import { UserDetailsModal } from './components/UserDetailsModal';
import { UserFormModal } from './components/UserFormModal';
import { UsersTable } from './components/UsersTable';
import { useUserList } from './hooks/useUserList';

type Dialog =
  | { kind: 'details'; user: User }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'create' }
  | null;

export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <UsersScreen />
    </AdminOnly>
  );
}

function UsersScreen() {
  const api = useApi();
  const auth = useAuth();
  const titleId = useId();
  const roleFilterId = useId();
  const { state, setState, status, data, reload, refused } = useUserList();
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = data?.users ?? [];
  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  const { headingRef, deleting, deleteRow } = useListDeletion({
    rowsOnPage: users.length,
    page: state.page,
    goToPage: (p) => setState({ ...state, page: p }),
    reload,
    successMessage: MESSAGES.userDeleted,
    failureMessage: MESSAGES.deleteUserFailed,
  });
  const filtered = Boolean(state.search || state.filters.role);
  const close = () => setDialog(null);

  const saved = (user: User) => {
    if (user.id === auth.user?.id) auth.updateUser(user);
    setDialog(null);
    reload();
  };

  const confirmDelete = () => {
    if (dialog?.kind !== 'delete') return;
    void deleteRow(() => api.admin.deleteUser(dialog.user.id), close);
  };

  return (
    <main className={page.page} aria-labelledby={titleId}>
      <header className={page.header}>
        <div>
          <h1 id={titleId} ref={headingRef} tabIndex={-1} className={page.title}>
            User Management
          </h1>
          <p className={page.subtitle}>Every account: customers, store owners and system administrators.</p>
        </div>
        <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={() => setDialog({ kind: 'create' })}>
          <span aria-hidden="true">+</span> Add User
        </button>
      </header>

      <div className={toolbar.toolbar}>
        <SearchForm
          label="Search users"
          placeholder="Name, email or address"
          value={state.search}
          onSearch={(search) => setState({ ...state, search, page: 1 })}
        />
        <div className={toolbar.filter}>
          <label htmlFor={roleFilterId} className={toolbar.label}>
            Role
          </label>
          <select
            id={roleFilterId}
            className={toolbar.select}
            value={state.filters.role ?? ''}
            onChange={(e) => setState({ ...state, filters: { role: e.target.value || undefined }, page: 1 })}
          >
            <option value="">All roles</option>
            {ADMIN_ROLE_OPTIONS.map((option) => (
              <option key={option.role} value={option.role}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <ListSummary page={state.page} shown={status === 'ready' ? users.length : 0} total={total} totalCapped={data?.totalCapped} noun={['user', 'users']} />

      {status === 'loading' && !data && <Spinner size="sm" label="Loading users…" />}
      {status === 'loading' && data && (
        <p role="status" className={page.srOnly}>
          Loading users…
        </p>
      )}
      {status === 'error' && refused && <ListWindowPanel onFirstPage={() => setState({ ...state, page: 1 })} />}
      {status === 'error' && !refused && <ErrorPanel text="The users could not be loaded." onRetry={reload} />}

      {status !== 'error' && data && users.length > 0 && (
        <UsersTable
          users={users}
          state={state}
          total={total}
          totalCapped={data.totalCapped}
          busy={status === 'loading'}
          currentUserId={auth.user?.id}
          onSort={(field) => setState(chooseSort(state, field))}
          onView={(user) => setDialog({ kind: 'details', user })}
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onDelete={(user) => setDialog({ kind: 'delete', user })}
        />
      )}

      {status === 'ready' && users.length === 0 && (
        <EmptyPanel
          icon="👥"
          title="No users found"
          text={filtered ? 'Try another search or role.' : total > 0 ? 'There are no users on this page.' : undefined}
        >
          {filtered && (
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary}`}
              onClick={() => setState({ ...state, search: '', filters: {}, page: 1 })}
            >
              Clear search and filters
            </button>
          )}
          {!filtered && total > 0 && state.page > 1 && (
            <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => setState({ ...state, page: 1 })}>
              Go to the first page
            </button>
          )}
        </EmptyPanel>
      )}

      {status !== 'error' && (
        <Pagination label="Users pages" pageLabel={(n) => `Page ${n}`} tight page={state.page} totalPages={totalPages} onPage={(p) => setState({ ...state, page: p })} />
      )}
      {status !== 'error' && <ListWindowHint list={data} tight />}

      {dialog?.kind === 'details' && <UserDetailsModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'create' && <UserFormModal mode="create" onClose={close} onSaved={saved} />}
      {dialog?.kind === 'edit' && (
        <UserFormModal mode="edit" user={dialog.user} isSelf={dialog.user.id === auth.user?.id} onClose={close} onSaved={saved} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete user"
          message={MESSAGES.confirmDeleteUser}
          detail={
            <>
              <strong>{dialog.user.name}</strong> ({dialog.user.email}) and all of their ratings will be removed. This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={close}
        />
      )}
    </main>
  );
}
