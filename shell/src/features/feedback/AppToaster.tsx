/** Toasts top-right (spec §4): success 2000 ms, error 4000 ms, at most 20 on screen. */
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_ERROR_DURATION_MS, TOAST_LIMIT, TOAST_SUCCESS_DURATION_MS } from 'shared-contracts';

/** Where the toast column starts: under the navbar, still in the top-right corner. */
export const NAVBAR_CLEARANCE = '4.5rem';

function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

export function AppToaster() {
  return (
    <>
      <Toaster
        position="top-right"
        // Below the sticky navbar (57-61 px high): at the default 16 px the toasts sat on the Logout
        // button (desktop) and the menu button (mobile) and swallowed clicks on them while shown.
        containerStyle={{ top: NAVBAR_CLEARANCE }}
        toastOptions={{
          success: { duration: TOAST_SUCCESS_DURATION_MS },
          error: { duration: TOAST_ERROR_DURATION_MS },
        }}
      />
      <ToastLimit />
    </>
  );
}
