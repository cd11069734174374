/** GET /api/admin/dashboard: system statistics with real growth, analytics and health from real checks. */
import { type Kysely, sql } from 'kysely';
import { type HealthStatus } from 'shared-contracts';
import { adminDashboardResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import type { DB } from '../../db/schema';
import { toDistribution } from '../../http/dto';
import { systemActivity } from '../activity';

const GROWTH_WINDOW = sql`now() - interval '30 days'`;
const TOP_STORES = 5;

/** Percent change of a total over the last 30 days, 1 decimal: new / (total before the window). */
export function growthPercent(total: number, newInWindow: number): number {
  const before = total - newInWindow;
  if (before <= 0) return newInWindow > 0 ? 100 : 0;
  return Math.round((newInWindow / before) * 1000) / 10;
}

async function countWithRecent(db: Kysely<DB>, table: 'users' | 'stores' | 'ratings') {
  const row = await db
    .selectFrom(table)
    .select([sql<number>`count(*)`.as('total'), sql<number>`count(*) filter (where created_at >= ${GROWTH_WINDOW})`.as('recent')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recent: Number(row.recent) };
}

async function systemHealth(db: Kysely<DB>, ratingCount: number, storeRatingCount: number) {
  const [admins, orphanStores] = await Promise.all([
    db.selectFrom('users').select(sql<number>`count(*)`.as('n')).where('role', '=', 'system_admin').executeTakeFirstOrThrow(),
    db
      .selectFrom('stores')
      .innerJoin('users', 'users.id', 'stores.owner_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('users.role', '<>', 'store_owner')
      .executeTakeFirstOrThrow(),
  ]);
  const adminCount = Number(admins.n);
  const misowned = Number(orphanStores.n);
  const user_health: HealthStatus =
    adminCount > 0
      ? { status: 'healthy', detail: `${adminCount} system administrator${adminCount === 1 ? '' : 's'}` }
      : { status: 'warning', detail: 'No system administrator' };
  const store_health: HealthStatus =
    misowned === 0
      ? { status: 'healthy', detail: 'Every store belongs to a store owner' }
      : { status: 'warning', detail: `${misowned} store${misowned === 1 ? '' : 's'} owned by an account that is not a store owner` };
  const rating_health: HealthStatus =
    ratingCount === storeRatingCount
      ? { status: 'healthy', detail: `Store figures match all ${ratingCount} ratings` }
      : { status: 'warning', detail: `Store figures count ${storeRatingCount} ratings, the ratings table holds ${ratingCount}` };
  return { user_health, store_health, rating_health };
}

export function registerAdminDashboardRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.get(
    '/api/admin/dashboard',
    {
      onRequest: guards.withRole('system_admin'),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'System statistics, growth over the last 30 days, analytics, health and recent activity',
        response: { 200: adminDashboardResponseSchema },
      },
    },
    async () => {
      const [users, stores, ratings, totals, topStores, recentActivity] = await Promise.all([
        countWithRecent(db, 'users'),
        countWithRecent(db, 'stores'),
        countWithRecent(db, 'ratings'),
        db
          .selectFrom('stores')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>('rating_count'), sql<number>`0`).as('rating_count'),
            eb.fn.coalesce(eb.fn.sum<number>('rating_1'), sql<number>`0`).as('rating_1'),
            eb.fn.coalesce(eb.fn.sum<number>('rating_2'), sql<number>`0`).as('rating_2'),
            eb.fn.coalesce(eb.fn.sum<number>('rating_3'), sql<number>`0`).as('rating_3'),
            eb.fn.coalesce(eb.fn.sum<number>('rating_4'), sql<number>`0`).as('rating_4'),
            eb.fn.coalesce(eb.fn.sum<number>('rating_5'), sql<number>`0`).as('rating_5'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('stores')
          .select(['id', 'name', 'average_rating', 'rating_count'])
          .where('rating_count', '>', 0)
          .orderBy('average_rating', 'desc')
          .orderBy('rating_count', 'desc')
          .orderBy('id', 'asc')
          .limit(TOP_STORES)
          .execute(),
        systemActivity(db),
      ]);
      return {
        statistics: {
          totalUsers: users.total,
          totalStores: stores.total,
          totalRatings: ratings.total,
          userGrowth: growthPercent(users.total, users.recent),
          storeGrowth: growthPercent(stores.total, stores.recent),
          ratingGrowth: growthPercent(ratings.total, ratings.recent),
        },
        analytics: {
          ratingDistribution: toDistribution(totals),
          topStores: topStores.map((s) => ({
            id: s.id,
            name: s.name,
            average_rating: Number(s.average_rating),
            total_ratings: Number(s.rating_count),
          })),
          systemHealth: await systemHealth(db, ratings.total, Number(totals.rating_count)),
        },
        recentActivity,
      };
    },
  );
}
