/**
 * The sign-in form (spec §2, §5, §8): role (Customer by default), email and password. Empty fields
 * give 'Please fill in all fields' (loginFormErrors); the request itself is useSignIn's.
 *
 * A refused sign-in (401) toasts the spec's 'Login failed. Please try again.' and nothing more from the
 * server, which gives one answer for a wrong password, an unknown email and a role that is not the
 * account's. So the form points at the role chooser too: `roleHint` is set and `refusals` counts up
 * (the page moves focus to the chosen role); editing the form or choosing a role clears the hint.
 */
import { type FormEvent, useState } from 'react';
import { DEFAULT_LOGIN_ROLE, type DemoAccount, errorStatus, type LoginForm, loginFormErrors, type Role } from 'shared-contracts';
import { useFormError } from 'shared-contracts/ui';
import { useSignIn } from '../api/useSignIn';

export type LoginField = keyof LoginForm;

export const WRONG_ROLE_HINT = 'Check that you chose the right role above.';

export function useLoginForm() {
  const signIn = useSignIn();
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [role, setRoleState] = useState<Role>(DEFAULT_LOGIN_ROLE);
  const [refusals, setRefusals] = useState(0);
  const [refused, setRefused] = useState(false);
  const error = useFormError<LoginField>();

  const setField = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setRefused(false);
    error.clear();
  };

  const setRole = (next: Role) => {
    setRoleState(next);
    setRefused(false);
  };

  const fillDemoAccount = (account: DemoAccount) => {
    setValues({ email: account.email, password: account.password });
    setRole(account.role);
    error.clear();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || error.showErrors(loginFormErrors(values))) return;
    setRefused(false);
    signIn.mutate(
      { email: values.email.trim(), password: values.password, role },
      {
        onError: (failure) => {
          if (errorStatus(failure) !== 401) return;
          setRefused(true);
          setRefusals((n) => n + 1);
        },
      },
    );
  };

  return {
    values,
    setField,
    role,
    setRole,
    busy: signIn.isPending,
    error,
    submit,
    fillDemoAccount,
    roleHint: refused ? WRONG_ROLE_HINT : null,
    refusals,
  };
}
