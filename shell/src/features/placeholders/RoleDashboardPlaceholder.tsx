/**
 * The admin, store owner and customer dashboards until their areas arrive (next release): the
 * caller's real figures from the API, and a plain note that the full dashboard is coming.
 */
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { formatAverage, MESSAGES, type UserDashboardResponse } from 'shared-contracts';
import { useApi, useAuth } from 'shared-contracts/react';
import { PageSpinner } from '../feedback/PageSpinner';
import styles from './RoleDashboardPlaceholder.module.css';

export interface RoleDashboardPlaceholderProps {
  title: string;
  /** What the full dashboard will offer, said plainly. */
  comingNext: string;
}

export function RoleDashboardPlaceholder({ title, comingNext }: RoleDashboardPlaceholderProps) {
  const api = useApi();
  const { user } = useAuth();
  const [stats, setStats] = useState<UserDashboardResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api.users
      .dashboard()
      .then((data) => !cancelled && setStats(data))
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        toast.error(MESSAGES.fetchDashboardFailed);
      });
    return () => {
      cancelled = true;
    };
  }, [api]);

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.welcome}>Welcome, {user?.name}.</p>
      <p className={styles.note}>{comingNext} Until then, here are your figures.</p>

      {!stats && !failed && <PageSpinner label="Loading your figures" />}
      {failed && <p role="alert">{MESSAGES.fetchDashboardFailed}.</p>}
      {stats && (
        <>
          <dl className={styles.cards}>
            {stats.totalUsers !== undefined && (
              <div className={styles.card}>
                <dt>Users</dt>
                <dd>{stats.totalUsers}</dd>
              </div>
            )}
            <div className={styles.card}>
              <dt>Stores</dt>
              <dd>{stats.totalStores}</dd>
            </div>
            <div className={styles.card}>
              <dt>Ratings</dt>
              <dd>{stats.totalRatings}</dd>
            </div>
            <div className={styles.card}>
              <dt>Average rating</dt>
              <dd>{formatAverage(stats.averageRating)}</dd>
            </div>
          </dl>
          <h2 className={styles.subtitle}>Recent activity</h2>
          {stats.recentActivity.length === 0 ? (
            <p>No activity yet.</p>
          ) : (
            <ul className={styles.activity}>
              {stats.recentActivity.map((item) => (
                <li key={`${item.timestamp}-${item.description}`}>
                  <span>{item.description}</span>
                  <time dateTime={item.timestamp}>{new Date(item.timestamp).toLocaleString()}</time>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p>
        <Link to="/stores">Browse stores</Link>
      </p>
    </main>
  );
}
