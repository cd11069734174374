import { useId, useState } from 'react';
import { RATING_VALUES, ratingLabel } from 'shared-contracts';
import styles from './StarRatingInput.module.css';
import { visuallyHiddenClassName } from './VisuallyHidden';

export interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
  /** The fieldset's legend; 'Your rating' by default. */
  legend?: string;
  /** The choice is what the form's error is about ('Please select a rating'): the group is described by it. */
  invalid?: boolean;
  /** The id of the element that shows that error (a FormAlert), read with the group while invalid. */
  errorId?: string;
}

/** '1 star', '4 stars'. */
const starsCount = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * 1-5 stars as a native radio group inside a fieldset: Tab reaches it, arrow keys move the choice,
 * each radio is named '1 star' ... '5 stars'. 'Clear' leaves no star chosen.
 */
export function StarRatingInput({ value, onChange, disabled, legend = 'Your rating', invalid = false, errorId }: StarRatingInputProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  return (
    <fieldset className={styles.fieldset} disabled={disabled} aria-describedby={invalid ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.row}>
        <div className={styles.stars} onMouseLeave={() => setHovered(null)}>
          {RATING_VALUES.map((n) => (
            <label key={n} className={styles.star} onMouseEnter={() => setHovered(n)}>
              <input type="radio" className={styles.radio} name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
              <span className={`${styles.glyph} ${shown !== null && n <= shown ? styles.on : ''}`} aria-hidden="true">
                ★
              </span>
              <span className={visuallyHiddenClassName}>{starsCount(n)}</span>
            </label>
          ))}
        </div>
        <span className={styles.choice} aria-hidden="true">
          {value === null ? 'No rating chosen' : `${value}/5 · ${ratingLabel(value)}`}
        </span>
        {value !== null && (
          <button type="button" className={styles.clear} onClick={() => onChange(null)} aria-label="Clear star selection">
            Clear
          </button>
        )}
      </div>
    </fieldset>
  );
}
