/**
 * Labelled form controls for the admin modals. When the form's error concerns a field, the field is
 * marked invalid and described by the error (`errorId`). Forms use noValidate: the spec's messages
 * come from shared-contracts' validators, not from the browser.
 */
import { type ReactNode, type Ref, useId, useState } from 'react';
import { formStyles as fieldStyles } from 'shared-contracts/ui';
import { describedBy } from '../describedBy';
import adminStyles from './Form.module.css';

/** The kit's field styles plus the admin forms' own (actions, selects, required marks, hints, notes, rows). */
const styles = { ...fieldStyles, ...adminStyles };

interface FieldBase {
  label: string;
  name: string;
  required?: boolean;
  hint?: string;
  invalid?: boolean;
  errorId?: string;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean }) {
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {label}
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

export interface TextFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  /** A soft limit shown as "used / limit characters"; going over it is reported by validation. */
  counterLimit?: number;
  multiline?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete = 'off',
  counterLimit,
  hint,
  multiline = false,
  required = false,
  invalid = false,
  errorId,
  inputRef,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const counted = counterLimit !== undefined;
  const over = counted && value.length > counterLimit;
  const common = {
    id,
    name,
    value,
    required,
    autoComplete,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(hint && hintId, counted && counterId, invalid && errorId),
  };
  return (
    <div className={styles.field}>
      <Label htmlFor={id} label={label} required={required} />
      {multiline ? (
        <textarea {...common} rows={3} className={`${styles.input} ${styles.textarea}`} onChange={(e) => onChange(e.target.value)} />
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

export interface SelectFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
  /** Further ids describing the select (a note under it). */
  describedByIds?: Array<string | false | undefined>;
}

export function SelectField({
  label,
  name,
  value,
  onChange,
  children,
  hint,
  required = false,
  disabled = false,
  invalid = false,
  errorId,
  describedByIds = [],
}: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        disabled={disabled}
        className={`${styles.input} ${styles.select}`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hint && hintId, ...describedByIds, invalid && errorId)}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

export interface PasswordFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
}

/** A password input with a show/hide toggle (a real button with aria-pressed). */
export function PasswordField({ label, name, value, onChange, hint, required = false, invalid = false, errorId }: PasswordFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <Label htmlFor={id} label={label} required={required} />
      <div className={styles.passwordWrap}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className={styles.input}
          value={value}
          required={required}
          autoComplete="new-password"
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(hint && hintId, invalid && errorId)}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
            <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <line x1="2" y1="2" x2="22" y2="22" />}
          </svg>
        </button>
      </div>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

export { styles as formStyles };
