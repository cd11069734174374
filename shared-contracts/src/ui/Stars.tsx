import type { CSSProperties } from 'react';
import { formatAverage, RATING_MAX } from 'shared-contracts';
import styles from './Stars.module.css';

export interface StarsProps {
  /** 0..5; fractions fill a star partly. */
  value: number;
  /** What a screen reader hears; by default '4.3 out of 5 stars'. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

/** Five stars filled up to `value`, announced as one image with a text alternative. */
export function Stars({ value, label, size = 'md' }: StarsProps) {
  const clamped = Math.max(0, Math.min(RATING_MAX, Number.isFinite(value) ? value : 0));
  const fill = { '--stars-fill': `${(clamped / RATING_MAX) * 100}%` } as CSSProperties;
  return (
    <span
      className={`${styles.stars} ${styles[size]}`}
      role="img"
      aria-label={label ?? `${formatAverage(clamped)} out of 5 stars`}
      style={fill}
    >
      <span className={styles.empty} aria-hidden="true">
        ★★★★★
      </span>
      <span className={styles.filled} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
