/** Password & security: 'Change Password' opens a form for the current, new and confirmed password. */
import { useId, useRef } from 'react';
import formStyles from '../../form-controls/components/Form.module.css';
import { FormAlert, formStyles as fieldStyles } from 'shared-contracts/ui';
import { PasswordField } from '../../form-controls/components/PasswordField';
import { PasswordChecklist } from '../../password-feedback/components/PasswordChecklist';
import { PasswordMatch } from '../../password-feedback/components/PasswordMatch';
import { PasswordStrengthMeter } from '../../password-feedback/components/PasswordStrengthMeter';
import { usePasswordChange } from '../hooks/usePasswordChange';
import { useReturnFocus } from '../hooks/useReturnFocus';
import styles from './ProfilePage.module.css';

export function PasswordChangeSection() {
  const { open, toggle, close, values, setField, busy, error, submit } = usePasswordChange();
  const id = useId();
  const formId = `${id}-form`;
  const headingId = `${id}-heading`;
  const checklistId = `${id}-checklist`;
  const matchId = `${id}-match`;
  const toggleButton = useRef<HTMLButtonElement>(null);
  const currentInput = useRef<HTMLInputElement>(null);
  useReturnFocus(open, currentInput, toggleButton);

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          Password &amp; Security
        </h2>
        <button
          ref={toggleButton}
          type="button"
          className={`${formStyles.button} ${formStyles.secondary}`}
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={toggle}
        >
          Change Password
        </button>
      </div>

      {open ? (
        <form id={formId} className={fieldStyles.form} onSubmit={submit} noValidate aria-label="Change password">
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(v) => setField('currentPassword', v)}
            invalid={error.isInvalid('currentPassword')}
            errorId={error.errorId}
            inputRef={currentInput}
          />
          <div className={styles.passwordGroup}>
            <PasswordField
              label="New Password"
              name="newPassword"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(v) => setField('newPassword', v)}
              invalid={error.isInvalid('newPassword')}
              errorId={error.errorId}
              describedByIds={[checklistId]}
            />
            <PasswordStrengthMeter id={`${id}-strength`} password={values.newPassword} />
            <PasswordChecklist id={checklistId} password={values.newPassword} />
          </div>
          <div className={styles.passwordGroup}>
            <PasswordField
              label="Confirm New Password"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(v) => setField('confirmPassword', v)}
              invalid={error.isInvalid('confirmPassword')}
              errorId={error.errorId}
              describedByIds={[matchId]}
            />
            <PasswordMatch id={matchId} password={values.newPassword} confirmation={values.confirmPassword} />
          </div>
          <FormAlert id={error.errorId} message={error.message} />
          <div className={formStyles.actions}>
            <button type="submit" className={`${formStyles.button} ${formStyles.primary}`} disabled={busy}>
              {busy ? 'Updating...' : 'Update Password'}
            </button>
            <button type="button" className={`${formStyles.button} ${formStyles.secondary}`} onClick={close} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className={styles.muted}>
          Use a password of 8-16 characters with an uppercase letter and a special character. Changing it signs out your
          other sessions; this one stays signed in.
        </p>
      )}
    </section>
  );
}
