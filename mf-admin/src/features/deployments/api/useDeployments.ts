/**
 * The deployments screen's query: GET /api/admin/deployments, asked again by the Refresh button and
 * quietly every 30 s while the page is visible (and at once when it becomes visible again). A failed
 * first load is the screen's error state; a failed refresh keeps the figures on screen and says so.
 * A command's answer replaces its app in place (`replaceApp`), and any refresh still on its way is
 * dropped then, so an older answer never undoes the change.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { AppDeployment, DeploymentsResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';

export const REFRESH_INTERVAL_MS = 30_000;
export const FETCH_DEPLOYMENTS_FAILED = 'Failed to fetch deployments';

export interface DeploymentsQuery {
  /** 'loading' only until the first answer; 'error' only when there is nothing to show. */
  status: 'loading' | 'ready' | 'error';
  data: DeploymentsResponse | null;
  /** A refresh asked for by the admin (not a quiet one) is on its way; the figures on screen stay meanwhile. */
  refreshing: boolean;
  /** The last refresh failed: the figures on screen are those of `data.generatedAt`. */
  stale: boolean;
  /** Asks again; `quiet` toasts nothing when it fails. */
  refresh: (quiet?: boolean) => void;
  replaceApp: (app: AppDeployment) => void;
}

export function useDeployments(): DeploymentsQuery {
  const api = useApi();
  const [data, setData] = useState<DeploymentsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // The newest request; an answer to an older one (or one overtaken by a command) is dropped.
  const latest = useRef(0);

  const refresh = useCallback(
    (quiet = false) => {
      const request = ++latest.current;
      if (!quiet) {
        setRefreshing(true);
        setFailed(false);
      }
      api.admin
        .deployments()
        .then((answer) => {
          if (request !== latest.current) return;
          setData(answer);
          setFailed(false);
        })
        .catch((error: unknown) => {
          if (request !== latest.current) return;
          setFailed(true);
          if (quiet) return;
          console.error(`Request failed: ${FETCH_DEPLOYMENTS_FAILED}`, error);
          toast.error(FETCH_DEPLOYMENTS_FAILED, { id: 'fetch-deployments-failed' });
        })
        .finally(() => {
          if (request === latest.current) setRefreshing(false);
        });
    },
    [api],
  );

  useEffect(() => {
    refresh();
    const whileVisible = () => {
      if (document.visibilityState === 'visible') refresh(true);
    };
    const timer = setInterval(whileVisible, REFRESH_INTERVAL_MS);
    document.addEventListener('visibilitychange', whileVisible);
    return () => {
      latest.current += 1;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', whileVisible);
    };
  }, [refresh]);

  const replaceApp = useCallback((app: AppDeployment) => {
    latest.current += 1;
    setRefreshing(false);
    setData((current) => current && { ...current, apps: current.apps.map((a) => (a.app === app.app ? app : a)) });
  }, []);

  const status = data ? 'ready' : failed ? 'error' : 'loading';
  return { status, data, refreshing, stale: failed && data !== null, refresh, replaceApp };
}
