import { Link } from 'shared-contracts/react';
import { Icon, type IconName } from 'shared-contracts/ui';
import styles from './AdminLinks.module.css';

/** Only screens that exist (DESIGN.md §10: links without a route are not shown). */
const LINKS = [
  { to: '/admin/users', icon: 'users', title: 'Manage Users', text: 'Search, add, edit and remove accounts of every role.' },
  { to: '/admin/stores', icon: 'store', title: 'Manage Stores', text: 'Add stores, edit their details and assign their owners.' },
  { to: '/admin/analytics', icon: 'chart', title: 'Analytics', text: 'How ratings are spread, and the best rated stores.' },
  { to: '/admin/deployments', icon: 'rocket', title: 'Deployments', text: 'What version of each app is live, its canary and health.' },
  { to: '/admin/moderation', icon: 'shield', title: 'Moderation', text: 'Reported ratings and replies: hide, restore, remove or dismiss.' },
] as const satisfies ReadonlyArray<{ to: string; icon: IconName; title: string; text: string }>;

export function AdminLinks() {
  return (
    <ul className={styles.grid}>
      {LINKS.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={styles.card}>
            <span className={styles.icon}>
              <Icon name={link.icon} size="lg" />
            </span>
            <span>
              <span className={styles.title}>{link.title}</span>
              <span className={styles.text}>{link.text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
