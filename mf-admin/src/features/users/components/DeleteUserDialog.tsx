/**
 * Deleting a user from /admin/users. The API refuses to delete a store owner who still owns stores
 * (409 'This user still owns stores…'), so the dialog says so before asking anything: for a store
 * owner it first reads their details (GET /api/admin/users/:id, which lists their stores) and, while
 * they own any, says how many, that they cannot be deleted until those stores are deleted or given
 * another owner, and leads to each store in Store Management, with no Delete button. Anyone else (and
 * an owner without stores) gets the spec's confirmation: 'Are you sure you want to delete this user?'.
 */
import { useId, useRef } from 'react';
import { type AdminUserDetail, MESSAGES, ratingsCount, storesCount, type User } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { Button, ConfirmDialog, ErrorState, Modal, Spinner } from 'shared-contracts/ui';
import { ButtonLink } from '../../common/components/ButtonLink';
import styles from '../../common/components/Details.module.css';
import { useUserDetailQuery } from '../api/users';

export interface DeleteUserDialogProps {
  user: User;
  /** The delete is on its way. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Store Management searched for one store (its search matches the name): where the admin deletes it or gives it another owner. */
export const storeManagementLink = (storeName: string) => `/admin/stores?${new URLSearchParams({ search: storeName }).toString()}`;

export function DeleteUserDialog(props: DeleteUserDialogProps) {
  return props.user.role === 'store_owner' ? <DeleteStoreOwnerDialog {...props} /> : <ConfirmDeleteUser {...props} />;
}

function ConfirmDeleteUser({ user, busy, onConfirm, onCancel }: DeleteUserDialogProps) {
  return (
    <ConfirmDialog
      title="Delete user"
      message={MESSAGES.confirmDeleteUser}
      detail={
        <>
          <strong>{user.name}</strong> ({user.email}) and all of their ratings will be removed. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

function DeleteStoreOwnerDialog(props: DeleteUserDialogProps) {
  const { user, onCancel } = props;
  const detail = useUserDetailQuery(user.id);
  const messageId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const owner = detail.data;
  const stores = owner?.stores ?? [];
  if (owner && stores.length === 0) return <ConfirmDeleteUser {...props} />;
  return (
    <Modal title="Delete user" role="alertdialog" describedBy={messageId} initialFocus={closeRef} onClose={onCancel}>
      <div id={messageId}>
        {owner ? (
          <p className={styles.summary}>
            <strong>{owner.name}</strong> owns {storesCount(stores.length)} and cannot be deleted until{' '}
            {stores.length === 1 ? 'that store is' : 'those stores are'} deleted or given another owner.
          </p>
        ) : detail.isError ? (
          <ErrorState
            compact
            message={`Whether ${user.name} still owns stores could not be checked.`}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        ) : (
          <Spinner size="sm" compact label={`Checking the stores of ${user.name}…`} />
        )}
      </div>
      {owner && <OwnerStoreLinks owner={owner} />}
      <div className={styles.footer}>
        {owner && <ButtonLink to="/admin/stores">Go to Store Management</ButtonLink>}
        <Button ref={closeRef} onClick={onCancel}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

/** Each of the owner's stores, leading to it in Store Management (searched by its name). */
function OwnerStoreLinks({ owner }: { owner: AdminUserDetail }) {
  return (
    <>
      <p className={styles.muted}>Open a store in Store Management to delete it or give it another owner:</p>
      <ul className={`${styles.items} ${styles.spaced}`} aria-label={`Stores of ${owner.name}`}>
        {(owner.stores ?? []).map((store) => (
          <li key={store.id}>
            <Link to={storeManagementLink(store.name)}>{store.name}</Link>
            <span className={styles.muted}>{ratingsCount(store.total_ratings)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
