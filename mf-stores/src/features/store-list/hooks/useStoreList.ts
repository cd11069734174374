import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type StoreListQuery, type StoreListResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';

export type StoreListStatus = 'loading' | 'ready' | 'error';

/** Fetches one page of stores for `query`; a newer query wins over an older answer still on its way. */
export function useStoreList(query: StoreListQuery) {
  const api = useApi();
  const [status, setStatus] = useState<StoreListStatus>('loading');
  const [data, setData] = useState<StoreListResponse | null>(null);
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
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('Store list request failed', error);
        toast.error(MESSAGES.fetchStoresFailed, { id: 'fetch-stores-failed' });
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [api, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, data, retry };
}
