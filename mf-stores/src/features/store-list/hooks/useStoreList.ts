import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type StoreListQuery, type StoreListResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

export type StoreListStatus = 'loading' | 'ready' | 'error';

/**
 * Fetches one page of stores for `query`; a newer query wins over an older answer still on its way.
 * `refused`: the API refused the page as beyond the list window (MESSAGES.listWindow): not a failure
 * (no toast), the page says why and offers the first page instead.
 */
export function useStoreList(query: StoreListQuery) {
  const api = useApi();
  const [status, setStatus] = useState<StoreListStatus>('loading');
  const [data, setData] = useState<StoreListResponse | null>(null);
  const [refused, setRefused] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    api.stores
      .list(JSON.parse(key) as StoreListQuery)
      .then((result) => {
        if (!current) return;
        setData(result);
        setRefused(false);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (isListWindowError(error)) {
          setRefused(true);
          setStatus('error');
          return;
        }
        setRefused(false);
        console.error('Store list request failed', error);
        toast.error(MESSAGES.fetchStoresFailed, { id: 'fetch-stores-failed' });
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [api, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, data, refused, retry };
}
