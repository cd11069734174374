/**
 * Asking for a new verification link from Profile (issue 18): 202 'A new verification link is on its way…'.
 * A 409 means the account is verified already (another tab used a link): the session's user is updated.
 * A failure shows the server's message (e.g. the throttle's), else 'Failed to send verification email'.
 */
import { errorMessage, errorStatus, MESSAGES } from 'shared-contracts';
import { useApi, useAuth, useMutation } from 'shared-contracts/react';

export function useResendVerification() {
  const api = useApi();
  const { user, updateUser } = useAuth();
  return useMutation({
    mutationFn: () => api.auth.resendVerification(),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.verificationSendFailed) },
    onError: (error) => {
      if (errorStatus(error) === 409 && user) updateUser({ ...user, email_verified: true });
    },
  });
}
