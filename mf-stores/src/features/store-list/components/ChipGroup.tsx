import { Icon } from 'shared-contracts/ui';
import styles from './ChipGroup.module.css';

export interface Chip<T> {
  label: string;
  value: T | undefined;
}

export interface ChipGroupProps<T> {
  label: string;
  chips: ReadonlyArray<Chip<T>>;
  selected: T | undefined;
  onSelect: (value: T | undefined) => void;
}

/**
 * One row of filter chips: toggle buttons with aria-pressed. The first chip (value undefined) is
 * "all"; pressing a selected chip again turns that filter off.
 */
export function ChipGroup<T extends string | number>({ label, chips, selected, onSelect }: ChipGroupProps<T>) {
  return (
    <div className={styles.group} role="group" aria-label={label}>
      <span className={styles.groupLabel} aria-hidden="true">
        {label}
      </span>
      <div className={styles.chips}>
        {chips.map((chip) => {
          const pressed = chip.value === selected;
          return (
            <button
              key={chip.label}
              type="button"
              className={`${styles.chip} ${pressed ? styles.pressed : ''}`}
              aria-pressed={pressed}
              onClick={() => onSelect(pressed || chip.value === undefined ? undefined : chip.value)}
            >
              {pressed && <Icon name="check" size="sm" className={styles.check} />}
              {chip.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
