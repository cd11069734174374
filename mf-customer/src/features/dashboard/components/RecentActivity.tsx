import { type Activity, formatDate, RECENT_ACTIVITY_LIMIT, relativeTime } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { buttonClassName, Card, EmptyState, Icon } from 'shared-contracts/ui';
import styles from './RecentActivity.module.css';

/** The customer's latest ratings, newest first, at most RECENT_ACTIVITY_LIMIT (spec §9). */
export function RecentActivity({ items }: { items: Activity[] }) {
  const shown = items.slice(0, RECENT_ACTIVITY_LIMIT);
  return (
    <Card title="Recent activity" actions={shown.length > 0 && <Link to="/ratings">All my ratings</Link>}>
      {shown.length === 0 ? (
        <EmptyState
          compact
          title="You have not rated any stores yet."
          action={
            <Link to="/stores" className={buttonClassName()}>
              Find a store to rate
            </Link>
          }
        />
      ) : (
        <ol className={styles.activity}>
          {shown.map((item, i) => (
            <li key={`${item.timestamp}-${i}`} className={styles.activityItem}>
              <span className={styles.activityIcon}>
                <Icon name="star" size="sm" />
              </span>
              <span className={styles.activityText}>{item.description}</span>
              <time className={styles.activityTime} dateTime={item.timestamp} title={formatDate(item.timestamp)}>
                {relativeTime(item.timestamp)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
