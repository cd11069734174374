// Route table and guards (spec §2): spinner while the session loads, bounces for signed-out users,
// signed-in users and users without the role, the home, /admin/dashboard and catch-all redirects,
// and the way back after signing in.
import { screen, waitFor } from '@testing-library/react';
import { ROLES, type Role } from 'shared-contracts';
import { loadRemotePage } from '../src/remotes/registry';
import { createFakeApi, deferred, makeUser } from './support/fake-api';
import { loadFakeRemotePage, pageHeading, ROLE_DASHBOARDS, ROLE_ROUTES, type RoleRoute } from './support/fake-remotes';
import { currentPath, findDashboard, findPage, renderApp } from './support/render-app';

// The real registry (versions, RemoteLoadError) but for loading pages, which each test decides.
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

const customer = makeUser('normal_user');
const owner = makeUser('store_owner');
const admin = makeUser('system_admin');

const loginHeading = () => screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });

/** Every role route with every role it is not for. */
const FORBIDDEN: Array<RoleRoute & { visitor: Role }> = ROLE_ROUTES.flatMap((route) =>
  ROLES.filter((role) => role !== route.role).map((visitor) => ({ ...route, visitor })),
);
/** The remote pages requested so far, as 'remote/Module'. */
const requested = () => loadPage.mock.calls.map(([remote, module]) => `${remote}/${module}`);

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
});

describe('while the session loads', () => {
  test.each([
    ['/stores', 'cards', 'Stores · Store Ratings'],
    ['/stores/7', 'detail', 'Store · Store Ratings'],
    ['/admin/users', 'table', 'User Management · Store Ratings'],
    ['/login', 'auth', 'Sign In · Store Ratings'],
    ['/', 'dashboard', 'Store Ratings'],
  ])('%s shows its page’s %s skeleton (no spinner) until the profile answers', async (path, kind, title) => {
    document.title = 'Store Ratings';
    window.localStorage.setItem('token', 'saved-token');
    const api = createFakeApi();
    api.auth.getProfile.mockReturnValue(new Promise(() => undefined));
    const { container } = renderApp({ path, api });

    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector(`[data-skeleton="${kind}"]`)).not.toBeNull();
    expect(document.title).toBe(title);
    // The bar stands where the navbar will be (not for the signed-out pages), with no links yet.
    expect(container.querySelector('header[aria-hidden="true"]') !== null).toBe(kind !== 'auth');
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
  test.each([
    '/stores',
    '/stores/5',
    '/profile',
    '/dashboard',
    '/admin',
    '/admin/dashboard',
    '/admin/users',
    '/admin/stores',
    '/admin/analytics',
    '/admin/deployments',
    '/store-owner',
    '/user-dashboard',
    '/ratings',
  ])('on %s is sent to /login', async (path) => {
    const { visited } = renderApp({ path });
    expect(await loginHeading()).toBeInTheDocument();
    expect(visited).toEqual([path, '/login']);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

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

  test.each(['/notifications', '/challenges', '/admin/settings', '/nope'])(
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
    expect(await findDashboard('normal_user')).toBeInTheDocument();
    expect(visited).toEqual([path, '/dashboard', '/user-dashboard']);
    expect(api.users.dashboard).toHaveBeenCalled();
    // The sign-in and sign-up pages were never even requested.
    expect(requested()).toEqual(['mf_customer/CustomerDashboardPage']);
  });

  test('on / is sent to /dashboard', async () => {
    const { visited } = renderApp({ path: '/', user: owner });
    expect(await findDashboard('store_owner')).toBeInTheDocument();
    expect(visited).toEqual(['/', '/dashboard', '/store-owner']);
  });

  test.each(['/notifications', '/challenges', '/admin/settings', '/nope'])(
    'on the unknown path %s goes to / and then to the dashboard',
    async (path) => {
      const { visited } = renderApp({ path, user: customer });
      expect(await findDashboard('normal_user')).toBeInTheDocument();
      expect(visited).toEqual([path, '/', '/dashboard', '/user-dashboard']);
    },
  );

  test.each(['/stores', '/stores/5', '/profile'])('of any role can open %s', async (path) => {
    renderApp({ path, user: owner });
    const [remote, module] =
      path === '/profile'
        ? ['mf_auth', 'ProfilePage']
        : path === '/stores'
          ? ['mf_stores', 'StoreListPage']
          : ['mf_stores', 'StoreDetailPage'];
    expect(await screen.findByRole('heading', { name: pageHeading(remote, module) })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });
});

describe('role routes', () => {
  test.each(ROLE_ROUTES)('$role can open $path', async ({ path, role, remote, module }) => {
    const { visited } = renderApp({ path, user: makeUser(role) });
    expect(await findPage(remote, module)).toBeInTheDocument();
    expect(visited).toEqual([path]);
  });

  test.each(FORBIDDEN)('$visitor on $path is sent through /dashboard to its own dashboard', async ({ path, visitor, remote, module }) => {
    const { visited } = renderApp({ path, user: makeUser(visitor) });
    expect(await findDashboard(visitor)).toBeInTheDocument();
    expect(visited).toEqual([path, '/dashboard', ROLE_DASHBOARDS[visitor].path]);
    // The page of the other role was never requested, let alone shown.
    expect(requested()).not.toContain(`${remote}/${module}`);
  });
});

describe('/admin/dashboard', () => {
  test('sends an admin to /admin', async () => {
    const { visited } = renderApp({ path: '/admin/dashboard', user: admin });
    expect(await findDashboard('system_admin')).toBeInTheDocument();
    expect(visited).toEqual(['/admin/dashboard', '/admin']);
    expect(requested()).toEqual(['mf_admin/AdminDashboardPage']);
  });

  test.each(['store_owner', 'normal_user'] as const)(
    'is guarded like /admin: %s is sent through /dashboard to its own dashboard',
    async (role) => {
      const { visited } = renderApp({ path: '/admin/dashboard', user: makeUser(role) });
      expect(await findDashboard(role)).toBeInTheDocument();
      expect(visited).toEqual(['/admin/dashboard', '/dashboard', ROLE_DASHBOARDS[role].path]);
      expect(requested()).not.toContain('mf_admin/AdminDashboardPage');
    },
  );
});

describe('the way back after signing in', () => {
  test("signing in from a guarded page's redirect returns to that page, query included", async () => {
    const { events, api, visited } = renderApp({ path: '/stores/5?tab=ratings' });
    await loginHeading();
    expect(currentPath()).toBe('/login');
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreDetailPage') })).toBeInTheDocument();
    expect(currentPath()).toBe('/stores/5?tab=ratings');
    expect(visited).not.toContain('/dashboard');
  });

  test("signing in from /ratings' redirect returns a customer to My Ratings", async () => {
    const { events, api, visited } = renderApp({ path: '/ratings' });
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await findPage('mf_customer', 'MyRatingsPage')).toBeInTheDocument();
    expect(visited).toEqual(['/ratings', '/login', '/ratings']);
  });

  test('signing in on /login opened directly goes to /dashboard and then the role dashboard', async () => {
    const { events, api, visited } = renderApp({ path: '/login' });
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: owner });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await findDashboard('store_owner')).toBeInTheDocument();
    expect(visited).toEqual(['/login', '/dashboard', '/store-owner']);
  });

  test('the page signed in to still applies its role rule', async () => {
    const { events, api } = renderApp({ path: '/admin' });
    await loginHeading();
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: customer });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await findDashboard('normal_user')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/user-dashboard'));
    expect(requested()).not.toContain('mf_admin/AdminDashboardPage');
  });
});
