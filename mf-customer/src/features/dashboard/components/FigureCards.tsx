import type { ReactNode } from 'react';
import { formatAverage, formatCount, ratingBand, type UserDashboardResponse } from 'shared-contracts';
import { cx, ratingBandClassName, surfaceClassName, VisuallyHidden } from 'shared-contracts/ui';
import styles from './FigureCards.module.css';

interface Figure {
  label: string;
  icon: string;
  value: ReactNode;
  note: string;
  band?: ReturnType<typeof ratingBand>;
}

/** The customer's real figures (DESIGN.md §10: in place of the spec's sample numbers). */
export function FigureCards({ data }: { data: UserDashboardResponse }) {
  const rated = data.totalRatings > 0;
  const figures: Figure[] = [
    { label: 'Ratings given', icon: '★', value: formatCount(data.totalRatings), note: 'One per store you rated' },
    {
      label: 'Your average rating',
      icon: '⌀',
      value: rated ? (
        formatAverage(data.averageRating)
      ) : (
        <>
          <span aria-hidden="true">—</span>
          <VisuallyHidden>none yet</VisuallyHidden>
        </>
      ),
      note: rated ? 'Out of 5 stars' : 'Rate a store to see it',
      band: rated ? ratingBand(data.averageRating) : undefined,
    },
    { label: 'Stores rated', icon: '✓', value: formatCount(data.totalRatings), note: `of ${formatCount(data.totalStores)} available` },
    { label: 'Stores available', icon: '🏪', value: formatCount(data.totalStores), note: 'To discover and rate' },
  ];
  return (
    <dl className={styles.figures}>
      {figures.map((f) => (
        <div key={f.label} className={cx(surfaceClassName, styles.figure)}>
          <dt className={styles.label}>
            <span className={styles.icon} aria-hidden="true">
              {f.icon}
            </span>
            {f.label}
          </dt>
          <dd className={`${styles.value} ${f.band ? ratingBandClassName(f.band) : ''}`} data-band={f.band}>
            {f.value}
          </dd>
          <dd className={styles.note}>{f.note}</dd>
        </div>
      ))}
    </dl>
  );
}
