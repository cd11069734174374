/**
 * The stores of /admin/stores: one page of the table, the store owners a store can be given to, and the
 * writes (create, update, delete), each followed by invalidateAfterDirectoryChange.
 */
import toast from 'react-hot-toast';
import {
  type AdminStoreListQuery,
  type AdminStoreRequest,
  type AdminUserListResponse,
  errorMessage,
  MESSAGES,
  OWNER_LIST_FETCH_LIMIT,
} from 'shared-contracts';
import {
  invalidateAfterDirectoryChange,
  keepPreviousData,
  queryKeys,
  useApi,
  useMutation,
  useQuery,
  useQueryClient,
} from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

/** The stores' cities for the table's City filter (the most stores first); kept 5 minutes. */
export function useStoreCitiesQuery() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.stores.cities(),
    queryFn: async () => (await api.stores.cities()).cities,
    staleTime: 5 * 60_000,
  });
}

/** One page of the stores table; the last page stays on screen while another one loads. */
export function useStoreListQuery(query: AdminStoreListQuery) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.admin.stores(query),
    queryFn: () => api.admin.listStores(query),
    placeholderData: keepPreviousData,
    meta: { failureToast: MESSAGES.fetchStoresFailed, isExpected: isListWindowError },
  });
}

const OWNER_QUERY = { role: 'store_owner', limit: OWNER_LIST_FETCH_LIMIT } as const;
const storeOwners = (answer: AdminUserListResponse) => answer.users.filter((user) => user.role === 'store_owner');

/** The store owners to pick from: GET /api/admin/users?role=store_owner&limit=1000. A failure is only logged (spec §8). */
export function useStoreOwnersQuery() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.admin.users(OWNER_QUERY),
    queryFn: () => api.admin.listUsers(OWNER_QUERY),
    select: storeOwners,
  });
}

/** POST /api/admin/stores (without `storeId`) or PUT /api/admin/stores/:id. No failure toast here: the form shows every failure itself. */
export function useSaveStore() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, body }: { storeId?: number; body: AdminStoreRequest }) =>
      storeId === undefined ? api.admin.createStore(body) : api.admin.updateStore(storeId, body),
    onSuccess: (_answer, { storeId }) => {
      toast.success(storeId === undefined ? MESSAGES.storeCreated : MESSAGES.storeUpdated);
      void invalidateAfterDirectoryChange(client);
    },
  });
}

/** DELETE /api/admin/stores/:id: a failure toasts the server's refusal ('Store not found'), else 'Failed to delete store'. */
export function useDeleteStore() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storeId: number) => api.admin.deleteStore(storeId),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.deleteStoreFailed) },
    onSuccess: () => {
      toast.success(MESSAGES.storeDeleted);
      void invalidateAfterDirectoryChange(client);
    },
  });
}
