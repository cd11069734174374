import { queryKeys, useApi, useQuery } from 'shared-contracts/react';

/** The stores' cities for the City filter (the most stores first). They change seldom: kept 5 minutes. A failure only leaves the filter with the city chosen. */
export function useStoreCities() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.stores.cities(),
    queryFn: async () => (await api.stores.cities()).cities,
    staleTime: 5 * 60_000,
  });
}
