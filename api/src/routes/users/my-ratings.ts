/**
 * GET /api/users/ratings: the caller's own ratings (any role), each with the store it is about and
 * that store's current average and the store owner's reply, its helpful votes, and whether an admin hid
 * it (its author still sees it, marked); newest first by default, sortable and paginated.
 */
import { sql } from 'kysely';
import { myRatingsQuerySchema, myRatingsResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { toIsoString, toReply } from '../../http/dto';
import { offsetOf, pageInfo } from '../../http/lists';

/** Sort expressions; ties are broken by the rating id in the same direction. */
const MY_RATINGS_SORT_KEYS = {
  created_at: sql`ratings.created_at`,
  rating: sql`ratings.rating`,
  store_name: sql`lower(stores.name) collate "C"`,
} as const;

export function registerMyRatingsRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.get(
    '/api/users/ratings',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary: "The caller's own ratings with their stores, newest first by default",
        querystring: myRatingsQuerySchema,
        response: { 200: myRatingsResponseSchema },
      },
    },
    async (request) => {
      const { page, limit, sortBy, sortOrder } = request.query;
      const me = currentUser(request).id;
      // The unique (user_id, store_id) index serves the filter.
      const mine = db.selectFrom('ratings').where('ratings.user_id', '=', me);
      const [rows, count] = await Promise.all([
        mine
          .innerJoin('stores', 'stores.id', 'ratings.store_id')
          .innerJoin('store_figures', 'store_figures.store_id', 'ratings.store_id')
          .leftJoin('rating_replies', 'rating_replies.rating_id', 'ratings.id')
          .select([
            'ratings.id',
            'ratings.store_id',
            'stores.name as store_name',
            'stores.address as store_address',
            'store_figures.average_rating as store_average_rating',
            'ratings.rating',
            'ratings.comment',
            'ratings.created_at',
            'ratings.updated_at',
            'ratings.hidden_at',
            'ratings.helpful_count',
            'rating_replies.body as reply_body',
            'rating_replies.created_at as reply_created_at',
            'rating_replies.updated_at as reply_updated_at',
          ])
          .orderBy(MY_RATINGS_SORT_KEYS[sortBy], sortOrder)
          .orderBy('ratings.id', sortOrder)
          .limit(limit)
          .offset(offsetOf({ page, limit }))
          .execute(),
        mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        ratings: rows.map((r) => ({
          id: r.id,
          store_id: r.store_id,
          store_name: r.store_name,
          store_address: r.store_address,
          store_average_rating: Number(r.store_average_rating),
          rating: Number(r.rating),
          comment: r.comment,
          created_at: toIsoString(r.created_at),
          updated_at: toIsoString(r.updated_at),
          reply: toReply(r, r.store_name),
          hidden: r.hidden_at !== null,
          helpful_count: Number(r.helpful_count),
        })),
        ...pageInfo({ page, limit }, Number(count.total)),
      };
    },
  );
}
