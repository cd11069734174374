import { ADMIN_PAGE_SIZE, formatCount } from 'shared-contracts';
import { formatListTotal } from 'shared-contracts/ui';
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
