/**
 * The new-password form of a reset link: checked in the registration's order and words
 * (resetPasswordFormErrors). A success goes to the sign-in page with its notice; an invalid or expired
 * link sets `linkInvalid` (the page then offers to ask again).
 */
import { type FormEvent, useState } from 'react';
import { type ResetPasswordForm, resetPasswordFormErrors } from 'shared-contracts';
import { useNavigate } from 'shared-contracts/react';
import { useFormError } from 'shared-contracts/ui';
import { isInvalidLink, useResetPassword } from '../api/useResetPassword';

export type ResetPasswordField = keyof ResetPasswordForm;

export function useResetPasswordForm(token: string) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [values, setValues] = useState<ResetPasswordForm>({ password: '', confirmPassword: '' });
  const [linkInvalid, setLinkInvalid] = useState(false);
  const error = useFormError<ResetPasswordField>();

  const setField = (field: ResetPasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || error.showErrors(resetPasswordFormErrors(values))) return;
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: ({ message }) => navigate('/login', { replace: true, state: { notice: message } }),
        onError: (failure) => {
          if (isInvalidLink(failure)) setLinkInvalid(true);
        },
      },
    );
  };

  return { values, setField, busy: reset.isPending, error, submit, linkInvalid };
}
