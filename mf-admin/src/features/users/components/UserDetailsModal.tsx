/**
 * A user's details (GET /api/admin/users/:id). A store owner's also lists their stores, each with its
 * average, and the average over every rating of their stores.
 */
import { type AdminUserDetail, formatDate, type User } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { Button, ErrorState, Modal, Spinner } from 'shared-contracts/ui';
import { AverageRating } from '../../common/components/AverageRating';
import styles from '../../common/components/Details.module.css';
import { RoleBadge } from '../../common/components/RoleBadge';
import { useUserDetailQuery } from '../api/users';

export function UserDetailsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const detail = useUserDetailQuery(user.id);
  return (
    <Modal title={`User details: ${user.name}`} onClose={onClose} size="wide" closeOnBackdrop>
      {detail.isPending && <Spinner size="sm" label="Loading user details…" compact />}
      {detail.isError && (
        <ErrorState
          compact
          message="The details of this user could not be loaded."
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      )}
      {detail.data && <UserDetailBody user={detail.data} />}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

function UserDetailBody({ user }: { user: AdminUserDetail }) {
  return (
    <>
      <dl className={styles.list}>
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Address</dt>
        <dd>{user.address || 'Not given'}</dd>
        <dt>Role</dt>
        <dd>
          <RoleBadge role={user.role} />
        </dd>
        <dt>Member since</dt>
        <dd>
          <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
        </dd>
      </dl>
      {user.role === 'store_owner' && <OwnerStores user={user} />}
    </>
  );
}

function OwnerStores({ user }: { user: AdminUserDetail }) {
  const stores = user.stores ?? [];
  const total = user.total_ratings ?? 0;
  return (
    <section aria-labelledby="owner-stores-title">
      <h3 id="owner-stores-title" className={styles.subtitle}>
        Stores ({stores.length})
      </h3>
      <p className={styles.summary} data-testid="owner-average">
        Average rating across their stores: <AverageRating average={user.average_rating} count={total} />
      </p>
      {stores.length === 0 ? (
        <p className={styles.muted}>This owner has no stores yet.</p>
      ) : (
        <ul className={styles.items} aria-label={`Stores of ${user.name}`}>
          {stores.map((store) => (
            <li key={store.id}>
              <Link to={`/stores/${store.id}`}>{store.name}</Link>
              <AverageRating average={store.average_rating} count={store.total_ratings} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
