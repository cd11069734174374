/**
 * How the reader views a store's reviews: their order (newest, oldest, highest, lowest, most helpful), one star count
 * (from the histogram) and "with a comment only". Kept in the page's URL (?sort=&stars=&comments=1), so
 * a reload or a shared link shows the same reviews; what the API is asked for follows from it.
 */
import { type Rating, RATING_VALUES, type StoreRatingsQuery } from 'shared-contracts';

export const REVIEW_ORDERS = [
  { value: 'newest', label: 'Newest first', query: { sortBy: 'created_at', sortOrder: 'desc' } },
  { value: 'oldest', label: 'Oldest first', query: { sortBy: 'created_at', sortOrder: 'asc' } },
  { value: 'highest', label: 'Highest rated', query: { sortBy: 'rating', sortOrder: 'desc' } },
  { value: 'lowest', label: 'Lowest rated', query: { sortBy: 'rating', sortOrder: 'asc' } },
  { value: 'helpful', label: 'Most helpful', query: { sortBy: 'helpful', sortOrder: 'desc' } },
] as const satisfies ReadonlyArray<{ value: string; label: string; query: Pick<StoreRatingsQuery, 'sortBy' | 'sortOrder'> }>;

export type ReviewOrder = (typeof REVIEW_ORDERS)[number]['value'];
type Stars = NonNullable<StoreRatingsQuery['stars']>;

export interface ReviewView {
  order: ReviewOrder;
  /** Only this star count (null: every star count). */
  stars: Stars | null;
  withComment: boolean;
}

export const DEFAULT_REVIEW_VIEW: ReviewView = { order: 'newest', stars: null, withComment: false };

const isOrder = (v: string | null): v is ReviewOrder => REVIEW_ORDERS.some((o) => o.value === v);
const isStars = (v: number): v is Stars => (RATING_VALUES as readonly number[]).includes(v);

/** The view in the URL; anything unknown or malformed falls back to the default. */
export function parseReviewView(params: URLSearchParams): ReviewView {
  const order = params.get('sort');
  const stars = Number(params.get('stars'));
  return {
    order: isOrder(order) ? order : 'newest',
    stars: /^[1-5]$/.test(params.get('stars') ?? '') && isStars(stars) ? stars : null,
    withComment: params.get('comments') === '1',
  };
}

/** `params` with the view written into it (defaults left out, other parameters kept). */
export function withReviewView(params: URLSearchParams, view: ReviewView): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  put('sort', view.order === 'newest' ? null : view.order);
  put('stars', view.stars === null ? null : String(view.stars));
  put('comments', view.withComment ? '1' : null);
  return next;
}

/** What the API is asked for (the page aside); the default order is the API's own, so it is not sent. */
export function reviewQuery(view: ReviewView): StoreRatingsQuery {
  const { query } = REVIEW_ORDERS.find((o) => o.value === view.order) ?? REVIEW_ORDERS[0];
  return {
    ...(view.order === 'newest' ? {} : query),
    ...(view.stars !== null ? { stars: view.stars } : {}),
    ...(view.withComment ? { withComment: true } : {}),
  };
}

export const isFiltered = (view: ReviewView) => view.stars !== null || view.withComment;

/** Whether a rating is one the view's filters keep (the reader's own is pinned first only then). */
export function keptByView(view: ReviewView, rating: Pick<Rating, 'rating' | 'comment'>): boolean {
  return (view.stars === null || rating.rating === view.stars) && (!view.withComment || Boolean(rating.comment?.trim()));
}

/** What the filters keep, in words: '5-star ratings with a comment', 'ratings with a comment'. */
export function describeFilters(view: ReviewView): string {
  const what = view.stars === null ? 'ratings' : `${view.stars}-star ratings`;
  return view.withComment ? `${what} with a comment` : what;
}
