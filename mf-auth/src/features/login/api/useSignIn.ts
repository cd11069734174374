/**
 * Signing in (spec §2, §8) through the shell's session (useAuth().login: it stores the token, greets the
 * user, and its guard leaves /login). Any failure is 'Login failed. Please try again.', never the server's text.
 */
import { type LoginRequest, MESSAGES } from 'shared-contracts';
import { useAuth, useMutation } from 'shared-contracts/react';

export function useSignIn() {
  const { login } = useAuth();
  return useMutation({
    mutationFn: ({ email, password, role }: LoginRequest) => login(email, password, role),
    meta: { failureToast: MESSAGES.loginFailed },
  });
}
