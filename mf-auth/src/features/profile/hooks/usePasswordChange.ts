/**
 * The password form's state (spec §2, §5): 'Change Password' opens and closes it, the values are
 * checked (passwordChangeFormErrors) and sent (useChangePassword); a success closes and empties it.
 */
import { type FormEvent, useState } from 'react';
import { type PasswordChangeForm, passwordChangeFormErrors } from 'shared-contracts';
import { useFormError } from 'shared-contracts/ui';
import { useChangePassword } from '../api/useChangePassword';

export type PasswordChangeField = keyof PasswordChangeForm;

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function usePasswordChange() {
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<PasswordChangeForm>(EMPTY);
  const error = useFormError<PasswordChangeField>();

  const setField = (field: PasswordChangeField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const close = () => {
    setValues(EMPTY);
    error.clear();
    setOpen(false);
  };

  const toggle = () => (open ? close() : setOpen(true));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || error.showErrors(passwordChangeFormErrors(values))) return;
    change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword }, { onSuccess: close });
  };

  return { open, toggle, close, values, setField, busy: change.isPending, error, submit };
}
