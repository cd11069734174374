/**
 * /user-dashboard: the customer's own figures, their recent ratings and stores recommended to them,
 * all from the API (DESIGN.md §10: no sample numbers, streaks or challenges).
 */
import { useId } from 'react';
import { Link, useAuth } from 'shared-contracts/react';
import { buttonClassName, ErrorState, LoadingBlock, Page, VisuallyHidden } from 'shared-contracts/ui';
import { useDashboardQuery } from './api/dashboard';
import { FigureCards } from './components/FigureCards';
import { Recommendations } from './components/Recommendations';
import { RecentActivity } from './components/RecentActivity';
import styles from './CustomerDashboardPage.module.css';

export default function CustomerDashboardPage() {
  const { user } = useAuth();
  const dashboard = useDashboardQuery();
  const figuresId = useId();

  return (
    <Page
      title={user ? `Welcome, ${user.name}` : 'Welcome'}
      description="Your ratings at a glance, and stores you might like next."
      actions={
        <nav className={styles.quickLinks} aria-label="Customer shortcuts">
          <Link to="/stores" className={buttonClassName()}>
            Browse stores
          </Link>
          <Link to="/ratings" className={buttonClassName({ variant: 'secondary' })}>
            My ratings
          </Link>
        </nav>
      }
    >
      <section className={styles.figures} aria-labelledby={figuresId} aria-busy={dashboard.isPending}>
        <h2 id={figuresId} className={styles.figuresHeading}>
          <VisuallyHidden>Your figures</VisuallyHidden>
        </h2>
        {dashboard.isPending && <LoadingBlock label="Loading your dashboard…" />}
        {dashboard.isError && (
          <ErrorState
            message="Your figures could not be loaded."
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        )}
        {dashboard.isSuccess && <FigureCards data={dashboard.data} />}
      </section>

      <div className={styles.columns}>
        {dashboard.isSuccess && <RecentActivity items={dashboard.data.recentActivity} />}
        <Recommendations />
      </div>
    </Page>
  );
}
