import { ADMIN_PAGE_SIZE, formatCount, MESSAGES } from 'shared-contracts';
import { Button, EmptyState, formatListTotal } from 'shared-contracts/ui';
import styles from './Toolbar.module.css';

export interface ListSummaryProps {
  page: number;
  shown: number;
  total: number;
  /** The API counted the matches only up to LIST_WINDOW: the total reads '1,000+'. */
  totalCapped?: boolean;
  noun: [string, string];
}

/** 'Showing 11–20 of 42 users' (or 'of 1,000+ users' for a capped count), announced politely when it changes. */
export function ListSummary({ page, shown, total, totalCapped = false, noun }: ListSummaryProps) {
  let text = '';
  if (shown > 0) {
    const first = (page - 1) * ADMIN_PAGE_SIZE + 1;
    const word = total === 1 && !totalCapped ? noun[0] : noun[1];
    text = `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatListTotal({ total, totalCapped })} ${word}`;
  }
  return (
    <p className={styles.summary} aria-live="polite">
      {text}
    </p>
  );
}

/**
 * In place of a list the API refused as beyond the list window (a page number typed into the URL, an
 * old link): its message, said politely (no error, no 'Try again': it would fail again), and a way back
 * to the first page.
 */
export function ListWindowPanel({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <div role="status">
      <EmptyState
        icon="ℹ"
        title={MESSAGES.listWindow}
        action={
          <Button variant="secondary" onClick={onFirstPage}>
            Go to the first page
          </Button>
        }
      />
    </div>
  );
}
