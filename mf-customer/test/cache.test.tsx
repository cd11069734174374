// The shared query cache from mf-customer's side: coming back to a page shows the cached answer at once
// and asks again in the background, a paged list keeps its rows while the next page loads, and a rating
// written here (or in another remote, through the same cache) refreshes everything that shows ratings or
// averages.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { MyRatingsResponse, StoreListResponse, UserDashboardResponse } from 'shared-contracts';
import { invalidateAfterRatingChange, queryKeys } from 'shared-contracts/react';
import { createTestQueryClient } from 'shared-contracts/testing';
import { RECOMMENDATIONS_QUERY } from '../src/features/dashboard/api/dashboard';
import {
  createFakeApi,
  listResponse,
  makeDashboard,
  makeMyRating,
  makeStore,
  myRatingsResponse,
  pending,
  renderAt,
  writeAnswer,
} from './render-helpers';

const FIRST = makeMyRating(1, { store_id: 42, store_name: 'Green Basket Organic Grocers', rating: 3 });
const FIRST_PAGE = { page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'desc' } as const;

function apiWithRatings() {
  const api = createFakeApi();
  api.users.ratings.mockResolvedValue(myRatingsResponse([FIRST]));
  api.users.dashboard.mockResolvedValue(makeDashboard({ totalRatings: 1, averageRating: 3, totalStores: 9 }));
  api.stores.list.mockResolvedValue(listResponse([makeStore(11, { name: 'Saffron Spice House' })]));
  return api;
}

