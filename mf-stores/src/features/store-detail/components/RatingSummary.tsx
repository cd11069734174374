import { formatAverage, ratingLabel, ratingsCount } from 'shared-contracts';
import { AverageBadge, RatingDistribution, type RatingDistributionProps, Stars } from 'shared-contracts/ui';
import styles from './RatingSummary.module.css';

export interface RatingSummaryProps {
  average: number;
  total: number;
  distribution: RatingDistributionProps['distribution'];
  /** Tapping a bar filters the ratings to its star count (null: all again). */
  onSelectStars?: (stars: number | null) => void;
  selectedStars?: number | null;
}

/** The average with its label, the number of ratings, and a 5-to-1 histogram of the store's ratings. */
export function RatingSummary({ average, total, distribution, onSelectStars, selectedStars = null }: RatingSummaryProps) {
  const rated = total > 0;
  return (
    <section className={styles.summary} aria-labelledby="rating-summary-title">
      <h2 id="rating-summary-title" className={styles.title}>
        Rating summary
      </h2>
      <div className={styles.body}>
        <div className={styles.overall}>
          {rated ? <AverageBadge average={average} size="lg" /> : <span className={styles.none}>–</span>}
          <Stars value={rated ? average : 0} size="lg" label={rated ? `Rated ${formatAverage(average)} out of 5` : 'Not rated yet'} />
          <p className={styles.label}>{rated ? ratingLabel(average) : 'No ratings yet'}</p>
          <p className={styles.total}>{rated ? `Based on ${ratingsCount(total)}` : 'Be the first to rate it'}</p>
        </div>
        <RatingDistribution
          distribution={distribution}
          total={total}
          onSelect={rated ? onSelectStars : undefined}
          selected={selectedStars}
        />
      </div>
    </section>
  );
}
