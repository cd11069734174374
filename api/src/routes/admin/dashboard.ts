/** GET /api/admin/dashboard: system statistics with real growth, analytics and health from real checks. */
import { sql } from 'kysely';
import { adminDashboardResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { readRowCounts } from '../../db/row-counts';
import { systemActivity } from '../activity';
import { createSystemHealth } from './integrity';

const TOP_STORES = 5;

/** Percent change of a total over the last 30 days, 1 decimal: new / (total before the window). */
export function growthPercent(total: number, newInWindow: number): number {
  const before = total - newInWindow;
  if (before <= 0) return newInWindow > 0 ? 100 : 0;
  return Math.round((newInWindow / before) * 1000) / 10;
}

export function registerAdminDashboardRoutes(app: ZodApp, { db, guards, integrityCheckMaxAgeMs }: AppContext): void {
  const systemHealth = createSystemHealth(db, integrityCheckMaxAgeMs);
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
    async (request) => {
      // Totals, growth and the distribution from the kept row counts; top stores from the rating index.
      const [counts, topStores, recentActivity, health] = await Promise.all([
        readRowCounts(db, request.log),
        db
          .selectFrom('store_figures')
          .innerJoin('stores', 'stores.id', 'store_figures.store_id')
          .select(['stores.id', 'stores.name', 'store_figures.average_rating', 'store_figures.rating_count'])
          // Literals, so the plan (store_figures_top_rated_idx, which holds rated stores only) is made once (db/prepared-statements.ts).
          .where('store_figures.rating_count', '>', sql.lit(0))
          .orderBy('store_figures.average_rating', 'desc')
          .orderBy('store_figures.rating_count', 'desc')
          .orderBy('store_figures.store_id', 'asc')
          .limit(sql.lit(TOP_STORES))
          .execute(),
        systemActivity(db),
        systemHealth(),
      ]);
      const { users, stores, ratings } = counts;
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
          ratingDistribution: {
            '1': ratings.stars[1],
            '2': ratings.stars[2],
            '3': ratings.stars[3],
            '4': ratings.stars[4],
            '5': ratings.stars[5],
          },
          topStores: topStores.map((s) => ({
            id: s.id,
            name: s.name,
            average_rating: Number(s.average_rating),
            total_ratings: Number(s.rating_count),
          })),
          systemHealth: health,
        },
        recentActivity,
      };
    },
  );
}
