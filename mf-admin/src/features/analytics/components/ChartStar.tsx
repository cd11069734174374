import { Icon } from 'shared-contracts/ui';
import styles from './Chart.module.css';

/** The star's size in the charts' user units (they are laid out at 1:1, so CSS pixels). */
export const CHART_STAR_SIZE = 16;

/**
 * The kit's star icon placed inside a chart's SVG at (x, y): a nested viewport of the star's size, so the
 * icon is that size whether or not the browser sizes an inner <svg> by CSS. Decorative: the chart's
 * title, description and table say the figures.
 */
export function ChartStar({ x, y }: { x: number; y: number }) {
  return (
    <svg x={x} y={y} width={CHART_STAR_SIZE} height={CHART_STAR_SIZE} overflow="visible" aria-hidden="true" className={styles.star}>
      <Icon name="star" size="sm" />
    </svg>
  );
}
