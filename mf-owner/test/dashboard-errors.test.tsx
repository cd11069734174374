// When the owner dashboard cannot be fetched: the toast of spec §8, an inline message and a retry.
import { screen, waitFor, within } from '@testing-library/react';
import {
  createFakeApi,
  DEFAULT_QUERY,
  dashboardResponse,
  httpError,
  lastQuery,
  makeRating,
  makeStore,
  renderDashboard,
} from './render-helpers';

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('owner dashboard: failures', () => {
  it("toasts 'Failed to fetch dashboard data' when the first request fails, and 'Try again' asks again", async () => {
    const api = createFakeApi();
    api.owner.dashboard
      .mockRejectedValueOnce(httpError(500, 'Internal server error'))
      .mockResolvedValueOnce(dashboardResponse([makeStore(1, { name: 'Harbour Books' })]));
    const { user } = renderDashboard('', { api });

    expect(await screen.findByText('Failed to fetch dashboard data')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your dashboard could not be loaded.');
    expect(logged).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Harbour Books' })).toBeInTheDocument();
    expect(api.owner.dashboard).toHaveBeenCalledTimes(2);
    expect(lastQuery(api)).toEqual(DEFAULT_QUERY);
    expect(screen.queryByText('Your dashboard could not be loaded.')).not.toBeInTheDocument();
  });

  it('a network failure toasts the same message', async () => {
    const api = createFakeApi();
    api.owner.dashboard.mockRejectedValue(new Error('Network Error'));
    renderDashboard('', { api });
    expect(await screen.findByText('Failed to fetch dashboard data')).toBeInTheDocument();
  });

  it('when a later page fails, the stores stay and the table offers a retry of that same page', async () => {
    const stores = [makeStore(1, { name: 'Harbour Books', average_rating: 4, total_ratings: 25 })];
    const api = createFakeApi();
    api.owner.dashboard
      .mockResolvedValueOnce(dashboardResponse(stores, [makeRating(1)], { total: 25 }))
      .mockRejectedValueOnce(httpError(503))
      .mockResolvedValueOnce(dashboardResponse(stores, [makeRating(21, { user_name: 'Page Two Reviewer Name' })], { total: 25, page: 2 }));
    const { user } = renderDashboard('', { api });
    await screen.findByRole('table', { name: /^Ratings of / });

    await user.click(within(screen.getByRole('navigation', { name: 'Ratings pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to fetch dashboard data')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The ratings could not be loaded.');
    expect(screen.getByRole('article', { name: 'Harbour Books' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Page Two Reviewer Name')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 2 }));
    expect(api.owner.dashboard).toHaveBeenCalledTimes(3);
  });
});
