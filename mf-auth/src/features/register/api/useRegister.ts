/**
 * Creating an account (spec §2, §8) through the shell's session (useAuth().register: a success signs the
 * new customer in at once and greets them). A failure shows the server's message, else
 * 'Registration failed. Please try again.'.
 */
import { errorMessage, MESSAGES, type RegisterRequest } from 'shared-contracts';
import { useAuth, useMutation } from 'shared-contracts/react';

export function useRegister() {
  const { register } = useAuth();
  return useMutation({
    mutationFn: (request: RegisterRequest) => register(request),
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.registrationFailed) },
  });
}
