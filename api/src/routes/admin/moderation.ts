/**
 * The moderation queue (admins): every reported rating or reply with its reports counted by reason,
 * open ones oldest first (or those acted on, the latest first), and what an admin does about one:
 * hide a rating (it leaves the store's figures and every list but its author's; its open reports, and
 * its reply's, are resolved 'hidden'), restore it, or dismiss the open reports of a rating or reply.
 * Removing is the existing DELETE of a rating or a reply, whose reports go with it.
 */
import { type Kysely, sql } from 'kysely';
import { MESSAGES, REPORT_REASONS, type ReportTarget } from 'shared-contracts';
import {
  moderationActionResponseSchema,
  moderationDismissRequestSchema,
  moderationQueueResponseSchema,
  moderationQuerySchema,
  ratingIdParamsSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { toIsoString, toStoreStats } from '../../http/dto';
import { notFound } from '../../http/errors';
import { offsetOf, pageInfo } from '../../http/lists';
import { lockStoreOfRating, storeStatsRow } from '../stores/queries';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

interface QueueRow {
  rating_id: number;
  target: ReportTarget;
  reports: number;
  spam: number;
  offensive: number;
  off_topic: number;
  fake: number;
  personal: number;
  first_reported_at: Date;
  last_reported_at: Date;
  resolution: 'hidden' | 'restored' | 'dismissed' | null;
  resolved_at: Date | null;
  store_id: number;
  store_name: string;
  author_name: string;
  rating: number;
  comment: string | null;
  rating_created_at: Date;
  hidden_at: Date | null;
  reply_body: string | null;
  reply_created_at: Date | null;
}

/** A report acted on, of a rating or reply with no open report left (what "resolved" lists). */
const RESOLVED = sql`rp.resolved_at is not null
  and not exists (select 1 from rating_reports o where o.rating_id = rp.rating_id and o.target = rp.target and o.resolved_at is null)`;

const byReason = sql.join(REPORT_REASONS.map((reason) => sql`count(*) filter (where rp.reason = ${reason})::int as ${sql.ref(reason)}`));

/** One page of the queue: open items oldest report first, or resolved items latest action first. */
async function queuePage(db: Kysely<DB>, status: 'open' | 'resolved', limit: number, offset: number) {
  const items =
    status === 'open'
      ? sql`select rp.rating_id, rp.target, count(*)::int as reports, ${byReason},
              min(rp.created_at) as first_reported_at, max(rp.created_at) as last_reported_at,
              null::text as resolution, null::timestamptz as resolved_at
            from rating_reports rp where rp.resolved_at is null group by rp.rating_id, rp.target`
      : sql`select rp.rating_id, rp.target, count(*)::int as reports, ${byReason},
              min(rp.created_at) as first_reported_at, max(rp.created_at) as last_reported_at,
              (array_agg(rp.resolution order by rp.resolved_at desc, rp.id desc))[1] as resolution, max(rp.resolved_at) as resolved_at
            from rating_reports rp where ${RESOLVED} group by rp.rating_id, rp.target`;
  const order = status === 'open' ? sql`i.first_reported_at, i.rating_id, i.target` : sql`i.resolved_at desc, i.rating_id desc, i.target`;
  const { rows } = await sql<QueueRow & { total: number }>`
    with items as (${items})
    select i.*, count(*) over ()::int as total,
           r.store_id, s.name as store_name, u.name as author_name, r.rating, r.comment, r.created_at as rating_created_at,
           r.hidden_at, rr.body as reply_body, rr.created_at as reply_created_at
    from items i
      join ratings r on r.id = i.rating_id
      join stores s on s.id = r.store_id
      join users u on u.id = r.user_id
      left join rating_replies rr on rr.rating_id = r.id
    order by ${order}
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/** Every open report, and how many ratings or replies they are about. */
async function openCounts(db: Kysely<DB>) {
  const { rows } = await sql<{ reports: number; items: number }>`
    select count(*)::int as reports, count(distinct (rating_id, target))::int as items
    from rating_reports where resolved_at is null`.execute(db);
  return rows[0] ?? { reports: 0, items: 0 };
}

/** Items past the last page still need the count: the window count is there only with rows. */
async function itemCount(db: Kysely<DB>, status: 'open' | 'resolved', open: { items: number }) {
  if (status === 'open') return open.items;
  const { rows } = await sql<{ n: number }>`
    select count(distinct (rating_id, target))::int as n from rating_reports rp where ${RESOLVED}`.execute(db);
  return rows[0]?.n ?? 0;
}

function toItem(row: QueueRow) {
  return {
    rating_id: row.rating_id,
    target: row.target,
    store_id: row.store_id,
    store_name: row.store_name,
    author_name: row.author_name,
    rating: Number(row.rating),
    comment: row.comment,
    rating_created_at: toIsoString(row.rating_created_at),
    reply:
      row.reply_body === null || row.reply_created_at === null
        ? null
        : { body: row.reply_body, created_at: toIsoString(row.reply_created_at) },
    hidden: row.hidden_at !== null,
    reports: row.reports,
    reasons: { spam: row.spam, offensive: row.offensive, off_topic: row.off_topic, fake: row.fake, personal: row.personal },
    first_reported_at: toIsoString(row.first_reported_at),
    last_reported_at: toIsoString(row.last_reported_at),
    resolution: row.resolution,
    resolved_at: row.resolved_at === null ? null : toIsoString(row.resolved_at),
  };
}

/** Resolves the open reports of a rating (both targets when `target` is absent) as `resolution`; how many. */
async function resolveReports(db: Kysely<DB>, ratingId: number, resolution: 'hidden' | 'restored' | 'dismissed', target?: ReportTarget) {
  let update = db
    .updateTable('rating_reports')
    .set({ resolved_at: sql`now()`, resolution })
    .where('rating_id', '=', ratingId)
    .where('resolved_at', 'is', null);
  if (target) update = update.where('target', '=', target);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function registerModerationRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.get(
    '/api/admin/moderation',
    {
      onRequest: guards.withRole('system_admin'),
      schema: {
        tags,
        security,
        summary:
          'The moderation queue: reported ratings and replies with their reports counted by reason; open (default, oldest first) or resolved (latest first)',
        querystring: moderationQuerySchema,
        response: { 200: moderationQueueResponseSchema },
      },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const [rows, open] = await Promise.all([queuePage(db, status, limit, offsetOf({ page, limit })), openCounts(db)]);
      const total = rows.length > 0 ? rows[0].total : await itemCount(db, status, open);
      return { items: rows.map(toItem), open_reports: open.reports, open_items: open.items, ...pageInfo({ page, limit }, total) };
    },
  );

  /** Hides or restores a rating; the store's figures follow in the same transaction (store row locked first). */
  const setHidden = (hide: boolean) => async (ratingId: number) =>
    inTransaction(db, async (trx) => {
      await lockStoreOfRating(trx, ratingId);
      const rating = await trx
        .updateTable('ratings')
        .set({ hidden_at: hide ? sql`now()` : null })
        .where('id', '=', ratingId)
        // Hiding a hidden rating keeps when it was first hidden.
        .where('hidden_at', hide ? 'is' : 'is not', null)
        .returning('store_id')
        .executeTakeFirst();
      const storeId =
        rating?.store_id ?? (await trx.selectFrom('ratings').select('store_id').where('id', '=', ratingId).executeTakeFirst())?.store_id;
      if (storeId === undefined) throw notFound(MESSAGES.ratingNotFound);
      await resolveReports(trx, ratingId, hide ? 'hidden' : 'restored');
      return storeStatsRow(trx, storeId);
    });

  for (const hide of [true, false]) {
    app.post(
      `/api/admin/moderation/:ratingId/${hide ? 'hide' : 'restore'}`,
      {
        onRequest: guards.withRole('system_admin'),
        schema: {
          tags,
          security,
          summary: hide
            ? "Hide a rating: out of the store's figures and of every list but its author's; its open reports (and its reply's) are resolved"
            : "Show a hidden rating again: back in the store's figures and lists",
          params: ratingIdParamsSchema,
          response: { 200: moderationActionResponseSchema },
        },
      },
      async (request) => {
        const stats = await setHidden(hide)(request.params.ratingId);
        return { message: hide ? MESSAGES.ratingHidden : MESSAGES.ratingRestored, storeStats: toStoreStats(stats!) };
      },
    );
  }

  app.post(
    '/api/admin/moderation/:ratingId/dismiss',
    {
      onRequest: guards.withRole('system_admin'),
      schema: {
        tags,
        security,
        summary: "Dismiss the open reports of a rating (target 'rating', the default) or of its reply, changing nothing else",
        params: ratingIdParamsSchema,
        body: moderationDismissRequestSchema,
        response: { 200: moderationActionResponseSchema },
      },
    },
    async (request) => {
      const dismissed = await resolveReports(db, request.params.ratingId, 'dismissed', request.body.target);
      if (dismissed === 0) throw notFound(MESSAGES.nothingToModerate);
      return { message: MESSAGES.reportsDismissed };
    },
  );
}
