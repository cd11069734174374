import { useId } from 'react';
import type { SortOrder, StoreSortField } from 'shared-contracts';
import { SORT_OPTIONS } from '../filters';
import styles from './SortControls.module.css';

export interface SortControlsProps {
  sortBy: StoreSortField;
  sortOrder: SortOrder;
  /** Called with the chosen field; the list applies spec §4 (same field flips, another sorts ascending). */
  onChooseField: (field: StoreSortField) => void;
  onToggleOrder: () => void;
}

export function SortControls({ sortBy, sortOrder, onChooseField, onToggleOrder }: SortControlsProps) {
  const selectId = useId();
  const ascending = sortOrder === 'asc';
  return (
    <div className={styles.sort}>
      <label htmlFor={selectId} className={styles.label}>
        Sort by
      </label>
      <div className={styles.row}>
        <select id={selectId} className={styles.select} value={sortBy} onChange={(e) => onChooseField(e.target.value as StoreSortField)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={styles.order}
          onClick={onToggleOrder}
          aria-label={ascending ? 'Sort order: ascending. Switch to descending' : 'Sort order: descending. Switch to ascending'}
        >
          <span aria-hidden="true" className={styles.arrow}>
            {ascending ? '↑' : '↓'}
          </span>
          {/* The whole word, so the visible label is part of the button's name (WCAG 2.5.3, label in name). */}
          <span aria-hidden="true">{ascending ? 'Ascending' : 'Descending'}</span>
        </button>
      </div>
    </div>
  );
}
