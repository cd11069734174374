/** The info tiles, with real values: account type, status, location, member since, completeness. */
import { roleDisplayLabel, type User } from 'shared-contracts';
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
        <dd className={`${styles.tileValue} ${styles.positive}`}>Verified</dd>
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
