/** The store list, a store's detail and its ratings, for any signed-in user. */
import { MESSAGES } from 'shared-contracts';
import {
  idParamsSchema,
  storeDetailResponseSchema,
  storeListQuerySchema,
  storeListResponseSchema,
  storeRatingsQuerySchema,
  storeRatingsResponseSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { toDistribution, toIsoString, toStore } from '../../http/dto';
import { notFound } from '../../http/errors';
import { offsetOf, pageInfo } from '../../http/lists';
import { storeRatingsPage, storeWithDistribution } from './queries';
import { storeListPage } from './store-list';

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
          'Stores, searched by name or address, filtered by category, minimum average and (unrated=true) not yet rated by the caller, sorted and paginated',
        querystring: storeListQuerySchema,
        response: { 200: storeListResponseSchema },
      },
    },
    async (request) => {
      const { unrated, ...list } = request.query;
      const { stores, total } = await storeListPage(db, { ...list, unratedBy: unrated ? currentUser(request).id : undefined });
      return { stores: stores.map(toStore), ...pageInfo(list, total) };
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
        summary: "A store's ratings, newest first",
        params: idParamsSchema,
        querystring: storeRatingsQuerySchema,
        response: { 200: storeRatingsResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      // One statement: the store (its kept count, or no row: no such store) and the page of its ratings.
      const rows = await storeRatingsPage.execute(db, { storeId: request.params.id, limit, offset: offsetOf({ page, limit }) });
      if (rows.length === 0) throw notFound(MESSAGES.storeNotFound);
      const ratings = rows.flatMap((r) => (r.id === null ? [] : [r]));
      return {
        ratings: ratings.map((r) => ({
          id: r.id!,
          rating: Number(r.rating),
          comment: r.comment,
          user_name: r.user_name!,
          created_at: toIsoString(r.created_at!),
          updated_at: toIsoString(r.updated_at!),
        })),
        // The maintained count: no COUNT over the store's ratings.
        ...pageInfo({ page, limit }, Number(rows[0].rating_count)),
      };
    },
  );
}
