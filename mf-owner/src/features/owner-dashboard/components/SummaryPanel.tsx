import { useId } from 'react';
import { ratingLabel, type OwnerDashboardResponse } from 'shared-contracts';
import { AverageBadge } from 'shared-contracts/ui';
import styles from './SummaryPanel.module.css';

/** The owner's figures over all their stores: stores, ratings, and the overall average with its label. */
export function SummaryPanel({ summary }: { summary: OwnerDashboardResponse['summary'] }) {
  const titleId = useId();
  const rated = summary.totalRatings > 0;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Summary
      </h2>
      <dl className={styles.tiles}>
        <div className={styles.tile}>
          <dt className={styles.term}>Your stores</dt>
          <dd className={styles.value}>{summary.totalStores}</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.term}>Total ratings</dt>
          <dd className={styles.value}>{summary.totalRatings}</dd>
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
    </section>
  );
}
