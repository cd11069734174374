/** Password & security: 'Change Password' opens a form for the current, new and confirmed password. */
import { useId, useRef } from 'react';
import { Button, Card, FormAlert, formStyles, PasswordField } from 'shared-contracts/ui';
import { PasswordChecklist } from '../../password-feedback/components/PasswordChecklist';
import { PasswordMatch } from '../../password-feedback/components/PasswordMatch';
import { PasswordStrengthMeter } from '../../password-feedback/components/PasswordStrengthMeter';
import { type PasswordChangeField, usePasswordChange } from '../hooks/usePasswordChange';
import { useReturnFocus } from '../hooks/useReturnFocus';
import styles from './ProfilePage.module.css';
import { requiredFieldProps } from '../../common/required-field';

export function PasswordChangeSection() {
  const { open, toggle, close, values, setField, busy, error, submit } = usePasswordChange();
  const id = useId();
  const formId = `${id}-form`;
  const checklistId = `${id}-checklist`;
  const matchId = `${id}-match`;
  const toggleButton = useRef<HTMLButtonElement>(null);
  const currentInput = useRef<HTMLInputElement>(null);
  useReturnFocus(open, currentInput, toggleButton);
  const field = requiredFieldProps<PasswordChangeField>(values, setField, error);

  return (
    <Card
      title="Password & Security"
      actions={
        <Button ref={toggleButton} variant="secondary" aria-expanded={open} aria-controls={open ? formId : undefined} onClick={toggle}>
          Change Password
        </Button>
      }
    >
      {open ? (
        <form id={formId} className={formStyles.form} onSubmit={submit} noValidate aria-label="Change password">
          <PasswordField ref={currentInput} {...field('currentPassword')} label="Current Password" autoComplete="current-password" />
          <div className={styles.passwordGroup}>
            <PasswordField {...field('newPassword')} label="New Password" autoComplete="new-password" describedByIds={[checklistId]} />
            <PasswordStrengthMeter id={`${id}-strength`} password={values.newPassword} />
            <PasswordChecklist id={checklistId} password={values.newPassword} />
          </div>
          <div className={styles.passwordGroup}>
            <PasswordField
              {...field('confirmPassword')}
              label="Confirm New Password"
              autoComplete="new-password"
              describedByIds={[matchId]}
            />
            <PasswordMatch id={matchId} password={values.newPassword} confirmation={values.confirmPassword} />
          </div>
          <FormAlert id={error.errorId} message={error.message} />
          <div className={formStyles.actions}>
            <Button type="submit" busy={busy} busyLabel="Updating...">
              Update Password
            </Button>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className={styles.muted}>
          Use a password of 8-16 characters with an uppercase letter and a special character. Changing it signs out your other sessions;
          this one stays signed in.
        </p>
      )}
    </Card>
  );
}
