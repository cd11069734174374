import { useId } from 'react';
import { Link } from 'shared-contracts/react';
import type { Store } from 'shared-contracts';
import { AverageBadge, Stars } from 'shared-contracts/ui';
import { ratingsCount } from '../../common/format';
import type { LoadStatus } from '../hooks/useDashboard';
import styles from './Panel.module.css';

function RecommendationCard({ store }: { store: Store }) {
  const average = Number(store.average_rating) || 0;
  const total = Number(store.total_ratings) || 0;
  return (
    <li className={styles.card}>
      <div className={styles.cardTop}>
        <h3 className={styles.cardName}>
          <Link to={`/stores/${store.id}`} className={styles.cardLink}>
            {store.name}
          </Link>
        </h3>
        {total > 0 && <AverageBadge average={average} />}
      </div>
      <div className={styles.cardRating}>
        <Stars value={average} size="sm" label={total > 0 ? `Rated ${average.toFixed(1)} out of 5` : 'Not rated yet'} />
        <span className={styles.cardCount}>{total > 0 ? `(${ratingsCount(total)})` : 'No ratings yet'}</span>
      </div>
      <p className={styles.cardAddress}>{store.address}</p>
    </li>
  );
}

/** Top-rated stores the customer has not rated yet (the first RECOMMENDATIONS_SHOWN of the fetched ones). */
export function Recommendations({ status, stores }: { status: LoadStatus; stores: Store[] }) {
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Recommended for you
        </h2>
        <Link to="/stores" className={styles.headLink}>
          Browse all stores
        </Link>
      </div>
      <p className={styles.subtitle}>Top-rated stores you have not rated yet.</p>

      {status === 'loading' && (
        <p role="status" className={styles.muted}>
          Finding stores for you…
        </p>
      )}

      {status === 'error' && <p className={styles.muted}>Recommendations are not available right now.</p>}

      {status === 'ready' && stores.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyText}>You have rated every store we know of. Thank you! New stores will show up here.</p>
        </div>
      )}

      {status === 'ready' && stores.length > 0 && (
        <ul className={styles.cards}>
          {stores.map((store) => (
            <RecommendationCard key={store.id} store={store} />
          ))}
        </ul>
      )}
    </section>
  );
}
