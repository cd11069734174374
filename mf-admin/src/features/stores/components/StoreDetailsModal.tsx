import { type AdminStore, formatDate } from 'shared-contracts';
import { Button, Modal } from 'shared-contracts/ui';
import { AverageRating } from '../../common/components/AverageRating';
import { ButtonLink } from '../../common/components/ButtonLink';
import styles from '../../common/components/Details.module.css';

/** A store's details as the admin list gives them, with its owner and a link to its public page. */
export function StoreDetailsModal({ store, onClose }: { store: AdminStore; onClose: () => void }) {
  return (
    <Modal title={`Store details: ${store.name}`} onClose={onClose} size="wide" closeOnBackdrop>
      <dl className={styles.list}>
        <dt>Name</dt>
        <dd>{store.name}</dd>
        <dt>Category</dt>
        <dd>{store.category}</dd>
        <dt>Address</dt>
        <dd>{store.address}</dd>
        <dt>City</dt>
        <dd>{store.city || 'Not given'}</dd>
        <dt>Phone</dt>
        <dd>{store.phone || 'Not given'}</dd>
        <dt>Email</dt>
        <dd>{store.email || 'Not given'}</dd>
        <dt>Owner</dt>
        <dd>
          {store.owner_name} ({store.owner_email})
        </dd>
        <dt>Rating</dt>
        <dd>
          <AverageRating average={store.average_rating} count={store.total_ratings} />
        </dd>
        <dt>Added</dt>
        <dd>
          <time dateTime={store.created_at}>{formatDate(store.created_at)}</time>
        </dd>
      </dl>
      <div className={styles.footer}>
        <ButtonLink to={`/stores/${store.id}`}>Open store page</ButtonLink>
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
