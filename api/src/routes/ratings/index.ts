/** A user's own rating of a store: read, create-or-update, update, delete (DESIGN.md §7, rating rows). */
import type { Kysely } from 'kysely';
import { MESSAGES } from 'shared-contracts';
import {
  ownRatingResponseSchema,
  ratingDeleteResponseSchema,
  ratingIdParamsSchema,
  ratingRequestSchema,
  ratingWriteResponseSchema,
  storeIdParamsSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { compiledOnce } from '../../db/compiled-once';
import { NOW } from '../../db/now';
import type { DB } from '../../db/schema';
import { currentUser } from '../../auth/guards';
import { type RatingRow, toRating, toStoreStats } from '../../http/dto';
import { forbidden, isPgError, notFound, PG_FOREIGN_KEY_VIOLATION, unauthorized } from '../../http/errors';
import { inTransaction } from '../../db/transaction';
import { lockStoreOfRating, storeStatsRow } from '../stores/queries';
import { ratingWriter } from './rating-writes';

const tags = ['ratings'];
const security = [{ bearerAuth: [] }];
const RATING_COLUMNS = ['id', 'store_id', 'user_id', 'rating', 'comment', 'created_at', 'updated_at', 'hidden_at'] as const;

/** The user's rating of a store (null columns: not rated), or no row for no such store. Compiled once. */
const ownRatingOfStore = compiledOnce((db: Kysely<DB>, p: { storeId: number; userId: number }) =>
  db
    .selectFrom('stores')
    .leftJoin('ratings', (join) => join.onRef('ratings.store_id', '=', 'stores.id').on('ratings.user_id', '=', p.userId))
    .select(RATING_COLUMNS.map((column) => `ratings.${column}` as const))
    .where('stores.id', '=', p.storeId),
);

export function registerRatingRoutes(app: ZodApp, { db, guards }: AppContext): void {
  const writeRating = ratingWriter(db);

  app.get(
    '/api/ratings/user/:storeId',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: "The caller's rating of a store, or null",
        params: storeIdParamsSchema,
        response: { 200: ownRatingResponseSchema },
      },
    },
    async (request) => {
      const { storeId } = request.params;
      // One statement: no row, no such store; a row without a rating id, the caller has not rated it.
      const row = await ownRatingOfStore.executeTakeFirst(db, { storeId, userId: currentUser(request).id });
      if (!row) throw notFound(MESSAGES.storeNotFound);
      return { rating: row.id === null ? null : toRating(row as RatingRow) };
    },
  );

  app.post(
    '/api/ratings/:storeId',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: 'Rate a store: 201 for a new rating, 200 when it updates the caller’s existing one',
        params: storeIdParamsSchema,
        body: ratingRequestSchema,
        response: { 200: ratingWriteResponseSchema, 201: ratingWriteResponseSchema },
      },
    },
    async (request, reply) => {
      const { storeId } = request.params;
      const { rating, comment } = request.body;
      const me = currentUser(request);
      try {
        // One statement, batched with the writes around it (rating-writes.ts, which also runs it again
        // after a deadlock): no row when the store does not exist or is the caller's; only then do we look at why.
        const row = await writeRating({ userId: me.id, storeId, rating, comment: comment ?? null });
        if (!row) {
          const store = await db.selectFrom('stores').select('owner_id').where('id', '=', storeId).executeTakeFirst();
          throw store ? forbidden(MESSAGES.cannotRateOwnStore) : notFound(MESSAGES.storeNotFound);
        }
        reply.code(row.inserted ? 201 : 200);
        return {
          message: row.inserted ? MESSAGES.ratingSubmitted : MESSAGES.ratingUpdated,
          rating: toRating(row),
          storeStats: toStoreStats(row),
        };
      } catch (error) {
        // The store, or the caller's account, was deleted between the check and the write.
        if (isPgError(error, PG_FOREIGN_KEY_VIOLATION)) {
          const constraint = (error as { constraint?: string }).constraint ?? '';
          throw constraint.includes('user') ? unauthorized(MESSAGES.invalidToken) : notFound(MESSAGES.storeNotFound);
        }
        throw error;
      }
    },
  );

  app.put(
    '/api/ratings/:ratingId',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: "Change one's own rating (anyone else's is a 404; one of a store the caller now owns, a 403 as for POST)",
        params: ratingIdParamsSchema,
        body: ratingRequestSchema,
        response: { 200: ratingWriteResponseSchema },
      },
    },
    async (request) => {
      const { rating, comment } = request.body;
      const me = currentUser(request);
      const result = await inTransaction(db, async (trx) => {
        // The store row stays locked until the end, so its owner cannot change between the check and the write.
        await lockStoreOfRating(trx, request.params.ratingId);
        const row = await trx
          .updateTable('ratings')
          .set({ rating, comment: comment ?? null, updated_at: NOW })
          .where('id', '=', request.params.ratingId)
          .where('user_id', '=', me.id)
          // A store reassigned to the author after they rated it is their own now: no rating it, as POST says.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('stores')
                  .select('stores.id')
                  .whereRef('stores.id', '=', 'ratings.store_id')
                  .where('stores.owner_id', '=', me.id),
              ),
            ),
          )
          .returning(RATING_COLUMNS)
          .executeTakeFirst();
        if (!row) {
          const own = await trx
            .selectFrom('ratings')
            .select('id')
            .where('id', '=', request.params.ratingId)
            .where('user_id', '=', me.id)
            .executeTakeFirst();
          throw own ? forbidden(MESSAGES.cannotRateOwnStore) : notFound(MESSAGES.ratingNotFound);
        }
        return { row, stats: await storeStatsRow(trx, row.store_id) };
      });
      return { message: MESSAGES.ratingUpdated, rating: toRating(result.row), storeStats: toStoreStats(result.stats!) };
    },
  );

  app.delete(
    '/api/ratings/:ratingId',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        // The author may delete a rating of a store that has since become theirs: it only takes their own voice out.
        summary: 'Delete a rating: its author, or an admin',
        params: ratingIdParamsSchema,
        response: { 200: ratingDeleteResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const stats = await inTransaction(db, async (trx) => {
        await lockStoreOfRating(trx, request.params.ratingId);
        let del = trx.deleteFrom('ratings').where('id', '=', request.params.ratingId);
        if (me.role !== 'system_admin') del = del.where('user_id', '=', me.id);
        const row = await del.returning('store_id').executeTakeFirst();
        if (!row) throw notFound(MESSAGES.ratingNotFound);
        return storeStatsRow(trx, row.store_id);
      });
      return { message: MESSAGES.ratingDeleted, storeStats: toStoreStats(stats!) };
    },
  );
}
