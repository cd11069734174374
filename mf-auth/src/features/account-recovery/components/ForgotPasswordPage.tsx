/**
 * 'Forgot password?' (/forgot-password, signed-out only): the email as on the sign-in page; once sent, the
 * same confirmation whether or not the email has an account (the API says no more), and a link back to sign in.
 */
import { EMAIL_MAX_LENGTH } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { Button, FormAlert, formStyles, TextField } from 'shared-contracts/ui';
import { AuthLayout } from '../../auth-layout/components/AuthLayout';
import { useForgotPasswordForm } from '../hooks/useForgotPasswordForm';
import styles from './AccountRecovery.module.css';

export function ForgotPasswordPage() {
  const { email, setEmail, busy, error, submit, sent, again } = useForgotPasswordForm();

  return (
    <AuthLayout title="Forgot Password" intro="Enter the email of your account and we will send you a link to choose a new password.">
      {sent ? (
        <div className={styles.notice} role="status">
          <p className={styles.noticeText}>{sent}</p>
          <p className={formStyles.hint}>The link works once, for a limited time. Check your spam folder if nothing arrives.</p>
          <Button type="button" variant="secondary" onClick={again}>
            Send another link
          </Button>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Reset your password">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            required
            markRequired={false}
            value={email}
            onValueChange={setEmail}
            invalid={error.isInvalid('email')}
            errorId={error.errorId}
          />
          <FormAlert id={error.errorId} message={error.message} />
          <Button type="submit" block busy={busy} busyLabel="Sending...">
            Send Reset Link
          </Button>
        </form>
      )}
      <p className={styles.switch}>
        Remembered it? <Link to="/login">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
