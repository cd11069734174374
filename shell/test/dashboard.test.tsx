// `/dashboard` (spec §2): fetches the caller's figures, then sends each role on to its dashboard,
// which a remote renders (mf_admin, mf_owner, mf_customer).
import { screen } from '@testing-library/react';
import { MESSAGES, type UserDashboardResponse } from 'shared-contracts';
import { queryKeys } from 'shared-contracts/react';
import { loadRemotePage } from '../src/remotes/registry';
import { createFakeApi, CUSTOMER_STATS, deferred, makeUser } from './support/fake-api';
import { loadFakeRemotePage, ROLE_DASHBOARDS } from './support/fake-remotes';
import { currentPath, findDashboard, renderApp } from './support/render-app';

// The real registry (versions, RemoteLoadError) but for loading pages, which each test decides.
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

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
    api.users.dashboard.mockReturnValueOnce(stats.promise);
    const { visited } = renderApp({ path: '/dashboard', user: makeUser('normal_user'), api });

    expect(await screen.findByText(/Loading your dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard');
    expect(api.users.dashboard).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/dashboard');
    expect(loadPage).not.toHaveBeenCalled();

    stats.resolve(CUSTOMER_STATS);

    expect(await findDashboard('normal_user')).toBeInTheDocument();
    expect(visited).toEqual(['/dashboard', '/user-dashboard']);
  });

  test.each(['system_admin', 'store_owner', 'normal_user'] as const)('sends %s on to its own dashboard', async (role) => {
    const { api } = renderApp({ path: '/dashboard', user: makeUser(role) });
    expect(await findDashboard(role)).toBeInTheDocument();
    expect(currentPath()).toBe(ROLE_DASHBOARDS[role].path);
    // Only /dashboard itself asks; the role dashboard is the remote's, which fetches what it needs.
    expect(api.users.dashboard).toHaveBeenCalledTimes(1);
  });

  test("the stats go into the page's query cache under the customer dashboard's key, which then starts with them", async () => {
    const api = createFakeApi();
    api.users.dashboard.mockResolvedValueOnce(CUSTOMER_STATS);
    const { queryClient } = renderApp({ path: '/dashboard', user: makeUser('normal_user'), api });
    expect(await findDashboard('normal_user')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.me.dashboard())).toEqual(CUSTOMER_STATS);
  });

  test('a failing stats fetch is only logged, and the redirect still happens', async () => {
    const api = createFakeApi();
    const failure = new Error('network down');
    api.users.dashboard.mockRejectedValueOnce(failure);
    renderApp({ path: '/dashboard', user: makeUser('normal_user'), api });

    expect(await findDashboard('normal_user')).toBeInTheDocument();
    expect(currentPath()).toBe('/user-dashboard');
    // Logged by the query cache's one failure policy (what failed, never a request body).
    expect(consoleError).toHaveBeenCalledWith('Request failed', expect.objectContaining({ message: failure.message }));
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
