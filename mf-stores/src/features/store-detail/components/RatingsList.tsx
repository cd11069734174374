import { formatCount, formatDate, starsCount, type StoreRating } from 'shared-contracts';
import { Button, ErrorState, formatListTotal, ListWindowHint, Stars } from 'shared-contracts/ui';
import type { RatingsList as Ratings } from '../api/queries';
import styles from './RatingsList.module.css';

export interface RatingsListProps {
  /** The ratings loaded so far (undefined until the first page is there). */
  ratings: Ratings | undefined;
  status: 'pending' | 'error' | 'success';
  /** There is a next page to load (the API opens it). */
  hasMore: boolean;
  loadingMore: boolean;
  retrying: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
}

function RatingItem({ rating }: { rating: StoreRating }) {
  const author = rating.user_name?.trim() || 'Anonymous';
  return (
    <li className={styles.item}>
      <article className={styles.rating} aria-label={`${author}, ${starsCount(rating.rating)}`}>
        <header className={styles.head}>
          <span className={styles.avatar} aria-hidden="true">
            {author.charAt(0).toUpperCase()}
          </span>
          <div className={styles.meta}>
            <span className={styles.author}>{author}</span>
            <time className={styles.date} dateTime={rating.created_at}>
              {formatDate(rating.created_at)}
            </time>
          </div>
          <Stars value={rating.rating} size="sm" label={`${starsCount(rating.rating)} out of 5`} />
        </header>
        {rating.comment && <p className={styles.comment}>{rating.comment}</p>}
      </article>
    </li>
  );
}

/**
 * Every rating of the store, newest first; 'Load more' appends the next 50, as far as the API lets a
 * list be browsed (LIST_WINDOW rows); past that, a hint says why the list ends there.
 */
export function RatingsList({ ratings, status, hasMore, loadingMore, retrying, onLoadMore, onRetry }: RatingsListProps) {
  const totalText = ratings ? formatListTotal(ratings) : '';
  return (
    <section className={styles.section} aria-labelledby="all-ratings-title">
      <h2 id="all-ratings-title" className={styles.title}>
        All Ratings {ratings && <span className={styles.total}>({totalText})</span>}
      </h2>

      {status === 'pending' && (
        <p role="status" className={styles.muted}>
          Loading ratings…
        </p>
      )}

      {!ratings && status === 'error' && (
        <ErrorState compact message="The ratings could not be loaded." onRetry={onRetry} retrying={retrying} />
      )}

      {ratings && ratings.items.length === 0 && <p className={styles.empty}>No ratings yet. Be the first to rate this store.</p>}

      {ratings && ratings.items.length > 0 && (
        <ul className={styles.list}>
          {ratings.items.map((r) => (
            <RatingItem key={r.id} rating={r} />
          ))}
        </ul>
      )}

      {ratings && ratings.items.length < ratings.total && (
        <div className={styles.more}>
          <span className={styles.muted}>
            Showing {formatCount(ratings.items.length)} of {totalText}
          </span>
          {hasMore && (
            <Button variant="secondary" onClick={onLoadMore} busy={loadingMore} busyLabel="Loading…">
              Load more
            </Button>
          )}
        </div>
      )}
      {ratings && <ListWindowHint list={ratings} tight />}
    </section>
  );
}
