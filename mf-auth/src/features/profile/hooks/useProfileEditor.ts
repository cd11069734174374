/**
 * Editing name and address (spec §2, §5): Edit opens the form with the current values, Cancel drops
 * the changes, Save checks them (profileFormErrors) and sends them (useUpdateProfile).
 */
import { type FormEvent, useState } from 'react';
import { type ProfileForm, profileFormErrors, type User } from 'shared-contracts';
import { useFormError } from 'shared-contracts/ui';
import { useUpdateProfile } from '../api/useUpdateProfile';

export type ProfileField = keyof ProfileForm;

const valuesOf = (user: User): ProfileForm => ({ name: user.name ?? '', address: user.address ?? '' });

export function useProfileEditor(user: User) {
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileForm>(() => valuesOf(user));
  const error = useFormError<ProfileField>();

  const setField = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  /** Opens (true) or closes the form, starting again from the user's current values. */
  const edit = (open: boolean) => {
    setValues(valuesOf(user));
    error.clear();
    setEditing(open);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || error.showErrors(profileFormErrors(values))) return;
    update.mutate({ name: values.name.trim(), address: values.address.trim() }, { onSuccess: () => setEditing(false) });
  };

  return {
    editing,
    values,
    setField,
    busy: update.isPending,
    error,
    startEditing: () => edit(true),
    cancel: () => edit(false),
    submit,
  };
}
