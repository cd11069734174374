/**
 * How every rating is spread over 1-5 stars: a horizontal bar chart in inline SVG (role=img, named by
 * its <title>, summarised by its <desc>), with the same numbers in a table for screen readers.
 */
import { useId, useRef } from 'react';
import { countFor, distributionTotal } from '../../common/analytics';
import { formatCount, percentOf, type RatingDistribution, ratingBand, ratingsCount, starsLabel } from 'shared-contracts';
import { useElementWidth } from '../../common/hooks/useElementWidth';
import { visuallyHiddenClassName } from 'shared-contracts/ui';
import { CHART_STAR_SIZE, ChartStar } from './ChartStar';
import styles from './Chart.module.css';

const STARS = [5, 4, 3, 2, 1] as const;
/** Laid out at the figure's real width (1:1 text), within these bounds. */
const MIN_WIDTH = 280;
const MAX_WIDTH = 640;
const FALLBACK_WIDTH = 480;
const ROW = 44;
const LABEL_WIDTH = 58;
const VALUE_WIDTH = 104;
const BAR_HEIGHT = 24;

export function RatingDistributionChart({ distribution }: { distribution: RatingDistribution }) {
  const figureRef = useRef<HTMLElement>(null);
  const measured = useElementWidth(figureRef, FALLBACK_WIDTH);
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, measured));
  const titleId = useId();
  const descId = useId();
  const total = distributionTotal(distribution);
  const max = Math.max(1, ...STARS.map((star) => countFor(distribution, star)));
  const barSpace = width - LABEL_WIDTH - VALUE_WIDTH;
  const mostCommon = [...STARS].sort((a, b) => countFor(distribution, b) - countFor(distribution, a))[0];
  const height = STARS.length * ROW;

  return (
    <figure ref={figureRef} className={styles.figure}>
      <svg className={styles.svg} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Rating distribution</title>
        <desc id={descId}>{`Bar chart of ${ratingsCount(total)} by number of stars. The most common is ${starsLabel(mostCommon)}.`}</desc>
        {STARS.map((star, index) => {
          const count = countFor(distribution, star);
          const y = index * ROW;
          const barWidth = count === 0 ? 0 : Math.max(3, (count / max) * barSpace);
          return (
            <g key={star}>
              <title>{`${starsLabel(star)}: ${ratingsCount(count)} (${percentOf(count, total)})`}</title>
              <text x={0} y={y + ROW / 2} dominantBaseline="middle" className={styles.label}>
                {star}
              </text>
              <ChartStar x={14} y={y + (ROW - CHART_STAR_SIZE) / 2} />
              <rect x={LABEL_WIDTH} y={y + (ROW - BAR_HEIGHT) / 2} width={barSpace} height={BAR_HEIGHT} rx={4} className={styles.track} />
              <rect
                x={LABEL_WIDTH}
                y={y + (ROW - BAR_HEIGHT) / 2}
                width={barWidth}
                height={BAR_HEIGHT}
                rx={4}
                className={styles.bar}
                data-band={ratingBand(star)}
              />
              <text x={LABEL_WIDTH + barSpace + 10} y={y + ROW / 2} dominantBaseline="middle" className={styles.value}>
                {`${formatCount(count)} · ${percentOf(count, total)}`}
              </text>
            </g>
          );
        })}
      </svg>
      {/* Hidden by a wrapper: a table is never narrower than its content, so the class on the table itself would widen the page. */}
      <div className={visuallyHiddenClassName}>
        <table>
          <caption>Rating distribution</caption>
          <thead>
            <tr>
              <th scope="col">Stars</th>
              <th scope="col">Ratings</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {STARS.map((star) => (
              <tr key={star}>
                <th scope="row">{starsLabel(star)}</th>
                <td>{formatCount(countFor(distribution, star))}</td>
                <td>{percentOf(countFor(distribution, star), total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
