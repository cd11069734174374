/**
 * Changing the password (spec §2, §5, §8): validated with validatePasswordChangeForm; on success the
 * API's new token replaces the old one (every older token stops working, this session stays signed
 * in) and 'Password updated successfully!' shows; a failure shows the server's message
 * ('Current password is incorrect') or 'Failed to update password'.
 */
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, MESSAGES, type PasswordChangeForm, validatePasswordChangeForm } from 'shared-contracts';
import { useApi, useAuth } from 'shared-contracts/react';
import { blankFields } from '../../form-controls/blankFields';
import { useFormError } from '../../form-controls/hooks/useFormError';

export type PasswordChangeField = keyof PasswordChangeForm;

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function fieldsFor(message: string, values: PasswordChangeForm): PasswordChangeField[] {
  if (message === MESSAGES.fillAllPasswordFields) return blankFields(values, ['currentPassword', 'newPassword', 'confirmPassword']);
  if (message === MESSAGES.newPasswordsDoNotMatch) return ['confirmPassword'];
  if (message === MESSAGES.passwordRequirements) return ['newPassword'];
  return [];
}

export function usePasswordChange() {
  const api = useApi();
  const { replaceToken } = useAuth();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<PasswordChangeForm>(EMPTY);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const error = useFormError<PasswordChangeField>('password-form-error');

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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const message = validatePasswordChangeForm(values);
    if (message) {
      error.show(message, fieldsFor(message, values));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await api.auth.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      replaceToken(result.token);
      close();
      toast.success(MESSAGES.passwordUpdated);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.passwordUpdateFailed));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return { open, toggle, close, values, setField, busy, error, submit };
}
