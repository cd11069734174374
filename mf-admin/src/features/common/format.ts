/** Display helpers shared by the admin pages. */
import { formatAverage, parseAverage } from 'shared-contracts';
import { formatCount } from 'shared-contracts/ui';

/** A whole count with the reader's grouping, e.g. '1,234' (the one helper every list screen uses). */
export { formatCount };

/** A percent change with its sign and one decimal: '+12.5%', '0.0%', '-3.2%'. */
export function formatGrowth(percent: number): string {
  const value = Number.isFinite(percent) ? percent : 0;
  const rounded = Math.round(value * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${Math.abs(rounded).toFixed(1)}%`;
}

export type Trend = 'up' | 'down' | 'flat';

export function trendOf(percent: number): Trend {
  const rounded = Math.round((Number.isFinite(percent) ? percent : 0) * 10) / 10;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/** '1 rating', '12 ratings'. */
export function ratingsCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'rating' : 'ratings'}`;
}

/** '1 star', '4 stars'. */
export function starsLabel(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

/** An average as shown everywhere: one decimal ('4.3'); '—' when there is none. */
export function averageText(average: number | string | null | undefined, count?: number): string {
  if (average === null || average === undefined || count === 0) return '—';
  return formatAverage(parseAverage(average));
}

/** A date in the reader's locale ('5 Mar 2024'); '' for an unparsable value. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A date and time in the reader's locale ('5 Mar 2024, 14:05'); '' for an unparsable value. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A share of a total as a whole percent ('33%'); '0%' when the total is 0. */
export function percentOf(part: number, total: number): string {
  return `${total > 0 ? Math.round((part / total) * 100) : 0}%`;
}
