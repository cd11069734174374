/** The empty and failed states of a page or a section (from mf-admin's StatusPanels and the other remotes' copies). */
import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './describedBy';
import { Icon, type IconName } from './Icon';
import styles from './StatusPanels.module.css';

export interface EmptyStateProps {
  /** A decorative icon of the kit's set (hidden from screen readers), e.g. 'store'. */
  icon?: IconName;
  title: ReactNode;
  text?: ReactNode;
  /** Buttons or links that lead on (e.g. 'Clear filters'). */
  action?: ReactNode;
  /** Less padding, for a state inside a card or table. */
  compact?: boolean;
  className?: string;
}

/** Nothing to show: a calm panel with a title, an explanation and what to do next. */
export function EmptyState({ icon, title, text, action, compact = false, className }: EmptyStateProps) {
  return (
    <div className={cx(styles.panel, styles.empty, compact && styles.compact, className)}>
      {icon !== undefined && (
        <span className={styles.icon}>
          <Icon name={icon} size="xl" />
        </span>
      )}
      <p className={styles.title}>{title}</p>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div className={styles.actions}>{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  /** What failed, e.g. 'The stores could not be loaded.' (announced at once: role=alert). */
  message: ReactNode;
  /** Called by the 'Try again' button; without it, no button. */
  onRetry?: () => void;
  retryLabel?: string;
  /** A retry is on its way: the button shows a spinner and ignores clicks. */
  retrying?: boolean;
  /** Further actions next to 'Try again' (e.g. a link back). */
  action?: ReactNode;
  compact?: boolean;
  className?: string;
}

/** Something could not be loaded: the message, announced at once, and a 'Try again' button. */
export function ErrorState({
  message,
  onRetry,
  retryLabel = 'Try again',
  retrying = false,
  action,
  compact = false,
  className,
}: ErrorStateProps) {
  return (
    <div className={cx(styles.panel, styles.error, compact && styles.compact, className)} role="alert">
      <p className={styles.errorText}>{message}</p>
      {(onRetry || action) && (
        <div className={styles.actions}>
          {onRetry && (
            <Button variant="primary" busy={retrying} onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
          {action}
        </div>
      )}
    </div>
  );
}
