/** Small display helpers shared by the store pages. */

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
