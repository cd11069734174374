import { formatAverage, ratingBand } from 'shared-contracts';
import styles from './AverageBadge.module.css';

/** The text colour of a rating band (spec §9), for a figure coloured like the badge: `ratingBandClassName(ratingBand(4.6))`. */
export function ratingBandClassName(band: ReturnType<typeof ratingBand>): string {
  return styles[band];
}

export interface AverageBadgeProps {
  average: number;
  size?: 'md' | 'lg';
}

/**
 * The average with one decimal, coloured by its band (spec §9: 4.5+, 3.5+, 2.5+, below). The colour
 * is never the only signal: the number is always there.
 */
export function AverageBadge({ average, size = 'md' }: AverageBadgeProps) {
  const band = ratingBand(average);
  return (
    <span className={`${styles.badge} ${styles[band]} ${styles[size]}`} data-band={band}>
      {formatAverage(average)}
    </span>
  );
}
