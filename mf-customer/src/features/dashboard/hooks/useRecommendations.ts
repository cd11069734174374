import { useEffect, useState } from 'react';
import { RECOMMENDATIONS_FETCH_LIMIT, RECOMMENDATIONS_SHOWN, type Store, type StoreListQuery } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import type { LoadStatus } from './useDashboard';

/** Spec §7 and §9: the best-rated stores the customer has not rated yet; fetch 6, show 3. */
export const RECOMMENDATIONS_QUERY: StoreListQuery = {
  sortBy: 'rating',
  sortOrder: 'desc',
  limit: RECOMMENDATIONS_FETCH_LIMIT,
  unrated: true,
};

/** Recommended stores; a failure is only logged, never toasted (spec §8). */
export function useRecommendations() {
  const api = useApi();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [stores, setStores] = useState<Store[]>([]);

  useEffect(() => {
    let current = true;
    api.stores
      .list(RECOMMENDATIONS_QUERY)
      .then((result) => {
        if (!current) return;
        setStores(result.stores.slice(0, RECOMMENDATIONS_SHOWN));
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('Recommendations request failed', error);
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [api]);

  return { status, stores };
}
