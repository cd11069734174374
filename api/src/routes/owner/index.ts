/** GET /api/owner/dashboard: a store owner's stores with their figures, and the ratings they received. */
import { ownerDashboardQuerySchema, ownerDashboardResponseSchema } from 'shared-contracts';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { averageOf, toDistribution, toIsoString, toStore } from '../../http/dto';
import { offsetOf, pageInfo } from '../../http/lists';
import { DISTRIBUTION_COLUMNS, STORE_COLUMNS } from '../stores/queries';

export function registerOwnerRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.get(
    '/api/owner/dashboard',
    {
      onRequest: guards.withRole('store_owner'),
      schema: {
        tags: ['owner'],
        security: [{ bearerAuth: [] }],
        summary: "The owner's stores (average, count, distribution) and their ratings with each rater's name and email, newest first",
        querystring: ownerDashboardQuerySchema,
        response: { 200: ownerDashboardResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const ownerId = currentUser(request).id;
      const [stores, ratings] = await Promise.all([
        db
          .selectFrom('stores')
          .select([...STORE_COLUMNS, ...DISTRIBUTION_COLUMNS, 'stores.rating_sum'])
          .where('stores.owner_id', '=', ownerId)
          .orderBy(({ fn }) => fn('lower', ['stores.name']))
          .orderBy('stores.id')
          .execute(),
        db
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
          .where('stores.owner_id', '=', ownerId)
          .orderBy('ratings.created_at', 'desc')
          .orderBy('ratings.id', 'desc')
          .limit(limit)
          .offset(offsetOf({ page, limit }))
          .execute(),
      ]);
      const totalRatings = stores.reduce((n, s) => n + Number(s.rating_count), 0);
      const ratingSum = stores.reduce((n, s) => n + Number(s.rating_sum), 0);
      return {
        summary: { totalStores: stores.length, totalRatings, averageRating: averageOf(ratingSum, totalRatings) },
        stores: stores.map((s) => ({ ...toStore(s), rating_distribution: toDistribution(s) })),
        ratings: ratings.map((r) => ({
          ...r,
          rating: Number(r.rating),
          created_at: toIsoString(r.created_at),
          updated_at: toIsoString(r.updated_at),
        })),
        ...pageInfo({ page, limit }, totalRatings),
      };
    },
  );
}
