/** Whether the confirmation matches the password, once something is typed in the confirmation (the words say it; the icon is decorative). */
import { Icon } from 'shared-contracts/ui';
import styles from './PasswordFeedback.module.css';

export function PasswordMatch({ id, password, confirmation }: { id: string; password: string; confirmation: string }) {
  const matches = password === confirmation;
  return (
    <p id={id} className={styles.match} aria-live="polite" aria-atomic="true" data-match={confirmation === '' ? undefined : matches}>
      {confirmation !== '' && (
        <>
          <Icon name={matches ? 'check' : 'cross'} size="sm" className={styles.mark} />
          {matches ? 'Passwords match' : 'Passwords do not match'}
        </>
      )}
    </p>
  );
}
