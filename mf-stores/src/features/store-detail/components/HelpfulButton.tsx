/**
 * A rating's helpful votes: for a reader who may vote (signed in, not the rating's author) a toggle
 * button, "Helpful" with the count, pressed when they marked it; for its author, the count as text.
 * The vote itself is the list's (one mutation for every rating shown, see RatingsList).
 */
import { formatPlural, type StoreRating } from 'shared-contracts';
import { Button, VisuallyHidden } from 'shared-contracts/ui';
import styles from './RatingFeedback.module.css';

export interface HelpfulButtonProps {
  rating: StoreRating;
  author: string;
  /** Gives or takes back the reader's vote; absent: the reader may not vote (their own rating). */
  onVote?: (rating: StoreRating) => void;
  /** This rating's vote is on its way. */
  voting?: boolean;
}

export function HelpfulButton({ rating, author, onVote, voting = false }: HelpfulButtonProps) {
  const count = rating.helpful_count;
  if (!onVote) {
    return count > 0 ? <span className={styles.helpfulCount}>{formatPlural(count, 'person', 'people')} found this helpful</span> : null;
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className={styles.helpful}
      aria-pressed={rating.voted_helpful}
      disabled={voting}
      onClick={() => onVote(rating)}
    >
      {/* The name starts with the visible text (WCAG 2.5.3): 'Helpful (2) for the rating by Asha Rao'. */}
      <span aria-hidden="true">👍</span> Helpful{count > 0 ? ` (${count})` : ''}
      <VisuallyHidden> for the rating by {author}</VisuallyHidden>
    </Button>
  );
}
