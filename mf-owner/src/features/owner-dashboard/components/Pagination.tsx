import styles from './Pagination.module.css';

type PageItem = number | 'gap-before' | 'gap-after';

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
  /** The navigation landmark's name. */
  label?: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous, numbered pages and Next; shown only when there is more than one page. */
export function Pagination({ page, totalPages, onPage, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.nav} aria-label={label}>
      <button type="button" className={styles.step} onClick={() => onPage(page - 1)} disabled={page <= 1}>
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
