// The owner dashboard on the page-wide query cache: coming back shows the cached answer at once and asks
// again in the background, paging keeps the previous rows while the next page loads, a rating written
// elsewhere refreshes the dashboard, and one failure is toasted once.
import { act, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import { invalidateAfterRatingChange, queryKeys } from 'shared-contracts/react';
import {
  createFakeApi,
  createTestQueryClient,
  currentQuery,
  DEFAULT_QUERY,
  dashboardResponse,
  httpError,
  lastQuery,
  makeRating,
  makeStore,
  renderDashboard,
} from './render-helpers';

const STORES = [makeStore(1, { name: 'Harbour Books', average_rating: 4, total_ratings: 25 })];
const pageOf = (page: number) =>
  dashboardResponse(STORES, [makeRating(page * 100, { user_name: `Reviewer on page ${page}` })], { total: 25, page });
const pagination = () => screen.getByRole('navigation', { name: 'Ratings pages' });

describe('owner dashboard: the query cache', () => {
  it('keys the answer with queryKeys.owner.dashboard(query)', async () => {
    const api = createFakeApi();
    api.owner.dashboard.mockResolvedValue(pageOf(1));
    const { queryClient } = renderDashboard('', { api });
    await screen.findByText('Reviewer on page 1');
    expect(queryClient.getQueryData(queryKeys.owner.dashboard({ page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'desc' }))).toEqual(
      pageOf(1),
    );
  });

  it('coming back to the screen shows the cached answer at once, and asks again in the background', async () => {
    const api = createFakeApi();
    let answer!: (value: ReturnType<typeof pageOf>) => void;
    api.owner.dashboard.mockResolvedValueOnce(pageOf(1)).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const queryClient = createTestQueryClient();
    const first = renderDashboard('', { api, queryClient });
    await screen.findByText('Reviewer on page 1');
    expect(api.owner.dashboard).toHaveBeenCalledTimes(1);
    first.unmount();

    renderDashboard('', { api, queryClient });
    // The cached answer is on screen at once, while the API is asked again.
    expect(screen.getByText('Reviewer on page 1')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();
    await waitFor(() => expect(api.owner.dashboard).toHaveBeenCalledTimes(2));
    expect(lastQuery(api)).toEqual(DEFAULT_QUERY);
    expect(screen.getByText('Reviewer on page 1')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Harbour Books' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();

    // The new answer (a rating written by another user meanwhile) replaces it once it arrives.
    await act(async () =>
      answer(
        dashboardResponse(
          [makeStore(1, { name: 'Harbour Books', average_rating: 4.2, total_ratings: 26 })],
          [makeRating(999, { user_name: 'Brand New Reviewer' })],
          { total: 26 },
        ),
      ),
    );
    expect(await screen.findByText('Brand New Reviewer')).toBeInTheDocument();
    expect(screen.queryByText('Reviewer on page 1')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Harbour Books' })).getByText('26 ratings')).toBeInTheDocument();
  });

  it('going back to a page already seen shows it from the cache at once, and asks again in the background', async () => {
    const api = createFakeApi();
    api.owner.dashboard.mockImplementation((query) => Promise.resolve(pageOf(query?.page ?? 1)));
    const { user } = renderDashboard('', { api });
    await screen.findByText('Reviewer on page 1');
    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Reviewer on page 2')).toBeInTheDocument();
    expect(api.owner.dashboard).toHaveBeenCalledTimes(2);

    let answer!: (value: ReturnType<typeof pageOf>) => void;
    api.owner.dashboard.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.click(within(pagination()).getByRole('button', { name: 'Previous' }));
    // Page 1 comes from the cache while the API is asked for it again.
    expect(await screen.findByText('Reviewer on page 1')).toBeInTheDocument();
    expect(currentQuery()).toEqual({});
    await waitFor(() => expect(api.owner.dashboard).toHaveBeenCalledTimes(3));
    expect(lastQuery(api)).toEqual(DEFAULT_QUERY);
    expect(screen.getByText('Reviewer on page 1')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();

    await act(async () =>
      answer(dashboardResponse(STORES, [makeRating(777, { user_name: 'Fresh Reviewer on page 1' })], { total: 25, page: 1 })),
    );
    expect(await screen.findByText('Fresh Reviewer on page 1')).toBeInTheDocument();
    expect(screen.queryByText('Reviewer on page 1')).not.toBeInTheDocument();
  });

  it('keeps the previous rows, marked busy, while the next page loads', async () => {
    const api = createFakeApi();
    let answer!: (value: ReturnType<typeof pageOf>) => void;
    api.owner.dashboard.mockResolvedValueOnce(pageOf(1)).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { user } = renderDashboard('', { api });
    await screen.findByText('Reviewer on page 1');

    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 2 }));
    expect(screen.getByText('Reviewer on page 1')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Ratings of / })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('article', { name: 'Harbour Books' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();

    await act(async () => answer(pageOf(2)));
    expect(await screen.findByText('Reviewer on page 2')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Ratings of / })).not.toHaveAttribute('aria-busy');
  });

  it('a rating written elsewhere (invalidateAfterRatingChange) refreshes the dashboard on view', async () => {
    const api = createFakeApi();
    api.owner.dashboard.mockResolvedValueOnce(pageOf(1)).mockResolvedValueOnce(
      dashboardResponse(
        [makeStore(1, { name: 'Harbour Books', average_rating: 4.2, total_ratings: 26 })],
        [makeRating(999, { user_name: 'Brand New Reviewer' })],
        {
          total: 26,
        },
      ),
    );
    const { queryClient } = renderDashboard('', { api });
    await screen.findByText('Reviewer on page 1');

    await act(() => invalidateAfterRatingChange(queryClient));
    expect(await screen.findByText('Brand New Reviewer')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Harbour Books' })).getByText('26 ratings')).toBeInTheDocument();
    expect(api.owner.dashboard).toHaveBeenCalledTimes(2);
    expect(lastQuery(api)).toEqual(DEFAULT_QUERY);
  });

  it('a failure is logged and toasted once, with the message as the toast', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.owner.dashboard.mockRejectedValue(httpError(500, 'Internal server error'));
    const { user } = renderDashboard('', { api });
    expect(await screen.findByText(MESSAGES.fetchDashboardFailed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.owner.dashboard).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(screen.getAllByText(MESSAGES.fetchDashboardFailed)).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Your dashboard could not be loaded.');
    logged.mockRestore();
  });
});
