/**
 * /admin/analytics: the admin dashboard payload's rating distribution and top stores, drawn as
 * accessible inline SVG charts, with the headline figures above them.
 */
import { useId } from 'react';
import { Link } from 'shared-contracts/react';
import type { AdminDashboardResponse } from 'shared-contracts';
import { distributionAverage, distributionTotal } from '../common/analytics';
import { AdminOnly } from '../common/components/AdminOnly';
import { Spinner } from 'shared-contracts/ui';
import { EmptyPanel, ErrorPanel } from '../common/components/StatusPanels';
import { averageText, formatCount } from '../common/format';
import { useAdminDashboard } from '../common/hooks/useAdminDashboard';
import buttons from '../common/styles/Buttons.module.css';
import page from '../common/styles/Page.module.css';
import styles from './AdminAnalyticsPage.module.css';
import { RatingDistributionChart } from './components/RatingDistributionChart';
import { TopStoresChart } from './components/TopStoresChart';

export default function AdminAnalyticsPage() {
  return (
    <AdminOnly>
      <Analytics />
    </AdminOnly>
  );
}

function Analytics() {
  const titleId = useId();
  const { status, data, reload } = useAdminDashboard();
  return (
    <main className={page.page} aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <header className={page.header}>
        <div>
          <h1 id={titleId} className={page.title}>
            Analytics
          </h1>
          <p className={page.subtitle}>How customers rate the stores, and which stores they rate best.</p>
        </div>
      </header>
      {status === 'loading' && !data && <Spinner size="sm" label="Loading analytics…" />}
      {status === 'error' && <ErrorPanel text="The analytics could not be loaded." onRetry={reload} />}
      {status !== 'error' && data && <AnalyticsContent data={data} />}
    </main>
  );
}

function AnalyticsContent({ data }: { data: AdminDashboardResponse }) {
  const { ratingDistribution, topStores } = data.analytics;
  const total = distributionTotal(ratingDistribution);
  const average = distributionAverage(ratingDistribution);

  if (total === 0) {
    return (
      <EmptyPanel icon="📊" title="No ratings yet" text="The charts appear once customers have rated stores.">
        <Link to="/admin/stores" className={`${buttons.button} ${buttons.secondary}`}>
          Manage Stores
        </Link>
      </EmptyPanel>
    );
  }

  return (
    <>
      <section aria-labelledby="analytics-figures-title">
        <h2 id="analytics-figures-title" className={page.srOnly}>
          Headline figures
        </h2>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Ratings</dt>
            <dd>{formatCount(total)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Average rating</dt>
            <dd>{averageText(average)} / 5</dd>
          </div>
          <div className={styles.figure}>
            <dt>Stores</dt>
            <dd>{formatCount(data.statistics.totalStores)}</dd>
          </div>
        </dl>
      </section>

      <div className={`${styles.charts} ${page.section}`}>
        <section className={page.panel} aria-labelledby="analytics-distribution-title">
          <h2 id="analytics-distribution-title" className={page.sectionTitle}>
            Rating distribution
          </h2>
          <RatingDistributionChart distribution={ratingDistribution} />
          <p className={styles.note}>Every rating ever given, by number of stars.</p>
        </section>
        <section className={page.panel} aria-labelledby="analytics-top-title">
          <h2 id="analytics-top-title" className={page.sectionTitle}>
            Top rated stores
          </h2>
          {topStores.length > 0 ? (
            <>
              <TopStoresChart stores={topStores} />
              <p className={styles.note}>Highest average first; more ratings break a tie.</p>
            </>
          ) : (
            <p className={styles.note}>No store has been rated yet.</p>
          )}
        </section>
      </div>
    </>
  );
}
