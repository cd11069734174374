/**
 * /user-dashboard: the customer's own figures, their recent ratings and stores recommended to them,
 * all from the API (DESIGN.md §10: no sample numbers, streaks or challenges).
 */
import { useId } from 'react';
import { Link, useAuth } from 'shared-contracts/react';
import { Spinner } from 'shared-contracts/ui';
import { FigureCards } from './components/FigureCards';
import { Recommendations } from './components/Recommendations';
import { RecentActivity } from './components/RecentActivity';
import styles from './CustomerDashboardPage.module.css';
import { useDashboard } from './hooks/useDashboard';
import { useRecommendations } from './hooks/useRecommendations';

export default function CustomerDashboardPage() {
  const { user } = useAuth();
  const dashboard = useDashboard();
  const recommendations = useRecommendations();
  const titleId = useId();
  const figuresId = useId();

  return (
    <main className={styles.page} aria-labelledby={titleId}>
      <header className={styles.header}>
        <div>
          <h1 id={titleId} className={styles.title}>
            {user ? `Welcome, ${user.name}` : 'Welcome'}
          </h1>
          <p className={styles.subtitle}>Your ratings at a glance, and stores you might like next.</p>
        </div>
        <nav className={styles.quickLinks} aria-label="Customer shortcuts">
          <Link to="/stores" className={styles.primaryButton}>
            Browse stores
          </Link>
          <Link to="/ratings" className={styles.secondaryButton}>
            My ratings
          </Link>
        </nav>
      </header>

      <section className={styles.figures} aria-labelledby={figuresId} aria-busy={dashboard.status === 'loading'}>
        <h2 id={figuresId} className={styles.srOnly}>
          Your figures
        </h2>
        {dashboard.status === 'loading' && <Spinner label="Loading your dashboard…" />}
        {dashboard.status === 'error' && (
          <div className={styles.error} role="alert">
            <p className={styles.errorText}>Your figures could not be loaded.</p>
            <button type="button" className={styles.primaryButton} onClick={dashboard.retry}>
              Try again
            </button>
          </div>
        )}
        {dashboard.status === 'ready' && dashboard.data && <FigureCards data={dashboard.data} />}
      </section>

      <div className={styles.columns}>
        {dashboard.status === 'ready' && dashboard.data && <RecentActivity items={dashboard.data.recentActivity} />}
        <Recommendations status={recommendations.status} stores={recommendations.stores} />
      </div>
    </main>
  );
}
