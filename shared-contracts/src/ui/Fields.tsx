/**
 * Labelled form controls: TextField, TextArea, PasswordField and SelectField (from mf-auth's and
 * mf-admin's copies). Each takes a `label`, an optional `hint` and `error`, forwards its `ref` and every
 * native prop to the control, and wires the accessible description: hint, counter, further ids, error.
 *
 * Two ways to show a validation message:
 * - `error="…"`: the field shows the message under itself (role=alert, with an id), is aria-invalid and
 *   described by it;
 * - `invalid` + `errorId`: the message is shown once for the whole form (FormAlert, useFormError) and
 *   the field is aria-invalid and described by it.
 * Forms use noValidate: the spec's messages come from shared-contracts' validators, not from the browser.
 */
import { type ChangeEvent, type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';
import { formatCount } from 'shared-contracts';
import { cx, describedBy } from './describedBy';
import styles from './Form.module.css';

type Ids = Array<string | false | null | undefined>;

export interface FieldProps {
  /** The visible label; also the control's accessible name. */
  label: string;
  /** A message about this field, shown under it (role=alert); sets aria-invalid and aria-describedby. */
  error?: string;
  /** Shown under the field and read as its description. */
  hint?: ReactNode;
  /** The form's message (shown elsewhere, with id `errorId`) concerns this field. */
  invalid?: boolean;
  /** Id of the form's message, referenced while `invalid`. */
  errorId?: string;
  /** Further ids the control is described by (a requirement checklist, a note under it). */
  describedByIds?: Ids;
  /** A red asterisk after the label of a required field (hidden from screen readers: `required` says it); true by default. */
  markRequired?: boolean;
  /** '(optional)' after the label. */
  optional?: boolean;
  /** A class for the field's wrapper (label, control, hint, error). */
  fieldClassName?: string;
  /** Called with the new value on every change (besides the native onChange). */
  onValueChange?: (value: string) => void;
}

interface FrameProps {
  id: string;
  label: string;
  required?: boolean;
  markRequired: boolean;
  optional: boolean;
  hint?: ReactNode;
  hintId: string;
  counter?: ReactNode;
  error?: string;
  errorTextId: string;
  className?: string;
  children: ReactNode;
}

function FieldFrame({
  id,
  label,
  required,
  markRequired,
  optional,
  hint,
  hintId,
  counter,
  error,
  errorTextId,
  className,
  children,
}: FrameProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && markRequired && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
        {optional && <span className={styles.optional}>(optional)</span>}
      </label>
      {children}
      {(hint || counter) && (
        <div className={styles.meta}>
          {hint && <span id={hintId}>{hint}</span>}
          {counter}
        </div>
      )}
      {error && (
        <p id={errorTextId} role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The ids of a field's parts, and its aria-invalid / aria-describedby. */
function useFieldWiring(
  props: FieldProps & { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: ComponentPropsWithRef<'input'>['aria-invalid'] },
  counted: boolean,
) {
  const generated = useId();
  const id = props.id ?? generated;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorTextId = `${id}-error`;
  const invalid = Boolean(props.error) || Boolean(props.invalid);
  return {
    id,
    hintId,
    counterId,
    errorTextId,
    aria: {
      'aria-invalid': invalid ? true : props['aria-invalid'],
      'aria-describedby': describedBy(
        props.hint ? hintId : undefined,
        counted && counterId,
        props['aria-describedby'],
        ...(props.describedByIds ?? []),
        props.invalid && !props.error && props.errorId,
        props.error && errorTextId,
      ),
    },
  };
}

function Counter({ id, length, limit, hard }: { id: string; length: number; limit: number; hard: boolean }) {
  const over = hard ? length >= limit : length > limit;
  return (
    <span id={id} className={cx(styles.counter, over && styles.counterOver)}>
      {formatCount(length)} / {formatCount(limit)} characters
    </span>
  );
}

/** The length of a controlled or uncontrolled value, followed on change. */
function useLength(value: unknown, defaultValue: unknown) {
  const [own, setOwn] = useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined && value !== null ? String(value).length : own;
  return { length, track: (next: string) => setOwn(next.length) };
}

export interface TextFieldProps extends FieldProps, Omit<ComponentPropsWithRef<'input'>, 'children'> {
  /** A soft limit shown as "used / limit characters"; going over it is allowed and reported by validation. */
  counterLimit?: number;
  /** With `maxLength`: show "used / maxLength characters" under the field. */
  showCounter?: boolean;
}

/** A labelled single-line input (text, email, tel, search, number…). */
export function TextField({
  label,
  error,
  hint,
  invalid,
  errorId,
  describedByIds,
  markRequired = true,
  optional = false,
  fieldClassName,
  onValueChange,
  counterLimit,
  showCounter = false,
  className,
  type = 'text',
  onChange,
  ...input
}: TextFieldProps) {
  const limit = counterLimit ?? (showCounter ? input.maxLength : undefined);
  const counted = limit !== undefined;
  const { id, hintId, counterId, errorTextId, aria } = useFieldWiring(
    { label, error, hint, invalid, errorId, describedByIds, ...input },
    counted,
  );
  const { length, track } = useLength(input.value, input.defaultValue);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    track(event.target.value);
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  return (
    <FieldFrame
      id={id}
      label={label}
      required={input.required}
      markRequired={markRequired}
      optional={optional}
      hint={hint}
      hintId={hintId}
      counter={counted && <Counter id={counterId} length={length} limit={limit} hard={counterLimit === undefined} />}
      error={error}
      errorTextId={errorTextId}
      className={fieldClassName}
    >
      <input {...input} {...aria} id={id} type={type} className={cx(styles.input, className)} onChange={change} />
    </FieldFrame>
  );
}

export interface TextAreaProps extends FieldProps, Omit<ComponentPropsWithRef<'textarea'>, 'children'> {
  /** A soft limit shown as "used / limit characters" (instead of, or besides, the hard `maxLength`). */
  counterLimit?: number;
}

/** A labelled textarea; with `maxLength` (or `counterLimit`) it shows "used / limit characters". */
export function TextArea({
  label,
  error,
  hint,
  invalid,
  errorId,
  describedByIds,
  markRequired = true,
  optional = false,
  fieldClassName,
  onValueChange,
  counterLimit,
  className,
  rows = 4,
  onChange,
  ...textarea
}: TextAreaProps) {
  const limit = counterLimit ?? textarea.maxLength;
  const counted = limit !== undefined;
  const { id, hintId, counterId, errorTextId, aria } = useFieldWiring(
    { label, error, hint, invalid, errorId, describedByIds, ...textarea },
    counted,
  );
  const { length, track } = useLength(textarea.value, textarea.defaultValue);
  const change = (event: ChangeEvent<HTMLTextAreaElement>) => {
    track(event.target.value);
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  return (
    <FieldFrame
      id={id}
      label={label}
      required={textarea.required}
      markRequired={markRequired}
      optional={optional}
      hint={hint}
      hintId={hintId}
      counter={counted && <Counter id={counterId} length={length} limit={limit} hard={counterLimit === undefined} />}
      error={error}
      errorTextId={errorTextId}
      className={fieldClassName}
    >
      <textarea {...textarea} {...aria} id={id} rows={rows} className={cx(styles.input, styles.textarea, className)} onChange={change} />
    </FieldFrame>
  );
}

export interface PasswordFieldProps extends FieldProps, Omit<ComponentPropsWithRef<'input'>, 'children' | 'type' | 'autoComplete'> {
  /** Required: tells password managers whether to fill the saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password' | 'off';
  /** The toggle's accessible name; `Show ${label lower-cased}` by default ('Show password'). It stays the same: aria-pressed says whether the password is shown. */
  toggleLabel?: string;
}

/** A labelled password input with a show/hide toggle (a real button with a fixed name and aria-pressed). */
export function PasswordField({
  label,
  error,
  hint,
  invalid,
  errorId,
  describedByIds,
  markRequired = true,
  optional = false,
  fieldClassName,
  onValueChange,
  toggleLabel,
  className,
  onChange,
  ...input
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { id, hintId, errorTextId, aria } = useFieldWiring({ label, error, hint, invalid, errorId, describedByIds, ...input }, false);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  return (
    <FieldFrame
      id={id}
      label={label}
      required={input.required}
      markRequired={markRequired}
      optional={optional}
      hint={hint}
      hintId={hintId}
      error={error}
      errorTextId={errorTextId}
      className={fieldClassName}
    >
      <div className={styles.passwordWrap}>
        <input
          spellCheck={false}
          autoCapitalize="off"
          {...input}
          {...aria}
          id={id}
          type={visible ? 'text' : 'password'}
          className={cx(styles.input, className)}
          onChange={change}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={toggleLabel ?? `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
}

function EyeIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M17.94 17.94A10.07 10.07 0 0 1 12 19c-7 0-11-7-11-7a18.45 18.45 0 0 1 5.06-5.94" />
      <path d="M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 7 11 7a18.5 18.5 0 0 1-2.16 3.19" />
      <path d="M14.12 14.12a3 3 0 1 1-4.24-4.24" />
      <line x1="1" y1="1" x2="23" y2="23" />
    </svg>
  );
}

export interface SelectFieldProps extends FieldProps, ComponentPropsWithRef<'select'> {}

/** A labelled native select; its options are the children. */
export function SelectField({
  label,
  error,
  hint,
  invalid,
  errorId,
  describedByIds,
  markRequired = true,
  optional = false,
  fieldClassName,
  onValueChange,
  className,
  onChange,
  children,
  ...select
}: SelectFieldProps) {
  const { id, hintId, errorTextId, aria } = useFieldWiring({ label, error, hint, invalid, errorId, describedByIds, ...select }, false);
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  return (
    <FieldFrame
      id={id}
      label={label}
      required={select.required}
      markRequired={markRequired}
      optional={optional}
      hint={hint}
      hintId={hintId}
      error={error}
      errorTextId={errorTextId}
      className={fieldClassName}
    >
      <select {...select} {...aria} id={id} className={cx(styles.input, styles.select, className)} onChange={change}>
        {children}
      </select>
    </FieldFrame>
  );
}
