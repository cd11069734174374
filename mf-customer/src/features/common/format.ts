/** Small display helpers shared by the customer pages. */

/** '1 rating', '12 ratings'. */
export function ratingsCount(n: number): string {
  return `${n} ${n === 1 ? 'rating' : 'ratings'}`;
}

/** '1 star', '4 stars'. */
export function starsCount(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

/** A date in the reader's locale, e.g. '5 Mar 2024' or 'Mar 5, 2024'; '' for an unparsable value. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `iso` was, in words ('just now', '5 minutes ago', 'yesterday', '3 days ago'); from
 * four weeks on, and for a time in the future, the date itself.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const elapsed = now - then;
  if (elapsed < -MINUTE || elapsed >= 28 * DAY) return formatDate(iso);
  if (elapsed < MINUTE) return 'just now';
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (elapsed < HOUR) return words.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return words.format(-Math.floor(elapsed / HOUR), 'hour');
  return words.format(-Math.floor(elapsed / DAY), 'day');
}
