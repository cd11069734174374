/**
 * Sign-up page (/register, signed-out only): name, email, address, password and confirmation with
 * a strength meter, the rule's live checklist and a match indicator; a link back to sign in.
 */
import { useId } from 'react';
import { ADDRESS_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { Button, FormAlert, formStyles, PasswordField, TextArea, TextField } from 'shared-contracts/ui';
import { AuthLayout } from '../../auth-layout/components/AuthLayout';
import { PasswordChecklist } from '../../password-feedback/components/PasswordChecklist';
import { PasswordMatch } from '../../password-feedback/components/PasswordMatch';
import { PasswordStrengthMeter } from '../../password-feedback/components/PasswordStrengthMeter';
import { type RegistrationField, useRegisterForm } from '../hooks/useRegisterForm';
import styles from './RegisterPage.module.css';
import { requiredFieldProps } from '../../common/required-field';

export function RegisterPage() {
  const { values, setField, busy, error, submit } = useRegisterForm();
  const id = useId();
  const checklistId = `${id}-checklist`;
  const matchId = `${id}-match`;
  const field = requiredFieldProps<RegistrationField>(values, setField, error);

  return (
    <AuthLayout wide title="Create Account" intro="Join Store Ratings to rate and discover stores near you.">
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Create account">
        <TextField
          {...field('name')}
          label="Full Name"
          autoComplete="name"
          counterLimit={NAME_MAX_LENGTH}
          hint={`${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} characters`}
        />
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
        <TextArea {...field('address')} label="Address" autoComplete="street-address" rows={3} counterLimit={ADDRESS_MAX_LENGTH} />
        <div className={styles.passwordGroup}>
          <PasswordField {...field('password')} label="Password" autoComplete="new-password" describedByIds={[checklistId]} />
          <PasswordStrengthMeter id={`${id}-strength`} password={values.password} />
          <PasswordChecklist id={checklistId} password={values.password} />
        </div>
        <div className={styles.passwordGroup}>
          <PasswordField {...field('confirmPassword')} label="Confirm Password" autoComplete="new-password" describedByIds={[matchId]} />
          <PasswordMatch id={matchId} password={values.password} confirmation={values.confirmPassword} />
        </div>
        <FormAlert id={error.errorId} message={error.message} />
        <Button type="submit" block busy={busy} busyLabel="Creating Account...">
          Create Account
        </Button>
      </form>
      <p className={styles.switch}>
        Already have an account? <Link to="/login">Sign in here</Link>
      </p>
    </AuthLayout>
  );
}
