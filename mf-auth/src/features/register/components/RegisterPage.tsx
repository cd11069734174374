/**
 * Sign-up page (/register, signed-out only): name, email, address, password and confirmation with
 * a strength meter, the rule's live checklist and a match indicator; a link back to sign in.
 */
import { useId } from 'react';
import { Link } from 'shared-contracts/react';
import { ADDRESS_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from 'shared-contracts';
import { AuthLayout } from '../../auth-layout/components/AuthLayout';
import formStyles from '../../form-controls/components/Form.module.css';
import { FormAlert, formStyles as fieldStyles } from 'shared-contracts/ui';
import { PasswordField } from '../../form-controls/components/PasswordField';
import { TextField } from '../../form-controls/components/TextField';
import { PasswordChecklist } from '../../password-feedback/components/PasswordChecklist';
import { PasswordMatch } from '../../password-feedback/components/PasswordMatch';
import { PasswordStrengthMeter } from '../../password-feedback/components/PasswordStrengthMeter';
import { useRegisterForm } from '../hooks/useRegisterForm';
import styles from './RegisterPage.module.css';

export function RegisterPage() {
  const { values, setField, busy, error, submit } = useRegisterForm();
  const id = useId();
  const strengthId = `${id}-strength`;
  const checklistId = `${id}-checklist`;
  const matchId = `${id}-match`;
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (value: string) => setField(name, value),
    invalid: error.isInvalid(name),
    errorId: error.errorId,
  });

  return (
    <AuthLayout wide title="Create Account" intro="Join Store Ratings to rate and discover stores near you.">
      <form className={fieldStyles.form} onSubmit={submit} noValidate aria-label="Create account">
        <TextField
          {...field('name')}
          label="Full Name"
          autoComplete="name"
          counterLimit={NAME_MAX_LENGTH}
          hint={`${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} characters`}
        />
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
        <TextField
          {...field('address')}
          label="Address"
          autoComplete="street-address"
          multiline
          rows={3}
          counterLimit={ADDRESS_MAX_LENGTH}
        />
        <div className={styles.passwordGroup}>
          <PasswordField
            {...field('password')}
            label="Password"
            autoComplete="new-password"
            describedByIds={[checklistId]}
          />
          <PasswordStrengthMeter id={strengthId} password={values.password} />
          <PasswordChecklist id={checklistId} password={values.password} />
        </div>
        <div className={styles.passwordGroup}>
          <PasswordField
            {...field('confirmPassword')}
            label="Confirm Password"
            autoComplete="new-password"
            describedByIds={[matchId]}
          />
          <PasswordMatch id={matchId} password={values.password} confirmation={values.confirmPassword} />
        </div>
        <FormAlert id={error.errorId} message={error.message} />
        <button type="submit" className={`${formStyles.button} ${formStyles.primary} ${formStyles.block}`} disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <p className={styles.switch}>
        Already have an account? <Link to="/login">Sign in here</Link>
      </p>
    </AuthLayout>
  );
}
