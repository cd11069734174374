import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { MyRatingsQuery, MyRatingsResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

/** The spec has no message for this list; this one says what failed. */
export const LOAD_RATINGS_FAILED = 'Failed to load your ratings';

export type LoadStatus = 'loading' | 'ready' | 'error';

/**
 * One page of the caller's ratings for `query`. A newer query wins over an older answer still on its
 * way. `refresh` fetches the same page again quietly (the rows stay on screen, a failure is only
 * logged); `patch` changes the page in place meanwhile. `refused`: the API refused the page as beyond the
 * list window (MESSAGES.listWindow): not a failure (nothing toasted), the page says why and offers page 1.
 */
export function useMyRatings(query: MyRatingsQuery) {
  const api = useApi();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [data, setData] = useState<MyRatingsResponse | null>(null);
  const [refused, setRefused] = useState(false);
  // `quietFor`: the query a quiet refresh was asked for; any other query loads visibly.
  const [request, setRequest] = useState<{ n: number; quietFor: string | null }>({ n: 0, quietFor: null });
  const key = JSON.stringify(query);

  useEffect(() => {
    let current = true;
    const silent = request.quietFor === key;
    if (!silent) setStatus('loading');
    api.users
      .ratings(JSON.parse(key) as MyRatingsQuery)
      .then((result) => {
        if (!current) return;
        setData(result);
        setRefused(false);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        const refusal = isListWindowError(error);
        if (!refusal) console.error('My ratings request failed', error);
        if (silent) return;
        setRefused(refusal);
        if (refusal) {
          setStatus('error');
          return;
        }
        toast.error(LOAD_RATINGS_FAILED, { id: 'fetch-my-ratings-failed' });
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [api, key, request]);

  const retry = useCallback(() => setRequest((r) => ({ n: r.n + 1, quietFor: null })), []);
  const refresh = useCallback(() => setRequest((r) => ({ n: r.n + 1, quietFor: key })), [key]);
  const patch = useCallback((change: (page: MyRatingsResponse) => MyRatingsResponse) => {
    setData((d) => (d ? change(d) : d));
  }, []);
  return { status, data, refused, retry, refresh, patch };
}
