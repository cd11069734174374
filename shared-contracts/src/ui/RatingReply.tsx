/**
 * A store owner's reply under a rating, wherever the rating shows (the store page, My Ratings, the owner's
 * dashboard): "Reply from <store>", its date (the last change) and its text, with the caller's actions
 * (edit, delete) when it has any.
 */
import type { ReactNode } from 'react';
import { formatDate } from 'shared-contracts';
import type { Reply } from '../schemas/responses';
import { cx } from './describedBy';
import styles from './RatingReply.module.css';

export interface RatingReplyProps {
  reply: Reply;
  /** Buttons for the reply (Edit reply, Delete reply). */
  actions?: ReactNode;
  className?: string;
}

export function RatingReply({ reply, actions, className }: RatingReplyProps) {
  return (
    <div className={cx(styles.reply, className)}>
      <p className={styles.head}>
        <span className={styles.from}>Reply from {reply.store_name}</span>
        <time className={styles.date} dateTime={reply.updated_at}>
          {formatDate(reply.updated_at)}
        </time>
      </p>
      <p className={styles.body}>{reply.body}</p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
