import styles from './Pagination.module.css';

export type PageItem = number | 'gap-before' | 'gap-after';

/** Every page when there are few; otherwise the first, the last, and the current one with its neighbours. */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(current - 1, totalPages - 4));
  const end = Math.min(totalPages - 1, Math.max(current + 1, 5));
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap-before');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages - 1) items.push('gap-after');
  items.push(totalPages);
  return items;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Users pages'; 'Pagination' by default. */
  label?: string;
  /** The accessible name of a numbered page button (e.g. n => `Page ${n}`); by default its number. */
  pageLabel?: (page: number) => string;
  /** Less space above it, for a pager right under a table or inside a panel. */
  tight?: boolean;
}

/**
 * Previous, numbered pages and Next; shown only when there is more than one page. It never offers a page
 * beyond `totalPages` (the pages the list answer says can be opened).
 */
export function Pagination({ page, totalPages, onPage, label = 'Pagination', pageLabel, tight = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={tight ? `${styles.nav} ${styles.tight}` : styles.nav} aria-label={label}>
      {/* From a page past the end (an old link), Previous goes to the last page, never to one beyond it. */}
      <button type="button" className={styles.step} onClick={() => onPage(Math.min(page - 1, totalPages))} disabled={page <= 1}>
        <span aria-hidden="true">← </span>Previous
      </button>
      <ul className={styles.pages}>
        {pageItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={`${styles.page} ${item === page ? styles.current : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={pageLabel ? pageLabel(item) : undefined}
                onClick={() => item !== page && onPage(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button type="button" className={styles.step} onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
        Next<span aria-hidden="true"> →</span>
      </button>
    </nav>
  );
}
