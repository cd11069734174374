/**
 * Toasts top-right (spec §4): success 2000 ms, error 4000 ms, at most 20 on screen. Kept out of the way:
 * the column starts under the navbar (its Logout and menu buttons) and, on a wide screen, under the page
 * header's row of actions ('Browse stores', '+ Add User'); an error gives way to the success that
 * follows it (a fixed form says so, the old complaint is gone). Drawn in the design tokens' colours, so
 * they follow the light and dark themes (react-hot-toast's own are white and green).
 */
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_ERROR_DURATION_MS, TOAST_LIMIT, TOAST_SUCCESS_DURATION_MS } from 'shared-contracts';
import styles from './AppToaster.module.css';

/** Where the toast column starts on a narrow screen: under the navbar, still in the top-right corner. */
export const NAVBAR_CLEARANCE = '4.5rem';

/** Keeps at most TOAST_LIMIT toasts on screen, and dismisses every error shown before the latest success. */
function ToastRules() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    visible.slice(TOAST_LIMIT).forEach((t) => toast.dismiss(t.id));
    const latestSuccess = Math.max(-Infinity, ...visible.filter((t) => t.type === 'success').map((t) => t.createdAt));
    visible.filter((t) => t.type === 'error' && t.createdAt <= latestSuccess).forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

export function AppToaster() {
  return (
    <>
      <Toaster
        position="top-right"
        containerClassName={styles.column}
        containerStyle={{ top: NAVBAR_CLEARANCE }}
        toastOptions={{
          style: { background: 'var(--color-surface)', color: 'var(--color-text)', border: '1px solid var(--color-border)' },
          success: {
            duration: TOAST_SUCCESS_DURATION_MS,
            iconTheme: { primary: 'var(--color-success)', secondary: 'var(--color-on-success)' },
          },
          error: {
            duration: TOAST_ERROR_DURATION_MS,
            iconTheme: { primary: 'var(--color-danger)', secondary: 'var(--color-on-danger)' },
          },
        }}
      />
      <ToastRules />
    </>
  );
}
