/** GET /api/notifications, its unread count, and marking read (issue 18): classic zod, server side. */
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications';
import { idParam } from './queries';

const timestamp = () => z.string().describe('ISO 8601 date-time');

/** GET /api/notifications: `before` is the id of the last notification of the previous page. */
export const notificationListQuerySchema = z.object({ before: idParam().optional() });

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  store_id: z.number().int(),
  store_name: z.string(),
  rating_id: z.number().int().nullable(),
  message: z.string().describe("the notification's text, written by the server"),
  created_at: timestamp(),
  read: z.boolean(),
});

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema).describe('newest first, at most NOTIFICATIONS_PAGE_SIZE'),
  unread: z.number().int().describe('unread notifications, counted up to UNREAD_COUNT_LIMIT'),
  has_more: z.boolean().describe('older notifications follow (ask again with before = the last id)'),
});

export const unreadCountResponseSchema = z.object({
  unread: z.number().int().describe('unread notifications, counted up to UNREAD_COUNT_LIMIT (100 means "more than 99")'),
});

export type NotificationListQuery = { before?: number };
export type NotificationItem = z.infer<typeof notificationSchema>;
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
