/**
 * Runs one remote alone in development (`nx serve mf-stores`): its pages under its own mount path,
 * with a stand-in of the shell — the real API client (through the dev server's /api proxy), a small
 * auth provider that signs in against the API, and a toaster. Never part of the composed site.
 */
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import toast, { Toaster } from 'react-hot-toast';
// By package name, not by path: the remote's pages must see the same (shared) contexts and router.
import {
  ApiContext,
  AuthContext,
  type AuthContextValue,
  BrowserRouter,
  createQueryClient,
  Link,
  QueryClientProvider,
  Route,
  useQueryClient,
  Routes,
} from 'shared-contracts/react';
import { createApiClient, DEMO_ACCOUNTS, type RegisterRequest, type Role, type User } from 'shared-contracts';

const STANDALONE_TOKEN_KEY = 'standalone-token';

function StandInAuthProvider({ children }: { children: ReactNode }) {
  const tokenRef = useRef<string | null>(sessionStorage.getItem(STANDALONE_TOKEN_KEY));
  const [user, setUser] = useState<User | null>(null);
  const queryClient = useQueryClient();
  const api = useMemo(() => createApiClient({ baseURL: '', getToken: () => tokenRef.current }), []);
  const setToken = useCallback((token: string | null) => {
    tokenRef.current = token;
    if (token) sessionStorage.setItem(STANDALONE_TOKEN_KEY, token);
    else sessionStorage.removeItem(STANDALONE_TOKEN_KEY);
  }, []);
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token: tokenRef.current,
      loading: false,
      login: async (email: string, password: string, role: Role) => {
        const result = await api.auth.login({ email, password, role });
        setToken(result.token);
        setUser(result.user);
        return result.user;
      },
      register: async (data: RegisterRequest) => {
        const result = await api.auth.register(data);
        setToken(result.token);
        setUser(result.user);
        return result.user;
      },
      logout: () => {
        setToken(null);
        setUser(null);
        queryClient.clear();
      },
      updateUser: setUser,
      replaceToken: setToken,
    }),
    [api, user, setToken, queryClient],
  );
  return (
    <ApiContext.Provider value={api}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </ApiContext.Provider>
  );
}

function StandInSignIn() {
  const [busy, setBusy] = useState(false);
  return (
    <AuthContext.Consumer>
      {(auth) =>
        auth?.user ? (
          <p>
            Signed in as {auth.user.name} ({auth.user.role}). <button onClick={auth.logout}>Sign out</button>
          </p>
        ) : (
          <p>
            Stand-in sign-in:{' '}
            {DEMO_ACCOUNTS.map((account) => (
              <button
                key={account.role}
                disabled={busy}
                onClick={() => {
                  setBusy(true);
                  auth!
                    .login(account.email, account.password, account.role)
                    .catch(() => toast.error('Stand-in sign-in failed: is the API running on port 3000?'))
                    .finally(() => setBusy(false));
                }}
              >
                {account.label}
              </button>
            ))}
          </p>
        )
      }
    </AuthContext.Consumer>
  );
}

export interface StandalonePage {
  path: string;
  label: string;
  element: ReactNode;
}

export function StandaloneHarness({ title, basename, pages }: { title: string; basename: string; pages: StandalonePage[] }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter basename={basename}>
      <QueryClientProvider client={queryClient}>
        <StandInAuthProvider>
          <header style={{ padding: '0.5rem 1rem', borderBottom: '1px solid #ccc', fontFamily: 'system-ui' }}>
            <strong>{title} (running alone)</strong>{' '}
            {pages.map((p) => (
              <Link key={p.path} to={p.path.replace(/:\w+/g, '1')} style={{ marginRight: '0.75rem' }}>
                {p.label}
              </Link>
            ))}
            <StandInSignIn />
          </header>
          <Routes>
            {pages.map((p) => (
              <Route key={p.path} path={p.path} element={p.element} />
            ))}
          </Routes>
          <Toaster position="top-right" />
        </StandInAuthProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
