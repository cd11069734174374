import { useId } from 'react';
import { Link } from 'shared-contracts/react';
import { type Activity, RECENT_ACTIVITY_LIMIT } from 'shared-contracts';
import { formatDate, relativeTime } from '../../common/format';
import styles from './Panel.module.css';

/** The customer's latest ratings, newest first, at most RECENT_ACTIVITY_LIMIT (spec §9). */
export function RecentActivity({ items }: { items: Activity[] }) {
  const titleId = useId();
  const shown = items.slice(0, RECENT_ACTIVITY_LIMIT);
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Recent activity
        </h2>
        {shown.length > 0 && (
          <Link to="/ratings" className={styles.headLink}>
            All my ratings
          </Link>
        )}
      </div>
      {shown.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyText}>You have not rated any stores yet.</p>
          <Link to="/stores" className={styles.primaryLink}>
            Find a store to rate
          </Link>
        </div>
      ) : (
        <ol className={styles.activity}>
          {shown.map((item, i) => (
            <li key={`${item.timestamp}-${i}`} className={styles.activityItem}>
              <span className={styles.activityIcon} aria-hidden="true">
                ★
              </span>
              <span className={styles.activityText}>{item.description}</span>
              <time className={styles.activityTime} dateTime={item.timestamp} title={formatDate(item.timestamp)}>
                {relativeTime(item.timestamp)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
