/**
 * Setting a new password with a reset link's token (issue 18). An invalid, used or expired link (400 on
 * `token`) is a state the page shows itself (with a way to ask again): not toasted. Any other failure
 * shows the server's message, else 'Failed to reset password'.
 */
import { errorMessage, errorStatus, MESSAGES, type ResetPasswordRequest } from 'shared-contracts';
import { useApi, useMutation } from 'shared-contracts/react';

/** The API's answer to an unknown, used or expired link. */
export function isInvalidLink(error: unknown): boolean {
  return errorStatus(error) === 400 && errorMessage(error, '') === MESSAGES.accountLinkInvalid;
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) => api.auth.resetPassword(request),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.passwordResetFailed), isExpected: isInvalidLink },
  });
}
