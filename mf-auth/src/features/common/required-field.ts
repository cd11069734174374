/**
 * The props every required field of the sign-up, reset and change-password forms takes from its form:
 * its value and setter, required without the asterisk (every field is), and marked invalid and
 * described by the form's one message when that message is about it.
 */
import type { FormError } from 'shared-contracts/ui';

export function requiredFieldProps<F extends string>(
  values: Record<F, string>,
  setField: (name: F, value: string) => void,
  error: Pick<FormError<F>, 'isInvalid' | 'errorId'>,
) {
  return (name: F) => ({
    name,
    value: values[name],
    onValueChange: (value: string) => setField(name, value),
    required: true,
    markRequired: false,
    invalid: error.isInvalid(name),
    errorId: error.errorId,
  });
}
