import type { StoreRating } from 'shared-contracts';
import { formatCount, formatListTotal, ListWindowHint, Stars } from 'shared-contracts/ui';
import { formatDate, starsCount } from '../../common/format';
import type { RatingsState } from '../hooks/useStoreDetail';
import styles from './RatingsList.module.css';

export interface RatingsListProps {
  ratings: RatingsState;
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
export function RatingsList({ ratings, onLoadMore, onRetry }: RatingsListProps) {
  const { items, total, page, totalPages, status, loadingMore } = ratings;
  const totalText = formatListTotal(ratings);
  return (
    <section className={styles.section} aria-labelledby="all-ratings-title">
      <h2 id="all-ratings-title" className={styles.title}>
        All Ratings {status === 'ready' && <span className={styles.total}>({totalText})</span>}
      </h2>

      {status === 'loading' && (
        <p role="status" className={styles.muted}>
          Loading ratings…
        </p>
      )}

      {status === 'error' && (
        <div className={styles.error} role="alert">
          <p>The ratings could not be loaded.</p>
          <button type="button" className={styles.button} onClick={onRetry}>
            Try again
          </button>
        </div>
      )}

      {status === 'ready' && items.length === 0 && <p className={styles.empty}>No ratings yet. Be the first to rate this store.</p>}

      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((r) => (
            <RatingItem key={r.id} rating={r} />
          ))}
        </ul>
      )}

      {status === 'ready' && items.length < total && (
        <div className={styles.more}>
          <span className={styles.muted}>
            Showing {formatCount(items.length)} of {totalText}
          </span>
          {page < totalPages && (
            <button type="button" className={styles.button} onClick={onLoadMore} disabled={loadingMore} aria-busy={loadingMore}>
              {loadingMore ? 'Loading…' : 'Load more'}
            </button>
          )}
        </div>
      )}
      {status === 'ready' && <ListWindowHint list={ratings} tight />}
    </section>
  );
}
