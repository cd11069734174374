import type { ReactNode } from 'react';
import { formatAverage, formatCount, ratingBand, type UserDashboardResponse } from 'shared-contracts';
import { cx, Icon, type IconName, ratingBandClassName, surfaceClassName, VisuallyHidden } from 'shared-contracts/ui';
import styles from './FigureCards.module.css';

interface Figure {
  label: string;
  /** The kit's icon, decorative: the label beside it says what the figure is. */
  icon: IconName;
  value: ReactNode;
  note: string;
  band?: ReturnType<typeof ratingBand>;
}

/** The customer's real figures (DESIGN.md §10: in place of the spec's sample numbers). */
export function FigureCards({ data }: { data: UserDashboardResponse }) {
  const rated = data.totalRatings > 0;
  const figures: Figure[] = [
    { label: 'Ratings given', icon: 'star', value: formatCount(data.totalRatings), note: 'One per store you rated' },
    {
      label: 'Your average rating',
      icon: 'chart',
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
    { label: 'Stores rated', icon: 'check', value: formatCount(data.totalRatings), note: `of ${formatCount(data.totalStores)} available` },
    { label: 'Stores available', icon: 'store', value: formatCount(data.totalStores), note: 'To discover and rate' },
  ];
  return (
    <dl className={styles.figures}>
      {figures.map((f) => (
        <div key={f.label} className={cx(surfaceClassName, styles.figure)}>
          <dt className={styles.label}>
            <span className={styles.icon}>
              <Icon name={f.icon} size="sm" />
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
