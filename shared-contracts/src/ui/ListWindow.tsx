// Lists are bounded (LIST_WINDOW in constants.ts): a page must start within the first LIST_WINDOW rows,
// and a searched or filtered list counts its matches only up to LIST_WINDOW (`totalCapped`). These are
// the pieces every list screen uses to say so honestly: the total as it can be shown, whether a list has
// more than its pages reach, the hint under such a list, and the API's refusal of a deeper page.
import { errorMessage, errorStatus, formatCount, MESSAGES } from 'shared-contracts';
import { Button } from './Button';
import styles from './ListWindow.module.css';
import { EmptyState } from './StatusPanels';

/** The counts of a list answer (DESIGN.md §7: `{ <items>, total, page, limit, totalPages }`). */
export interface ListCounts {
  total: number;
  limit: number;
  /** How many pages can be opened (at most the pages within LIST_WINDOW rows). */
  totalPages: number;
  /** The matches were counted only up to LIST_WINDOW, and there are more. */
  totalCapped?: boolean;
}

/** A whole count with the reader's grouping: '1,234' (en), '1.234' (de). Defined in shared-contracts' format module. */
export { formatCount };

/** How many results there are: '100,000', or '1,000+' when the API counted only up to LIST_WINDOW. */
export function formatListTotal({ total, totalCapped }: Pick<ListCounts, 'total' | 'totalCapped'>): string {
  return totalCapped ? `${formatCount(total)}+` : formatCount(total);
}

/** True when a list holds more than its pages reach: its count is capped, or total > totalPages × limit. */
export function isListWindowed(list: ListCounts | null | undefined): boolean {
  if (!list) return false;
  return list.totalCapped === true || list.total > list.totalPages * list.limit;
}

/** True for the API's 400 refusal of a page beyond the list window (e.g. a page number typed into the URL). */
export function isListWindowError(error: unknown): boolean {
  return errorStatus(error) === 400 && errorMessage(error, '') === MESSAGES.listWindow;
}

export interface ListWindowHintProps {
  /** The list answer (or null while there is none): the hint shows only when the list is windowed. */
  list: ListCounts | null | undefined;
  /** Less space above it (a hint inside a panel or under a table). */
  tight?: boolean;
}

/**
 * MESSAGES.listWindow under a list that has more results than its pages reach, so whoever reaches the
 * last page knows why it ends there and what to do. A note read in place: it never takes focus and
 * never interrupts (the list's own summary is what is announced); nothing at all for a normal list.
 */
export function ListWindowHint({ list, tight = false }: ListWindowHintProps) {
  if (!isListWindowed(list)) return null;
  return (
    <p role="note" className={tight ? `${styles.hint} ${styles.tight}` : styles.hint}>
      <span className={styles.icon} aria-hidden="true">
        ℹ
      </span>
      <span>{MESSAGES.listWindow}</span>
    </p>
  );
}

export interface ListWindowRefusedProps {
  /** Opens page 1 of the same list. */
  onFirstPage: () => void;
  /** Smaller, inside a card or a table. */
  compact?: boolean;
}

/**
 * In place of a list the API refused (a page beyond the window, e.g. typed into the URL): the message
 * and a way back to page 1, announced politely (no error, no "Try again": retrying would fail again).
 */
export function ListWindowRefused({ onFirstPage, compact = false }: ListWindowRefusedProps) {
  return (
    <div role="status">
      <EmptyState
        compact={compact}
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
