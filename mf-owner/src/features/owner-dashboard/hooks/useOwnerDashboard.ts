import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorStatus, MESSAGES, type OwnerDashboardQuery, type OwnerDashboardResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

export type DashboardStatus = 'loading' | 'ready' | 'error';

export interface UseOwnerDashboardOptions {
  /** The API answered 404 to a store filter: the store is not (or no longer) the caller's. */
  onUnknownStore?: () => void;
}

/**
 * Fetches the owner dashboard for `query`. The last answer stays in `data` while a newer query loads
 * (so sorting or paging does not blank the page); a newer query wins over an older answer still on its way.
 * `refused`: the API refused the ratings page as beyond the list window (MESSAGES.listWindow): not a
 * failure (nothing toasted); the page says why and offers the first page.
 */
export function useOwnerDashboard(query: OwnerDashboardQuery, { onUnknownStore }: UseOwnerDashboardOptions = {}) {
  const api = useApi();
  const [status, setStatus] = useState<DashboardStatus>('loading');
  const [data, setData] = useState<OwnerDashboardResponse | null>(null);
  const [refused, setRefused] = useState(false);
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
        setRefused(false);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (q.storeId !== undefined && errorStatus(error) === 404 && unknownStore.current) {
          unknownStore.current();
          return;
        }
        const refusal = isListWindowError(error);
        setRefused(refusal);
        if (refusal) {
          setStatus('error');
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
  return { status, data, refused, retry };
}
