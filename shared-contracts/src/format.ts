// The one set of display formatters every app uses (issue 15): numbers are grouped with the reader's
// locale everywhere ('1,234'), the average has one decimal (formatAverage in rating-display.ts), dates
// and relative dates use the reader's locale, and counts carry their noun ('1 rating', '1,234 ratings').
// Pure functions: no React, so the API may import them too.
import { formatAverage, parseAverage } from './rating-display';

/**
 * One formatter, made on first use: the page's first Intl formatter loads the locale's data, a long
 * task on a phone's CPU (~80 ms at 4× slowdown), which must not run while the apps' code is evaluated.
 */
function lazyFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let formatter: Intl.NumberFormat | undefined;
  return () => (formatter ??= new Intl.NumberFormat(undefined, options));
}

const integer = lazyFormat({ maximumFractionDigits: 0 });
const oneDecimal = lazyFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** A whole count with the reader's grouping: '1,234' (en), '1.234' (de); anything not finite is 0. */
export function formatCount(n: number): string {
  return integer().format(finite(n));
}

/** Any number with the reader's grouping; `options` as Intl.NumberFormat's (e.g. fraction digits). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return options ? new Intl.NumberFormat(undefined, options).format(finite(n)) : integer().format(finite(n));
}

/**
 * A count and its noun, singular only for exactly 1: formatPlural(1, 'rating') is '1 rating',
 * formatPlural(1234, 'rating') is '1,234 ratings'; an irregular plural is the third argument.
 */
export function formatPlural(n: number, singular: string, plural: string = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** '1 rating', '1,234 ratings'. */
export function ratingsCount(n: number): string {
  return formatPlural(n, 'rating');
}

/** '1 star', '4 stars'. */
export function starsCount(n: number): string {
  return formatPlural(n, 'star');
}

/** The same as starsCount (mf-admin's name for it). */
export const starsLabel = starsCount;

/** '1 store', '3 stores'. */
export function storesCount(n: number): string {
  return formatPlural(n, 'store');
}

/** An average as shown everywhere: one decimal ('4.3'); '—' when there is none (no value, or no ratings). */
export function averageText(average: number | string | null | undefined, count?: number): string {
  if (average === null || average === undefined || count === 0) return '—';
  return formatAverage(parseAverage(average));
}

/** A percent change with its sign and one decimal, grouped: '+12.5%', '0.0%', '-3.2%', '+1,250.0%'. */
export function formatGrowth(percent: number): string {
  const rounded = Math.round(finite(percent) * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${oneDecimal().format(Math.abs(rounded))}%`;
}

export type Trend = 'up' | 'down' | 'flat';

/** Whether a percent change reads as up, down or flat (after rounding to one decimal, as shown). */
export function trendOf(percent: number): Trend {
  const rounded = Math.round(finite(percent) * 10) / 10;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/** A share of a total as a whole percent ('33%'); '0%' when the total is 0. */
export function percentOf(part: number, total: number): string {
  return `${formatCount(total > 0 ? Math.round((part / total) * 100) : 0)}%`;
}

function parseDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the reader's locale ('5 Mar 2024', 'Mar 5, 2024'); '' for an unparsable value. */
export function formatDate(iso: string): string {
  const date = parseDate(iso);
  return date ? date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '';
}

/** A date and time in the reader's locale ('5 Mar 2024, 14:05'); '' for an unparsable value. */
export function formatDateTime(iso: string): string {
  const date = parseDate(iso);
  return date
    ? date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : '';
}

/** A calendar month 'YYYY-MM' (UTC) in the reader's locale: 'long' gives 'March 2026', 'short' gives 'Mar'. */
export function formatMonth(month: string, style: 'long' | 'short'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return style === 'long'
    ? date.toLocaleDateString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    : date.toLocaleDateString(undefined, { month: 'short', timeZone: 'UTC' });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `iso` was, in words ('just now', '5 minutes ago', 'yesterday', '3 days ago'); from
 * four weeks on, and for a time in the future, the date itself (formatDate); '' for an unparsable value.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const date = parseDate(iso);
  if (!date) return '';
  const elapsed = now - date.getTime();
  if (elapsed < -MINUTE || elapsed >= 28 * DAY) return formatDate(iso);
  if (elapsed < MINUTE) return 'just now';
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (elapsed < HOUR) return words.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return words.format(-Math.floor(elapsed / HOUR), 'hour');
  return words.format(-Math.floor(elapsed / DAY), 'day');
}

/** The same as relativeTime. */
export const formatRelativeTime = relativeTime;
