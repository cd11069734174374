/**
 * A user's details (GET /api/admin/users/:id). A store owner's also lists their stores, each with its
 * average, and the average over every rating of their stores.
 */
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, MESSAGES, type AdminUserDetail, type User } from 'shared-contracts';
import { Link, useApi } from 'shared-contracts/react';
import { AverageRating } from '../../common/components/AverageRating';
import styles from '../../common/components/Details.module.css';
import { Modal } from '../../common/components/Modal';
import { RoleBadge } from '../../common/components/RoleBadge';
import { Spinner } from 'shared-contracts/ui';
import { formatDate } from '../../common/format';
import buttons from '../../common/styles/Buttons.module.css';

export function UserDetailsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const [detail, setDetail] = useState<AdminUserDetail | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    api.admin
      .getUser(user.id)
      .then((result) => current && setDetail(result.user))
      .catch((error: unknown) => {
        if (!current) return;
        console.error('User details request failed', error);
        toast.error(errorMessage(error, MESSAGES.fetchUsersFailed), { id: 'fetch-user-failed' });
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [api, user.id, attempt]);

  return (
    <Modal title={`User details: ${user.name}`} onClose={onClose} size="wide" closeOnBackdrop>
      {!detail && !failed && <Spinner size="sm" label="Loading user details…" compact />}
      {failed && (
        <div className={styles.error} role="alert">
          <p>The details of this user could not be loaded.</p>
          <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {detail && <UserDetailBody user={detail} />}
      <div className={styles.footer}>
        <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={onClose}>
          Close
        </button>
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
