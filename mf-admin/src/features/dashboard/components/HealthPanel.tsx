import type { AdminDashboardResponse, HealthStatus } from 'shared-contracts';
import { Icon } from 'shared-contracts/ui';
import styles from './HealthPanel.module.css';

type SystemHealth = AdminDashboardResponse['analytics']['systemHealth'];

const CHECKS: ReadonlyArray<{ key: keyof SystemHealth; name: string }> = [
  { key: 'user_health', name: 'Users' },
  { key: 'store_health', name: 'Stores' },
  { key: 'rating_health', name: 'Ratings' },
];

export function HealthBadge({ health }: { health: HealthStatus }) {
  const healthy = health.status === 'healthy';
  return (
    <span className={styles.badge} data-status={health.status}>
      <Icon name={healthy ? 'check' : 'warning'} size="sm" />
      {healthy ? 'Healthy' : 'Warning'}
    </span>
  );
}

/** The API's real checks: each with a badge from its status and the detail that explains it. */
export function HealthPanel({ health }: { health: SystemHealth }) {
  return (
    <ul className={styles.list}>
      {CHECKS.map(({ key, name }) => (
        <li key={key} className={styles.item} data-testid={`health-${key}`}>
          <p className={styles.name}>{name}</p>
          <HealthBadge health={health[key]} />
          <p className={styles.detail}>{health[key].detail}</p>
        </li>
      ))}
    </ul>
  );
}
