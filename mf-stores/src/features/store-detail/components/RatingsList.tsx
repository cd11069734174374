import { memo, useCallback, useMemo } from 'react';
import { formatCount, formatDate, type Rating, starsCount, type StoreRating } from 'shared-contracts';
import { Button, ErrorState, formatListTotal, ListWindowHint, Stars } from 'shared-contracts/ui';
import type { RatingsList as Ratings } from '../api/queries';
import { describeFilters, isFiltered, keptByView, type ReviewView } from '../review-view';
import { useHelpfulVote } from '../api/feedback';
import { HelpfulButton } from './HelpfulButton';
import { ReplyArea, type ReplyRights } from './ReplyArea';
import { ReportButton } from './ReportButton';
import feedbackStyles from './RatingFeedback.module.css';
import { ReviewControls } from './ReviewControls';
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
  /** The reader's order and filters, and how to change them. */
  view: ReviewView;
  onViewChange: (view: ReviewView) => void;
  /** The list shown is the previous view's while the new one loads. */
  updating: boolean;
  /** The reader's own rating and their name: pinned first, marked "You", when the filters keep it. */
  mine: { rating: Rating; author: string } | null;
  /** What the reader may do with the owner's replies. */
  replies: ReplyRights;
}

interface RatingItemProps {
  rating: StoreRating;
  /** The reader's own: marked "You", no vote or report of it; `hidden` when an admin hid it. */
  mine?: boolean;
  hidden?: boolean;
  replies: ReplyRights;
  /** The list's one helpful-vote mutation, shared by every rating shown (stable), and whether it is this rating's. */
  onVote: (rating: StoreRating) => void;
  voting: boolean;
}

/** Memoised: a vote or a new page renders the ratings it changed, not the thousand already shown. */
const RatingItem = memo(function RatingItem({ rating, mine = false, hidden = false, replies, onVote, voting }: RatingItemProps) {
  const author = rating.user_name?.trim() || 'Anonymous';
  return (
    <li className={mine ? `${styles.item} ${styles.mine}` : styles.item}>
      <article className={styles.rating} aria-label={`${mine ? 'Your rating' : author}, ${starsCount(rating.rating)}`}>
        <header className={styles.head}>
          <span className={styles.avatar} aria-hidden="true">
            {author.charAt(0).toUpperCase()}
          </span>
          <div className={styles.meta}>
            <span className={styles.author}>
              {author}
              {mine && <span className={styles.you}>You</span>}
            </span>
            <time className={styles.date} dateTime={rating.created_at}>
              {formatDate(rating.created_at)}
            </time>
          </div>
          <Stars value={rating.rating} size="sm" label={`${starsCount(rating.rating)} out of 5`} />
        </header>
        {rating.comment && <p className={styles.comment}>{rating.comment}</p>}
        {hidden && (
          <p className={feedbackStyles.hiddenNote}>
            A moderator hid this rating: only you can see it, and it does not count in the store&apos;s rating.
          </p>
        )}
        {!hidden && (
          <div className={feedbackStyles.actions}>
            <HelpfulButton rating={rating} author={author} onVote={mine ? undefined : onVote} voting={voting} />
            {!mine && <ReportButton ratingId={rating.id} target="rating" author={author} />}
          </div>
        )}
        <div className={styles.replyArea}>
          <ReplyArea rating={rating} author={author} rights={replies} />
        </div>
      </article>
    </li>
  );
});

/**
 * The store's ratings in the reader's order (newest first by default), filtered by a star count (the
 * histogram's) and to those with a comment; the reader's own pinned first. 'Load more' appends the next
 * 50, as far as the API lets a list be browsed (LIST_WINDOW rows); past that, a hint says why the list
 * ends there. With a filter on, a line says what is shown, with a way back to every rating.
 */
export function RatingsList({
  ratings,
  status,
  hasMore,
  loadingMore,
  retrying,
  onLoadMore,
  onRetry,
  view,
  onViewChange,
  updating,
  mine,
  replies,
}: RatingsListProps) {
  const totalText = ratings ? formatListTotal(ratings) : '';
  const filtered = isFiltered(view);
  const pinned = mine && keptByView(view, mine.rating) ? mine : null;
  const others = ratings ? ratings.items.filter((r) => r.id !== mine?.rating.id) : [];
  const listed = pinned ? ratings?.items.find((r) => r.id === pinned.rating.id) : undefined;
  const { storeId, canWrite, canRemove, canReport } = replies;
  const rights = useMemo(() => ({ storeId, canWrite, canRemove, canReport }), [storeId, canWrite, canRemove, canReport]);
  const helpful = useHelpfulVote(storeId);
  const { mutate } = helpful;
  const onVote = useCallback((r: StoreRating) => mutate({ ratingId: r.id, helpful: !r.voted_helpful }), [mutate]);
  const votingId = helpful.isPending ? (helpful.variables?.ratingId ?? null) : null;
  const shown = others.length + (pinned ? 1 : 0);
  return (
    <section className={styles.section} aria-labelledby="all-ratings-title" aria-busy={updating}>
      <h2 id="all-ratings-title" className={styles.title}>
        {filtered ? 'Ratings' : 'All Ratings'} {ratings && <span className={styles.total}>({totalText})</span>}
      </h2>

      <ReviewControls view={view} onChange={onViewChange} />

      {/* Always present, so a screen reader hears the filter when it changes. */}
      <div role="status" className={filtered ? styles.filterNote : undefined}>
        {filtered && (
          <>
            <span>
              Showing {describeFilters(view)} only{ratings ? ` (${totalText})` : ''}.
            </span>
            <Button variant="secondary" size="sm" onClick={() => onViewChange({ ...view, stars: null, withComment: false })}>
              Show all ratings
            </Button>
          </>
        )}
      </div>

      {status === 'pending' && (
        <p role="status" className={styles.muted}>
          Loading ratings…
        </p>
      )}

      {!ratings && status === 'error' && (
        <ErrorState compact message="The ratings could not be loaded." onRetry={onRetry} retrying={retrying} />
      )}

      {ratings && shown === 0 && !filtered && <p className={styles.empty}>No ratings yet. Be the first to rate this store.</p>}
      {ratings && shown === 0 && filtered && <p className={styles.empty}>No {describeFilters(view)} yet.</p>}

      {ratings && shown > 0 && (
        <ul className={styles.list}>
          {pinned && (
            <RatingItem
              mine
              hidden={pinned.rating.hidden}
              replies={rights}
              onVote={onVote}
              voting={false}
              rating={{
                id: pinned.rating.id,
                rating: pinned.rating.rating,
                comment: pinned.rating.comment,
                user_name: pinned.author,
                created_at: pinned.rating.created_at,
                updated_at: pinned.rating.updated_at,
                // The reply and the votes come with the list's copy of the rating (the reader's own rating is read without them).
                reply: listed?.reply ?? null,
                helpful_count: listed?.helpful_count ?? 0,
                voted_helpful: false,
              }}
            />
          )}
          {others.map((r) => (
            <RatingItem key={r.id} rating={r} replies={rights} onVote={onVote} voting={votingId === r.id} />
          ))}
        </ul>
      )}

      {ratings && shown < ratings.total && (
        <div className={styles.more}>
          <span className={styles.muted}>
            Showing {formatCount(shown)} of {totalText}
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
