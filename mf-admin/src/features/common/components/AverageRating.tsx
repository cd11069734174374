import { formatAverage, parseAverage, ratingBand } from 'shared-contracts';
import { ratingsCount } from '../format';
import styles from './AverageRating.module.css';

/** An average with one decimal, colour-banded (spec §9), and its count; 'No ratings yet' without any. */
export function AverageRating({ average, count }: { average: number | string | null | undefined; count: number }) {
  if (!count || average === null || average === undefined) return <span className={styles.none}>No ratings yet</span>;
  const value = parseAverage(average);
  return (
    <span className={styles.rating}>
      <span className={styles.value} data-band={ratingBand(value)}>
        {formatAverage(value)}
      </span>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>
      <span className={styles.count}>({ratingsCount(count)})</span>
    </span>
  );
}
