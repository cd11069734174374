/** A reset link that is missing, unknown, used or expired: the API's words and the way to ask for a new one. */
import { MESSAGES } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import styles from './AccountRecovery.module.css';

export function InvalidLinkNotice() {
  return (
    <div className={`${styles.notice} ${styles.problem}`} role="alert">
      <p className={styles.noticeText}>{MESSAGES.accountLinkInvalid}</p>
      <p>
        <Link to="/forgot-password">Ask for a new reset link</Link>
      </p>
    </div>
  );
}
