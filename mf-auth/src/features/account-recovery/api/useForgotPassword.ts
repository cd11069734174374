/**
 * Asking for a password reset link (issue 18): the API answers the same whether or not the email has an
 * account. A refusal shows the server's message (e.g. 'Too many email requests. Please try again later.'),
 * else 'Failed to send the reset link'.
 */
import { errorMessage, type ForgotPasswordRequest, MESSAGES } from 'shared-contracts';
import { useApi, useMutation } from 'shared-contracts/react';

export function useForgotPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: ForgotPasswordRequest) => api.auth.forgotPassword(request),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.passwordResetRequestFailed) },
  });
}
