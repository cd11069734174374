// The session (spec §4): saved token checked through the profile, login and registration, token
// replacement, a 401 ending the session once, and sign-outs in other tabs.
import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { EARLY_PROFILE_GLOBAL, MESSAGES, ROLE_HINT_STORAGE_KEY } from 'shared-contracts';
import { loadRemotePage } from '../src/remotes/registry';
import { createFakeApi, makeUser } from './support/fake-api';
import { loadFakeRemotePage, pageHeading, SIGN_IN_AS, SIGN_UP_AS } from './support/fake-remotes';
import { currentPath, findDashboard, findNavbar, renderApp, SAVED_TOKEN } from './support/render-app';

// The real registry (versions, RemoteLoadError) but for loading pages, which each test decides.
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

const customer = makeUser('normal_user');
const loginHeading = () => screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
});

describe('at start', () => {
  test('a saved token is checked by fetching the profile, which signs the user in', async () => {
    const { api, hooks } = renderApp({ path: '/stores', user: customer });
    const nav = await findNavbar();
    expect(within(nav).getByText(customer.name)).toBeInTheDocument();
    expect(api.auth.getProfile).toHaveBeenCalledTimes(1);
    expect(hooks.getToken()).toBe(SAVED_TOKEN);
    expect(window.localStorage.getItem('token')).toBe(SAVED_TOKEN);
  });

  test('without a saved token no profile is fetched and the user is signed out', async () => {
    const { api, hooks } = renderApp({ path: '/stores' });
    expect(await loginHeading()).toBeInTheDocument();
    expect(api.auth.getProfile).not.toHaveBeenCalled();
    expect(hooks.getToken()).toBeNull();
  });

  test('a failing profile fetch signs out and removes the saved token', async () => {
    window.localStorage.setItem('token', 'stale-token');
    const api = createFakeApi();
    api.auth.getProfile.mockRejectedValue(new Error('401'));
    const { hooks } = renderApp({ path: '/profile', api });

    expect(await loginHeading()).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(hooks.getToken()).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  test('the client is built once, however often the session changes', async () => {
    const { factory, events, api } = renderApp({ path: '/login' });
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });
    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));
    await findDashboard('normal_user');
    expect(factory).toHaveBeenCalledTimes(1);
  });
});

