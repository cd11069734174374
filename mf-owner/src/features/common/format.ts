/** Small display helpers of the owner dashboard. */

/** '1 rating', '12 ratings'. */
export function ratingsCount(n: number): string {
  return `${n} ${n === 1 ? 'rating' : 'ratings'}`;
}

/** '1 store', '3 stores'. */
export function storesCount(n: number): string {
  return `${n} ${n === 1 ? 'store' : 'stores'}`;
}

/** A date in the reader's locale, e.g. '5 Mar 2024' or 'Mar 5, 2024'; '' for an unparsable value. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
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
