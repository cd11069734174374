import type { CSSProperties } from 'react';
import { RATING_VALUES, type RatingDistribution } from 'shared-contracts';
import { ratingsCount, starsCount } from '../../common/format';
import styles from './Distribution.module.css';

/** How many ratings of each star count, 5 down to 1, as bars; screen readers hear each row's numbers. */
export function Distribution({ distribution, total }: { distribution: RatingDistribution; total: number }) {
  return (
    <ol className={styles.histogram} aria-label="Ratings by stars">
      {[...RATING_VALUES].reverse().map((star) => {
        const count = distribution[String(star) as keyof RatingDistribution] ?? 0;
        const share = total > 0 ? Math.round((count / total) * 100) : 0;
        return (
          <li key={star} className={styles.row}>
            <span className={styles.srOnly}>{`${starsCount(star)}: ${ratingsCount(count)} (${share}%)`}</span>
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
  );
}
