// The admin dashboard (/admin) from the admin's side: real statistics with growth, performance figures,
// links to the admin screens, health badges from the API's checks, recent activity and failures.
import { act, screen, waitFor, within } from '@testing-library/react';
import { type Activity, MESSAGES } from 'shared-contracts';
import { queryKeys } from 'shared-contracts/react';
import { createFakeApi, currentLocation, expectToast, makeDashboard, makeStore, renderAt, storePage } from './render-helpers';

function apiWith(dashboard = makeDashboard()) {
  const api = createFakeApi();
  api.admin.dashboard.mockResolvedValue(dashboard);
  return api;
}

const card = (name: string) => screen.getByRole('article', { name: new RegExp(name) });

describe('admin dashboard', () => {
  it('shows a loading status, then the three statistics with their growth over the last 30 days', async () => {
    const api = apiWith();
    renderAt('/admin', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard…');
    expect(await screen.findByRole('article', { name: /Total Users/ })).toBeInTheDocument();
    expect(api.admin.dashboard).toHaveBeenCalledTimes(1);

    expect(within(card('Total Users')).getByText('42')).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('+12.5%')).toHaveAttribute('data-trend', 'up');
    expect(within(card('Total Users')).getByText('User Growth')).toBeInTheDocument();
    expect(within(card('Total Stores')).getByText('12')).toBeInTheDocument();
    expect(within(card('Total Stores')).getByText('0.0%')).toHaveAttribute('data-trend', 'flat');
    expect(within(card('Total Ratings')).getByText('120')).toBeInTheDocument();
    expect(within(card('Total Ratings')).getByText('Rating Growth')).toBeInTheDocument();
    expect(within(card('Total Ratings')).getByText('+33.3%')).toBeInTheDocument();
    // The seed's fixed 'Rating Growth +15%' is gone: only the API's figure is shown.
    expect(screen.queryByText('+15%')).not.toBeInTheDocument();
  });

  it('writes a falling figure with its minus sign and one decimal', async () => {
    const dashboard = makeDashboard();
    dashboard.statistics.userGrowth = -3.24;
    renderAt('/admin', { api: apiWith(dashboard) });
    expect(await within(await screen.findByRole('article', { name: /Total Users/ })).findByText('-3.2%')).toHaveAttribute(
      'data-trend',
      'down',
    );
  });

  it('derives the performance metrics from the real figures', async () => {
    renderAt('/admin', { api: apiWith() });
    const metrics = await screen.findByRole('region', { name: 'Performance metrics' });
    // (6×1 + 12×2 + 18×3 + 36×4 + 48×5) / 120 = 3.9; 120 ratings over 12 stores = 10.0
    expect(within(metrics).getByText('Average rating').nextElementSibling).toHaveTextContent('3.9over 120 ratings');
    expect(within(metrics).getByText('Ratings per store').nextElementSibling).toHaveTextContent('10.0across 12 stores');
    expect(within(metrics).getByText('Best rated store').nextElementSibling).toHaveTextContent(
      'Green Basket Organic Grocers4.8 from 25 ratings',
    );
  });

  it('shows at most the five newest activity items, newest first, with their time', async () => {
    const recentActivity: Activity[] = Array.from({ length: 7 }, (_, i) => ({
      type: (['rating', 'user', 'store'] as const)[i % 3],
      description: `Activity number ${i + 1}`,
      timestamp: `2024-05-0${9 - i}T12:00:00.000Z`,
    }));
    renderAt('/admin', { api: apiWith(makeDashboard({ recentActivity })) });
    const list = await screen.findByRole('list', { name: 'Recent activity, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((item) => within(item).getByText(/Activity number/).textContent)).toEqual([
      'Activity number 1',
      'Activity number 2',
      'Activity number 3',
      'Activity number 4',
      'Activity number 5',
    ]);
    expect(within(items[0]).getByRole('img', { name: 'Rating' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('img', { name: 'Account' })).toBeInTheDocument();
    expect(items[0].querySelector('time')).toHaveAttribute('dateTime', '2024-05-09T12:00:00.000Z');
    expect(screen.queryByText('Activity number 6')).not.toBeInTheDocument();
  });

  it('says so when there is no activity yet', async () => {
    renderAt('/admin', { api: apiWith(makeDashboard({ recentActivity: [] })) });
    expect(await screen.findByText('No recent activity yet.')).toBeInTheDocument();
  });

  it('shows a health badge per check from its status, with the detail the API gives', async () => {
    renderAt('/admin', { api: apiWith() });
    const health = await screen.findByRole('region', { name: 'System health' });
    const items = within(health).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [users, stores, ratings] = items;
    expect(within(users).getByText('Users')).toBeInTheDocument();
    expect(within(users).getByText('Healthy')).toHaveAttribute('data-status', 'healthy');
    expect(within(users).getByText('2 system administrators')).toBeInTheDocument();
    expect(within(stores).getByText('Warning')).toHaveAttribute('data-status', 'warning');
    expect(within(stores).getByText('1 store owned by an account that is not a store owner')).toBeInTheDocument();
    expect(within(ratings).getByText('Healthy')).toBeInTheDocument();
    expect(within(ratings).getByText('Store figures match all 120 ratings')).toBeInTheDocument();
    // No fixed 'Operational' badge from the seed.
    expect(screen.queryByText('Operational')).not.toBeInTheDocument();
  });

  it('links to the admin screens that exist, and to nothing without a route', async () => {
    const { user } = renderAt('/admin', { api: apiWith() });
    const tools = await screen.findByRole('region', { name: 'Administration' });
    const links = within(tools).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/users',
      '/admin/stores',
      '/admin/analytics',
      '/admin/deployments',
      '/admin/moderation',
    ]);
    expect(within(tools).getByRole('link', { name: /Manage Users/ })).toBeInTheDocument();
    expect(within(tools).getByRole('link', { name: /Manage Stores/ })).toBeInTheDocument();
    expect(within(tools).getByRole('link', { name: /Analytics/ })).toBeInTheDocument();
    expect(within(tools).getByRole('link', { name: /Deployments/ })).toBeInTheDocument();
    expect(within(tools).getByRole('link', { name: /Moderation/ })).toBeInTheDocument();
    for (const dead of ['/admin/settings', '/ratings', '/notifications', '/challenges', '/admin/dashboard']) {
      expect(document.querySelector(`a[href="${dead}"]`)).toBeNull();
    }
    await user.click(within(tools).getByRole('link', { name: /Analytics/ }));
    expect(currentLocation()).toBe('/admin/analytics');
  });

  it("toasts 'Failed to fetch dashboard data' when the request fails, and 'Try again' asks again", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.admin.dashboard.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(makeDashboard());
    const { user } = renderAt('/admin', { api });
    await expectToast('Failed to fetch dashboard data');
    expect(screen.getByRole('alert')).toHaveTextContent('The dashboard could not be loaded.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /Total Users/ })).toBeInTheDocument();
    await waitFor(() => expect(api.admin.dashboard).toHaveBeenCalledTimes(2));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('the analytics page shows the cached answer of the dashboard at once, and asks again in the background', async () => {
    const api = apiWith();
    let answer!: (value: ReturnType<typeof makeDashboard>) => void;
    api.admin.dashboard.mockResolvedValueOnce(makeDashboard()).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { user } = renderAt('/admin', { api });
    const tools = await screen.findByRole('region', { name: 'Administration' });
    expect(api.admin.dashboard).toHaveBeenCalledTimes(1);
    await user.click(within(tools).getByRole('link', { name: /Analytics/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    // The cached answer is shown at once while the API is asked again.
    expect(screen.queryByText('Loading analytics…')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Rating distribution/ })).toBeInTheDocument();
    expect(screen.getByText('Stores').nextElementSibling).toHaveTextContent('12');
    await waitFor(() => expect(api.admin.dashboard).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Loading analytics…')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Rating distribution/ })).toBeInTheDocument();

    const newer = makeDashboard();
    newer.statistics.totalStores = 13;
    await act(async () => answer(newer));
    await waitFor(() => expect(screen.getByText('Stores').nextElementSibling).toHaveTextContent('13'));
    expect(screen.getByRole('img', { name: /^Rating distribution/ })).toBeInTheDocument();
    expect(api.admin.dashboard).toHaveBeenCalledTimes(2);
  });

  it('a store deleted on another screen makes the figures stale: they are asked again when the dashboard shows again', async () => {
    const api = apiWith();
    api.admin.listStores.mockResolvedValue(storePage([makeStore(1)]));
    api.admin.deleteStore.mockResolvedValue({ message: MESSAGES.storeDeleted });
    const { user, queryClient } = renderAt('/admin', { api, historyBack: true });
    const tools = await screen.findByRole('region', { name: 'Administration' });
    await user.click(within(tools).getByRole('link', { name: /Manage Stores/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete Store number 1' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Store deleted successfully!');
    expect(queryClient.getQueryState(queryKeys.admin.dashboard())?.isInvalidated).toBe(true);
    expect(api.admin.dashboard).toHaveBeenCalledTimes(1);

    await user.click(screen.getByTestId('history-back'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(api.admin.dashboard).toHaveBeenCalledTimes(2));
  });
});
