/**
 * /admin/analytics: the admin dashboard payload's rating distribution and top stores, drawn as
 * accessible inline SVG charts, with the headline figures above them.
 */
import { type AdminDashboardResponse, averageText, formatCount } from 'shared-contracts';
import { Card, EmptyState, ErrorState, LoadingBlock, Page, VisuallyHidden } from 'shared-contracts/ui';
import { distributionAverage, distributionTotal } from '../common/analytics';
import { AdminOnly } from '../common/components/AdminOnly';
import { ButtonLink } from '../common/components/ButtonLink';
import { useAdminDashboardQuery } from '../dashboard/api/dashboard';
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
  const dashboard = useAdminDashboardQuery();
  return (
    <Page title="Analytics" description="How customers rate the stores, and which stores they rate best." busy={dashboard.isFetching}>
      {dashboard.isPending && <LoadingBlock label="Loading analytics…" />}
      {dashboard.isError && (
        <ErrorState message="The analytics could not be loaded." onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      )}
      {dashboard.isSuccess && <AnalyticsContent data={dashboard.data} />}
    </Page>
  );
}

function AnalyticsContent({ data }: { data: AdminDashboardResponse }) {
  const { ratingDistribution, topStores } = data.analytics;
  const total = distributionTotal(ratingDistribution);
  const average = distributionAverage(ratingDistribution);

  if (total === 0) {
    return (
      <EmptyState
        icon="chart"
        title="No ratings yet"
        text="The charts appear once customers have rated stores."
        action={<ButtonLink to="/admin/stores">Manage Stores</ButtonLink>}
      />
    );
  }

  return (
    <>
      <section aria-labelledby="analytics-figures-title">
        <VisuallyHidden id="analytics-figures-title" role="heading" aria-level={2}>
          Headline figures
        </VisuallyHidden>
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

      <div className={styles.charts}>
        <Card title="Rating distribution">
          <RatingDistributionChart distribution={ratingDistribution} />
          <p className={styles.note}>Every rating ever given, by number of stars.</p>
        </Card>
        <Card title="Top rated stores">
          {topStores.length > 0 ? (
            <>
              <TopStoresChart stores={topStores} />
              <p className={styles.note}>Highest average first; more ratings break a tie.</p>
            </>
          ) : (
            <p className={styles.note}>No store has been rated yet.</p>
          )}
        </Card>
      </div>
    </>
  );
}
