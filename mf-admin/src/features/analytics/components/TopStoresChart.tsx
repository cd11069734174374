/**
 * The best rated stores on a 0-5 scale: a bar chart in inline SVG (role=img, named by its <title>,
 * summarised by its <desc>), with the same figures in a table for screen readers.
 */
import { useId, useRef } from 'react';
import { formatAverage, formatCount, RATING_MAX, ratingBand, ratingsCount, type StoreSummary } from 'shared-contracts';
import { useElementWidth } from '../../common/hooks/useElementWidth';
import { visuallyHiddenClassName } from 'shared-contracts/ui';
import { CHART_STAR_SIZE, ChartStar } from './ChartStar';
import styles from './Chart.module.css';

/** Laid out at the figure's real width (1:1 text), within these bounds. */
const MIN_WIDTH = 280;
const MAX_WIDTH = 640;
const FALLBACK_WIDTH = 480;
const ROW = 58;
const BAR_HEIGHT = 20;
const VALUE_WIDTH = 126;
/** About how wide one character of a label is, to shorten names that would not fit. */
const CHAR_WIDTH = 8.8;

const shortName = (name: string, max: number) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

export function TopStoresChart({ stores }: { stores: StoreSummary[] }) {
  const figureRef = useRef<HTMLElement>(null);
  const measured = useElementWidth(figureRef, FALLBACK_WIDTH);
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, measured));
  const titleId = useId();
  const descId = useId();
  const barSpace = width - VALUE_WIDTH;
  const nameMax = Math.max(12, Math.floor(width / CHAR_WIDTH));
  const height = stores.length * ROW;
  const best = stores[0];
  return (
    <figure ref={figureRef} className={styles.figure}>
      <svg className={styles.svg} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Top rated stores</title>
        <desc id={descId}>
          {`Bar chart of the average rating, out of ${RATING_MAX}, of the ${stores.length} best rated ${stores.length === 1 ? 'store' : 'stores'}. ` +
            `${best.name} leads with ${formatAverage(best.average_rating)}.`}
        </desc>
        {stores.map((store, index) => {
          const y = index * ROW;
          const barWidth = Math.max(3, (Math.min(store.average_rating, RATING_MAX) / RATING_MAX) * barSpace);
          return (
            <g key={store.id}>
              <title>{`${store.name}: ${formatAverage(store.average_rating)} out of ${RATING_MAX} from ${ratingsCount(store.total_ratings)}`}</title>
              <text x={0} y={y + 16} className={styles.label}>
                {shortName(store.name, nameMax)}
              </text>
              <rect x={0} y={y + 26} width={barSpace} height={BAR_HEIGHT} rx={4} className={styles.track} />
              <rect
                x={0}
                y={y + 26}
                width={barWidth}
                height={BAR_HEIGHT}
                rx={4}
                className={styles.bar}
                data-band={ratingBand(store.average_rating)}
              />
              <ChartStar x={barSpace + 8} y={y + 26 + (BAR_HEIGHT - CHART_STAR_SIZE) / 2} />
              <text x={barSpace + 8 + CHART_STAR_SIZE + 4} y={y + 26 + BAR_HEIGHT / 2} dominantBaseline="middle" className={styles.value}>
                {`${formatAverage(store.average_rating)} (${formatCount(store.total_ratings)})`}
              </text>
            </g>
          );
        })}
      </svg>
      {/* Hidden by a wrapper: a table is never narrower than its content, so the class on the table itself would widen the page. */}
      <div className={visuallyHiddenClassName}>
        <table>
          <caption>Top rated stores</caption>
          <thead>
            <tr>
              <th scope="col">Store</th>
              <th scope="col">Average rating</th>
              <th scope="col">Ratings</th>
            </tr>
          </thead>
          <tbody>
            {stores.map((store) => (
              <tr key={store.id}>
                <th scope="row">{store.name}</th>
                <td>{`${formatAverage(store.average_rating)} out of ${RATING_MAX}`}</td>
                <td>{formatCount(store.total_ratings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
