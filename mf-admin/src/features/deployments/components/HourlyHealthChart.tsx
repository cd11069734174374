/**
 * One version's last 24 hours: loads and failures (load failures + render errors) per hour as pairs
 * of bars in a small inline SVG (role=img, its aria-label summing it up), with the hours that had
 * reports in a table for screen readers.
 */
import { formatCount, formatPlural, type HealthPoint } from 'shared-contracts';
import { formatHour } from '../deployment-text';
import { visuallyHiddenClassName } from 'shared-contracts/ui';
import styles from './HourlyHealthChart.module.css';

const SLOT = 10;
const HEIGHT = 48;

/** 'Store list 1.2.0 over the last 24 hours: 120 loads and 3 failures; most loads in the hour from 14:00 (20).' */
export function chartSummary(title: string, points: HealthPoint[]): string {
  const loads = points.reduce((sum, p) => sum + p.loads, 0);
  const failures = points.reduce((sum, p) => sum + p.failures, 0);
  const busiest = points.reduce<HealthPoint | null>((best, p) => (p.loads > (best?.loads ?? 0) ? p : best), null);
  const peak = busiest ? `; most loads in the hour from ${formatHour(busiest.hour)} (${formatCount(busiest.loads)})` : '';
  return `${title} over the last 24 hours: ${formatPlural(loads, 'load')} and ${formatPlural(failures, 'failure')}${peak}.`;
}

export function HourlyHealthChart({ title, points }: { title: string; points: HealthPoint[] }) {
  const width = Math.max(1, points.length) * SLOT;
  const max = Math.max(1, ...points.map((p) => Math.max(p.loads, p.failures)));
  const bar = (value: number) => (value === 0 ? 0 : Math.max(1.5, (value / max) * HEIGHT));
  const reported = points.filter((p) => p.loads > 0 || p.failures > 0);
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        {title}
        <span className={styles.legend} aria-hidden="true">
          <span className={styles.key} data-series="loads" /> loads <span className={styles.key} data-series="failures" /> failures
        </span>
      </figcaption>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={chartSummary(title, points)}
      >
        {points.map((point, index) => (
          <g key={point.hour}>
            <rect className={styles.loads} x={index * SLOT + 1} y={HEIGHT - bar(point.loads)} width={4} height={bar(point.loads)} />
            <rect
              className={styles.failures}
              x={index * SLOT + 5}
              y={HEIGHT - bar(point.failures)}
              width={4}
              height={bar(point.failures)}
            />
          </g>
        ))}
      </svg>
      <div className={styles.axis} aria-hidden="true">
        <span>24 h ago</span>
        <span>now</span>
      </div>
      {/* Hidden by a wrapper: a table is never narrower than its content, so the class on the table itself would widen the page. */}
      <div className={visuallyHiddenClassName}>
        <table>
          <caption>{`${title}, per hour with reports`}</caption>
          <thead>
            <tr>
              <th scope="col">Hour from</th>
              <th scope="col">Loads</th>
              <th scope="col">Failures</th>
            </tr>
          </thead>
          <tbody>
            {reported.map((point) => (
              <tr key={point.hour}>
                <th scope="row">{formatHour(point.hour)}</th>
                <td>{formatCount(point.loads)}</td>
                <td>{formatCount(point.failures)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
