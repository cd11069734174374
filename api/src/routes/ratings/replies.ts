/**
 * A store owner's reply to a rating of their store: one per rating, written or changed with PUT, removed
 * with DELETE by the store's owner or an admin. Whose store it is decides, in the same statement as the
 * write: a rating of someone else's store (or none) is a 404, as for a rating that is not the caller's.
 */
import { sql } from 'kysely';
import { MESSAGES } from 'shared-contracts';
import { messageResponseSchema, ratingIdParamsSchema, replyRequestSchema, replyWriteResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import { toReply } from '../../http/dto';
import { isPgError, notFound, PG_FOREIGN_KEY_VIOLATION } from '../../http/errors';

const tags = ['ratings'];
const security = [{ bearerAuth: [] }];

interface WrittenReply {
  reply_body: string;
  reply_created_at: Date;
  reply_updated_at: Date;
  store_name: string;
  inserted: boolean;
}

export function registerReplyRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.put(
    '/api/ratings/:ratingId/reply',
    {
      onRequest: guards.withRole('store_owner'),
      schema: {
        tags,
        security,
        summary: "Reply to a rating of one's own store, or change the reply (201 when new); a rating of another store is a 404",
        params: ratingIdParamsSchema,
        body: replyRequestSchema,
        response: { 200: replyWriteResponseSchema, 201: replyWriteResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request).id;
      const { ratingId } = request.params;
      let row: WrittenReply | undefined;
      try {
        // xmax is 0 on a row version this statement inserted (not one it updated). A new reply notifies
        // the rating's author (notifications, migration 0013) in the same statement: never lost, never
        // sent for a write that failed.
        ({
          rows: [row],
        } = await sql<WrittenReply>`
          with target as (
            select r.id, r.user_id, r.store_id, s.name from ratings r join stores s on s.id = r.store_id
            where r.id = ${ratingId} and s.owner_id = ${me}
          ), written as (
            insert into rating_replies (rating_id, author_id, body)
            select id, ${me}::int, ${request.body.reply}::text from target
            on conflict (rating_id) do update set body = excluded.body, author_id = excluded.author_id, updated_at = now()
            returning body, created_at, updated_at, (xmax = 0) as inserted
          ), notified as (
            -- A new reply (not a changed one) tells the rating's author, in this same statement.
            insert into notifications (user_id, kind, store_id, rating_id)
            select target.user_id, 'reply', target.store_id, target.id from target cross join written
            where written.inserted and target.user_id <> ${me}
          )
          select written.body as reply_body, written.created_at as reply_created_at, written.updated_at as reply_updated_at,
                 written.inserted, target.name as store_name
          from written cross join target`.execute(db));
      } catch (error) {
        // The rating went (deleted meanwhile) between the check and the write.
        if (isPgError(error, PG_FOREIGN_KEY_VIOLATION)) throw notFound(MESSAGES.ratingNotFound);
        throw error;
      }
      if (!row) throw notFound(MESSAGES.ratingNotFound);
      reply.code(row.inserted ? 201 : 200);
      return { message: row.inserted ? MESSAGES.replyPosted : MESSAGES.replyUpdated, reply: toReply(row, row.store_name)! };
    },
  );

  app.delete(
    '/api/ratings/:ratingId/reply',
    {
      onRequest: guards.withRole('store_owner', 'system_admin'),
      schema: {
        tags,
        security,
        summary: "Delete a rating's reply: the store's owner, or an admin",
        params: ratingIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      let del = db.deleteFrom('rating_replies').where('rating_replies.rating_id', '=', request.params.ratingId);
      if (me.role !== 'system_admin') {
        del = del.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('ratings')
              .innerJoin('stores', 'stores.id', 'ratings.store_id')
              .select('ratings.id')
              .whereRef('ratings.id', '=', 'rating_replies.rating_id')
              .where('stores.owner_id', '=', me.id),
          ),
        );
      }
      const row = await del.returning('rating_replies.rating_id').executeTakeFirst();
      if (!row) throw notFound(MESSAGES.replyNotFound);
      return { message: MESSAGES.replyDeleted };
    },
  );
}
