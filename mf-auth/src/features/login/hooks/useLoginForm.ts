/**
 * The sign-in form (spec §2, §5, §8): role (Customer by default), email and password. Empty fields
 * give 'Please fill in all fields'; any failure gives 'Login failed. Please try again.', never the
 * server's text. On success the shell's AuthProvider greets the user and its guard leaves /login.
 */
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { DEFAULT_LOGIN_ROLE, MESSAGES, type Role, validateLoginForm } from 'shared-contracts';
import { useAuth } from 'shared-contracts/react';
import { blankFields } from '../../form-controls/blankFields';
import { useFormError } from '../../form-controls/hooks/useFormError';
import type { DemoAccount } from 'shared-contracts';

export type LoginField = 'email' | 'password';
export type LoginValues = Record<LoginField, string>;

export function useLoginForm() {
  const { login } = useAuth();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [role, setRole] = useState<Role>(DEFAULT_LOGIN_ROLE);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const message = validateLoginForm(values);
    if (message) {
      error.show(message, blankFields(values, ['password']));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      await login(values.email.trim(), values.password, role);
    } catch {
      toast.error(MESSAGES.loginFailed);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return { values, setField, role, setRole, busy, error, submit, fillDemoAccount };
}
