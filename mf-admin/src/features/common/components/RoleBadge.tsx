import { ADMIN_ROLE_OPTIONS, type Role } from 'shared-contracts';
import styles from './RoleBadge.module.css';

/** The admin screens name roles as the role picker does: Customer, Store Owner, System Admin. */
export function roleLabel(role: Role): string {
  return ADMIN_ROLE_OPTIONS.find((option) => option.role === role)?.label ?? 'Customer';
}

export function RoleBadge({ role }: { role: Role }) {
  return <span className={`${styles.badge} ${styles[role] ?? ''}`}>{roleLabel(role)}</span>;
}

/** Marks the signed-in admin's own row. */
export function YouBadge() {
  return <span className={`${styles.badge} ${styles.you}`}>You</span>;
}
