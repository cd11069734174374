import { formatCount, ratingLabel, type OwnerDashboardResponse } from 'shared-contracts';
import { AverageBadge, Card } from 'shared-contracts/ui';
import styles from './SummaryPanel.module.css';

/** The owner's figures over all their stores: stores, ratings, and the overall average with its label. */
export function SummaryPanel({ summary }: { summary: OwnerDashboardResponse['summary'] }) {
  const rated = summary.totalRatings > 0;
  return (
    <Card title="Summary">
      <dl className={styles.tiles}>
        <div className={styles.tile}>
          <dt className={styles.term}>Your stores</dt>
          <dd className={styles.value}>{formatCount(summary.totalStores)}</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.term}>Total ratings</dt>
          <dd className={styles.value}>{formatCount(summary.totalRatings)}</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.term}>Overall average</dt>
          <dd className={styles.value}>
            {rated ? (
              <span className={styles.average}>
                <AverageBadge average={summary.averageRating} />
                <span className={styles.label}>{ratingLabel(summary.averageRating)}</span>
              </span>
            ) : (
              <span className={styles.none}>No ratings yet</span>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
