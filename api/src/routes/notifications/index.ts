/**
 * The signed-in user's notifications (issue 18, the navbar's bell): the newest first a page at a time,
 * the cheap unread count the bell polls, marking one or all read. Any role; only one's own (another
 * user's notification is a 404). The text of each is written here, from what it is about.
 */
import { type Kysely, sql } from 'kysely';
import { MESSAGES, NOTIFICATIONS_PAGE_SIZE, type NotificationItem, UNREAD_COUNT_LIMIT } from 'shared-contracts';
import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountResponseSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

interface NotificationRow {
  id: number;
  kind: NotificationItem['kind'];
  store_id: number;
  store_name: string;
  rating_id: number | null;
  stars: number | null;
  about: 'rating' | 'reply' | null;
  created_at: Date | string;
  read: boolean;
}

/** What the bell shows for a notification. */
export function notificationMessage(row: Pick<NotificationRow, 'kind' | 'store_name' | 'stars' | 'about'>): string {
  switch (row.kind) {
    case 'new_rating':
      return row.stars === null ? `New rating on ${row.store_name}` : `New ${row.stars}-star rating on ${row.store_name}`;
    case 'reply':
      return `${row.store_name} replied to your rating`;
    case 'report':
      return `A ${row.about === 'reply' ? 'reply' : 'rating'} on ${row.store_name} was reported`;
  }
}

/** The user's unread notifications, counted up to UNREAD_COUNT_LIMIT through the partial index (so never more work than that). */
async function unreadCount(db: Kysely<DB>, userId: number): Promise<number> {
  const { rows } = await sql<{ unread: number }>`
    select count(*)::int as unread from (
      select 1 from notifications where user_id = ${userId} and read_at is null limit ${UNREAD_COUNT_LIMIT}
    ) unread`.execute(db);
  return Number(rows[0]?.unread ?? 0);
}

export function registerNotificationRoutes(app: ZodApp, { db, guards }: AppContext): void {
  app.get(
    '/api/notifications',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: `The caller's notifications, newest first, ${NOTIFICATIONS_PAGE_SIZE} at a time (before: the last id of the previous page)`,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const { before } = request.query;
      // One more than a page: whether more follow.
      const { rows } = await sql<NotificationRow>`
        select n.id, n.kind, n.store_id, s.name as store_name, n.rating_id, r.rating as stars, n.about, n.created_at,
               n.read_at is not null as read
        from notifications n
          join stores s on s.id = n.store_id
          left join ratings r on r.id = n.rating_id
        where n.user_id = ${me} ${before === undefined ? sql`` : sql`and n.id < ${before}`}
        order by n.id desc
        limit ${NOTIFICATIONS_PAGE_SIZE + 1}`.execute(db);
      const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
      return {
        notifications: page.map((row) => ({
          id: row.id,
          kind: row.kind,
          store_id: row.store_id,
          store_name: row.store_name,
          rating_id: row.rating_id,
          message: notificationMessage(row),
          created_at: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
          read: row.read,
        })),
        unread: await unreadCount(db, me),
        has_more: rows.length > NOTIFICATIONS_PAGE_SIZE,
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: `How many of the caller's notifications are unread, counted up to ${UNREAD_COUNT_LIMIT} (the bell's poll)`,
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => ({ unread: await unreadCount(db, currentUser(request).id) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: "Marks one of the caller's notifications read (another user's is a 404); answers the unread count",
        params: idParamsSchema,
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const row = await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`coalesce(read_at, now())` })
        .where('id', '=', request.params.id)
        .where('user_id', '=', me)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw notFound(MESSAGES.notificationNotFound);
      return { unread: await unreadCount(db, me) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security,
        summary: "Marks every one of the caller's notifications read",
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => {
      await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`now()` })
        .where('user_id', '=', currentUser(request).id)
        .where('read_at', 'is', null)
        .execute();
      return { unread: 0 };
    },
  );
}
