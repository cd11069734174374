/** The live checklist of the password rule (spec §5); each line says "met" or "not met" to screen readers. */
import { checkPasswordRequirements, PASSWORD_REQUIREMENT_LABELS } from 'shared-contracts';
import { VisuallyHidden } from 'shared-contracts/ui';
import styles from './PasswordFeedback.module.css';

export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const met = checkPasswordRequirements(password);
  return (
    <ul id={id} className={styles.checklist} aria-label="Password requirements">
      {PASSWORD_REQUIREMENT_LABELS.map(({ key, label }) => (
        <li key={key} className={met[key] ? styles.met : styles.unmet} data-met={met[key]}>
          <span className={styles.mark} aria-hidden="true">
            {met[key] ? '✓' : '✗'}
          </span>
          <span>{label}</span>
          <VisuallyHidden>{met[key] ? ' (met)' : ' (not met)'}</VisuallyHidden>
        </li>
      ))}
    </ul>
  );
}
