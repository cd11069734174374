import { useMemo } from 'react';
import { MESSAGES, type AdminUserListResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';
import { useListState } from '../../common/hooks/useListState';
import { useRemoteData } from '../../common/hooks/useRemoteData';
import { toUserQuery, USER_LIST_CONFIG } from '../list-config';

/** The users table's state (in the URL) and the page of users it asks for. */
export function useUserList() {
  const api = useApi();
  const [state, setState] = useListState(USER_LIST_CONFIG);
  const query = useMemo(() => toUserQuery(state), [state]);
  const result = useRemoteData<AdminUserListResponse>(JSON.stringify(query), () => api.admin.listUsers(query), {
    failureMessage: MESSAGES.fetchUsersFailed,
    toastId: 'fetch-users-failed',
    // A page beyond the list window (e.g. typed into the URL): the screen says why and offers page 1.
    isRefusal: isListWindowError,
  });
  return { state, setState, ...result };
}
