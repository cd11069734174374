// Renders a remote's pages as the shell would: the API client and the session from shared-contracts'
// contexts (fakes here), a query cache of their own, inside a router, with a <Toaster/> so toasts reach the DOM.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { ApiClient, User } from 'shared-contracts';
import {
  ApiContext,
  AuthContext,
  type AuthContextValue,
  createQueryClient,
  type QueryClient,
  QueryClientProvider,
} from 'shared-contracts/react';
import { createFakeApi, type FakeApi } from './fake-api';

/** A signed-in (or signed-out, for null) session whose functions are jest.fns. */
export function fakeAuth(user: User | null): AuthContextValue {
  return {
    user,
    token: user ? 'test-token' : null,
    loading: false,
    login: jest.fn(),
    register: jest.fn(),
    logout: jest.fn(),
    updateUser: jest.fn(),
    replaceToken: jest.fn(),
  };
}

/** Shows where the router is (see currentLocation); with `historyBack`, a button that goes back. */
function LocationProbe({ historyBack }: { historyBack: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location" hidden>
        {location.pathname + location.search}
      </div>
      {historyBack && (
        <button type="button" data-testid="history-back" onClick={() => navigate(-1)}>
          History back
        </button>
      )}
    </>
  );
}

/** The page's query cache as the shell makes it, without retries or timers (one per rendered test). */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
}

export interface RenderRoutesOptions<A extends object = FakeApi> {
  /** The URL to start at, e.g. '/stores?page=2'. */
  route: string;
  api?: A;
  /** The query cache (a fresh one unless given: e.g. to render two remotes' pages over one cache). */
  queryClient?: QueryClient;
  auth?: AuthContextValue;
  /** Also render a 'History back' button (data-testid="history-back"). */
  historyBack?: boolean;
}

/** Renders `routes` (<Route> elements) at `route`; returns the fakes and `user`, a user-event instance. */
export function renderRoutes<A extends object = FakeApi>(
  routes: ReactNode,
  {
    route,
    api = createFakeApi() as unknown as A,
    auth = fakeAuth(null),
    historyBack = false,
    queryClient = createTestQueryClient(),
  }: RenderRoutesOptions<A>,
) {
  const events = userEvent.setup();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ApiContext.Provider value={api as unknown as ApiClient}>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>{routes}</Routes>
            <LocationProbe historyBack={historyBack} />
          </MemoryRouter>
          <Toaster />
        </AuthContext.Provider>
      </ApiContext.Provider>
    </QueryClientProvider>,
  );
  return { ...utils, api, auth, queryClient, user: events };
}

/** Where the router is now: pathname + search. */
export const currentLocation = () => screen.getByTestId('location').textContent ?? '';

/** The URL's query of the current location, as an object. */
export const currentQuery = () => Object.fromEntries(new URLSearchParams(currentLocation().split('?')[1] ?? ''));
