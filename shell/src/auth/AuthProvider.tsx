/**
 * The session (spec §4): loading at start; a saved token is checked by fetching the profile, and a
 * failure there signs out. Login and registration store the token and greet the user; logout clears
 * it and has the server revoke it. A 401 on any authenticated call ends the session once, with the session-ended toast alone.
 * Other tabs' sign-outs are followed. Whenever the session ends or changes hands, the page's query cache
 * is emptied: nothing one user loaded is shown to the next.
 */
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type ApiClient,
  createApiClient,
  MESSAGES,
  type RegisterRequest,
  type Role,
  TOKEN_STORAGE_KEY,
  type User,
  welcomeBackMessage,
  welcomeNewUserMessage,
} from 'shared-contracts';
import { ApiContext, AuthContext, type AuthContextValue, useQueryClient } from 'shared-contracts/react';
import { takeEarlyProfile } from './early-profile';
import { readToken, writeRoleHint, writeToken } from './session-storage';

export interface AuthProviderProps {
  children: ReactNode;
  /** Tests pass a client of their own; the site builds one for the same origin. */
  client?: (options: { getToken: () => string | null; onUnauthorized: () => void }) => ApiClient;
}

const defaultClient: NonNullable<AuthProviderProps['client']> = (options) => createApiClient({ baseURL: '', ...options });

export function AuthProvider({ children, client = defaultClient }: AuthProviderProps) {
  const [token, setToken] = useState<string | null>(() => readToken());
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState<boolean>(() => readToken() !== null);
  const tokenRef = useRef(token);
  const queryClient = useQueryClient();

  const applyToken = useCallback((next: string | null) => {
    tokenRef.current = next;
    writeToken(next);
    setToken(next);
  }, []);

  const endSession = useCallback(() => {
    applyToken(null);
    setUser(null);
    queryClient.clear();
  }, [applyToken, queryClient]);

  // The only message of a 401: the call that got it never settles (createApiClient), so the screen that
  // made it shows no failure of its own. Only the first 401 of a session speaks; later ones find no
  // session to end. The start-up profile check may be that call: it never settles, so the loading ends here.
  const onUnauthorized = useCallback(() => {
    setLoading(false);
    if (tokenRef.current === null) return;
    endSession();
    toast.error(MESSAGES.sessionEnded, { id: 'session-ended' });
  }, [endSession]);
  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;

  const api = useMemo(
    () => client({ getToken: () => tokenRef.current, onUnauthorized: () => onUnauthorizedRef.current() }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the client is built once per provider (its callbacks read refs)
    [],
  );

  // Check the saved session once at start: the page's inline script may have asked already (early-profile.ts).
  useEffect(() => {
    const saved = tokenRef.current;
    if (!saved) return;
    let cancelled = false;
    const early = takeEarlyProfile(saved);
    const check: Promise<User | null> = early
      ? early.then((outcome) => {
          if (outcome.kind === 'user') return outcome.user;
          if (outcome.kind === 'failed') throw new Error('The profile check failed');
          // A refused token ends the session as any 401 does, and this check never settles.
          if (!cancelled) onUnauthorizedRef.current();
          return new Promise<never>(() => undefined);
        })
      : api.auth.getProfile().then(({ user: profile }) => profile);
    // The answer is drawn as a transition: the signed-in page then renders in slices that leave the
    // main thread free between them, not as one long task on a phone's CPU.
    // The user and the end of loading land in one render, so no guard ever sees "checked, nobody".
    check
      .then((profile) => {
        if (cancelled) return;
        if (profile && tokenRef.current === saved) {
          startTransition(() => {
            setUser(profile);
            setLoading(false);
          });
        } else setLoading(false);
      })
      .catch(() => {
        if (cancelled) return;
        if (tokenRef.current === saved) endSession();
        setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [api, endSession]);

  // The role hint follows the session (the page's inline script reads it on the next visit).
  useEffect(() => {
    if (user) writeRoleHint(user.role);
    else if (!loading) writeRoleHint(null);
  }, [user, loading]);

  // Signing out in another tab signs out here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY && event.newValue === null && tokenRef.current !== null) {
        tokenRef.current = null;
        setToken(null);
        setUser(null);
        queryClient.clear();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const login = useCallback(
    async (email: string, password: string, role: Role) => {
      const result = await api.auth.login({ email, password, role });
      queryClient.clear();
      applyToken(result.token);
      setUser(result.user);
      toast.success(welcomeBackMessage(result.user.name));
      return result.user;
    },
    [api, applyToken, queryClient],
  );

  const register = useCallback(
    async (data: RegisterRequest) => {
      const result = await api.auth.register(data);
      queryClient.clear();
      applyToken(result.token);
      setUser(result.user);
      toast.success(welcomeNewUserMessage(result.user.name));
      return result.user;
    },
    [api, applyToken, queryClient],
  );

  const logout = useCallback(() => {
    const signedOut = tokenRef.current;
    endSession();
    toast.success(MESSAGES.loggedOut);
    // The server refuses this token from now on (a copy of it is no use to anyone). Signing out here
    // does not wait for it: an API that is away, or a token already dead, changes nothing for the user.
    if (signedOut) api.auth.logout(signedOut).catch(() => undefined);
  }, [api, endSession]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, token, loading, login, register, logout, updateUser: setUser, replaceToken: applyToken }),
    [user, token, loading, login, register, logout, applyToken],
  );

  return (
    <ApiContext.Provider value={api}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </ApiContext.Provider>
  );
}
