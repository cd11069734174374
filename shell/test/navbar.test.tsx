// The navigation bar of a signed-in user (spec §2): links per role, brand target, active link,
// name and role badge, the mobile menu toggle, Logout.
import { screen, waitFor, within } from '@testing-library/react';
import { loadRemotePage } from '../src/remotes/registry';
import { makeUser, makeUserWithUnknownRole } from './support/fake-api';
import { loadFakeRemotePage, pageHeading, ROLE_DASHBOARDS } from './support/fake-remotes';
import { currentPath, findDashboard, findNavbar, findPage, renderApp } from './support/render-app';

// The real registry (versions, RemoteLoadError) but for loading pages, which each test decides.
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
});

const linkNames = (nav: HTMLElement) =>
  within(within(nav).getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('links', () => {
  test('a store owner gets Dashboard, Stores and Profile only', async () => {
    renderApp({ path: '/profile', user: makeUser('store_owner') });
    const nav = await findNavbar();
    expect(linkNames(nav)).toEqual(['Dashboard', 'Stores', 'Profile']);
  });

  test('a customer also gets My Ratings, to /ratings, and none of the admin links', async () => {
    renderApp({ path: '/profile', user: makeUser('normal_user') });
    const nav = await findNavbar();
    expect(linkNames(nav)).toEqual(['Dashboard', 'Stores', 'Profile', 'My Ratings']);
    expect(within(nav).getByRole('link', { name: 'My Ratings' })).toHaveAttribute('href', '/ratings');
  });

  test('an admin also gets Users, Manage Stores, Analytics and Deployments, and no My Ratings', async () => {
    renderApp({ path: '/profile', user: makeUser('system_admin') });
    const nav = await findNavbar();
    expect(linkNames(nav)).toEqual(['Dashboard', 'Stores', 'Profile', 'Users', 'Manage Stores', 'Analytics', 'Deployments']);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(nav).getByRole('link', { name: 'Manage Stores' })).toHaveAttribute('href', '/admin/stores');
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/admin/analytics');
    expect(within(nav).getByRole('link', { name: 'Deployments' })).toHaveAttribute('href', '/admin/deployments');
  });

  test.each(['store_owner', 'normal_user'] as const)('a %s gets no Deployments link', async (role) => {
    renderApp({ path: '/stores', user: makeUser(role) });
    const nav = await findNavbar();
    expect(within(nav).queryByRole('link', { name: 'Deployments' })).not.toBeInTheDocument();
  });

  test.each(['system_admin', 'store_owner', 'normal_user'] as const)(
    'for %s the brand and Dashboard link go to its dashboard',
    async (role) => {
      renderApp({ path: '/stores', user: makeUser(role) });
      const nav = await findNavbar();
      expect(within(nav).getByRole('link', { name: 'Store Ratings' })).toHaveAttribute('href', ROLE_DASHBOARDS[role].path);
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', ROLE_DASHBOARDS[role].path);
      expect(within(nav).getByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/stores');
      expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    },
  );

  test('following the Stores link renders the store list', async () => {
    const { events } = renderApp({ path: '/profile', user: makeUser('normal_user') });
    const nav = await findNavbar();
    await events.click(within(nav).getByRole('link', { name: 'Stores' }));
    expect(await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreListPage') })).toBeInTheDocument();
    expect(currentPath()).toBe('/stores');
  });

  test.each([
    ['normal_user', 'My Ratings', '/ratings', 'mf_customer', 'MyRatingsPage'],
    ['system_admin', 'Analytics', '/admin/analytics', 'mf_admin', 'AdminAnalyticsPage'],
    ['system_admin', 'Deployments', '/admin/deployments', 'mf_admin', 'AdminDeploymentsPage'],
  ] as const)('for %s, following %s opens %s', async (role, label, path, remote, module) => {
    const { events } = renderApp({ path: '/profile', user: makeUser(role) });
    const nav = await findNavbar();
    await events.click(within(nav).getByRole('link', { name: label }));
    expect(await findPage(remote, module)).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });
});

describe('the active link', () => {
  const current = (nav: HTMLElement) =>
    within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');

  test('a store detail path marks Stores by prefix', async () => {
    renderApp({ path: '/stores/12', user: makeUser('normal_user') });
    const nav = await findNavbar();
    expect(within(nav).getByRole('link', { name: 'Stores' })).toHaveAttribute('aria-current', 'page');
    expect(current(nav).map((link) => link.textContent)).toEqual(['Stores']);
  });

  test('/profile marks Profile only', async () => {
    renderApp({ path: '/profile', user: makeUser('store_owner') });
    const nav = await findNavbar();
    expect(current(nav).map((link) => link.textContent)).toEqual(['Profile']);
  });

  test.each(['system_admin', 'store_owner', 'normal_user'] as const)('the %s dashboard marks Dashboard', async (role) => {
    renderApp({ path: ROLE_DASHBOARDS[role].path, user: makeUser(role) });
    const nav = await findNavbar();
    await findDashboard(role);
    expect(current(nav).map((link) => link.textContent)).toEqual(['Dashboard']);
  });

  test('for a customer, /ratings marks My Ratings only', async () => {
    renderApp({ path: '/ratings', user: makeUser('normal_user') });
    const nav = await findNavbar();
    await findPage('mf_customer', 'MyRatingsPage');
    expect(within(nav).getByRole('link', { name: 'My Ratings' })).toHaveAttribute('aria-current', 'page');
    expect(current(nav).map((link) => link.textContent)).toEqual(['My Ratings']);
  });

  test('for an admin, /admin/analytics marks Analytics only, not Dashboard (/admin)', async () => {
    renderApp({ path: '/admin/analytics', user: makeUser('system_admin') });
    const nav = await findNavbar();
    await findPage('mf_admin', 'AdminAnalyticsPage');
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(current(nav).map((link) => link.textContent)).toEqual(['Analytics']);
  });

  test('for an admin, /admin/deployments marks Deployments only', async () => {
    renderApp({ path: '/admin/deployments', user: makeUser('system_admin') });
    const nav = await findNavbar();
    await findPage('mf_admin', 'AdminDeploymentsPage');
    expect(current(nav).map((link) => link.textContent)).toEqual(['Deployments']);
  });

  test('for an admin, /admin/users marks Users only, not Dashboard (/admin)', async () => {
    renderApp({ path: '/admin/users', user: makeUser('system_admin') });
    const nav = await findNavbar();
    await findPage('mf_admin', 'AdminUsersPage');
    expect(current(nav).map((link) => link.textContent)).toEqual(['Users']);
  });

  test('following a link moves the mark: Analytics, then Stores', async () => {
    const { events } = renderApp({ path: '/admin/analytics', user: makeUser('system_admin') });
    const nav = await findNavbar();
    await findPage('mf_admin', 'AdminAnalyticsPage');

    await events.click(within(nav).getByRole('link', { name: 'Stores' }));

    await findPage('mf_stores', 'StoreListPage');
    expect(within(nav).getByRole('link', { name: 'Analytics' })).not.toHaveAttribute('aria-current');
    expect(current(nav).map((link) => link.textContent)).toEqual(['Stores']);
  });

  test('for an admin, /stores marks Stores only, not Manage Stores (/admin/stores) or Dashboard', async () => {
    renderApp({ path: '/stores', user: makeUser('system_admin') });
    const nav = await findNavbar();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Manage Stores' })).not.toHaveAttribute('aria-current');
    expect(current(nav).map((link) => link.textContent)).toEqual(['Stores']);
  });
});

describe('identity', () => {
  test.each([
    ['system_admin', 'Admin'],
    ['store_owner', 'Store Owner'],
    ['normal_user', 'User'],
  ] as const)('%s shows the name and the badge %s', async (role, badge) => {
    const user = makeUser(role);
    renderApp({ path: '/stores', user });
    const nav = await findNavbar();
    expect(within(nav).getByText(user.name)).toBeInTheDocument();
    expect(within(nav).getByText(badge, { exact: true })).toBeInTheDocument();
  });

  test('an unknown role gets the User badge and the /dashboard link', async () => {
    const user = makeUserWithUnknownRole();
    renderApp({ path: '/stores', user });
    const nav = await findNavbar();
    expect(within(nav).getByText('User', { exact: true })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Store Ratings' })).toHaveAttribute('href', '/dashboard');
    expect(linkNames(nav)).toEqual(['Dashboard', 'Stores', 'Profile']);
  });

  test('an unknown role on /dashboard stays there with Dashboard marked', async () => {
    const { visited } = renderApp({ path: '/dashboard', user: makeUserWithUnknownRole() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const nav = await findNavbar();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(visited).toEqual(['/dashboard']);
  });
});

describe('the mobile menu', () => {
  test('the toggle reports and flips its state, and its menu holds the email', async () => {
    const user = makeUser('normal_user');
    const { events } = renderApp({ path: '/stores', user });
    const nav = await findNavbar();
    const toggle = within(nav).getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(menu).not.toHaveClass('menuOpen');
    expect(within(menu!).getByText(user.email)).toBeInTheDocument();

    await events.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Menu');
    expect(menu).toHaveClass('menuOpen');

    await events.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveClass('menuOpen');
  });

  test('following a link closes the menu', async () => {
    const { events } = renderApp({ path: '/stores', user: makeUser('normal_user') });
    const nav = await findNavbar();
    const toggle = within(nav).getByRole('button', { name: 'Menu' });
    await events.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await events.click(within(nav).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: pageHeading('mf_auth', 'ProfilePage') })).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  test('Escape closes the open menu and puts focus back on its button', async () => {
    const { events } = renderApp({ path: '/stores', user: makeUser('normal_user') });
    const nav = await findNavbar();
    const toggle = within(nav).getByRole('button', { name: 'Menu' });
    await events.click(toggle);
    await events.tab();
    expect(toggle).not.toHaveFocus();
    await events.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('a press outside the bar closes the open menu; a press inside it does not', async () => {
    const { events } = renderApp({ path: '/stores', user: makeUser('normal_user') });
    const nav = await findNavbar();
    const toggle = within(nav).getByRole('button', { name: 'Menu' });
    await events.click(toggle);
    await events.click(within(nav).getByText('User', { selector: 'span' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await events.click(await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreListPage') }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Logout', () => {
  test('clears the token, says so and goes to /login', async () => {
    const { events } = renderApp({ path: '/stores/3', user: makeUser('store_owner') });
    const nav = await findNavbar();
    expect(window.localStorage.getItem('token')).toBe('saved-token');

    await events.click(within(nav).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  test('has the server revoke the token it signed out, once, with that token', async () => {
    const { events, api } = renderApp({ path: '/stores/3', user: makeUser('store_owner') });
    await events.click(within(await findNavbar()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });
    expect(api.auth.logout).toHaveBeenCalledTimes(1);
    expect(api.auth.logout).toHaveBeenCalledWith('saved-token');
  });

  test("empties the page's query cache: nothing the user loaded is kept for the next one", async () => {
    const { events, queryClient } = renderApp({ path: '/stores/3', user: makeUser('store_owner') });
    await findNavbar();
    queryClient.setQueryData(['me', 'ratings', {}], { ratings: [{ id: 1 }] });
    queryClient.setQueryData(['stores', '3'], { store: { id: 3 } });

    await events.click(within(await findNavbar()).getByRole('button', { name: 'Logout' }));

    await screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  test('signs out here even when the server cannot be told (the API is away)', async () => {
    const { events, api } = renderApp({ path: '/stores/3', user: makeUser('store_owner') });
    api.auth.logout.mockRejectedValue(new Error('Network Error'));
    await events.click(within(await findNavbar()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  test('signing in after a logout goes to the dashboard, not back to the page left', async () => {
    const { events, api } = renderApp({ path: '/stores/3', user: makeUser('store_owner') });
    await events.click(within(await findNavbar()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });
    api.auth.login.mockResolvedValue({ message: 'Login successful', token: 'fresh-token', user: makeUser('normal_user') });

    await events.click(screen.getByRole('button', { name: 'Fake sign in' }));

    expect(await findDashboard('normal_user')).toBeInTheDocument();
    expect(currentPath()).toBe('/user-dashboard');
  });
});
