/** Sign-in page (/login, signed-out only): role chooser, email, password, demo accounts, link to sign up. */
import { EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { Button, FormAlert, formStyles, PasswordField, TextField } from 'shared-contracts/ui';
import { AuthLayout } from '../../auth-layout/components/AuthLayout';
import { useLoginForm } from '../hooks/useLoginForm';
import { DemoAccounts } from './DemoAccounts';
import styles from './LoginPage.module.css';
import { RoleChooser } from './RoleChooser';

export function LoginPage() {
  const { values, setField, role, setRole, busy, error, submit, fillDemoAccount } = useLoginForm();

  return (
    <AuthLayout title="Sign In" intro="Welcome back! Sign in to rate and discover stores.">
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Sign in">
        <RoleChooser value={role} onChange={setRole} />
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
        <FormAlert id={error.errorId} message={error.message} />
        <Button type="submit" block busy={busy} busyLabel="Signing In...">
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
