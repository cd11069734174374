/**
 * A refused save shown in its form. The API names the fields a refusal concerns
 * (`{ message, errors: [{ field, message }] }`, DESIGN.md §7: 409 'Email is already registered' on
 * `email`), so the form marks those fields instead of guessing them from the message.
 */
import toast from 'react-hot-toast';
import { errorMessage, errorStatus, type FieldError } from 'shared-contracts';
import type { FormError } from 'shared-contracts/ui';

/** The fields a refusal (a 4xx answer) names, in its order; [] for any other failure. */
export function refusalFieldErrors(error: unknown): FieldError[] {
  const status = errorStatus(error);
  if (status === undefined || status < 400 || status >= 500) return [];
  const errors = (error as { response?: { data?: { errors?: unknown } } }).response?.data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: { field?: unknown; message?: unknown } | null) =>
    typeof item?.field === 'string' && typeof item.message === 'string' ? [{ field: item.field, message: item.message }] : [],
  );
}

/**
 * A failed save shown in its form, the fields and message of a refusal, else the server's message of a
 * refusal, else `fallback`; and toasted (spec §8: 'Failed to update user', 'Failed to save store' are
 * failure toasts), unlike a validation message, which the form alone shows.
 */
export function showSaveFailure<F extends string>(form: FormError<F>, error: unknown, fallback: string): void {
  const fields = refusalFieldErrors(error);
  const message = fields.length > 0 ? fields[0].message : errorMessage(error, fallback);
  if (fields.length > 0) form.showErrors(fields);
  else form.show(message);
  toast.error(message, { id: message });
}
