import { ADMIN_PAGE_SIZE } from 'shared-contracts';
import styles from './Toolbar.module.css';

/** 'Showing 11–20 of 42 users', announced politely when it changes. */
export function ListSummary({ page, shown, total, noun }: { page: number; shown: number; total: number; noun: [string, string] }) {
  let text = '';
  if (shown > 0) {
    const first = (page - 1) * ADMIN_PAGE_SIZE + 1;
    text = `Showing ${first}–${first + shown - 1} of ${total} ${total === 1 ? noun[0] : noun[1]}`;
  }
  return (
    <p className={styles.summary} aria-live="polite">
      {text}
    </p>
  );
}
