import { type Activity, formatDateTime, RECENT_ACTIVITY_LIMIT } from 'shared-contracts';
import { Icon, type IconName } from 'shared-contracts/ui';
import styles from './ActivityList.module.css';

/** Each kind of activity has its icon, named for screen readers (the description does not always say the kind). */
const ICONS: Record<Activity['type'], { icon: IconName; label: string }> = {
  rating: { icon: 'star', label: 'Rating' },
  user: { icon: 'user', label: 'Account' },
  store: { icon: 'store', label: 'Store' },
};

/** The newest activity, at most RECENT_ACTIVITY_LIMIT (5) items (spec §9). */
export function ActivityList({ items }: { items: Activity[] }) {
  const shown = items.slice(0, RECENT_ACTIVITY_LIMIT);
  if (shown.length === 0) return <p className={styles.empty}>No recent activity yet.</p>;
  return (
    <ol className={styles.list} aria-label="Recent activity, newest first">
      {shown.map((item, index) => {
        const kind = ICONS[item.type] ?? ICONS.user;
        return (
          <li key={`${item.timestamp}-${index}`} className={styles.item}>
            <span className={styles.icon} data-kind={item.type}>
              <Icon name={kind.icon} label={kind.label} />
            </span>
            <p className={styles.description}>{item.description}</p>
            <time className={styles.time} dateTime={item.timestamp}>
              {formatDateTime(item.timestamp)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
