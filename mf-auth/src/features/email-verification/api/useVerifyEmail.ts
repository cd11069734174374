/**
 * Using an email verification link (issue 18). An invalid, used or expired link (400) is a state the page
 * shows itself; no answer or a server failure is an error state with 'Try again'. Nothing is toasted.
 */
import { errorStatus, type VerifyEmailRequest } from 'shared-contracts';
import { useApi, useMutation } from 'shared-contracts/react';

export function useVerifyEmail() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: VerifyEmailRequest) => api.auth.verifyEmail(request),
    meta: { isExpected: (error) => errorStatus(error) === 400 },
  });
}
