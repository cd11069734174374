import { averageText, ratingsCount, type Store } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { AverageBadge, Card, EmptyState, Stars } from 'shared-contracts/ui';
import { useRecommendationsQuery } from '../api/dashboard';
import styles from './Recommendations.module.css';

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
        <Stars value={average} size="sm" label={total > 0 ? `Rated ${averageText(average)} out of 5` : 'Not rated yet'} />
        <span className={styles.cardCount}>{total > 0 ? `(${ratingsCount(total)})` : 'No ratings yet'}</span>
      </div>
      <p className={styles.cardAddress}>{store.address}</p>
    </li>
  );
}

/** Top-rated stores the customer has not rated yet (the first RECOMMENDATIONS_SHOWN of the fetched ones). */
export function Recommendations() {
  const { isPending, isError, isSuccess, data: stores } = useRecommendationsQuery();
  return (
    <Card
      title="Recommended for you"
      description="Top-rated stores you have not rated yet."
      actions={<Link to="/stores">Browse all stores</Link>}
      aria-busy={isPending}
    >
      {isPending && (
        <p role="status" className={styles.muted}>
          Finding stores for you…
        </p>
      )}

      {isError && <p className={styles.muted}>Recommendations are not available right now.</p>}

      {isSuccess && stores.length === 0 && (
        <EmptyState compact title="You have rated every store we know of. Thank you! New stores will show up here." />
      )}

      {isSuccess && stores.length > 0 && (
        <ul className={styles.cards}>
          {stores.map((store) => (
            <RecommendationCard key={store.id} store={store} />
          ))}
        </ul>
      )}
    </Card>
  );
}
