/**
 * /admin: real statistics with their growth over the last 30 days, performance figures derived from
 * them, cards linking to the admin screens, system health from the API's checks, and the five newest
 * activity items. Nothing here is a sample figure (DESIGN.md §10).
 */
import { type AdminDashboardResponse, averageText, ratingsCount, storesCount } from 'shared-contracts';
import { Card, ErrorState, LoadingBlock, Page } from 'shared-contracts/ui';
import { distributionAverage } from '../common/analytics';
import { AdminOnly } from '../common/components/AdminOnly';
import { Section } from '../common/components/Section';
import styles from './AdminDashboardPage.module.css';
import { useAdminDashboardQuery } from './api/dashboard';
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
  const dashboard = useAdminDashboardQuery();
  return (
    <Page title="Admin Dashboard" description="System statistics, health and the latest activity." busy={dashboard.isFetching}>
      {dashboard.isPending && <LoadingBlock label="Loading dashboard…" />}
      {dashboard.isError && (
        <ErrorState message="The dashboard could not be loaded." onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      )}
      {dashboard.isSuccess && <DashboardContent data={dashboard.data} />}
    </Page>
  );
}

function DashboardContent({ data }: { data: AdminDashboardResponse }) {
  const { statistics, analytics, recentActivity } = data;
  const average = distributionAverage(analytics.ratingDistribution);
  const perStore = statistics.totalStores > 0 ? statistics.totalRatings / statistics.totalStores : null;
  const topStore = analytics.topStores[0];
  return (
    <>
      <Section title="Statistics">
        <div className={styles.stats}>
          <StatCard
            label="Total Users"
            icon="users"
            value={statistics.totalUsers}
            growth={statistics.userGrowth}
            growthLabel="User Growth"
            accent="var(--color-primary)"
          />
          <StatCard
            label="Total Stores"
            icon="store"
            value={statistics.totalStores}
            growth={statistics.storeGrowth}
            growthLabel="Store Growth"
            accent="var(--color-band-good)"
          />
          <StatCard
            label="Total Ratings"
            icon="star"
            value={statistics.totalRatings}
            growth={statistics.ratingGrowth}
            growthLabel="Rating Growth"
            accent="var(--color-star)"
          />
        </div>
      </Section>

      <Section title="Performance metrics">
        <dl className={styles.metrics}>
          <div className={styles.metric}>
            <dt>Average rating</dt>
            <dd>
              {average === null ? '—' : averageText(average)}
              <span className={styles.metricNote}>
                {average === null ? 'No ratings yet' : `over ${ratingsCount(statistics.totalRatings)}`}
              </span>
            </dd>
          </div>
          <div className={styles.metric}>
            <dt>Ratings per store</dt>
            <dd>
              {perStore === null ? '—' : perStore.toFixed(1)}
              <span className={styles.metricNote}>{`across ${storesCount(statistics.totalStores)}`}</span>
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
      </Section>

      <Section title="Administration">
        <AdminLinks />
      </Section>

      <div className={styles.columns}>
        <Card title="System health">
          <HealthPanel health={analytics.systemHealth} />
        </Card>
        <Card title="Recent activity">
          <ActivityList items={recentActivity} />
        </Card>
      </div>
    </>
  );
}
