// A 401 with the real API client (createApiClient) under the real AuthProvider: the session-ended toast
// is the only message. The screen that made the call catches failures and toasts its own message, as
// every remote screen does, yet with a 401 it says nothing; with a 500 it speaks and the user stays in.
import { act, render, screen, waitFor } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { createApiClient, MESSAGES, type User } from 'shared-contracts';
import { QueryClientProvider, useApi } from 'shared-contracts/react';
import { createTestQueryClient } from 'shared-contracts/testing';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { loadRemotePage } from '../src/remotes/registry';
import { AppRoutes } from '../src/app/AppRoutes';
import { AuthProvider } from '../src/auth/AuthProvider';
import { AppToaster } from '../src/features/feedback/AppToaster';
import { makeUser } from './support/fake-api';
import { loadFakeRemotePage, pageHeading } from './support/fake-remotes';

// The real registry (versions, RemoteLoadError) but for loading pages, which each test decides.
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

const customer: User = makeUser('normal_user');
const SCREEN_FAILED = MESSAGES.fetchStoresFailed;

/** A stand-in of a remote screen: loads on mount and toasts its own failure, the way the remotes do. */
function LoadingScreen() {
  const api = useApi();
  const [state, setState] = useState('loading');
  useEffect(() => {
    api.stores
      .list()
      .then(() => setState('loaded'))
      .catch(() => {
        setState('failed');
        toast.error(SCREEN_FAILED);
      });
  }, [api]);
  return (
    <main>
      <h1>Store list stand-in</h1>
      <p>{state}</p>
    </main>
  );
}

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

type Answer = { status: number; data: unknown; after?: Promise<unknown> };

/** The real client over an adapter answering each path from `answers` (unknown paths: 200 {}). */
function renderWithRealClient(path: string, answers: Record<string, Answer>) {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    calls.push(`${config.method?.toUpperCase()} ${url}`);
    const answer = answers[url] ?? { status: 200, data: {} };
    await answer.after;
    const response: AxiosResponse = { status: answer.status, statusText: String(answer.status), data: answer.data, headers: {}, config };
    if (answer.status >= 400) {
      throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_REQUEST', config, null, response);
    }
    return response;
  };
  const client = (options: { getToken: () => string | null; onUnauthorized: () => void }) => {
    const api = createApiClient({ baseURL: '', ...options });
    api.http.defaults.adapter = adapter;
    return api;
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={createTestQueryClient()}>
        <AuthProvider client={client}>
          <AppRoutes />
          <Location />
          <AppToaster />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { calls };
}

const currentPath = () => screen.getByTestId('location').textContent;
const loginHeading = () => screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });

beforeEach(() => {
  window.localStorage.setItem('token', 'saved-token');
  loadPage.mockReset();
  loadPage.mockImplementation(async (remote, module) =>
    remote === 'mf_stores' && module === 'StoreListPage' ? { default: LoadingScreen } : loadFakeRemotePage(remote, module),
  );
});

afterEach(() => {
  toast.remove();
  window.localStorage.clear();
});

test("a screen's call answering 401: on /login with the session-ended toast alone, not the screen's failure toast", async () => {
  const errorToast = jest.spyOn(toast, 'error');
  const { calls } = renderWithRealClient('/stores', {
    '/api/auth/profile': { status: 200, data: { user: customer } },
    '/api/stores': { status: 401, data: { message: MESSAGES.invalidToken } },
  });

  expect(await loginHeading()).toBeInTheDocument();
  expect(currentPath()).toBe('/login');
  expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
  expect(window.localStorage.getItem('token')).toBeNull();
  // Give a late failure toast every chance to show.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText(SCREEN_FAILED)).not.toBeInTheDocument();
  expect(errorToast.mock.calls.map(([message]) => message)).toEqual([MESSAGES.sessionEnded]);
  expect(calls).toEqual(['GET /api/auth/profile', 'GET /api/stores']);
  errorToast.mockRestore();
});

test("a screen's call answering 500: the screen's failure toast, and the user stays signed in", async () => {
  renderWithRealClient('/stores', {
    '/api/auth/profile': { status: 200, data: { user: customer } },
    '/api/stores': { status: 500, data: { message: MESSAGES.internalError } },
  });

  expect(await screen.findByText(SCREEN_FAILED)).toBeInTheDocument();
  expect(screen.getByText('failed')).toBeInTheDocument();
  expect(currentPath()).toBe('/stores');
  expect(window.localStorage.getItem('token')).toBe('saved-token');
  expect(screen.queryByText(MESSAGES.sessionEnded)).not.toBeInTheDocument();
});

test('a saved token the profile check answers 401 to: the start-up spinner ends on /login, with the session-ended toast', async () => {
  const { calls } = renderWithRealClient('/stores', {
    '/api/auth/profile': { status: 401, data: { message: MESSAGES.invalidToken } },
  });

  expect(await loginHeading()).toBeInTheDocument();
  expect(currentPath()).toBe('/login');
  expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
  await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  expect(calls).toEqual(['GET /api/auth/profile']);
});

test('the start-up profile check answering 401 after another tab signed out: on /login, with no toast (no session left to end)', async () => {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  renderWithRealClient('/stores', { '/api/auth/profile': { status: 401, data: { message: MESSAGES.invalidToken }, after: held } });

  window.localStorage.removeItem('token');
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'saved-token', newValue: null }));
  });
  answer();

  expect(await loginHeading()).toBeInTheDocument();
  expect(currentPath()).toBe('/login');
  expect(screen.queryByText(MESSAGES.sessionEnded)).not.toBeInTheDocument();
});
