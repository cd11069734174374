/**
 * GET /api/users/dashboard: the figures of the caller's role (admin: system, owner: own stores, customer: own ratings).
 * GET /api/users/ratings, the caller's own ratings, lives in my-ratings.ts.
 */
import { MESSAGES } from 'shared-contracts';
import { userDashboardResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { countRows, readRowCounts } from '../../db/row-counts';
import { averageOf } from '../../http/dto';
import { notFound } from '../../http/errors';
import { customerActivity, ownerActivity, systemActivity } from '../activity';
import { storesWithFigures } from '../stores/queries';
import { registerMyRatingsRoutes } from './my-ratings';

export function registerUserRoutes(app: ZodApp, context: AppContext): void {
  const { db, guards } = context;
  app.get(
    '/api/users/dashboard',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary: "Dashboard figures for the caller's role",
        response: { 200: userDashboardResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.role === 'system_admin') {
        const [counts, recentActivity] = await Promise.all([readRowCounts(db, request.log), systemActivity(db)]);
        return {
          totalUsers: counts.users.total,
          totalStores: counts.stores.total,
          totalRatings: counts.ratings.total,
          averageRating: averageOf(counts.ratings.sum, counts.ratings.total),
          recentActivity,
        };
      }
      if (me.role === 'store_owner') {
        const [stores, recentActivity] = await Promise.all([
          storesWithFigures(db)
            .where('stores.owner_id', '=', me.id)
            .select((eb) => [
              eb.fn.countAll<number>().as('n'),
              eb.fn.sum<number>('store_figures.rating_count').as('ratings'),
              eb.fn.sum<number>('store_figures.rating_sum').as('sum'),
            ])
            .executeTakeFirstOrThrow(),
          ownerActivity(db, me.id),
        ]);
        return {
          totalStores: Number(stores.n),
          totalRatings: Number(stores.ratings ?? 0),
          averageRating: averageOf(stores.sum, stores.ratings),
          recentActivity,
        };
      }
      if (me.role === 'normal_user') {
        const [mine, totalStores, recentActivity] = await Promise.all([
          db
            .selectFrom('ratings')
            .where('user_id', '=', me.id)
            .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('rating').as('sum')])
            .executeTakeFirstOrThrow(),
          countRows(db, 'stores'),
          customerActivity(db, me.id),
        ]);
        return {
          totalRatings: Number(mine.n),
          averageRating: averageOf(mine.sum, mine.n),
          totalStores,
          recentActivity,
        };
      }
      throw notFound(MESSAGES.userNotFound);
    },
  );

  registerMyRatingsRoutes(app, context);
}
