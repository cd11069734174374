/**
 * A form's validation message (from mf-auth's and mf-admin's useFormError): shown once, in the form
 * (FormAlert with `errorId`, announced as an alert), with the fields it concerns marked invalid and
 * described by it. Never as a toast too (issue 16: each message appeared twice, and the toast stayed
 * beside the success that followed). Editing the form clears it.
 *
 * Made for shared-contracts' validators, which return their errors in field order (`FieldError[]`,
 * e.g. registrationFormErrors(values)): `showErrors(errors)`
 * shows the first message and marks every field that has that same message (e.g. 'All fields are
 * required' for each blank field); `fieldError(field)` gives a field's own first message, for a field's
 * `error` prop when a form shows its messages under the fields instead.
 */
import { useCallback, useId, useMemo, useState } from 'react';
// `{ field, message }`: what shared-contracts' form validators (formErrors, loginFormErrors, …) return, in field order.
import type { FieldError } from 'shared-contracts';

export interface FormError<F extends string = string> {
  /** Id of the form's message (give it to FormAlert), for the fields' aria-describedby. */
  errorId: string;
  /** The message shown, or null. */
  message: string | null;
  /** Every error of the last validation (empty after `show` or `clear`). */
  errors: readonly FieldError[];
  /** Shows `message` for the form and marks `fields` invalid. */
  show: (message: string, fields?: F[]) => void;
  /**
   * Shows a validator's result: the first error's message, with every field that has that message marked
   * invalid; clears the message when there is none. True when there was an error (so: `if
   * (form.showErrors(validate(values))) return;`).
   */
  showErrors: (errors: readonly FieldError[]) => boolean;
  clear: () => void;
  isInvalid: (field: F) => boolean;
  /** The first message about `field` in the last validation, for that field's `error` prop. */
  fieldError: (field: F) => string | undefined;
  /** The fields marked invalid, in order (e.g. to focus the first one). */
  invalidFields: readonly F[];
}

interface State<F extends string> {
  message: string;
  fields: F[];
  errors: readonly FieldError[];
}

const NO_ERRORS: readonly FieldError[] = [];

export function useFormError<F extends string = string>(): FormError<F> {
  const errorId = useId();
  const [error, setError] = useState<State<F> | null>(null);

  const announce = useCallback((next: State<F>) => setError(next), []);
  const show = useCallback((message: string, fields: F[] = []) => announce({ message, fields, errors: NO_ERRORS }), [announce]);
  const clear = useCallback(() => setError((current) => (current === null ? current : null)), []);
  const showErrors = useCallback(
    (errors: readonly FieldError[]) => {
      if (errors.length === 0) {
        clear();
        return false;
      }
      const { message } = errors[0];
      const fields = [...new Set(errors.filter((e) => e.message === message).map((e) => e.field as F))];
      announce({ message, fields, errors });
      return true;
    },
    [announce, clear],
  );

  return useMemo(() => {
    const fields = error?.fields ?? [];
    const errors = error?.errors ?? NO_ERRORS;
    return {
      errorId,
      message: error?.message ?? null,
      errors,
      show,
      showErrors,
      clear,
      isInvalid: (field: F) => fields.includes(field),
      fieldError: (field: F) => errors.find((e) => e.field === field)?.message,
      invalidFields: fields,
    };
  }, [errorId, error, show, showErrors, clear]);
}
