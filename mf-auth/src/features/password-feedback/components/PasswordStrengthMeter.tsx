/**
 * Password strength (spec §4): score 0-6 as a bar (role=meter) and its label (Very Weak ...
 * Excellent), which screen readers hear politely as the user types.
 *
 * The meter never praises a password the rule (spec §5: 8-16 characters, an uppercase letter, a special
 * character) refuses: for such a password it says why instead of the spec's label ('Too long', 'Too
 * short', "Doesn't meet the rules"), in the weak colour, with the bar at most at the weak mark. The
 * spec's labels show for every password the rule accepts.
 */
import {
  checkPasswordRequirements,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
} from 'shared-contracts';
import { VisuallyHidden } from 'shared-contracts/ui';
import styles from './PasswordFeedback.module.css';

const MAX_SCORE = PASSWORD_STRENGTH_LABELS.length - 1;
/** The highest the bar goes for a refused password: the weak mark. */
const REFUSED_MAX = 1;

/** Why the rule refuses a password: the meter's label, and what the rule asks (for screen readers). */
export interface PasswordRefusal {
  label: 'Too long' | 'Too short' | "Doesn't meet the rules";
  detail: string;
}

/** Why the rule refuses `password` (the length first), or null when it accepts it. */
export function passwordRefusal(password: string): PasswordRefusal | null {
  const met = checkPasswordRequirements(password);
  if (met.length && met.uppercase && met.special) return null;
  const length = [...password].length;
  if (length > PASSWORD_MAX_LENGTH) return { label: 'Too long', detail: `at most ${PASSWORD_MAX_LENGTH} characters` };
  if (length < PASSWORD_MIN_LENGTH) return { label: 'Too short', detail: `at least ${PASSWORD_MIN_LENGTH} characters` };
  return { label: "Doesn't meet the rules", detail: 'see the password requirements' };
}

export function PasswordStrengthMeter({ id, password }: { id: string; password: string }) {
  const strength = passwordStrength(password);
  const entered = password !== '';
  const refusal = entered ? passwordRefusal(password) : null;
  const label = refusal?.label ?? strength.label;
  const value = refusal ? Math.min(strength.score, REFUSED_MAX) : strength.score;
  // A refused password's value is at most the weak mark, so it is drawn in the weak colour.
  const level = value <= 1 ? 'low' : value <= 3 ? 'medium' : 'high';

  let valueText = 'No password entered';
  if (refusal) valueText = `${refusal.label} (${refusal.detail})`;
  else if (entered) valueText = `${label} (${value} of ${MAX_SCORE})`;

  return (
    <div className={styles.strength} data-level={entered ? level : undefined} data-refused={refusal ? true : undefined}>
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
        aria-valuenow={value}
        aria-valuetext={valueText}
      >
        <div className={styles.barFill} style={{ width: `${(value / MAX_SCORE) * 100}%` }} />
      </div>
    </div>
  );
}
