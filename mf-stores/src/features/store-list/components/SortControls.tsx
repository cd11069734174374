import type { SortOrder, StoreSortField } from 'shared-contracts';
import { Button, SelectField } from 'shared-contracts/ui';
import { SORT_OPTIONS } from '../filters';
import styles from './SortControls.module.css';

export interface SortControlsProps {
  sortBy: StoreSortField;
  sortOrder: SortOrder;
  /** Called with the chosen field; the list applies chooseSort (same field flips, another sorts in its natural order). */
  onChooseField: (field: StoreSortField) => void;
  onToggleOrder: () => void;
}

export function SortControls({ sortBy, sortOrder, onChooseField, onToggleOrder }: SortControlsProps) {
  const ascending = sortOrder === 'asc';
  return (
    <div className={styles.sort}>
      <SelectField
        label="Sort by"
        fieldClassName={styles.field}
        className={styles.select}
        value={sortBy}
        onValueChange={(field) => onChooseField(field as StoreSortField)}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <Button
        variant="secondary"
        className={styles.order}
        onClick={onToggleOrder}
        aria-label={ascending ? 'Sort order: ascending. Switch to descending' : 'Sort order: descending. Switch to ascending'}
      >
        <span aria-hidden="true" className={styles.arrow}>
          {ascending ? '↑' : '↓'}
        </span>
        {/* The whole word, so the visible label is part of the button's name (WCAG 2.5.3, label in name). */}
        <span aria-hidden="true">{ascending ? 'Ascending' : 'Descending'}</span>
      </Button>
    </div>
  );
}
