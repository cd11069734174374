import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';

export type RemoteStatus = 'loading' | 'ready' | 'error';

export interface RemoteData<T> {
  status: RemoteStatus;
  /** The last answer; kept while a newer request is on its way, so a table does not jump. */
  data: T | null;
  /** Asks again with the same key (after a change, or from a 'Try again' button). */
  reload: () => void;
}

/**
 * Loads `load()` whenever `key` changes (or `reload` is called). A newer request wins over an older
 * answer still on its way. A failure is logged and toasted with `failureMessage` (one toast per id).
 * With `enabled` false nothing is requested.
 */
export function useRemoteData<T>(
  key: string,
  load: () => Promise<T>,
  { failureMessage, toastId, enabled = true }: { failureMessage: string; toastId: string; enabled?: boolean },
): RemoteData<T> {
  const [status, setStatus] = useState<RemoteStatus>('loading');
  const [data, setData] = useState<T | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    setStatus('loading');
    loadRef
      .current()
      .then((result) => {
        if (!current) return;
        setData(result);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error(`Request failed: ${failureMessage}`, error);
        toast.error(failureMessage, { id: toastId });
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [key, attempt, enabled, failureMessage, toastId]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, data, reload };
}
