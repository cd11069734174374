import type { CSSProperties } from 'react';
import { RATING_VALUES } from 'shared-contracts';
import type { RatingDistribution as RatingCounts } from '../schemas/responses';
import styles from './RatingDistribution.module.css';
import { visuallyHiddenClassName } from './VisuallyHidden';

export interface RatingDistributionProps {
  /** How many ratings of each star count, keyed '1'..'5'; a missing key counts as 0. */
  distribution: RatingCounts;
  /** The number the shares are taken of; by default the sum of `distribution`. */
  total?: number;
  /** Also give each bar's share in its accessible text, e.g. '5 stars: 3 ratings (60%)'. */
  showShare?: boolean;
  /** The list's accessible name; 'Ratings by stars' by default. */
  label?: string;
  /**
   * Makes each bar a toggle button (aria-pressed) that filters by its star count: called with the star
   * count tapped, or with null when the bar already `selected` is tapped again.
   */
  onSelect?: (stars: number | null) => void;
  /** The star count the bars filter by now (with onSelect). */
  selected?: number | null;
}

/** '1 star', '4 stars'. */
const starsCount = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;
/** '1 rating', '12 ratings'. */
const ratingsCount = (n: number) => `${n} ${n === 1 ? 'rating' : 'ratings'}`;

/**
 * How many ratings of each star count, 5 down to 1, as bars. The bars are hidden from screen readers;
 * each row gives its numbers as text instead ('5 stars: 3 ratings', optionally '(60%)').
 */
export function RatingDistribution({
  distribution,
  total,
  showShare = false,
  label = 'Ratings by stars',
  onSelect,
  selected = null,
}: RatingDistributionProps) {
  const counts = [...RATING_VALUES].reverse().map((star) => ({ star, count: distribution[String(star) as keyof RatingCounts] ?? 0 }));
  const all = total ?? counts.reduce((sum, { count }) => sum + count, 0);
  return (
    <ol className={styles.histogram} aria-label={label}>
      {counts.map(({ star, count }) => {
        const share = all > 0 ? (count / all) * 100 : 0;
        const text = `${starsCount(star)}: ${ratingsCount(count)}${showShare ? ` (${Math.round(share)}%)` : ''}`;
        const bar = (
          <>
            <span className={visuallyHiddenClassName}>{text}</span>
            <span className={styles.rowLabel} aria-hidden="true">
              {star} <span className={styles.star}>★</span>
            </span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.bar} style={{ '--bar-width': `${share}%` } as CSSProperties} />
            </span>
            <span className={styles.rowCount} aria-hidden="true">
              {count}
            </span>
          </>
        );
        return (
          <li key={star} className={onSelect ? undefined : styles.row}>
            {onSelect ? (
              <button
                type="button"
                className={`${styles.row} ${styles.toggle}`}
                aria-pressed={selected === star}
                title={selected === star ? 'Show all ratings' : `Show only ${starsCount(star)} ratings`}
                onClick={() => onSelect(selected === star ? null : star)}
              >
                {bar}
              </button>
            ) : (
              bar
            )}
          </li>
        );
      })}
    </ol>
  );
}
