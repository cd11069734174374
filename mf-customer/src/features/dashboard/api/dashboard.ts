import { MESSAGES, RECOMMENDATIONS_FETCH_LIMIT, RECOMMENDATIONS_SHOWN, type StoreListQuery } from 'shared-contracts';
import { queryKeys, useApi, useQuery } from 'shared-contracts/react';

/** The caller's figures and recent activity (GET /api/users/dashboard); a failure toasts (spec §8). */
export function useDashboardQuery() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.me.dashboard(),
    queryFn: () => api.users.dashboard(),
    meta: { failureToast: MESSAGES.fetchDashboardFailed },
  });
}

/** Spec §7 and §9: the best-rated stores the customer has not rated yet; fetch 6, show 3. */
export const RECOMMENDATIONS_QUERY: StoreListQuery = {
  sortBy: 'rating',
  sortOrder: 'desc',
  limit: RECOMMENDATIONS_FETCH_LIMIT,
  unrated: true,
};

/**
 * Recommended stores: a store list query (keyed under queryKeys.stores, so a rating written anywhere
 * refreshes it); a failure is only logged, never toasted (spec §8).
 */
export function useRecommendationsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.stores.list(RECOMMENDATIONS_QUERY),
    queryFn: () => api.stores.list(RECOMMENDATIONS_QUERY),
    select: (answer) => answer.stores.slice(0, RECOMMENDATIONS_SHOWN),
  });
}
