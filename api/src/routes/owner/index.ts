/**
 * GET /api/owner/dashboard: a store owner's stores with their figures (average, count, distribution and
 * the last 6 calendar months), and the ratings they received as a sortable, filterable, paged table.
 */
import { type RawBuilder, sql } from 'kysely';
import { MESSAGES, type OwnerRatingSortField } from 'shared-contracts';
import { OWNER_RATING_DEFAULT_SORT, ownerDashboardQuerySchema, ownerDashboardResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { averageOf, toDistribution, toIsoString, toStore } from '../../http/dto';
import { notFound } from '../../http/errors';
import { offsetOf, pageInfo } from '../../http/lists';
import { DISTRIBUTION_COLUMNS, STORE_COLUMNS } from '../stores/queries';
import { lastMonths } from './months';

/** How many calendar months the trend covers, the current one included. */
export const TREND_MONTHS = 6;

/** The UTC calendar month of a rating, as 'YYYY-MM'. */
const RATING_MONTH = sql<string>`to_char(date_trunc('month', ratings.created_at at time zone 'UTC'), 'YYYY-MM')`;

/** Sort expressions of the ratings table; text is compared case-insensitively, as in every other list. */
const RATING_SORT_KEYS: Record<OwnerRatingSortField, RawBuilder<unknown>> = {
  created_at: sql`ratings.created_at`,
  rating: sql`ratings.rating`,
  user_name: sql`lower(users.name) collate "C"`,
  store_name: sql`lower(stores.name) collate "C"`,
};

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
          'sortBy created_at|rating|user_name|store_name (default created_at), sortOrder (default desc), storeId (one of the caller\'s stores, else 404)',
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

      let ratingsQuery = db
        .selectFrom('ratings')
        .innerJoin('stores', 'stores.id', 'ratings.store_id')
        .innerJoin('users', 'users.id', 'ratings.user_id')
        .select([
          'ratings.id',
          'ratings.store_id',
          'stores.name as store_name',
          'ratings.rating',
          'ratings.comment',
          'users.name as user_name',
          'users.email as user_email',
          'ratings.created_at',
          'ratings.updated_at',
        ])
        .where('stores.owner_id', '=', ownerId);
      if (storeId !== undefined) ratingsQuery = ratingsQuery.where('ratings.store_id', '=', storeId);

      const [stores, trendRows, ratings] = await Promise.all([
        db
          .selectFrom('stores')
          .select([...STORE_COLUMNS, ...DISTRIBUTION_COLUMNS, 'stores.rating_sum'])
          .where('stores.owner_id', '=', ownerId)
          .orderBy(({ fn }) => fn('lower', ['stores.name']))
          .orderBy('stores.id')
          .execute(),
        // One grouped query for every store of the owner: count and sum per store and UTC calendar month.
        db
          .selectFrom('ratings')
          .innerJoin('stores', 'stores.id', 'ratings.store_id')
          .select([
            'ratings.store_id',
            RATING_MONTH.as('month'),
            (eb) => eb.fn.countAll<number | string>().as('count'),
            (eb) => eb.fn.sum<number | string>('ratings.rating').as('sum'),
          ])
          .where('stores.owner_id', '=', ownerId)
          .where('ratings.created_at', '>=', months.from)
          .where('ratings.created_at', '<', months.to)
          .groupBy(['ratings.store_id', RATING_MONTH])
          .execute(),
        ratingsQuery
          .orderBy(RATING_SORT_KEYS[sortBy], sortOrder)
          .orderBy('ratings.id', sortOrder)
          .limit(limit)
          .offset(offsetOf({ page, limit }))
          .execute(),
      ]);

      const filteredStore = storeId === undefined ? undefined : stores.find((s) => s.id === storeId);
      if (storeId !== undefined && !filteredStore) throw notFound(MESSAGES.storeNotFound);

      const trend = new Map<string, { count: number; sum: number }>();
      for (const row of trendRows) trend.set(`${row.store_id}/${row.month}`, { count: Number(row.count), sum: Number(row.sum) });
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
        ratings: ratings.map((r) => ({
          ...r,
          rating: Number(r.rating),
          created_at: toIsoString(r.created_at),
          updated_at: toIsoString(r.updated_at),
        })),
        ...pageInfo({ page, limit }, total),
      };
    },
  );
}