describe('the cache: coming back to a page', () => {
  it('My Ratings shows the cached answer at once, and asks again in the background', async () => {
    const api = apiWithRatings();
    const queryClient = createTestQueryClient();
    const first = renderAt('/ratings', { api, queryClient });
    await screen.findByRole('article', { name: 'Green Basket Organic Grocers' });
    first.unmount();

    let again!: (value: MyRatingsResponse) => void;
    api.users.ratings.mockReturnValueOnce(new Promise((resolve) => (again = resolve)));
    renderAt('/ratings', { api, queryClient });
    expect(screen.getByRole('article', { name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your ratings…')).not.toBeInTheDocument();
    await waitFor(() => expect(api.users.ratings).toHaveBeenCalledTimes(2));
    expect(api.users.ratings).toHaveBeenLastCalledWith(FIRST_PAGE);
    expect(screen.getByRole('article', { name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your ratings…')).not.toBeInTheDocument();

    await act(async () => again(myRatingsResponse([{ ...FIRST, rating: 1 }])));
    expect(await screen.findByRole('img', { name: 'Your rating: 1 star out of 5' })).toBeInTheDocument();
  });

  it('the dashboard shows its cached figures and recommendations at once, and asks again in the background', async () => {
    const api = apiWithRatings();
    const queryClient = createTestQueryClient();
    const first = renderAt('/user-dashboard', { api, queryClient });
    await screen.findByText('Ratings given', { selector: 'dt' });
    await screen.findByRole('link', { name: 'Saffron Spice House' });
    first.unmount();

    let dashboardAgain!: (value: UserDashboardResponse) => void;
    let storesAgain!: (value: StoreListResponse) => void;
    api.users.dashboard.mockReturnValueOnce(new Promise((resolve) => (dashboardAgain = resolve)));
    api.stores.list.mockReturnValueOnce(new Promise((resolve) => (storesAgain = resolve)));
    renderAt('/user-dashboard', { api, queryClient });
    const given = () => screen.getByText('Ratings given', { selector: 'dt' }).nextElementSibling;
    expect(given()).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Saffron Spice House' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();
    expect(screen.queryByText('Finding stores for you…')).not.toBeInTheDocument();
    await waitFor(() => expect(api.users.dashboard).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(api.stores.list).toHaveBeenCalledTimes(2));
    expect(given()).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Saffron Spice House' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();

    await act(async () => {
      dashboardAgain(makeDashboard({ totalRatings: 2, averageRating: 2, totalStores: 9 }));
      storesAgain(listResponse([makeStore(12, { name: 'Lotus Tea Room' })]));
    });
    await waitFor(() => expect(given()).toHaveTextContent('2'));
    expect(await screen.findByRole('link', { name: 'Lotus Tea Room' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Saffron Spice House' })).not.toBeInTheDocument();
  });

  it('the recommendations are a store list query: keyed under queryKeys.stores', async () => {
    const queryClient = createTestQueryClient();
    renderAt('/user-dashboard', { api: apiWithRatings(), queryClient });
    await screen.findByRole('link', { name: 'Saffron Spice House' });
    expect(queryClient.getQueryData(queryKeys.stores.list(RECOMMENDATIONS_QUERY))).toEqual(
      expect.objectContaining({ stores: expect.any(Array) }),
    );
  });
});

describe('the cache: paging', () => {
  it('keeps the current rows on screen (busy) while the next page loads', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => makeMyRating(i + 1));
    const api = createFakeApi();
    api.users.ratings.mockResolvedValueOnce(myRatingsResponse(ten, { total: 23 })).mockReturnValue(pending());
    const { user } = renderAt('/ratings', { api });
    await screen.findByRole('article', { name: 'Store number 101' });

    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(api.users.ratings).toHaveBeenLastCalledWith({ ...FIRST_PAGE, page: 2 }));
    expect(screen.getByRole('article', { name: 'Store number 101' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your ratings' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Loading your ratings…')).not.toBeInTheDocument();
  });
});

describe('the cache: a rating change', () => {
  /** Seeds what other screens (the dashboard, mf-stores' store page) have cached. */
  function seedOtherScreens(queryClient: ReturnType<typeof createTestQueryClient>) {
    queryClient.setQueryData(queryKeys.me.dashboard(), makeDashboard({ totalRatings: 1 }));
    queryClient.setQueryData(queryKeys.stores.list(RECOMMENDATIONS_QUERY), listResponse([]));
    queryClient.setQueryData(queryKeys.stores.detail(42), { store: makeStore(42) });
  }
  const invalidated = (queryClient: ReturnType<typeof createTestQueryClient>, key: readonly unknown[]) =>
    queryClient.getQueryState(key)?.isInvalidated;

  it('saving a rating marks the dashboard, the store lists and the store stale', async () => {
    const api = apiWithRatings();
    api.ratings.update.mockResolvedValue(writeAnswer({ ...FIRST, rating: 5 }, 4.9));
    const queryClient = createTestQueryClient();
    seedOtherScreens(queryClient);
    const { user } = renderAt('/ratings', { api, queryClient });
    const article = await screen.findByRole('article', { name: 'Green Basket Organic Grocers' });
    await user.click(within(article).getByRole('button', { name: 'Edit your rating of Green Basket Organic Grocers' }));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(within(article).getByRole('button', { name: 'Update' }));
    await screen.findByText('Rating updated successfully!');

    expect(invalidated(queryClient, queryKeys.me.dashboard())).toBe(true);
    expect(invalidated(queryClient, queryKeys.stores.list(RECOMMENDATIONS_QUERY))).toBe(true);
    expect(invalidated(queryClient, queryKeys.stores.detail(42))).toBe(true);
  });

  it('deleting a rating marks the same answers stale and updates every cached page of My Ratings', async () => {
    const api = apiWithRatings();
    api.ratings.remove.mockResolvedValue({ message: 'Rating deleted successfully!', storeStats: writeAnswer(FIRST, 4).storeStats });
    const queryClient = createTestQueryClient();
    seedOtherScreens(queryClient);
    const otherSort = { ...FIRST_PAGE, sortBy: 'rating', sortOrder: 'asc' } as const;
    queryClient.setQueryData(queryKeys.me.ratings(otherSort), myRatingsResponse([FIRST], { total: 1 }));
    const { user } = renderAt('/ratings', { api, queryClient });
    const article = await screen.findByRole('article', { name: 'Green Basket Organic Grocers' });
    await user.click(within(article).getByRole('button', { name: 'Delete your rating of Green Basket Organic Grocers' }));
    api.users.ratings.mockResolvedValue(myRatingsResponse([]));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete rating' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Rating deleted successfully!');

    expect(queryClient.getQueryData(queryKeys.me.ratings(otherSort))).toEqual(expect.objectContaining({ ratings: [], total: 0 }));
    expect(invalidated(queryClient, queryKeys.me.dashboard())).toBe(true);
    expect(invalidated(queryClient, queryKeys.stores.list(RECOMMENDATIONS_QUERY))).toBe(true);
    expect(invalidated(queryClient, queryKeys.stores.detail(42))).toBe(true);
  });

  it('a rating written elsewhere (another remote, same cache) refreshes My Ratings and the dashboard on screen', async () => {
    const api = apiWithRatings();
    const queryClient = createTestQueryClient();
    const ratings = renderAt('/ratings', { api, queryClient });
    await screen.findByRole('article', { name: 'Green Basket Organic Grocers' });
    api.users.ratings.mockResolvedValue(myRatingsResponse([{ ...FIRST, rating: 1 }]));
    await act(() => invalidateAfterRatingChange(queryClient));
    expect(await screen.findByRole('img', { name: 'Your rating: 1 star out of 5' })).toBeInTheDocument();
    ratings.unmount();

    renderAt('/user-dashboard', { api, queryClient });
    await screen.findByText('Ratings given', { selector: 'dt' });
    await screen.findByRole('link', { name: 'Saffron Spice House' });
    expect(api.users.dashboard).toHaveBeenCalledTimes(1);
    api.users.dashboard.mockResolvedValue(makeDashboard({ totalRatings: 2, averageRating: 2, totalStores: 9 }));
    await act(() => invalidateAfterRatingChange(queryClient));
    await waitFor(() => expect(screen.getByText('Ratings given', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2'));
    expect(api.stores.list).toHaveBeenCalledTimes(2);
  });
});
