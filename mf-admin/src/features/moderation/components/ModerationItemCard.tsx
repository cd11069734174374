/**
 * One reported rating or reply in the queue: the store (a link to its page), the rating's author,
 * stars, comment and date, the owner's reply (the reported text marked when it is the reply), the
 * reports counted by reason, and what the admin may do about it.
 */
import {
  formatDate,
  formatDateTime,
  formatPlural,
  type ModerationItem,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  starsCount,
} from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { Button, cx, Stars, surfaceClassName } from 'shared-contracts/ui';
import type { ModerationAction } from '../api/moderation';
import styles from './ModerationItemCard.module.css';

const RESOLUTION_TEXT = { hidden: 'Rating hidden', restored: 'Rating restored', dismissed: 'Reports dismissed' } as const;

export interface ModerationItemCardProps {
  item: ModerationItem;
  /** This item's action is on its way. */
  busy: boolean;
  /** Another action is on its way. */
  disabled: boolean;
  onAction: (action: ModerationAction) => void;
}

export function ModerationItemCard({ item, busy, disabled, onAction }: ModerationItemCardProps) {
  const isReply = item.target === 'reply';
  const open = item.resolution === null;
  const what = isReply ? `reply to ${item.author_name}'s rating` : `rating by ${item.author_name}`;
  const titleId = `moderation-${item.rating_id}-${item.target}`;
  const reasons = REPORT_REASONS.filter((r) => item.reasons[r] > 0);
  const button = (action: ModerationAction, label: string, variant: 'primary' | 'secondary' | 'dangerGhost' = 'secondary') => (
    <Button
      variant={variant}
      size="sm"
      busy={busy}
      disabled={disabled && !busy}
      onClick={() => onAction(action)}
      aria-label={`${label}: ${what}`}
    >
      {label}
    </Button>
  );

  return (
    <li>
      <article className={cx(surfaceClassName, styles.card)} aria-labelledby={titleId}>
        <header className={styles.head}>
          <h3 id={titleId} className={styles.title}>
            {isReply ? 'Reply' : 'Rating'} on <Link to={`/stores/${item.store_id}`}>{item.store_name}</Link>
          </h3>
          <span className={styles.count}>{formatPlural(item.reports, 'report')}</span>
        </header>

        <div className={cx(styles.quote, !isReply && styles.reported)}>
          <p className={styles.meta}>
            <Stars value={item.rating} size="sm" label={`${starsCount(item.rating)} out of 5`} /> by {item.author_name} on{' '}
            <time dateTime={item.rating_created_at}>{formatDate(item.rating_created_at)}</time>
            {item.hidden && <span className={styles.hiddenBadge}>Hidden</span>}
          </p>
          {item.comment ? <p className={styles.text}>{item.comment}</p> : <p className={styles.noText}>No comment.</p>}
        </div>
        {item.reply && (
          <div className={cx(styles.quote, styles.replyQuote, isReply && styles.reported)}>
            <p className={styles.meta}>Reply from {item.store_name}</p>
            <p className={styles.text}>{item.reply.body}</p>
          </div>
        )}

        <ul className={styles.reasons} aria-label="Reasons given">
          {reasons.map((r) => (
            <li key={r} className={styles.reason}>
              {REPORT_REASON_LABELS[r]}: <strong>{item.reasons[r]}</strong>
            </li>
          ))}
        </ul>
        <p className={styles.when}>
          {item.reports === 1 ? 'Reported' : 'First reported'}{' '}
          <time dateTime={item.first_reported_at}>{formatDateTime(item.first_reported_at)}</time>
          {item.resolution && item.resolved_at && (
            <>
              {' · '}
              {RESOLUTION_TEXT[item.resolution]} <time dateTime={item.resolved_at}>{formatDateTime(item.resolved_at)}</time>
            </>
          )}
        </p>

        <div className={styles.actions}>
          {!isReply && !item.hidden && button('hide', 'Hide rating', 'primary')}
          {!isReply && item.hidden && button('restore', 'Restore rating')}
          {open && button('dismiss', 'Dismiss reports')}
          {button('remove', isReply ? 'Remove reply' : 'Remove rating', 'dangerGhost')}
        </div>
      </article>
    </li>
  );
}
