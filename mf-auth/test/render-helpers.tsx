/**
 * Renders a page as the shell would: inside a router, with the API client and the session provided
 * through shared-contracts' contexts, and a <Toaster/> so toasts reach the DOM. The API is the shared fake
 * (shared-contracts/testing: shaped like createApiClient's return, every endpoint a jest.fn); the session is a small stateful
 * stand-in whose functions are jest.fns, so a page that calls updateUser re-renders with the new user. Each render
 * has a query cache of its own (createTestQueryClient: no retries), returned as `queryClient`.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode, useState } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ApiClient, RegisterRequest, Role, User } from 'shared-contracts';
import { ApiContext, AuthContext, type AuthContextValue, QueryClientProvider } from 'shared-contracts/react';
import { createFakeApi, createTestQueryClient, type FakeApi } from 'shared-contracts/testing';

export { apiError, createFakeApi, type FakeApi, networkError } from 'shared-contracts/testing';

// ---------- fake session ----------

export const testUser: User = {
  id: 7,
  name: 'Priya Shankar Natarajan',
  email: 'customer@example.com',
  address: '17 Lavelle Road, Ashok Nagar, Bengaluru, Karnataka 560001',
  role: 'normal_user',
  created_at: '2023-03-15T10:30:00.000Z',
  updated_at: '2024-01-02T08:00:00.000Z',
  email_verified: true,
};

export interface FakeAuth {
  login: jest.Mock<Promise<User>, [string, string, Role]>;
  register: jest.Mock<Promise<User>, [RegisterRequest]>;
  logout: jest.Mock<void, []>;
  updateUser: jest.Mock<void, [User]>;
  replaceToken: jest.Mock<void, [string]>;
}

function createFakeAuth(): FakeAuth {
  return {
    login: jest.fn<Promise<User>, [string, string, Role]>(() => Promise.reject(new Error('unexpected call: login'))),
    register: jest.fn<Promise<User>, [RegisterRequest]>(() => Promise.reject(new Error('unexpected call: register'))),
    logout: jest.fn(),
    updateUser: jest.fn(),
    replaceToken: jest.fn(),
  };
}

function FakeAuthProvider({ auth, initialUser, children }: { auth: FakeAuth; initialUser: User | null; children: ReactNode }) {
  const [user, setUser] = useState<User | null>(initialUser);
  const [token, setToken] = useState<string | null>(initialUser ? 'token-1' : null);
  const value: AuthContextValue = {
    user,
    token,
    loading: false,
    login: auth.login,
    register: auth.register,
    logout: auth.logout,
    updateUser: (next) => {
      auth.updateUser(next);
      setUser(next);
    },
    replaceToken: (next) => {
      auth.replaceToken(next);
      setToken(next);
    },
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Shows where the router is, so a test can see a link's target after following it. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

// ---------- render ----------

export interface RenderPageOptions {
  /** Where the page opens, with its query if any (e.g. '/reset-password?token=…'). */
  route: string;
  /** The signed-in user, or none. */
  signedInAs?: User | null;
  /** The location's state, as another page's navigate() would leave it. */
  state?: unknown;
  /** The fake API, when a test must give answers before the page's first call (a call on load). */
  api?: FakeApi;
}

/** Returns the fakes, the query cache and `user`, a user-event instance that types and clicks like a person. */
export function renderPage(page: ReactElement, { route, signedInAs = null, state, api = createFakeApi() }: RenderPageOptions) {
  const [pathname, search = ''] = route.split('?');
  const auth = createFakeAuth();
  const queryClient = createTestQueryClient();
  const events = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
        <ApiContext.Provider value={api as unknown as ApiClient}>
          <FakeAuthProvider auth={auth} initialUser={signedInAs}>
            <Routes>
              <Route path={pathname} element={page} />
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
            <Toaster containerClassName="test-toaster" />
          </FakeAuthProvider>
        </ApiContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, api, auth, queryClient, user: events };
}

// ---------- toasts ----------

function toaster(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.test-toaster');
  if (!element) throw new Error('no <Toaster/> rendered');
  return element;
}

/** Waits for a toast with exactly this text. */
export function findToast(text: string) {
  return within(toaster()).findByText(text);
}

export function queryToast(text: string) {
  return within(toaster()).queryByText(text);
}

/** The form's inline validation message. */
export function findFormAlert() {
  return screen.findByRole('alert');
}

/** A promise the test settles by hand, to see a page while its call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  // The toast store is module-wide: start every test with none.
  act(() => toast.remove());
});
