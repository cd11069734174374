import { useId } from 'react';
import { formatAverage, ratingBand, ratingLabel, ratingsCount, type OwnerStore } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { AverageBadge, Button, Card, Icon, RatingDistribution, ratingBandClassName, Stars, VisuallyHidden } from 'shared-contracts/ui';
import { TrendChart } from './TrendChart';
import styles from './StoreCard.module.css';

export interface StoreCardProps {
  store: OwnerStore;
  /** The distribution and the 6-month chart are shown (only then are they drawn). */
  expanded: boolean;
  onToggle: () => void;
}

/**
 * One of the owner's stores (an article named by its linked name): average with label and colour band
 * and count, always; its 1-5 distribution and 6-month trend behind a "Show details" button, drawn only
 * while open (issue 16: drawing every store's chart at once was the page's long start-up task).
 */
export function StoreCard({ store, expanded, onToggle }: StoreCardProps) {
  const detailsId = useId();
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
          <Button
            variant="secondary"
            size="sm"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            <Icon name="chart" size="sm" />
            {expanded ? 'Hide details' : 'Show details'}
            <VisuallyHidden> of {store.name}</VisuallyHidden>
          </Button>
        </div>

        <div id={detailsId} className={styles.charts} hidden={!expanded}>
          {expanded && (
            <>
              <RatingDistribution distribution={store.rating_distribution} total={store.total_ratings} showShare />
              <TrendChart storeName={store.name} trend={store.monthly_trend} />
            </>
          )}
        </div>
      </Card>
    </li>
  );
}
