/** When the bell may first ask for the unread count: once the page has settled. */
import { useEffect, useState } from 'react';

/**
 * How long after the page has loaded the bell first asks: the count is never what the reader came
 * for, so it waits for the page's own code and data (a cold visit's chain stays HTML → code → data).
 */
export const FIRST_ASK_AFTER_LOAD_MS = 1500;

/** False until FIRST_ASK_AFTER_LOAD_MS after the window's load event (or after mounting, when it has already fired). */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setSettled(true), FIRST_ASK_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return settled;
}
