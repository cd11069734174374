/**
 * A rating's helpful votes: for a reader who may vote (signed in, not the rating's author) a toggle
 * button, "Helpful" with the count, pressed when they marked it; for its author, the count as text.
 */
import { type StoreRating } from 'shared-contracts';
import { Button } from 'shared-contracts/ui';
import { useHelpfulVote } from '../api/feedback';
import styles from './RatingFeedback.module.css';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

export function HelpfulButton({
  rating,
  storeId,
  canVote,
  author,
}: {
  rating: StoreRating;
  storeId: number;
  canVote: boolean;
  author: string;
}) {
  const vote = useHelpfulVote(storeId);
  const count = rating.helpful_count;
  if (!canVote) {
    return count > 0 ? <span className={styles.helpfulCount}>{people(count)} found this helpful</span> : null;
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className={styles.helpful}
      aria-pressed={rating.voted_helpful}
      aria-label={`Helpful: rating by ${author}, ${people(count)} found it helpful`}
      disabled={vote.isPending}
      onClick={() => vote.mutate({ ratingId: rating.id, helpful: !rating.voted_helpful })}
    >
      <span aria-hidden="true">👍</span> Helpful{count > 0 ? ` · ${count}` : ''}
    </Button>
  );
}
