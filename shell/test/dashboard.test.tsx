// `/dashboard` (spec §2) and the role dashboards the shell shows until their areas arrive.
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES, type UserDashboardResponse } from 'shared-contracts';
import { loadRemotePage } from '../src/remotes/registry';
import { ADMIN_STATS, createFakeApi, CUSTOMER_STATS, deferred, makeUser } from './support/fake-api';
import { loadFakeRemotePage } from './support/fake-remotes';
import { currentPath, renderApp } from './support/render-app';

jest.mock('../src/remotes/registry', () => ({ loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

/** The figure shown under a card label, e.g. figure('Stores') → '17'. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

let consoleError: jest.SpyInstance;

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => consoleError.mockRestore());

describe('/dashboard', () => {
  test('fetches the stats first, then redirects by role', async () => {
    const stats = deferred<UserDashboardResponse>();
    const api = createFakeApi();
    api.users.dashboard.mockReturnValueOnce(stats.promise).mockResolvedValue(CUSTOMER_STATS);
    const { visited } = renderApp({ path: '/dashboard', user: makeUser('normal_user'), api });

    expect(await screen.findByText(/Loading your dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard');
    expect(api.users.dashboard).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/dashboard');

    stats.resolve(CUSTOMER_STATS);

    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(visited).toEqual(['/dashboard', '/user-dashboard']);
  });

  test.each([
    ['system_admin', '/admin', 'Admin Dashboard'],
    ['store_owner', '/store-owner', 'Store Owner Dashboard'],
    ['normal_user', '/user-dashboard', 'My Dashboard'],
  ] as const)('sends %s to %s', async (role, path, heading) => {
    const { api } = renderApp({ path: '/dashboard', user: makeUser(role) });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
    // Once by /dashboard, once by the role dashboard itself.
    expect(api.users.dashboard).toHaveBeenCalledTimes(2);
  });

  test('a failing stats fetch is only logged, and the redirect still happens', async () => {
    const api = createFakeApi();
    const failure = new Error('network down');
    api.users.dashboard.mockRejectedValueOnce(failure).mockResolvedValue(CUSTOMER_STATS);
    renderApp({ path: '/dashboard', user: makeUser('normal_user'), api });

    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/user-dashboard');
    await waitFor(() => expect(figure('Stores')).toBe(String(CUSTOMER_STATS.totalStores)));
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch dashboard stats', failure);
    expect(screen.queryByText(MESSAGES.fetchDashboardFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a user of unknown role stays on /dashboard and is told where to go', async () => {
    const user = { ...makeUser('normal_user'), role: 'auditor' as never };
    renderApp({ path: '/dashboard', user });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/no dashboard of its own/)).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });
});

describe('role dashboards', () => {
  test('the admin dashboard shows the real figures, users included, and recent activity', async () => {
    const api = createFakeApi();
    api.users.dashboard.mockResolvedValue(ADMIN_STATS);
    const admin = makeUser('system_admin');
    renderApp({ path: '/admin', user: admin, api });

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(`Welcome, ${admin.name}.`)).toBeInTheDocument();
    await waitFor(() => expect(figure('Users')).toBe('31'));
    expect(figure('Stores')).toBe('17');
    expect(figure('Ratings')).toBe('120');
    expect(figure('Average rating')).toBe('4.1');
    expect(screen.getByText('Carla rated Corner Shop 5 stars')).toBeInTheDocument();
    expect(api.users.dashboard).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['store_owner', '/store-owner', 'Store Owner Dashboard'],
    ['normal_user', '/user-dashboard', 'My Dashboard'],
  ] as const)('the %s dashboard shows its figures, without a users count', async (role, path, heading) => {
    renderApp({ path, user: makeUser(role) });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    await waitFor(() => expect(figure('Stores')).toBe('9'));
    expect(figure('Ratings')).toBe('14');
    expect(figure('Average rating')).toBe('3.7');
    expect(screen.queryByText('Users', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText('No activity yet.')).toBeInTheDocument();
  });

  test('shows a spinner while the figures load', async () => {
    const api = createFakeApi();
    api.users.dashboard.mockReturnValue(new Promise(() => undefined));
    renderApp({ path: '/user-dashboard', user: makeUser('normal_user'), api });
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your figures');
  });

  test('a failing fetch shows the "Failed to fetch dashboard data" toast and an inline alert', async () => {
    const api = createFakeApi();
    api.users.dashboard.mockRejectedValue(new Error('500'));
    renderApp({ path: '/store-owner', user: makeUser('store_owner'), api });

    expect(await screen.findByText(MESSAGES.fetchDashboardFailed)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`${MESSAGES.fetchDashboardFailed}.`);
    expect(screen.queryByText('Stores', { selector: 'dt' })).not.toBeInTheDocument();
  });
});
