/**
 * A password reset link (/reset-password?token=…, signed-out only): the new password and its confirmation,
 * with the registration's strength meter, the rule's live checklist and the match indicator. A success
 * leads to the sign-in page with a notice; a missing, used or expired link says so and offers to ask again.
 */
import { useId } from 'react';
import { Link, useSearchParams } from 'shared-contracts/react';
import { Button, FormAlert, formStyles, PasswordField } from 'shared-contracts/ui';
import { AuthLayout } from '../../auth-layout/components/AuthLayout';
import { PasswordChecklist } from '../../password-feedback/components/PasswordChecklist';
import { PasswordMatch } from '../../password-feedback/components/PasswordMatch';
import { PasswordStrengthMeter } from '../../password-feedback/components/PasswordStrengthMeter';
import { type ResetPasswordField, useResetPasswordForm } from '../hooks/useResetPasswordForm';
import styles from './AccountRecovery.module.css';
import { InvalidLinkNotice } from './InvalidLinkNotice';
import { requiredFieldProps } from '../../common/required-field';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

function ResetPasswordForm({ token }: { token: string }) {
  const { values, setField, busy, error, submit, linkInvalid } = useResetPasswordForm(token);
  const id = useId();
  const checklistId = `${id}-checklist`;
  const matchId = `${id}-match`;
  const required = requiredFieldProps<ResetPasswordField>(values, setField, error);
  const field = (name: ResetPasswordField) => ({ ...required(name), autoComplete: 'new-password' as const });

  if (linkInvalid) return <InvalidLinkNotice />;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Choose a new password">
      <div className={styles.passwordGroup}>
        <PasswordField {...field('password')} label="New Password" describedByIds={[checklistId]} />
        <PasswordStrengthMeter id={`${id}-strength`} password={values.password} />
        <PasswordChecklist id={checklistId} password={values.password} />
      </div>
      <div className={styles.passwordGroup}>
        <PasswordField {...field('confirmPassword')} label="Confirm Password" describedByIds={[matchId]} />
        <PasswordMatch id={matchId} password={values.password} confirmation={values.confirmPassword} />
      </div>
      <FormAlert id={error.errorId} message={error.message} />
      <Button type="submit" block busy={busy} busyLabel="Resetting...">
        Reset Password
      </Button>
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  return (
    <AuthLayout title="Reset Password" intro="Choose a new password for your account.">
      {TOKEN_SHAPE.test(token) ? <ResetPasswordForm token={token} /> : <InvalidLinkNotice />}
      <p className={styles.switch}>
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
