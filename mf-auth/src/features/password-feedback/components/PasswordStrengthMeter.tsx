/**
 * Password strength (spec §4): score 0-6 as a bar (role=meter) and its label (Very Weak ...
 * Excellent), which screen readers hear politely as the user types.
 */
import { PASSWORD_STRENGTH_LABELS, passwordStrength } from 'shared-contracts';
import { VisuallyHidden } from 'shared-contracts/ui';
import styles from './PasswordFeedback.module.css';

const MAX_SCORE = PASSWORD_STRENGTH_LABELS.length - 1;

export function PasswordStrengthMeter({ id, password }: { id: string; password: string }) {
  const { score, label } = passwordStrength(password);
  const entered = password !== '';
  const level = score <= 1 ? 'low' : score <= 3 ? 'medium' : 'high';

  return (
    <div className={styles.strength} data-level={entered ? level : undefined}>
      <div className={styles.strengthHeader}>
        <span id={`${id}-name`}>Password strength</span>
        <span className={styles.strengthLabel} aria-live="polite" aria-atomic="true">
          {entered && (
            <>
              <VisuallyHidden>Password strength: </VisuallyHidden>
              <span>{label}</span>
            </>
          )}
        </span>
      </div>
      <div
        id={id}
        role="meter"
        className={styles.bar}
        aria-labelledby={`${id}-name`}
        aria-valuemin={0}
        aria-valuemax={MAX_SCORE}
        aria-valuenow={score}
        aria-valuetext={entered ? `${label} (${score} of ${MAX_SCORE})` : 'No password entered'}
      >
        <div className={styles.barFill} style={{ width: `${(score / MAX_SCORE) * 100}%` }} />
      </div>
    </div>
  );
}
