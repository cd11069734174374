/**
 * Editing name and address (spec §2, §5, §8): Edit opens the form with the current values, Cancel
 * drops the changes, Save validates (validateProfileForm), sends them and hands the answer's user
 * to the session, with 'Profile updated successfully!' or the server's message / 'Failed to update profile'.
 */
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, MESSAGES, type User, validateProfileForm } from 'shared-contracts';
import { useApi, useAuth } from 'shared-contracts/react';
import { blankFields } from '../../form-controls/blankFields';
import { useFormError } from '../../form-controls/hooks/useFormError';

export type ProfileField = 'name' | 'address';
export type ProfileValues = Record<ProfileField, string>;

function fieldsFor(message: string, values: ProfileValues): ProfileField[] {
  if (message === MESSAGES.fillAllFields) return blankFields(values);
  if (message === MESSAGES.nameLength) return ['name'];
  if (message === MESSAGES.addressMax) return ['address'];
  return [];
}

const valuesOf = (user: User): ProfileValues => ({ name: user.name ?? '', address: user.address ?? '' });

export function useProfileEditor(user: User) {
  const api = useApi();
  const { updateUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const error = useFormError<ProfileField>('profile-form-error');

  const setField = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const startEditing = () => {
    setValues(valuesOf(user));
    error.clear();
    setEditing(true);
  };

  const cancel = () => {
    setValues(valuesOf(user));
    error.clear();
    setEditing(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const message = validateProfileForm(values);
    if (message) {
      error.show(message, fieldsFor(message, values));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await api.auth.updateProfile({ name: values.name.trim(), address: values.address.trim() });
      updateUser(result.user);
      setValues(valuesOf(result.user));
      setEditing(false);
      toast.success(MESSAGES.profileUpdated);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.profileUpdateFailed));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return { editing, values, setField, busy, error, startEditing, cancel, submit };
}
