/**
 * Profile page (/profile, signed in): the kit's page header ('My Profile', the page's h1, as on every
 * page), who the user is, info tiles with real values, name and address editing, password change, and
 * links onwards.
 */
import { roleDisplayLabel } from 'shared-contracts';
import { Link, useAuth } from 'shared-contracts/react';
import { Page } from 'shared-contracts/ui';
import { initialsOf } from '../profile-info';
import { PasswordChangeSection } from './PasswordChangeSection';
import { ProfileDetails } from './ProfileDetails';
import { ProfileInfoTiles } from './ProfileInfoTiles';
import styles from './ProfilePage.module.css';

const TITLE = 'My Profile';
const DESCRIPTION = 'Your details, your password and your account at a glance.';

export function ProfilePage() {
  const { user, loading } = useAuth();

  if (!user) {
    return (
      <Page title={TITLE} description={DESCRIPTION}>
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
    <Page title={TITLE} description={DESCRIPTION}>
      <div className={styles.page}>
        <div className={styles.hero}>
          <div className={styles.avatar} aria-hidden="true">
            {initialsOf(user.name)}
          </div>
          <div className={styles.heroText}>
            <p className={styles.heroName}>{user.name}</p>
            <p className={styles.heroEmail}>{user.email}</p>
          </div>
          <span className={styles.badge}>{roleDisplayLabel(user.role)}</span>
        </div>

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
      </div>
    </Page>
  );
}
