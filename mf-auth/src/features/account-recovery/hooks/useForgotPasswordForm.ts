/**
 * The 'Forgot password?' form: the email, checked as the sign-in form checks it (forgotPasswordFormErrors:
 * 'Please fill in all fields', no look-alike address). Once sent, `sentTo` holds the address and the page
 * shows the neutral confirmation.
 */
import { type FormEvent, useState } from 'react';
import { forgotPasswordFormErrors } from 'shared-contracts';
import { useFormError } from 'shared-contracts/ui';
import { useForgotPassword } from '../api/useForgotPassword';

export function useForgotPasswordForm() {
  const request = useForgotPassword();
  const [email, setEmailState] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const error = useFormError<'email'>();

  const setEmail = (value: string) => {
    setEmailState(value);
    error.clear();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending || error.showErrors(forgotPasswordFormErrors({ email }))) return;
    request.mutate({ email: email.trim() }, { onSuccess: ({ message }) => setSent(message) });
  };

  return { email, setEmail, busy: request.isPending, error, submit, sent, again: () => setSent(null) };
}
