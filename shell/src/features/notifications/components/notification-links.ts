/** Where a notification leads: an owner's news of their store, to their dashboard; anything else, to the store's page. */
import type { NotificationItem, Role } from 'shared-contracts';

export function notificationHref(notification: Pick<NotificationItem, 'kind' | 'store_id'>, role: Role): string {
  if (role === 'store_owner' && notification.kind !== 'reply') return '/store-owner';
  return `/stores/${notification.store_id}`;
}
