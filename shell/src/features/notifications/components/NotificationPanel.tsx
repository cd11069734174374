/**
 * What the bell's panel holds (loaded on first open, inside the bell's dialog): the newest
 * notifications, unread ones marked (a dot, and 'Unread' for screen readers), each a link to where it
 * matters (notification-links.ts) that marks it read; 'Mark all as read'; loading, empty and error states.
 */
import { relativeTime, type Role } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { ErrorState, Spinner } from 'shared-contracts/ui';
import { useMarkRead, useNotificationList } from '../api/notifications';
import styles from './NotificationBell.module.css';
import { notificationHref } from './notification-links';

export interface NotificationPanelProps {
  role: Role;
  /** Closes the panel; `returnFocus` puts focus back on the bell. */
  onClose: (returnFocus: boolean) => void;
}

export default function NotificationPanel({ role, onClose }: NotificationPanelProps) {
  const list = useNotificationList();
  const markRead = useMarkRead();

  const notifications = list.data?.notifications ?? [];
  const anyUnread = notifications.some((n) => !n.read) || (list.data?.unread ?? 0) > 0;

  let body;
  if (list.isPending) body = <Spinner label="Loading notifications" compact />;
  else if (list.isError)
    body = (
      <ErrorState message="The notifications could not be loaded." onRetry={() => void list.refetch()} retrying={list.isFetching} compact />
    );
  else if (notifications.length === 0) body = <p className={styles.empty}>No notifications yet</p>;
  else
    body = (
      <ul className={styles.list}>
        {notifications.map((n) => (
          <li key={n.id}>
            <Link
              to={notificationHref(n, role)}
              className={`${styles.item} ${n.read ? '' : styles.unread}`}
              onClick={() => {
                if (!n.read) markRead.mutate(n.id);
                onClose(true);
              }}
            >
              <span className={styles.dot} aria-hidden="true" />
              <span className={styles.text}>
                {!n.read && <span className="visually-hidden">Unread: </span>}
                <span className={styles.message}>{n.message}</span>
                <time className={styles.time} dateTime={n.created_at}>
                  {relativeTime(n.created_at)}
                </time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <div className={styles.header}>
        <h2 className={styles.title}>Notifications</h2>
        <button
          type="button"
          className={styles.markAll}
          disabled={!anyUnread || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all as read
        </button>
      </div>
      {body}
    </>
  );
}
