/**
 * What any signed-in reader does about someone else's rating: report it (or its reply) to the
 * moderators, at most once per reader and target, with a reason from REPORT_REASONS; and mark it
 * helpful, or take that back. A hidden rating (moderation) is not there for anyone but its author: a 404.
 */
import { type Kysely, sql } from 'kysely';
import { MESSAGES } from 'shared-contracts';
import { helpfulVoteResponseSchema, ratingIdParamsSchema, reportRequestSchema, reportResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { conflict, forbidden, isPgError, notFound, PG_FOREIGN_KEY_VIOLATION } from '../../http/errors';
import { notifyReport } from '../../notifications/notify';

const tags = ['ratings'];
const security = [{ bearerAuth: [] }];

/** A visible rating, who wrote it, whose store it rates, and whether it has a reply; undefined when none. */
async function visibleRating(db: Kysely<DB>, ratingId: number) {
  const { rows } = await sql<{ user_id: number; owner_id: number; has_reply: boolean }>`
    select r.user_id, s.owner_id, exists (select 1 from rating_replies rr where rr.rating_id = r.id) as has_reply
    from ratings r join stores s on s.id = r.store_id
    where r.id = ${ratingId} and r.hidden_at is null`.execute(db);
  return rows[0];
}

export function registerReportAndVoteRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.post(
    '/api/ratings/:ratingId/reports',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary:
          "Report a rating (target 'rating', the default) or its owner's reply (target 'reply') to the moderators, with a reason; once per user and target (409 after); not one's own (403)",
        params: ratingIdParamsSchema,
        body: reportRequestSchema,
        response: { 201: reportResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request).id;
      const { ratingId } = request.params;
      const { target, reason } = request.body;
      try {
        await inTransaction(db, async (trx) => {
          const rating = await visibleRating(trx, ratingId);
          if (!rating) throw notFound(MESSAGES.ratingNotFound);
          if (target === 'reply' && !rating.has_reply) throw notFound(MESSAGES.replyNotFound);
          // The reply speaks for the store's owner, whoever of its owners typed it.
          if ((target === 'rating' ? rating.user_id : rating.owner_id) === me) throw forbidden(MESSAGES.cannotReportOwn);
          const taken = await trx
            .insertInto('rating_reports')
            .values({ rating_id: ratingId, reply_rating_id: target === 'reply' ? ratingId : null, target, reporter_id: me, reason })
            .onConflict((oc) => oc.columns(['rating_id', 'target', 'reporter_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!taken) throw conflict(MESSAGES.alreadyReported);
          await notifyReport(trx, { ratingId, target, reporterId: me });
        });
      } catch (error) {
        // The rating or its reply went between the check and the insert.
        if (isPgError(error, PG_FOREIGN_KEY_VIOLATION))
          throw notFound(target === 'reply' ? MESSAGES.replyNotFound : MESSAGES.ratingNotFound);
        throw error;
      }
      reply.code(201);
      return { message: MESSAGES.reportSent };
    },
  );

  /**
   * A vote given or taken back, then the rating's count as it stands after it: the trigger on
   * rating_votes has counted it by then (READ COMMITTED: the next statement sees it and every vote
   * committed meanwhile).
   */
  const vote = (ratingId: number, me: number, give: boolean) =>
    inTransaction(db, async (trx) => {
      const rating = await visibleRating(trx, ratingId);
      if (!rating) throw notFound(MESSAGES.ratingNotFound);
      if (rating.user_id === me) throw forbidden(MESSAGES.cannotVoteOwn);
      if (give) {
        await trx
          .insertInto('rating_votes')
          .values({ rating_id: ratingId, user_id: me })
          .onConflict((oc) => oc.doNothing())
          .execute();
      } else {
        await trx.deleteFrom('rating_votes').where('rating_id', '=', ratingId).where('user_id', '=', me).execute();
      }
      const counted = await trx.selectFrom('ratings').select('helpful_count').where('id', '=', ratingId).executeTakeFirst();
      if (!counted) throw notFound(MESSAGES.ratingNotFound);
      return {
        message: give ? MESSAGES.helpfulVoted : MESSAGES.helpfulRemoved,
        helpful_count: Number(counted.helpful_count),
        voted_helpful: give,
      };
    });

  for (const give of [true, false]) {
    app.route({
      method: give ? 'PUT' : 'DELETE',
      url: '/api/ratings/:ratingId/helpful',
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: give
          ? "Mark someone else's rating helpful (again: no change); answers its helpful count"
          : 'Take back one’s helpful vote on a rating (none: no change); answers its helpful count',
        params: ratingIdParamsSchema,
        response: { 200: helpfulVoteResponseSchema },
      },
      handler: async (request) => {
        try {
          return await vote(request.params.ratingId, currentUser(request).id, give);
        } catch (error) {
          // The rating was deleted between the check and the vote's insert.
          if (isPgError(error, PG_FOREIGN_KEY_VIOLATION)) throw notFound(MESSAGES.ratingNotFound);
          throw error;
        }
      },
    });
  }
}
