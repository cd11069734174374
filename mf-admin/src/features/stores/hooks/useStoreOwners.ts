import { useCallback, useEffect, useState } from 'react';
import { OWNER_LIST_FETCH_LIMIT, type User } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';

export type OwnersStatus = 'loading' | 'ready' | 'error';

/**
 * The store owners an admin can assign a store to: GET /api/admin/users?role=store_owner&limit=1000.
 * A failure is only logged (spec §8), and the picker offers to try again.
 */
export function useStoreOwners() {
  const api = useApi();
  const [status, setStatus] = useState<OwnersStatus>('loading');
  const [owners, setOwners] = useState<User[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    api.admin
      .listUsers({ role: 'store_owner', limit: OWNER_LIST_FETCH_LIMIT })
      .then((result) => {
        if (!current) return;
        setOwners(result.users.filter((user) => user.role === 'store_owner'));
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('Store owner list request failed', error);
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [api, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, owners, retry };
}
