/**
 * /admin/users: the users table with search, role filter, sort by clicking a column, 10 per page, and
 * the details, add, edit and delete dialogs. Search, filter, sort and page live in the URL.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_ROLE_OPTIONS, type User } from 'shared-contracts';
import { useAuth } from 'shared-contracts/react';
import {
  Button,
  EmptyState,
  ErrorState,
  Icon,
  isListWindowError,
  ListWindowHint,
  ListWindowRefused,
  LoadingBlock,
  Page,
  Pagination,
  SelectField,
  VisuallyHidden,
} from 'shared-contracts/ui';
import { AdminOnly } from '../common/components/AdminOnly';
import { ListSummary } from '../common/components/ListSummary';
import { SearchForm } from '../common/components/SearchForm';
import toolbar from '../common/components/Toolbar.module.css';
import { useListState } from '../common/hooks/useListState';
import { chooseSort } from '../common/list-state';
import { useDeleteUser, useUserListQuery } from './api/users';
import { DeleteUserDialog } from './components/DeleteUserDialog';
import { UserDetailsModal } from './components/UserDetailsModal';
import { UserFormModal } from './components/UserFormModal';
import { UsersTable } from './components/UsersTable';
import { toUserQuery, USER_LIST_CONFIG } from './list-config';

type Dialog = { kind: 'details'; user: User } | { kind: 'edit'; user: User } | { kind: 'delete'; user: User } | { kind: 'create' } | null;

export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <UsersScreen />
    </AdminOnly>
  );
}

function UsersScreen() {
  const auth = useAuth();
  const [state, setState] = useListState(USER_LIST_CONFIG);
  const list = useUserListQuery(useMemo(() => toUserQuery(state), [state]));
  const deletion = useDeleteUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  // After a delete the row and its buttons are gone: focus goes to the page's heading.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(0);
  useEffect(() => {
    if (focusTitle > 0) titleRef.current?.focus();
  }, [focusTitle]);

  const data = list.data;
  const users = data?.users ?? [];
  const total = data?.total ?? 0;
  const loaded = list.isSuccess && !list.isPlaceholderData;
  const filtered = Boolean(state.search || state.filters.role);
  const close = () => setDialog(null);
  const goTo = (page: number) => setState({ ...state, page });

  const saved = (user: User) => {
    if (user.id === auth.user?.id) auth.updateUser(user);
    close();
  };

  const confirmDelete = (user: User) =>
    deletion.mutate(user.id, {
      onSuccess: () => {
        setFocusTitle((n) => n + 1);
        // The last row of a later page went: that page is empty now, show the one before.
        if (users.length === 1 && state.page > 1) goTo(state.page - 1);
      },
      onSettled: close,
    });

  return (
    <Page
      title="User Management"
      titleRef={titleRef}
      description="Every account: customers, store owners and system administrators."
      actions={
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <Icon name="plus" />
          Add User
        </Button>
      }
    >
      <div className={toolbar.toolbar}>
        <SearchForm
          label="Search users"
          placeholder="Name, email or address"
          value={state.search}
          onSearch={(search) => setState({ ...state, search, page: 1 })}
        />
        <SelectField
          label="Role"
          fieldClassName={toolbar.filter}
          value={state.filters.role ?? ''}
          onValueChange={(role) => setState({ ...state, filters: { role: role || undefined }, page: 1 })}
        >
          <option value="">All roles</option>
          {ADMIN_ROLE_OPTIONS.map((option) => (
            <option key={option.role} value={option.role}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>

      <ListSummary
        page={state.page}
        shown={loaded ? users.length : 0}
        total={total}
        totalCapped={data?.totalCapped}
        noun={['user', 'users']}
      />

      {list.isPending && <LoadingBlock layout="rows" label="Loading users…" />}
      {list.isPlaceholderData && <VisuallyHidden role="status">Loading users…</VisuallyHidden>}
      {list.isError &&
        (isListWindowError(list.error) ? (
          <ListWindowRefused onFirstPage={() => goTo(1)} />
        ) : (
          <ErrorState message="The users could not be loaded." onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ))}

      {!list.isError && users.length > 0 && (
        <UsersTable
          users={users}
          state={state}
          total={total}
          totalCapped={data?.totalCapped}
          busy={list.isFetching}
          currentUserId={auth.user?.id}
          onSort={(field) => setState(chooseSort(state, field))}
          onView={(user) => setDialog({ kind: 'details', user })}
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onDelete={(user) => setDialog({ kind: 'delete', user })}
        />
      )}

      {loaded && users.length === 0 && (
        <EmptyState
          icon="users"
          title="No users found"
          text={filtered ? 'Try another search or role.' : total > 0 ? 'There are no users on this page.' : undefined}
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => setState({ ...state, search: '', filters: {}, page: 1 })}>
                Clear search and filters
              </Button>
            ) : total > 0 && state.page > 1 ? (
              <Button variant="secondary" onClick={() => goTo(1)}>
                Go to the first page
              </Button>
            ) : undefined
          }
        />
      )}

      {!list.isError && (
        <>
          <Pagination
            label="Users pages"
            pageLabel={(n) => `Page ${n}`}
            tight
            page={state.page}
            totalPages={data?.totalPages ?? 0}
            onPage={goTo}
          />
          <ListWindowHint list={data} tight />
        </>
      )}

      {dialog?.kind === 'details' && <UserDetailsModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'create' && <UserFormModal mode="create" onClose={close} onSaved={saved} />}
      {dialog?.kind === 'edit' && (
        <UserFormModal mode="edit" user={dialog.user} isSelf={dialog.user.id === auth.user?.id} onClose={close} onSaved={saved} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteUserDialog user={dialog.user} busy={deletion.isPending} onConfirm={() => confirmDelete(dialog.user)} onCancel={close} />
      )}
    </Page>
  );
}
