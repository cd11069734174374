/**
 * A column header that sorts its table: the header carries aria-sort while it is the sorted column,
 * the button inside it is named by the column, and an arrow shows the direction.
 */
import type { SortOrder } from 'shared-contracts';
import styles from './DataTable.module.css';

export interface SortableHeaderProps<S extends string> {
  field: S;
  label: string;
  sortBy: S;
  sortOrder: SortOrder;
  onSort: (field: S) => void;
}

export function SortableHeader<S extends string>({ field, label, sortBy, sortOrder, onSort }: SortableHeaderProps<S>) {
  const active = field === sortBy;
  const ariaSort = active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className={`${styles.sortButton} ${active ? styles.sorted : ''}`} onClick={() => onSort(field)}>
        {label}
        <span className={`${styles.indicator} ${active ? '' : styles.unsorted}`} aria-hidden="true" data-testid={`sort-indicator-${field}`}>
          {active ? (sortOrder === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
