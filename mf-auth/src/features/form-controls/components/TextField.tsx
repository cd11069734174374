/**
 * A labelled text input or textarea with an optional hint and character counter. When the form's
 * error concerns this field, it is marked invalid and described by the error (`errorId`).
 */
import { type Ref, useId } from 'react';
import { formStyles as styles } from 'shared-contracts/ui';
import { describedBy } from '../describedBy';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** A hard limit: the browser takes no more characters. */
  maxLength?: number;
  /** A soft limit shown as "used / limit characters"; going over it is allowed and reported by validation. */
  counterLimit?: number;
  /** Shown under the field and read as its description. */
  hint?: string;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  /** The form's error applies to this field. */
  invalid?: boolean;
  /** Id of the form's error message, referenced while `invalid`. */
  errorId?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  maxLength,
  counterLimit,
  hint,
  multiline = false,
  rows = 4,
  required = true,
  invalid = false,
  errorId,
  inputRef,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const counted = counterLimit !== undefined;
  const over = counted && value.length > counterLimit;
  const description = describedBy(hint && hintId, counted && counterId, invalid && errorId);

  const common = {
    id,
    name,
    value,
    maxLength,
    required,
    autoComplete,
    'aria-invalid': invalid || undefined,
    'aria-describedby': description,
  };

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          className={`${styles.input} ${styles.textarea}`}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input {...common} ref={inputRef} type={type} className={styles.input} onChange={(e) => onChange(e.target.value)} />
      )}
      {(hint || counted) && (
        <div className={styles.meta}>
          {hint && <span id={hintId}>{hint}</span>}
          {counted && (
            <span id={counterId} className={`${styles.counter} ${over ? styles.counterOver : ''}`}>
              {value.length} / {counterLimit} characters
            </span>
          )}
        </div>
      )}
    </div>
  );
}
