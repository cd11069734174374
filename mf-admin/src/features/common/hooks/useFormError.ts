/**
 * A form's message: shown inline (FormAlert) and as an error toast, with the fields it concerns
 * marked invalid and described by it. Editing the form clears it.
 */
import { useCallback, useId, useState } from 'react';
import toast from 'react-hot-toast';

export interface FormError<F extends string> {
  errorId: string;
  message: string | null;
  show: (message: string, fields?: F[]) => void;
  clear: () => void;
  isInvalid: (field: F) => boolean;
}

export function useFormError<F extends string>(toastId: string): FormError<F> {
  const errorId = useId();
  const [error, setError] = useState<{ message: string; fields: F[] } | null>(null);
  const show = useCallback(
    (message: string, fields: F[] = []) => {
      setError({ message, fields });
      toast.error(message, { id: toastId });
    },
    [toastId],
  );
  const clear = useCallback(() => setError((current) => (current === null ? current : null)), []);
  const isInvalid = useCallback((field: F) => error?.fields.includes(field) ?? false, [error]);
  return { errorId, message: error?.message ?? null, show, clear, isInvalid };
}

/** The names of the fields left blank. */
export function blankFields<F extends string>(values: Partial<Record<F, string>>, fields: readonly F[]): F[] {
  return fields.filter((field) => (values[field] ?? '').trim() === '');
}
