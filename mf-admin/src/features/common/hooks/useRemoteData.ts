import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';

export type RemoteStatus = 'loading' | 'ready' | 'error';

export interface RemoteData<T> {
  status: RemoteStatus;
  /** The last answer; kept while a newer request is on its way, so a table does not jump. */
  data: T | null;
  /** Asks again with the same key (after a change, or from a 'Try again' button). */
  reload: () => void;
  /** The last request was refused in a way `isRefusal` recognises (status 'error', but nothing toasted). */
  refused: boolean;
}

/**
 * Loads `load()` whenever `key` changes (or `reload` is called). A newer request wins over an older
 * answer still on its way. A failure is logged and toasted with `failureMessage` (one toast per id).
 * With `enabled` false nothing is requested. An error `isRefusal` recognises (e.g. a list page beyond the
 * list window) is not a failure: it is neither logged nor toasted, and `refused` says so for the screen.
 */
export function useRemoteData<T>(
  key: string,
  load: () => Promise<T>,
  {
    failureMessage,
    toastId,
    enabled = true,
    isRefusal,
  }: { failureMessage: string; toastId: string; enabled?: boolean; isRefusal?: (error: unknown) => boolean },
): RemoteData<T> {
  const [status, setStatus] = useState<RemoteStatus>('loading');
  const [data, setData] = useState<T | null>(null);
  const [refused, setRefused] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  const refusalRef = useRef(isRefusal);
  useEffect(() => {
    loadRef.current = load;
    refusalRef.current = isRefusal;
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
        setRefused(false);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        const refusal = refusalRef.current?.(error) ?? false;
        setRefused(refusal);
        setStatus('error');
        if (refusal) return;
        console.error(`Request failed: ${failureMessage}`, error);
        toast.error(failureMessage, { id: toastId });
      });
    return () => {
      current = false;
    };
  }, [key, attempt, enabled, failureMessage, toastId]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, data, reload, refused };
}
