/**
 * The sign-up form (spec §2, §5, §8). Checks run in the spec's order through validateRegistrationForm;
 * a success signs the new customer in at once (the shell's AuthProvider greets them); a failure
 * shows the server's message, else 'Registration failed. Please try again.', and keeps every value.
 */
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, MESSAGES, type RegistrationForm, validateRegistrationForm } from 'shared-contracts';
import { useAuth } from 'shared-contracts/react';
import { blankFields } from '../../form-controls/blankFields';
import { useFormError } from '../../form-controls/hooks/useFormError';

export type RegistrationField = keyof RegistrationForm;

const EMPTY: RegistrationForm = { name: '', email: '', address: '', password: '', confirmPassword: '' };

/** The fields a validation message is about. */
function fieldsFor(message: string, values: RegistrationForm): RegistrationField[] {
  switch (message) {
    case MESSAGES.fillAllFields:
      return blankFields(values, ['password', 'confirmPassword']);
    case MESSAGES.passwordsDoNotMatch:
      return ['confirmPassword'];
    case MESSAGES.passwordRequirements:
      return ['password'];
    case MESSAGES.nameLength:
      return ['name'];
    case MESSAGES.invalidEmail:
    case MESSAGES.emailTooLong:
      return ['email'];
    case MESSAGES.addressMax:
      return ['address'];
    default:
      return [];
  }
}

export function useRegisterForm() {
  const { register } = useAuth();
  const [values, setValues] = useState<RegistrationForm>(EMPTY);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const error = useFormError<RegistrationField>('register-form-error');

  const setField = (field: RegistrationField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const message = validateRegistrationForm(values);
    if (message) {
      error.show(message, fieldsFor(message, values));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      // Self-registration always creates a customer: the API sets the role itself.
      await register({
        name: values.name.trim(),
        email: values.email.trim(),
        address: values.address.trim(),
        password: values.password,
      });
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.registrationFailed));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return { values, setField, busy, error, submit };
}
