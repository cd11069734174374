import { parseAverage, ratingsCount } from 'shared-contracts';
import { AverageBadge, Icon } from 'shared-contracts/ui';
import styles from './AverageRating.module.css';

/** An average with one decimal, colour-banded (spec §9), and its count; 'No ratings yet' without any. */
export function AverageRating({ average, count }: { average: number | string | null | undefined; count: number }) {
  if (!count || average === null || average === undefined) return <span className={styles.none}>No ratings yet</span>;
  return (
    <span className={styles.rating}>
      <AverageBadge average={parseAverage(average)} />
      <Icon name="star" size="sm" className={styles.star} />
      <span className={styles.count}>({ratingsCount(count)})</span>
    </span>
  );
}
