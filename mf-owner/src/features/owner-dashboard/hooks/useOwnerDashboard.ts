import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorStatus, MESSAGES, type OwnerDashboardQuery, type OwnerDashboardResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';

export type DashboardStatus = 'loading' | 'ready' | 'error';

export interface UseOwnerDashboardOptions {
  /** The API answered 404 to a store filter: the store is not (or no longer) the caller's. */
  onUnknownStore?: () => void;
}

/**
 * Fetches the owner dashboard for `query`. The last answer stays in `data` while a newer query loads
 * (so sorting or paging does not blank the page); a newer query wins over an older answer still on its way.
 */
export function useOwnerDashboard(query: OwnerDashboardQuery, { onUnknownStore }: UseOwnerDashboardOptions = {}) {
  const api = useApi();
  const [status, setStatus] = useState<DashboardStatus>('loading');
  const [data, setData] = useState<OwnerDashboardResponse | null>(null);
  const [attempt, setAttempt] = useState(0);
  const unknownStore = useRef(onUnknownStore);
  unknownStore.current = onUnknownStore;
  const key = JSON.stringify(query);

  useEffect(() => {
    let current = true;
    const q = JSON.parse(key) as OwnerDashboardQuery;
    setStatus('loading');
    api.owner
      .dashboard(q)
      .then((result) => {
        if (!current) return;
        setData(result);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (q.storeId !== undefined && errorStatus(error) === 404 && unknownStore.current) {
          unknownStore.current();
          return;
        }
        console.error('Owner dashboard request failed', error);
        toast.error(MESSAGES.fetchDashboardFailed, { id: 'fetch-dashboard-failed' });
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [api, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, data, retry };
}
