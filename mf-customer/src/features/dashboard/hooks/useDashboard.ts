import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type UserDashboardResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';

export type LoadStatus = 'loading' | 'ready' | 'error';

/** The caller's figures and recent activity (GET /api/users/dashboard); a failure toasts (spec §8). */
export function useDashboard() {
  const api = useApi();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [data, setData] = useState<UserDashboardResponse | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    api.users
      .dashboard()
      .then((result) => {
        if (!current) return;
        setData(result);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('Dashboard request failed', error);
        toast.error(MESSAGES.fetchDashboardFailed, { id: 'fetch-dashboard-failed' });
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [api, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, data, retry };
}
