/**
 * The live checklist of the password rule (spec §5): each line has the kit's check or cross icon
 * (decorative) and says "met" or "not met" to screen readers in words.
 */
import { checkPasswordRequirements, PASSWORD_REQUIREMENT_LABELS } from 'shared-contracts';
import { Icon, VisuallyHidden } from 'shared-contracts/ui';
import styles from './PasswordFeedback.module.css';

export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const met = checkPasswordRequirements(password);
  return (
    <ul id={id} className={styles.checklist} aria-label="Password requirements">
      {PASSWORD_REQUIREMENT_LABELS.map(({ key, label }) => (
        <li key={key} className={met[key] ? styles.met : styles.unmet} data-met={met[key]}>
          <Icon name={met[key] ? 'check' : 'cross'} size="sm" className={styles.mark} />
          <span>{label}</span>
          <VisuallyHidden>{met[key] ? ' (met)' : ' (not met)'}</VisuallyHidden>
        </li>
      ))}
    </ul>
  );
}