describe('the profile check the page started (start-page inline script)', () => {
  const started = (token: string, answer: { status: number; body?: unknown } | null) => {
    const response = answer && ({ ok: answer.status < 300, status: answer.status, json: async () => answer.body } as Response);
    Object.assign(window, { [EARLY_PROFILE_GLOBAL]: { token, response: Promise.resolve(response) } });
  };
  afterEach(() => Reflect.deleteProperty(window, EARLY_PROFILE_GLOBAL));

  test('its answer signs the user in without asking the server again', async () => {
    started(SAVED_TOKEN, { status: 200, body: { user: customer } });
    const { api } = renderApp({ path: '/stores', user: customer });
    const nav = await findNavbar();
    expect(within(nav).getByText(customer.name)).toBeInTheDocument();
    expect(api.auth.getProfile).not.toHaveBeenCalled();
    expect(EARLY_PROFILE_GLOBAL in window).toBe(false);
  });

  test('a refused token (401) ends the session with the session-ended message, as any 401 does', async () => {
    started(SAVED_TOKEN, { status: 401, body: { message: 'Invalid token' } });
    const { api, hooks } = renderApp({ path: '/stores', user: customer });
    expect(await loginHeading()).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(api.auth.getProfile).not.toHaveBeenCalled();
    expect(hooks.getToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  test.each([
    ['no answer', null],
    ['a server error', { status: 500, body: { message: 'Internal server error' } }],
  ])('%s signs out, as a failed profile check does', async (_what, answer) => {
    started(SAVED_TOKEN, answer);
    const { hooks } = renderApp({ path: '/profile', user: customer });
    expect(await loginHeading()).toBeInTheDocument();
    expect(hooks.getToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  test('a check started with another token is not used: the server is asked', async () => {
    started('someone-elses-token', { status: 200, body: { user: makeUser('system_admin') } });
    const { api } = renderApp({ path: '/stores', user: customer });
    const nav = await findNavbar();
    expect(within(nav).getByText(customer.name)).toBeInTheDocument();
    expect(api.auth.getProfile).toHaveBeenCalledTimes(1);
  });
});

describe('the role hint (for the page’s inline script, which preloads a route’s remote only for a visitor its guard lets in)', () => {
  test('follows the session: saved with the checked profile, replaced on a new sign-in, removed on sign-out', async () => {
    const { api, events } = renderApp({ path: '/stores', user: customer });
    await findNavbar();
    expect(window.localStorage.getItem(ROLE_HINT_STORAGE_KEY)).toBe('normal_user');

    await events.click(within(await findNavbar()).getByRole('button', { name: 'Logout' }));
    await loginHeading();
    expect(window.localStorage.getItem(ROLE_HINT_STORAGE_KEY)).toBeNull();

    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: makeUser('store_owner') });
    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));
    await findDashboard('store_owner');
    expect(window.localStorage.getItem(ROLE_HINT_STORAGE_KEY)).toBe('store_owner');
  });

  test('is removed when the saved session turns out to be over', async () => {
    window.localStorage.setItem('token', 'stale-token');
    window.localStorage.setItem(ROLE_HINT_STORAGE_KEY, 'system_admin');
    const api = createFakeApi();
    api.auth.getProfile.mockRejectedValue(new Error('401'));
    renderApp({ path: '/admin', api });
    await loginHeading();
    expect(window.localStorage.getItem(ROLE_HINT_STORAGE_KEY)).toBeNull();
  });
});

describe('login and registration', () => {
  test('login sends the credentials, stores the token under "token" and greets the user', async () => {
    const { api, events, hooks } = renderApp({ path: '/login' });
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await screen.findByText(`Welcome back, ${customer.name}!`)).toBeInTheDocument();
    expect(api.auth.login).toHaveBeenCalledWith(SIGN_IN_AS);
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(hooks.getToken()).toBe('fresh-token');
    expect(await findDashboard('normal_user')).toBeInTheDocument();
  });

  test('a failed login leaves the user signed out, with no token and no greeting', async () => {
    const { api, events } = renderApp({ path: '/login' });
    await loginHeading();
    api.auth.login.mockRejectedValue(new Error('Invalid credentials'));

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    await waitFor(() => expect(api.auth.login).toHaveBeenCalled());
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/login');
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  test('registration signs the new user in at once and welcomes them', async () => {
    const { api, events } = renderApp({ path: '/register' });
    await screen.findByRole('heading', { name: pageHeading('mf_auth', 'RegisterPage') });
    api.auth.register.mockResolvedValue({ message: 'Registration successful', token: 'new-user-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign up' }));

    expect(await screen.findByText(`Welcome to Store Ratings, ${customer.name}!`)).toBeInTheDocument();
    expect(api.auth.register).toHaveBeenCalledWith(SIGN_UP_AS);
    expect(window.localStorage.getItem('token')).toBe('new-user-token');
    expect(await findDashboard('normal_user')).toBeInTheDocument();
  });
});

describe('replaceToken', () => {
  test('keeps the session with the new token', async () => {
    const { events, hooks } = renderApp({ path: '/profile', user: customer });
    await screen.findByRole('heading', { name: pageHeading('mf_auth', 'ProfilePage') });

    await events.click(screen.getByRole('button', { name: 'Fake password change' }));

    expect(window.localStorage.getItem('token')).toBe('rotated-token');
    expect(hooks.getToken()).toBe('rotated-token');
    expect(currentPath()).toBe('/profile');
    expect(within(await findNavbar()).getByText(customer.name)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: pageHeading('mf_auth', 'ProfilePage') })).toBeInTheDocument();
  });
});

describe('a 401 on an authenticated call', () => {
  test('ends the session once: one toast, token cleared, guards send the user to /login', async () => {
    const { hooks } = renderApp({ path: '/stores/4', user: customer });
    await findNavbar();
    const errorToast = jest.spyOn(toast, 'error');

    act(() => {
      hooks.onUnauthorized();
      hooks.onUnauthorized();
      hooks.onUnauthorized();
    });
    act(() => hooks.onUnauthorized());

    expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.sessionEnded)).toHaveLength(1);
    expect(errorToast).toHaveBeenCalledTimes(1);
    errorToast.mockRestore();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(hooks.getToken()).toBeNull();
    expect(await loginHeading()).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  test('signing in again returns to the page the session ended on', async () => {
    const { hooks, api, events } = renderApp({ path: '/stores/4', user: customer });
    await findNavbar();
    act(() => hooks.onUnauthorized());
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreDetailPage') })).toBeInTheDocument();
    expect(currentPath()).toBe('/stores/4');
  });

  test('when nobody is signed in says nothing', async () => {
    const { hooks } = renderApp({ path: '/login' });
    await loginHeading();
    act(() => hooks.onUnauthorized());
    expect(screen.queryByText(MESSAGES.sessionEnded)).not.toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });
});

describe('other tabs', () => {
  test('removing the token in another tab signs out here', async () => {
    const { hooks } = renderApp({ path: '/profile', user: customer });
    await findNavbar();

    window.localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: SAVED_TOKEN, newValue: null }));
    });

    expect(await loginHeading()).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(hooks.getToken()).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  test('a change to another key leaves the session alone', async () => {
    renderApp({ path: '/profile', user: customer });
    await findNavbar();

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue: 'light', newValue: null }));
    });

    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');
  });
});
