/**
 * The users of /admin/users: one page of the table, one user's details, and the writes (create, update,
 * delete). Every write refreshes what the admin's change may show elsewhere (invalidateAfterDirectoryChange:
 * the admin lists and figures, the store pages, the owner's and the customer's dashboards).
 */
import toast from 'react-hot-toast';
import {
  type AdminUserCreateRequest,
  type AdminUserListQuery,
  type AdminUserUpdateRequest,
  errorMessage,
  MESSAGES,
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

/** Spec §8 names no failure toast for creating a user; this is its fallback when the server gives none. */
export const CREATE_USER_FAILED = 'Failed to create user';

/**
 * One page of the users table. The last page stays on screen while another page, sort or search loads.
 * A page beyond the list window (typed into the URL) is an answer the screen shows itself: not a failure.
 */
export function useUserListQuery(query: AdminUserListQuery) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.admin.users(query),
    queryFn: () => api.admin.listUsers(query),
    placeholderData: keepPreviousData,
    meta: { failureToast: MESSAGES.fetchUsersFailed, isExpected: isListWindowError },
  });
}

/** GET /api/admin/users/:id: a user's details (a store owner's with their stores). A failure toasts the server's refusal ('User not found'), else 'Failed to fetch users'. */
export function useUserDetailQuery(userId: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.admin.user(userId),
    queryFn: () => api.admin.getUser(userId).then((answer) => answer.user),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.fetchUsersFailed) },
  });
}

export type SaveUserInput = { userId?: undefined; body: AdminUserCreateRequest } | { userId: number; body: AdminUserUpdateRequest };

/**
 * POST /api/admin/users (without `userId`) or PUT /api/admin/users/:id. No failure toast here: the form
 * shows every failure itself (the server's refusal on its field, else the fallback, inline and toasted:
 * common/api/refusal.ts); the cache only logs the failures that are not the admin's doing.
 */
export function useSaveUser() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserInput) =>
      input.userId === undefined ? api.admin.createUser(input.body) : api.admin.updateUser(input.userId, input.body),
    onSuccess: (_answer, input) => {
      toast.success(input.userId === undefined ? MESSAGES.userCreated : MESSAGES.userUpdated);
      void invalidateAfterDirectoryChange(client);
    },
  });
}

/** DELETE /api/admin/users/:id: a failure toasts the server's refusal ('This user still owns stores…'), else 'Failed to delete user'. */
export function useDeleteUser() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.admin.deleteUser(userId),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.deleteUserFailed) },
    onSuccess: (_answer, userId) => {
      toast.success(MESSAGES.userDeleted);
      // The deleted user's details (the delete dialog read them) are gone: not asked for again (a 404).
      client.removeQueries({ queryKey: queryKeys.admin.user(userId) });
      void invalidateAfterDirectoryChange(client);
    },
  });
}
