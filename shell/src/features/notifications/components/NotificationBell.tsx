/**
 * The navbar's bell (issue 18): for a signed-in user, a button named with the unread count
 * ('Notifications, 3 unread') and a badge ('99+' beyond 99), polled every 30 s while the tab is visible
 * and on window focus (api/notifications.ts). Pressing it opens a small non-modal panel (a dialog, loaded
 * on first use so the first visit stays light) with the newest notifications; Escape, a press outside,
 * or following a notification closes it, and focus comes back to the bell (not after a press elsewhere,
 * where the reader has moved on).
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { notificationsButtonLabel, unreadBadgeText } from 'shared-contracts';
import { useAuth } from 'shared-contracts/react';
import { Spinner } from 'shared-contracts/ui';
import { useUnreadCount } from '../api/notifications';
import styles from './NotificationBell.module.css';

const NotificationPanel = lazy(() => import('./NotificationPanel'));

export function NotificationBell() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { data } = useUnreadCount(user !== null);
  const unread = data?.unread ?? 0;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    // Into the panel as it opens (a non-modal dialog: Tab then goes on through it and the page).
    panelRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  if (!user) return null;
  return (
    <div className={styles.bell} ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={notificationsButtonLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <svg
          className={styles.icon}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {unreadBadgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} ref={panelRef} className={styles.panel} role="dialog" aria-label="Notifications" tabIndex={-1}>
          <Suspense fallback={<Spinner label="Loading notifications" compact />}>
            <NotificationPanel role={user.role} onClose={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
