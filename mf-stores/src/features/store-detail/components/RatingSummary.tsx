import type { CSSProperties } from 'react';
import { type RatingDistribution, ratingLabel } from 'shared-contracts';
import { AverageBadge, Stars } from 'shared-contracts/ui';
import { ratingsCount, starsCount } from '../../common/format';
import styles from './RatingSummary.module.css';

export interface RatingSummaryProps {
  average: number;
  total: number;
  distribution: RatingDistribution;
}

/** The average with its label, the number of ratings, and a 5-to-1 histogram of the store's ratings. */
export function RatingSummary({ average, total, distribution }: RatingSummaryProps) {
  const rated = total > 0;
  return (
    <section className={styles.summary} aria-labelledby="rating-summary-title">
      <h2 id="rating-summary-title" className={styles.title}>
        Rating summary
      </h2>
      <div className={styles.body}>
        <div className={styles.overall}>
          {rated ? <AverageBadge average={average} size="lg" /> : <span className={styles.none}>–</span>}
          <Stars value={rated ? average : 0} size="lg" label={rated ? `Rated ${average.toFixed(1)} out of 5` : 'Not rated yet'} />
          <p className={styles.label}>{rated ? ratingLabel(average) : 'No ratings yet'}</p>
          <p className={styles.total}>{rated ? `Based on ${ratingsCount(total)}` : 'Be the first to rate it'}</p>
        </div>
        <ol className={styles.histogram} aria-label="Ratings by stars">
          {([5, 4, 3, 2, 1] as const).map((star) => {
            const count = distribution[String(star) as keyof RatingDistribution] ?? 0;
            const share = rated ? (count / total) * 100 : 0;
            return (
              <li key={star} className={styles.row}>
                <span className={styles.srOnly}>{`${starsCount(star)}: ${ratingsCount(count)}`}</span>
                <span className={styles.rowLabel} aria-hidden="true">
                  {star} <span className={styles.star}>★</span>
                </span>
                <span className={styles.track} aria-hidden="true">
                  <span className={styles.bar} style={{ '--bar-width': `${share}%` } as CSSProperties} />
                </span>
                <span className={styles.rowCount} aria-hidden="true">
                  {count}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
