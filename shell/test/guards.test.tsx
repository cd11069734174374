// Route table and guards (spec §2): spinner while the session loads, bounces for signed-out users,
// signed-in users and users without the role, the home and catch-all redirects, and the way back
// after signing in.
import { screen, waitFor } from '@testing-library/react';
import { loadRemotePage } from '../src/remotes/registry';
import { createFakeApi, deferred, makeUser } from './support/fake-api';
import { loadFakeRemotePage, pageHeading } from './support/fake-remotes';
import { currentPath, renderApp } from './support/render-app';

jest.mock('../src/remotes/registry', () => ({ loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

const customer = makeUser('normal_user');
const owner = makeUser('store_owner');
const admin = makeUser('system_admin');

const loginHeading = () => screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
});

describe('while the session loads', () => {
  test.each(['/stores', '/admin', '/login', '/'])('%s shows a spinner until the profile answers', async (path) => {
    window.localStorage.setItem('token', 'saved-token');
    const api = createFakeApi();
    api.auth.getProfile.mockReturnValue(new Promise(() => undefined));
    renderApp({ path, api });

    const spinner = screen.getByRole('status');
    expect(spinner).toHaveTextContent('Checking your session');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(currentPath()).toBe(path);
    expect(loadPage).not.toHaveBeenCalled();
  });

  test('the guarded page appears once the profile answers', async () => {
    const profile = deferred<{ user: typeof customer }>();
    window.localStorage.setItem('token', 'saved-token');
    const api = createFakeApi();
    api.auth.getProfile.mockReturnValue(profile.promise);
    renderApp({ path: '/stores', api });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');

    profile.resolve({ user: customer });

    expect(await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreListPage') })).toBeInTheDocument();
    expect(currentPath()).toBe('/stores');
  });
});

describe('a signed-out user', () => {
  test.each(['/stores', '/stores/5', '/profile', '/dashboard', '/admin', '/admin/users', '/store-owner', '/user-dashboard'])(
    'on %s is sent to /login',
    async (path) => {
      renderApp({ path });
      expect(await loginHeading()).toBeInTheDocument();
      expect(currentPath()).toBe('/login');
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    },
  );

  test('on / is sent to /login', async () => {
    const { visited } = renderApp({ path: '/' });
    expect(await loginHeading()).toBeInTheDocument();
    expect(visited).toEqual(['/', '/login']);
  });

  test.each(['/login', '/register'])('can open %s', async (path) => {
    renderApp({ path });
    const module = path === '/login' ? 'LoginPage' : 'RegisterPage';
    expect(await screen.findByRole('heading', { name: pageHeading('mf_auth', module) })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });

  test.each(['/ratings', '/notifications', '/challenges', '/admin/settings', '/admin/analytics', '/admin/dashboard', '/nope'])(
    'on the unknown path %s goes to / and then /login',
    async (path) => {
      const { visited } = renderApp({ path });
      expect(await loginHeading()).toBeInTheDocument();
      expect(visited).toEqual([path, '/', '/login']);
    },
  );
});

describe('a signed-in user', () => {
  test.each(['/login', '/register'])('on %s is sent to /dashboard and then to the role dashboard', async (path) => {
    const { visited, api } = renderApp({ path, user: customer });
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual([path, '/dashboard', '/user-dashboard']);
    expect(api.users.dashboard).toHaveBeenCalled();
    expect(loadPage).not.toHaveBeenCalled();
  });

  test('on / is sent to /dashboard', async () => {
    const { visited } = renderApp({ path: '/', user: owner });
    expect(await screen.findByRole('heading', { name: 'Store Owner Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual(['/', '/dashboard', '/store-owner']);
  });

  test.each(['/ratings', '/notifications', '/challenges', '/admin/settings', '/nope'])(
    'on the unknown path %s goes to / and then to the dashboard',
    async (path) => {
      const { visited } = renderApp({ path, user: customer });
      expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
      expect(visited).toEqual([path, '/', '/dashboard', '/user-dashboard']);
    },
  );

  test.each(['/stores', '/stores/5', '/profile'])('of any role can open %s', async (path) => {
    renderApp({ path, user: owner });
    const [remote, module] =
      path === '/profile' ? ['mf_auth', 'ProfilePage'] : path === '/stores' ? ['mf_stores', 'StoreListPage'] : ['mf_stores', 'StoreDetailPage'];
    expect(await screen.findByRole('heading', { name: pageHeading(remote, module) })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });
});

describe('role routes', () => {
  test.each(['/admin', '/admin/users', '/admin/stores', '/store-owner'])('a customer on %s ends on /user-dashboard', async (path) => {
    const { visited } = renderApp({ path, user: customer });
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(visited).toContain('/dashboard');
    expect(visited.at(-1)).toBe('/user-dashboard');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  test('a customer on /admin is sent through /dashboard', async () => {
    const { visited } = renderApp({ path: '/admin', user: customer });
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual(['/admin', '/dashboard', '/user-dashboard']);
  });

  test('a store owner on /user-dashboard is sent to /store-owner', async () => {
    const { visited } = renderApp({ path: '/user-dashboard', user: owner });
    expect(await screen.findByRole('heading', { name: 'Store Owner Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual(['/user-dashboard', '/dashboard', '/store-owner']);
  });

  test('a store owner on /admin is sent to /store-owner', async () => {
    const { visited } = renderApp({ path: '/admin', user: owner });
    expect(await screen.findByRole('heading', { name: 'Store Owner Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual(['/admin', '/dashboard', '/store-owner']);
  });

  test('an admin on /store-owner is sent to /admin', async () => {
    const { visited } = renderApp({ path: '/store-owner', user: admin });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual(['/store-owner', '/dashboard', '/admin']);
  });

  test('an admin on /user-dashboard is sent to /admin', async () => {
    const { visited } = renderApp({ path: '/user-dashboard', user: admin });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(visited.at(-1)).toBe('/admin');
  });

  test.each([
    ['system_admin', '/admin', 'Admin Dashboard'],
    ['store_owner', '/store-owner', 'Store Owner Dashboard'],
    ['normal_user', '/user-dashboard', 'My Dashboard'],
  ] as const)('%s stays on its own dashboard %s', async (role, path, heading) => {
    const { visited } = renderApp({ path, user: makeUser(role) });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(visited).toEqual([path]);
  });
});

describe('the way back after signing in', () => {
  test('signing in from a guarded page\'s redirect returns to that page, query included', async () => {
    const { events, api, visited } = renderApp({ path: '/stores/5?tab=ratings' });
    await loginHeading();
    expect(currentPath()).toBe('/login');
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreDetailPage') })).toBeInTheDocument();
    expect(currentPath()).toBe('/stores/5?tab=ratings');
    expect(visited).not.toContain('/dashboard');
  });

  test('signing in on /login opened directly goes to /dashboard and then the role dashboard', async () => {
    const { events, api, visited } = renderApp({ path: '/login' });
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: owner });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await screen.findByRole('heading', { name: 'Store Owner Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual(['/login', '/dashboard', '/store-owner']);
  });

  test('the page signed in to still applies its role rule', async () => {
    const { events, api } = renderApp({ path: '/admin' });
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/user-dashboard'));
  });
});
