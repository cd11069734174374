/**
 * /admin: real statistics with their growth over the last 30 days, performance figures derived from
 * them, cards linking to the admin screens, system health from the API's checks, and the five newest
 * activity items. Nothing here is a sample figure (DESIGN.md §10).
 */
import { useId } from 'react';
import type { AdminDashboardResponse } from 'shared-contracts';
import { distributionAverage } from '../common/analytics';
import { AdminOnly } from '../common/components/AdminOnly';
import { Spinner } from 'shared-contracts/ui';
import { ErrorPanel } from '../common/components/StatusPanels';
import { averageText, formatCount, ratingsCount } from '../common/format';
import { useAdminDashboard } from '../common/hooks/useAdminDashboard';
import page from '../common/styles/Page.module.css';
import styles from './AdminDashboardPage.module.css';
import { ActivityList } from './components/ActivityList';
import { AdminLinks } from './components/AdminLinks';
import { HealthPanel } from './components/HealthPanel';
import { StatCard } from './components/StatCard';

export default function AdminDashboardPage() {
  return (
    <AdminOnly>
      <Dashboard />
    </AdminOnly>
  );
}

function Dashboard() {
  const titleId = useId();
  const { status, data, reload } = useAdminDashboard();
  return (
    <main className={page.page} aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <header className={page.header}>
        <div>
          <h1 id={titleId} className={page.title}>
            Admin Dashboard
          </h1>
          <p className={page.subtitle}>System statistics, health and the latest activity.</p>
        </div>
      </header>
      {status === 'loading' && !data && <Spinner size="sm" label="Loading dashboard…" />}
      {status === 'error' && <ErrorPanel text="The dashboard could not be loaded." onRetry={reload} />}
      {status !== 'error' && data && <DashboardContent data={data} />}
    </main>
  );
}

function DashboardContent({ data }: { data: AdminDashboardResponse }) {
  const { statistics, analytics, recentActivity } = data;
  const average = distributionAverage(analytics.ratingDistribution);
  const perStore = statistics.totalStores > 0 ? statistics.totalRatings / statistics.totalStores : null;
  const topStore = analytics.topStores[0];
  return (
    <>
      <section className={page.section} aria-labelledby="admin-stats-title">
        <h2 id="admin-stats-title" className={page.sectionTitle}>
          Statistics
        </h2>
        <div className={styles.stats}>
          <StatCard
            label="Total Users"
            icon="👥"
            value={statistics.totalUsers}
            growth={statistics.userGrowth}
            growthLabel="User Growth"
            accent="var(--color-primary)"
          />
          <StatCard
            label="Total Stores"
            icon="🏬"
            value={statistics.totalStores}
            growth={statistics.storeGrowth}
            growthLabel="Store Growth"
            accent="var(--color-band-good)"
          />
          <StatCard
            label="Total Ratings"
            icon="⭐"
            value={statistics.totalRatings}
            growth={statistics.ratingGrowth}
            growthLabel="Rating Growth"
            accent="var(--color-star)"
          />
        </div>
      </section>

      <section className={page.section} aria-labelledby="admin-metrics-title">
        <h2 id="admin-metrics-title" className={page.sectionTitle}>
          Performance metrics
        </h2>
        <dl className={styles.metrics}>
          <div className={styles.metric}>
            <dt>Average rating</dt>
            <dd>
              {average === null ? '—' : averageText(average)}
              <span className={styles.metricNote}>{average === null ? 'No ratings yet' : `over ${ratingsCount(statistics.totalRatings)}`}</span>
            </dd>
          </div>
          <div className={styles.metric}>
            <dt>Ratings per store</dt>
            <dd>
              {perStore === null ? '—' : perStore.toFixed(1)}
              <span className={styles.metricNote}>{`across ${formatCount(statistics.totalStores)} ${statistics.totalStores === 1 ? 'store' : 'stores'}`}</span>
            </dd>
          </div>
          <div className={styles.metric}>
            <dt>Best rated store</dt>
            <dd className={styles.metricName}>
              {topStore ? topStore.name : '—'}
              <span className={styles.metricNote}>
                {topStore ? `${averageText(topStore.average_rating)} from ${ratingsCount(topStore.total_ratings)}` : 'No rated stores yet'}
              </span>
            </dd>
          </div>
        </dl>
      </section>

      <section className={page.section} aria-labelledby="admin-tools-title">
        <h2 id="admin-tools-title" className={page.sectionTitle}>
          Administration
        </h2>
        <AdminLinks />
      </section>

      <div className={`${styles.columns} ${page.section}`}>
        <section className={page.panel} aria-labelledby="admin-health-title">
          <h2 id="admin-health-title" className={page.sectionTitle}>
            System health
          </h2>
          <HealthPanel health={analytics.systemHealth} />
        </section>
        <section className={page.panel} aria-labelledby="admin-activity-title">
          <h2 id="admin-activity-title" className={page.sectionTitle}>
            Recent activity
          </h2>
          <ActivityList items={recentActivity} />
        </section>
      </div>
    </>
  );
}
