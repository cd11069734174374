/** The store list, a store's detail and its ratings, for any signed-in user. */
import { CITIES_LIMIT, MESSAGES } from 'shared-contracts';
import { sql } from 'kysely';
import {
  idParamsSchema,
  storeDetailResponseSchema,
  storeListQuerySchema,
  storeCitiesResponseSchema,
  storeListResponseSchema,
  storeRatingsQuerySchema,
  storeRatingsResponseSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { toDistribution, toIsoString, toReply, toStore } from '../../http/dto';
import { notFound } from '../../http/errors';
import { pageInfo } from '../../http/lists';
import { storeWithDistribution } from './queries';
import { storeListPage } from './store-list';
import { storeRatingsPage } from './store-ratings';

const tags = ['stores'];
const security = [{ bearerAuth: [] }];

export function registerStoreRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.get(
    '/api/stores',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary:
          "Stores, searched by name or address, filtered by category, minimum average and (unrated=true) not yet rated by the caller, sorted and paginated; each with the caller's own rating of it (my_rating)",
        querystring: storeListQuerySchema,
        response: { 200: storeListResponseSchema },
      },
    },
    async (request) => {
      const { unrated, ...list } = request.query;
      const me = currentUser(request).id;
      const { stores, total } = await storeListPage(db, { ...list, unratedBy: unrated ? me : undefined, caller: me });
      return {
        stores: stores.map((row) => ({ ...toStore(row), my_rating: row.my_rating === null ? null : Number(row.my_rating) })),
        ...pageInfo(list, total),
      };
    },
  );

  app.get(
    '/api/stores/cities',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: `The stores' cities with how many stores each has, the most stores first (at most ${CITIES_LIMIT})`,
        response: { 200: storeCitiesResponseSchema },
      },
    },
    async () => {
      // Grouped by the lower(city) index's expression; each city shown as most of its stores write it.
      const rows = await db
        .selectFrom('stores')
        .select([sql<string>`mode() within group (order by stores.city)`.as('city'), sql<number>`count(*)`.as('stores')])
        .where('stores.city', '<>', '')
        .groupBy(sql`lower(stores.city)`)
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`lower(stores.city)`)
        .limit(CITIES_LIMIT)
        .execute();
      return { cities: rows.map((r) => ({ city: r.city, stores: Number(r.stores) })) };
    },
  );

  app.get(
    '/api/stores/:id',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: 'One store with its 1-5 rating distribution',
        params: idParamsSchema,
        response: { 200: storeDetailResponseSchema },
      },
    },
    async (request) => {
      const row = await storeWithDistribution.executeTakeFirst(db, { storeId: request.params.id });
      if (!row) throw notFound(MESSAGES.storeNotFound);
      return { store: { ...toStore(row), rating_distribution: toDistribution(row) } };
    },
  );

  app.get(
    '/api/stores/:id/ratings',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary:
          "A store's visible ratings with their owner's replies and helpful votes (voted_helpful: the caller's), newest first unless sorted by date, stars or votes (sortBy created_at|rating|helpful, sortOrder), filtered to one star count (stars=1..5) and to those with a comment (withComment=true)",
        params: idParamsSchema,
        querystring: storeRatingsQuerySchema,
        response: { 200: storeRatingsResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      // One statement: the store (no row: no such store), how many of its ratings match, and the page.
      const found = await storeRatingsPage(db, request.params.id, currentUser(request).id, request.query);
      if (!found) throw notFound(MESSAGES.storeNotFound);
      return {
        ratings: found.ratings.map((r) => ({
          id: r.id,
          rating: Number(r.rating),
          comment: r.comment,
          user_name: r.user_name,
          created_at: toIsoString(r.created_at),
          updated_at: toIsoString(r.updated_at),
          reply: toReply(r, r.store_name),
          helpful_count: Number(r.helpful_count),
          voted_helpful: Boolean(r.voted_helpful),
        })),
        ...pageInfo({ page, limit }, found.total),
      };
    },
  );
}
