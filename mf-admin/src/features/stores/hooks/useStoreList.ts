import { useMemo } from 'react';
import { MESSAGES, type AdminStoreListResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';
import { useListState } from '../../common/hooks/useListState';
import { useRemoteData } from '../../common/hooks/useRemoteData';
import { STORE_LIST_CONFIG, toStoreQuery } from '../list-config';

/** The stores table's state (in the URL) and the page of stores it asks for. */
export function useStoreList() {
  const api = useApi();
  const [state, setState] = useListState(STORE_LIST_CONFIG);
  const query = useMemo(() => toStoreQuery(state), [state]);
  const result = useRemoteData<AdminStoreListResponse>(JSON.stringify(query), () => api.admin.listStores(query), {
    failureMessage: MESSAGES.fetchStoresFailed,
    toastId: 'fetch-stores-failed',
    // A page beyond the list window (e.g. typed into the URL): the screen says why and offers page 1.
    isRefusal: isListWindowError,
  });
  return { state, setState, ...result };
}
