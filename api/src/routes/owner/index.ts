/**
 * GET /api/owner/dashboard: a store owner's stores with their figures (average, count, distribution and
 * the last 6 calendar months), and the ratings they received as a sortable, filterable, paged table.
 */
import { sql } from 'kysely';
import { MESSAGES } from 'shared-contracts';
import { OWNER_RATING_DEFAULT_SORT, ownerDashboardQuerySchema, ownerDashboardResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { averageOf, toDistribution, toIsoString, toReply, toStore } from '../../http/dto';
import { notFound } from '../../http/errors';
import { offsetOf, pageInfo } from '../../http/lists';
import { DISTRIBUTION_COLUMNS, STORE_COLUMNS, storesWithFigures } from '../stores/queries';
import { lastMonths } from './months';
import { ownerRatingsPage } from './owner-ratings';

/** How many calendar months the trend covers, the current one included. */
export const TREND_MONTHS = 6;

export function registerOwnerRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.get(
    '/api/owner/dashboard',
    {
      onRequest: guards.withRole('store_owner'),
      schema: {
        tags: ['owner'],
        security: [{ bearerAuth: [] }],
        summary:
          "The owner's stores (average, count, distribution, the last 6 months) and their ratings with each rater's name and email: " +
          "sortBy created_at|rating|user_name|store_name (default created_at), sortOrder (default desc), storeId (one of the caller's stores, else 404)",
        querystring: ownerDashboardQuerySchema,
        response: { 200: ownerDashboardResponseSchema },
      },
    },
    async (request) => {
      const { page, limit, storeId } = request.query;
      const sortBy = request.query.sortBy ?? OWNER_RATING_DEFAULT_SORT.sortBy;
      const sortOrder = request.query.sortOrder ?? OWNER_RATING_DEFAULT_SORT.sortOrder;
      const ownerId = currentUser(request).id;
      const months = lastMonths(new Date(), TREND_MONTHS);

      const stores = await storesWithFigures(db)
        .select([...STORE_COLUMNS, ...DISTRIBUTION_COLUMNS, 'store_figures.rating_sum'])
        .where('stores.owner_id', '=', ownerId)
        .orderBy(({ fn }) => fn('lower', ['stores.name']))
        .orderBy('stores.id')
        .execute();
      const ownedIds = stores.map((s) => s.id);
      const [trendRows, ratings] = await Promise.all([
        // The kept monthly figures of every store of the owner (migration 0003), not a scan of their ratings.
        ownedIds.length === 0
          ? []
          : db
              .selectFrom('store_months')
              .select(['store_id', sql<string>`to_char(month, 'YYYY-MM')`.as('month'), 'n', 'stars'])
              .where('store_id', 'in', ownedIds)
              .where('month', '>=', months.from)
              .where('month', '<', months.to)
              .execute(),
        ownerRatingsPage(db, storeId === undefined ? ownedIds : ownedIds.filter((id) => id === storeId), {
          sortBy,
          sortOrder,
          limit,
          offset: offsetOf({ page, limit }),
        }),
      ]);

      const filteredStore = storeId === undefined ? undefined : stores.find((s) => s.id === storeId);
      if (storeId !== undefined && !filteredStore) throw notFound(MESSAGES.storeNotFound);

      const trend = new Map<string, { count: number; sum: number }>();
      for (const row of trendRows) trend.set(`${row.store_id}/${row.month}`, { count: Number(row.n), sum: Number(row.stars) });
      const monthlyTrend = (id: number) =>
        months.keys.map((month) => {
          const cell = trend.get(`${id}/${month}`);
          return cell ? { month, count: cell.count, average: averageOf(cell.sum, cell.count) } : { month, count: 0, average: null };
        });

      const totalRatings = stores.reduce((n, s) => n + Number(s.rating_count), 0);
      const ratingSum = stores.reduce((n, s) => n + Number(s.rating_sum), 0);
      const total = filteredStore ? Number(filteredStore.rating_count) : totalRatings;
      return {
        summary: { totalStores: stores.length, totalRatings, averageRating: averageOf(ratingSum, totalRatings) },
        stores: stores.map((s) => ({ ...toStore(s), rating_distribution: toDistribution(s), monthly_trend: monthlyTrend(s.id) })),
        ratings: ratings.map(({ reply_body, reply_created_at, reply_updated_at, ...r }) => ({
          ...r,
          rating: Number(r.rating),
          created_at: toIsoString(r.created_at),
          updated_at: toIsoString(r.updated_at),
          reply: toReply({ reply_body, reply_created_at, reply_updated_at }, r.store_name),
        })),
        ...pageInfo({ page, limit }, total),
      };
    },
  );
}
