import { formatAverage, ratingBand, ratingLabel, ratingsCount, type OwnerStore } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { AverageBadge, Card, RatingDistribution, ratingBandClassName, Stars } from 'shared-contracts/ui';
import { TrendChart } from './TrendChart';
import styles from './StoreCard.module.css';

/** One of the owner's stores (an article named by its linked name): average with label and colour band, count, distribution and trend. */
export function StoreCard({ store }: { store: OwnerStore }) {
  const rated = store.total_ratings > 0;
  return (
    <li className={styles.item}>
      <Card
        role="article"
        headingLevel={3}
        className={styles.card}
        title={
          <Link to={`/stores/${store.id}`} className={styles.link}>
            {store.name}
          </Link>
        }
        description={store.address}
      >
        <div className={styles.figures}>
          {rated ? (
            <>
              <AverageBadge average={store.average_rating} size="lg" />
              <div className={styles.figureText}>
                <p className={`${styles.label} ${ratingBandClassName(ratingBand(store.average_rating))}`}>
                  {ratingLabel(store.average_rating)}
                </p>
                <Stars value={store.average_rating} size="sm" label={`Rated ${formatAverage(store.average_rating)} out of 5`} />
                <p className={styles.count}>{ratingsCount(store.total_ratings)}</p>
              </div>
            </>
          ) : (
            <div className={styles.figureText}>
              <p className={styles.none}>No ratings yet</p>
              <p className={styles.count}>{ratingsCount(0)}</p>
            </div>
          )}
        </div>

        <div className={styles.charts}>
          <RatingDistribution distribution={store.rating_distribution} total={store.total_ratings} showShare />
          <TrendChart storeName={store.name} trend={store.monthly_trend} />
        </div>
      </Card>
    </li>
  );
}
