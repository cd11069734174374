/**
 * Notifications written beside the write that causes them, on the caller's transaction (or, for a
 * single statement, its own), so a notification is never lost nor sent for a write that failed. New
 * ratings notify in the database's rate_store (db/functions/rate_store.sql) and replies in the reply
 * route's statement (routes/ratings/replies.ts); this module is for reports (routes/moderation).
 * Each user keeps their newest NOTIFICATIONS_KEPT only: a trigger prunes in the inserting statement
 * (db/functions/notifications.sql).
 * Not to be confused with db/notifications.ts, PostgreSQL's LISTEN/NOTIFY between API processes.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export interface ReportedTarget {
  ratingId: number;
  /** What was reported: the rating itself, or the owner's reply to it. */
  target: 'rating' | 'reply';
  reporterId: number;
}

/**
 * A report was made: the rated store's owner and every admin hear of it ('report'), never the reporter.
 * One INSERT … SELECT. Call it inside the transaction that stores the report (a `Transaction<DB>` is a
 * `Kysely<DB>`). Nothing happens for a rating that does not exist.
 */
export async function notifyReport(db: Kysely<DB>, report: ReportedTarget): Promise<void> {
  await sql`
    insert into notifications (user_id, kind, store_id, rating_id, about)
    select who.id, 'report', r.store_id, r.id, ${report.target}::text
    from ratings r
      join stores s on s.id = r.store_id
      cross join lateral (
        select s.owner_id as id
        union
        select u.id from users u where u.role = 'system_admin'
      ) who
    where r.id = ${report.ratingId} and who.id <> ${report.reporterId}`.execute(db);
}
