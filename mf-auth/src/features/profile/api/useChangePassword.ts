/**
 * Changing the password (spec §2, §8): the API's new token replaces the old one (every older token
 * stops working, this session stays signed in), with 'Password updated successfully!'; a failure shows
 * the server's message ('Current password is incorrect'), else 'Failed to update password'.
 */
import toast from 'react-hot-toast';
import { errorMessage, MESSAGES, type PasswordChangeRequest } from 'shared-contracts';
import { useApi, useAuth, useMutation } from 'shared-contracts/react';

export function useChangePassword() {
  const api = useApi();
  const { replaceToken } = useAuth();
  return useMutation({
    mutationFn: (request: PasswordChangeRequest) => api.auth.changePassword(request),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.passwordUpdateFailed) },
    onSuccess: ({ token }) => {
      replaceToken(token);
      toast.success(MESSAGES.passwordUpdated);
    },
  });
}
