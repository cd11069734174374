/**
 * The info tiles, with real values: account type, status (the email verified, else a button to send a new
 * verification link), location, member since, completeness.
 */
import { roleDisplayLabel, type User } from 'shared-contracts';
import { Button } from 'shared-contracts/ui';
import { useResendVerification } from '../../email-verification/api/useResendVerification';
import { firstAddressSegment, memberSince, profileCompleteness } from '../profile-info';
import styles from './ProfilePage.module.css';

export function ProfileInfoTiles({ user }: { user: User }) {
  const since = memberSince(user.created_at);
  const location = firstAddressSegment(user.address);
  const completeness = profileCompleteness(user);

  return (
    <dl className={styles.tiles} aria-label="Account overview">
      <div className={styles.tile}>
        <dt className={styles.tileLabel}>Account Type</dt>
        <dd className={styles.tileValue}>{roleDisplayLabel(user.role)}</dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.tileLabel}>Account Status</dt>
        <AccountStatus verified={user.email_verified === true} />
      </div>
      <div className={styles.tile}>
        <dt className={styles.tileLabel}>Location</dt>
        <dd className={styles.tileValue}>{location || 'Not provided'}</dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.tileLabel}>Member Since</dt>
        <dd className={styles.tileValue}>{since ? <time dateTime={user.created_at}>{since}</time> : 'Unknown'}</dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.tileLabel}>Profile Status</dt>
        <dd className={`${styles.tileValue} ${completeness.complete ? styles.positive : ''}`}>{completeness.label}</dd>
      </div>
    </dl>
  );
}

/** 'Verified' once the email is verified; otherwise 'Not verified' and 'Resend verification email' (its outcome announced). */
function AccountStatus({ verified }: { verified: boolean }) {
  const resend = useResendVerification();
  if (verified) return <dd className={`${styles.tileValue} ${styles.positive}`}>Verified</dd>;
  return (
    <dd className={styles.tileValue}>
      Not verified
      <span className={styles.tileAction}>
        <Button type="button" size="sm" variant="secondary" busy={resend.isPending} busyLabel="Sending..." onClick={() => resend.mutate()}>
          Resend verification email
        </Button>
      </span>
      <span className={styles.tileNote} role="status">
        {resend.isSuccess ? resend.data.message : ''}
      </span>
    </dd>
  );
}
