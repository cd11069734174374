/**
 * The sign-in form (spec §2, §5, §8): role (Customer by default), email and password. Empty fields
 * give 'Please fill in all fields' (loginFormErrors); the request itself is useSignIn's.
 */
import { type FormEvent, useState } from 'react';
import { DEFAULT_LOGIN_ROLE, type DemoAccount, type LoginForm, loginFormErrors, type Role } from 'shared-contracts';
import { useFormError } from 'shared-contracts/ui';
import { useSignIn } from '../api/useSignIn';

export type LoginField = keyof LoginForm;

export function useLoginForm() {
  const signIn = useSignIn();
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [role, setRole] = useState<Role>(DEFAULT_LOGIN_ROLE);
  const error = useFormError<LoginField>('login-form-error');

  const setField = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const fillDemoAccount = (account: DemoAccount) => {
    setValues({ email: account.email, password: account.password });
    setRole(account.role);
    error.clear();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || error.showErrors(loginFormErrors(values))) return;
    signIn.mutate({ email: values.email.trim(), password: values.password, role });
  };

  return { values, setField, role, setRole, busy: signIn.isPending, error, submit, fillDemoAccount };
}
