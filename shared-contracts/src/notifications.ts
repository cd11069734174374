/**
 * Notifications in the site (issue 18): what the API and the navbar's bell agree on. The API writes
 * each notification's text; these are the bounds and the kinds.
 */

/** What a notification tells of: a new rating of the reader's store, the owner's reply to the reader's rating, a report. */
export const NOTIFICATION_KINDS = ['new_rating', 'reply', 'report'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** GET /api/notifications answers at most this many, newest first (the next page: `before` the last id). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Each user keeps only their newest this many notifications (older ones are deleted as new ones come). */
export const NOTIFICATIONS_KEPT = 200;

/** The unread count stops counting here: the bell shows "99+" for anything above UNREAD_BADGE_MAX. */
export const UNREAD_COUNT_LIMIT = 100;
export const UNREAD_BADGE_MAX = 99;

/** How often the bell asks for the unread count while the tab is visible (and on window focus). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** The bell's badge text: the count, or "99+" beyond 99. */
export function unreadBadgeText(unread: number): string {
  return unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(unread);
}

/** The bell's accessible name, e.g. 'Notifications, 3 unread'. */
export function notificationsButtonLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unreadBadgeText(unread)} unread` : 'Notifications';
}
