/**
 * Saving name and address (spec §2, §8): the answer's user goes to the session (and to the cached
 * profile, when one is cached), with 'Profile updated successfully!'; a failure shows the server's
 * message, else 'Failed to update profile'.
 */
import toast from 'react-hot-toast';
import { errorMessage, MESSAGES, type ProfileResponse, type ProfileUpdateRequest } from 'shared-contracts';
import { invalidateAfterDirectoryChange, queryKeys, useApi, useAuth, useMutation, useQueryClient } from 'shared-contracts/react';

export function useUpdateProfile() {
  const api = useApi();
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ProfileUpdateRequest) => api.auth.updateProfile(request),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.profileUpdateFailed) },
    onSuccess: ({ user }) => {
      updateUser(user);
      queryClient.setQueryData<ProfileResponse>(queryKeys.profile(), (cached) => cached && { ...cached, user });
      // The name also shows in other answers (a store's reviews, an owner's raters, the admin's user list).
      void invalidateAfterDirectoryChange(queryClient);
      toast.success(MESSAGES.profileUpdated);
    },
  });
}
