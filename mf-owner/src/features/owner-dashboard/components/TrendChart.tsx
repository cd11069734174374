import { useId } from 'react';
import { formatAverage, formatMonth, RATING_MAX, ratingsCount, type OwnerMonthlyTrendPoint } from 'shared-contracts';
import { visuallyHiddenClassName } from 'shared-contracts/ui';
import styles from './TrendChart.module.css';

const WIDTH = 300;
const HEIGHT = 130;
const TOP = 8;
/** Room under the plot for two lines: the month, then its number of ratings. */
const BOTTOM = 36;
const PLOT = HEIGHT - TOP - BOTTOM;
const BAR = 22;

/** Runs of consecutive months that have an average, so the line breaks over months without ratings. */
function averageRuns(points: Array<{ x: number; y: number | null }>) {
  const runs: Array<Array<{ x: number; y: number }>> = [];
  let run: Array<{ x: number; y: number }> = [];
  for (const p of points) {
    if (p.y === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ x: p.x, y: p.y });
  }
  if (run.length) runs.push(run);
  return runs;
}

export interface TrendChartProps {
  storeName: string;
  trend: OwnerMonthlyTrendPoint[];
}

/**
 * The last months of a store as a small chart: bars for the number of ratings (the count under each
 * month), a line for the average. The picture has a title; every number is also in a table that only
 * screen readers read.
 */
export function TrendChart({ storeName, trend }: TrendChartProps) {
  const titleId = useId();
  const captionId = useId();
  const slot = WIDTH / Math.max(trend.length, 1);
  const maxCount = Math.max(1, ...trend.map((p) => p.count));
  const points = trend.map((p, i) => {
    const x = slot * i + slot / 2;
    const barHeight = (p.count / maxCount) * PLOT;
    const y = p.average === null ? null : TOP + (1 - p.average / RATING_MAX) * PLOT;
    return { ...p, x, barHeight, y };
  });
  const first = trend[0] ? formatMonth(trend[0].month, 'long') : '';
  const last = trend.at(-1) ? formatMonth(trend.at(-1)!.month, 'long') : '';
  const total = trend.reduce((n, p) => n + p.count, 0);

  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        Last {trend.length} months <span className={styles.muted}>({ratingsCount(total)})</span>
      </figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{`Ratings per month and average stars of ${storeName}, ${first} to ${last}`}</title>
        <line className={styles.axis} x1={0} x2={WIDTH} y1={TOP + PLOT} y2={TOP + PLOT} />
        {points.map((p) => (
          <g key={p.month}>
            <rect className={styles.bar} x={p.x - BAR / 2} y={TOP + PLOT - p.barHeight} width={BAR} height={p.barHeight} rx={3} />
            <text className={styles.month} x={p.x} y={HEIGHT - 21} textAnchor="middle">
              {formatMonth(p.month, 'short')}
            </text>
            <text className={styles.count} x={p.x} y={HEIGHT - 5} textAnchor="middle">
              {p.count}
            </text>
          </g>
        ))}
        {averageRuns(points).map((run) =>
          run.length > 1 ? (
            <polyline key={`line-${run[0].x}`} className={styles.line} points={run.map((p) => `${p.x},${p.y}`).join(' ')} />
          ) : null,
        )}
        {points.map((p) => (p.y === null ? null : <circle key={`dot-${p.month}`} className={styles.dot} cx={p.x} cy={p.y} r={3.5} />))}
      </svg>
      <p className={styles.legend} aria-hidden="true">
        <span className={styles.legendBar} /> ratings <span className={styles.legendLine} /> average stars (0–5)
      </p>
      <div className={visuallyHiddenClassName}>
        <table>
          <caption>{`Ratings per month of ${storeName}`}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Ratings</th>
              <th scope="col">Average</th>
            </tr>
          </thead>
          <tbody>
            {trend.map((p) => (
              <tr key={p.month}>
                <th scope="row">
                  <time dateTime={p.month}>{formatMonth(p.month, 'long')}</time>
                </th>
                <td>{p.count}</td>
                <td>{p.average === null ? 'No ratings' : `${formatAverage(p.average)} out of 5`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
