/**
 * Profile page (/profile, signed in): who the user is, info tiles with real values, name and
 * address editing, password change, and links onwards.
 */
import { roleDisplayLabel } from 'shared-contracts';
import { Link, useAuth } from 'shared-contracts/react';
import { Page } from 'shared-contracts/ui';
import { initialsOf } from '../profile-info';
import { PasswordChangeSection } from './PasswordChangeSection';
import { ProfileDetails } from './ProfileDetails';
import { ProfileInfoTiles } from './ProfileInfoTiles';
import styles from './ProfilePage.module.css';

export function ProfilePage() {
  const { user, loading } = useAuth();

  if (!user) {
    return (
      <Page title="My Profile">
        {loading ? (
          <p role="status">Loading your profile...</p>
        ) : (
          <p>
            Please <Link to="/login">sign in</Link> to see your profile.
          </p>
        )}
      </Page>
    );
  }

  return (
    <Page className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.avatar} aria-hidden="true">
          {initialsOf(user.name)}
        </div>
        <div className={styles.heroText}>
          <h1 className={styles.title}>My Profile</h1>
          <p className={styles.heroName}>{user.name}</p>
          <p className={styles.heroEmail}>{user.email}</p>
        </div>
        <span className={styles.badge}>{roleDisplayLabel(user.role)}</span>
      </header>

      <ProfileInfoTiles user={user} />

      <div className={styles.columns}>
        {/* Keyed by the user so the form starts from the signed-in user's current values. */}
        <ProfileDetails key={user.id} user={user} />
        <PasswordChangeSection key={`password-${user.id}`} />
      </div>

      <nav className={styles.quickLinks} aria-label="Quick links">
        <Link to="/stores" className={styles.quickLink}>
          Browse Stores
        </Link>
        <Link to="/dashboard" className={styles.quickLink}>
          Go to Dashboard
        </Link>
      </nav>
    </Page>
  );
}
