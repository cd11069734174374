/** The signed-in user's own rating of a store, read by the store page's panel and the store card's quick rating. */
import { queryKeys, useApi, useQuery } from 'shared-contracts/react';

/**
 * The signed-in user's own rating of the store (null when none). A failure is only logged: the panel
 * then offers "Add Rating", and the API updates the existing rating anyway.
 */
export function useMyRating(storeId: number | string | null, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.stores.myRating(storeId ?? ''),
    queryFn: async () => (await api.ratings.mine(storeId ?? '')).rating ?? null,
    enabled: enabled && storeId !== null,
  });
}
