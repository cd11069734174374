/**
 * Sign-in page (/login, signed-out only): role chooser, email, password, demo accounts, link to sign up.
 * The role signed in with is named again by the Sign In button; after a refused sign-in the role chooser
 * shows a hint and takes focus (the chosen role), since a wrong role is refused like a wrong password.
 * 'Forgot password?' leads to /forgot-password; a notice the page was opened with (a password just reset) shows on top.
 */
import { useEffect, useId, useRef } from 'react';
import { EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH, LOGIN_ROLE_OPTIONS } from 'shared-contracts';
import { Link, useLocation } from 'shared-contracts/react';
import { Button, FormAlert, formStyles, Icon, PasswordField, TextField } from 'shared-contracts/ui';
import { AuthLayout } from '../../auth-layout/components/AuthLayout';
import { useLoginForm } from '../hooks/useLoginForm';
import { ROLE_ICONS } from '../role-icons';
import { DemoAccounts } from './DemoAccounts';
import styles from './LoginPage.module.css';
import { RoleChooser } from './RoleChooser';

function noticeOf(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}

export function LoginPage() {
  const { values, setField, role, setRole, busy, error, submit, fillDemoAccount, roleHint, refusals } = useLoginForm();
  const chosenRoleId = useId();
  const roles = useRef<HTMLFieldSetElement>(null);
  // A notice another page sent the user here with (a password just reset).
  const notice = noticeOf(useLocation().state);
  const roleLabel = LOGIN_ROLE_OPTIONS.find((option) => option.role === role)?.label ?? role;

  // Each refused sign-in takes the user to the role they chose (its radio), with the hint read with it.
  useEffect(() => {
    if (refusals > 0) roles.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [refusals]);

  return (
    <AuthLayout title="Sign In" intro="Welcome back! Sign in to rate and discover stores.">
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Sign in">
        <RoleChooser ref={roles} value={role} onChange={setRole} hint={roleHint} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          markRequired={false}
          value={values.email}
          onValueChange={(v) => setField('email', v)}
          invalid={error.isInvalid('email')}
          errorId={error.errorId}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          required
          markRequired={false}
          value={values.password}
          onValueChange={(v) => setField('password', v)}
          invalid={error.isInvalid('password')}
          errorId={error.errorId}
        />
        <p className={styles.forgot}>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <FormAlert id={error.errorId} message={error.message} />
        <p id={chosenRoleId} className={styles.chosenRole}>
          <Icon name={ROLE_ICONS[role]} size="sm" />
          <span>
            Signing in as <strong>{roleLabel}</strong>
          </span>
        </p>
        <Button type="submit" block busy={busy} busyLabel="Signing In..." aria-describedby={chosenRoleId}>
          Sign In
        </Button>
      </form>
      <p className={styles.switch}>
        Don&apos;t have an account? <Link to="/register">Sign up here</Link>
      </p>
      <DemoAccounts onChoose={fillDemoAccount} />
    </AuthLayout>
  );
}
