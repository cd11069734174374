/**
 * The sign-up form (spec §2, §5, §8): checked in the spec's order (registrationFormErrors), each error
 * marking its field; the request is useRegister's, and a failure keeps every value.
 */
import { type FormEvent, useState } from 'react';
import { type RegistrationForm, registrationFormErrors } from 'shared-contracts';
import { useFormError } from 'shared-contracts/ui';
import { useRegister } from '../api/useRegister';

export type RegistrationField = keyof RegistrationForm;

const EMPTY: RegistrationForm = { name: '', email: '', address: '', password: '', confirmPassword: '' };

export function useRegisterForm() {
  const registration = useRegister();
  const [values, setValues] = useState<RegistrationForm>(EMPTY);
  const error = useFormError<RegistrationField>();

  const setField = (field: RegistrationField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.isPending || error.showErrors(registrationFormErrors(values))) return;
    // Self-registration always creates a customer: the API sets the role itself.
    registration.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      address: values.address.trim(),
      password: values.password,
    });
  };

  return { values, setField, busy: registration.isPending, error, submit };
}
