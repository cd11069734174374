import { MESSAGES, type StoreListQuery } from 'shared-contracts';
import { keepPreviousData, queryKeys, useApi, useQuery } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

/**
 * One page of stores for `query`. The previous page stays on screen while the next one loads. A page
 * the API refuses as beyond the list window (MESSAGES.listWindow) is no failure (no toast): the page
 * says why and offers the first page instead (see isListWindowError).
 */
export function useStoreList(query: StoreListQuery) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.stores.list(query),
    queryFn: () => api.stores.list(query),
    placeholderData: keepPreviousData,
    meta: { failureToast: MESSAGES.fetchStoresFailed, isExpected: isListWindowError },
  });
}
