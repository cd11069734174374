/**
 * The signed-in user, shared by the shell (which provides it) and every remote (which reads it).
 * It lives here, in the one shared singleton, so that `useAuth()` in a remote sees the shell's provider.
 */
import { createContext, useContext } from 'react';
import type { Role } from '../roles';
import type { RegisterRequest } from '../schemas/requests';
import type { User } from '../schemas/responses';

export interface AuthContextValue {
  user: User | null;
  token: string | null;
  /** True while the saved session is being checked at start. */
  loading: boolean;
  /** Signs in; resolves with the user, rejects with the API error. */
  login: (email: string, password: string, role: Role) => Promise<User>;
  /** Creates a customer account and signs it in. */
  register: (data: RegisterRequest) => Promise<User>;
  logout: () => void;
  /** Replaces the signed-in user's details (after a profile edit). */
  updateUser: (user: User) => void;
  /** Replaces the token (after a password change), keeping the session. */
  replaceToken: (token: string) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() needs an <AuthContext.Provider> above it (the shell provides one)');
  return value;
}
