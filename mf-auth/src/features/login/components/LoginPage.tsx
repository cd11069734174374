/** Sign-in page (/login, signed-out only): role chooser, email, password, demo accounts, link to sign up. */
import { Link } from 'shared-contracts/react';
import { EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from 'shared-contracts';
import { AuthLayout } from '../../auth-layout/components/AuthLayout';
import formStyles from '../../form-controls/components/Form.module.css';
import { FormAlert, formStyles as fieldStyles } from 'shared-contracts/ui';
import { PasswordField } from '../../form-controls/components/PasswordField';
import { TextField } from '../../form-controls/components/TextField';
import { useLoginForm } from '../hooks/useLoginForm';
import { DemoAccounts } from './DemoAccounts';
import styles from './LoginPage.module.css';
import { RoleChooser } from './RoleChooser';

export function LoginPage() {
  const { values, setField, role, setRole, busy, error, submit, fillDemoAccount } = useLoginForm();

  return (
    <AuthLayout title="Sign In" intro="Welcome back! Sign in to rate and discover stores.">
      <form className={fieldStyles.form} onSubmit={submit} noValidate aria-label="Sign in">
        <RoleChooser value={role} onChange={setRole} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={values.email}
          onChange={(v) => setField('email', v)}
          invalid={error.isInvalid('email')}
          errorId={error.errorId}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          value={values.password}
          onChange={(v) => setField('password', v)}
          invalid={error.isInvalid('password')}
          errorId={error.errorId}
        />
        <FormAlert id={error.errorId} message={error.message} />
        <button type="submit" className={`${formStyles.button} ${formStyles.primary} ${formStyles.block}`} disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
      <p className={styles.switch}>
        Don&apos;t have an account? <Link to="/register">Sign up here</Link>
      </p>
      <DemoAccounts onChoose={fillDemoAccount} />
    </AuthLayout>
  );
}
