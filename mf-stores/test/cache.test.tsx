// The page's query cache as mf-stores uses it: coming back to a screen shows the cached answer at once
// and asks again in the background, a rating write puts the answer's figures on screen at once and marks
// every view of ratings stale (in this remote and the others), the list keeps its page while the next one
// loads, and the delete confirmation is an accessible dialog.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Rating, StoreDetailResponse, StoreListResponse, StoreRatingsResponse, StoreStats } from 'shared-contracts';
import { queryKeys } from 'shared-contracts/react';
import {
  createFakeApi,
  createTestQueryClient,
  listResponse,
  makeOwnRating,
  makeStore,
  makeStoreDetail,
  makeStoreRating,
  ratingsResponse,
  renderAt,
} from './render-helpers';

const STATS: StoreStats = { average_rating: 4.33, total_ratings: 6, rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 4, '5': 2 } };

function storeApi(mine: Rating | null = null) {
  const api = createFakeApi();
  api.stores.get.mockResolvedValue({ store: makeStoreDetail() });
  api.stores.ratings.mockResolvedValue(ratingsResponse([makeStoreRating(1)], { total: 1 }));
  api.ratings.mine.mockResolvedValue({ rating: mine });
  api.stores.list.mockResolvedValue(listResponse([makeStore(42, { name: 'Green Basket Organic Grocers' })]));
  return api;
}

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('mf-stores and the query cache', () => {
  it('coming back to a store shows the cached answer at once, and asks again in the background', async () => {
    const api = storeApi();
    const { user } = renderAt('/stores', { api });
    await user.click(await screen.findByRole('link', { name: 'Green Basket Organic Grocers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'All Ratings (1)' });

    // The API's next answers are on their way while the cached ones show.
    let listAgain!: (value: StoreListResponse) => void;
    api.stores.list.mockReturnValueOnce(new Promise((resolve) => (listAgain = resolve)));
    await user.click(screen.getByRole('link', { name: 'Back to stores' }));
    expect(screen.getByRole('link', { name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(screen.queryByText('Loading stores…')).not.toBeInTheDocument();
    expect(api.stores.list).toHaveBeenCalledTimes(2);
    await act(async () => listAgain(listResponse([makeStore(42, { name: 'Green Basket Organic Grocers' })])));

    let storeAgain!: (value: StoreDetailResponse) => void;
    let ratingsAgain!: (value: StoreRatingsResponse) => void;
    api.stores.get.mockReturnValueOnce(new Promise((resolve) => (storeAgain = resolve)));
    api.stores.ratings.mockReturnValueOnce(new Promise((resolve) => (ratingsAgain = resolve)));
    await user.click(screen.getByRole('link', { name: 'Green Basket Organic Grocers' }));
    // No loading state: the store, its ratings and my rating come from the cache while the API is asked again.
    expect(screen.getByRole('heading', { level: 1, name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Ratings (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Rating' })).toBeInTheDocument();
    expect(screen.queryByText('Loading store…')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading ratings…')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading your rating…')).not.toBeInTheDocument();
    expect(api.stores.list).toHaveBeenCalledTimes(2);
    expect(api.stores.get).toHaveBeenCalledTimes(2);
    expect(api.stores.ratings).toHaveBeenCalledTimes(2);
    expect(api.ratings.mine).toHaveBeenCalledTimes(2);

    // A rating another user wrote meanwhile shows once the new answers arrive.
    await act(async () => {
      storeAgain({ store: makeStoreDetail({ total_ratings: 6 }) });
      ratingsAgain(ratingsResponse([makeStoreRating(2, { comment: 'Written by someone else' }), makeStoreRating(1)], { total: 2 }));
    });
    expect(await screen.findByRole('heading', { name: 'All Ratings (2)' })).toBeInTheDocument();
    expect(screen.getByText('Written by someone else')).toBeInTheDocument();
  });

  it("a rating write shows the answer's figures at once and marks every view of ratings stale, here and in the other remotes", async () => {
    const api = storeApi();
    const queryClient = createTestQueryClient();
    // Answers other screens (My Ratings, the dashboards, the store list) left in the page's cache.
    const elsewhere = [queryKeys.me.ratings({}), queryKeys.me.dashboard(), queryKeys.owner.dashboard({}), queryKeys.admin.dashboard()];
    for (const key of elsewhere) queryClient.setQueryData(key, { cached: true });
    // The store list, with this store (not rated by the reader yet) and another.
    const listKey = queryKeys.stores.list({});
    queryClient.setQueryData(listKey, listResponse([makeStore(41), makeStore(42, { average_rating: 4.4, total_ratings: 5 })]));
    const created = makeOwnRating({ id: 900, rating: 4, comment: null });
    api.ratings.submit.mockResolvedValue({ message: 'Rating submitted successfully!', rating: created, storeStats: STATS });
    const { user } = renderAt('/stores/42', { api, queryClient });
    await user.click(await screen.findByRole('button', { name: 'Add Rating' }));

    // The server is slow to answer the questions asked again after the write.
    api.stores.get.mockReturnValue(new Promise(() => undefined));
    api.ratings.mine.mockReturnValue(new Promise(() => undefined));
    api.stores.ratings.mockReturnValue(new Promise(() => undefined));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const summary = screen.getByRole('region', { name: 'Rating summary' });
    await waitFor(() => expect(within(summary).getByText('Based on 6 ratings')).toBeInTheDocument());
    expect(within(summary).getByText('4.3')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your rating: 4 stars out of 5' })).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.stores.myRating(42))).toEqual(created);

    // Asked again: the store's ratings (on screen), the others when next shown. Not the store's figures
    // nor my rating: the write's answer has just filled them.
    expect(api.stores.ratings).toHaveBeenCalledTimes(2);
    expect(api.stores.get).toHaveBeenCalledTimes(1);
    expect(api.ratings.mine).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(queryKeys.stores.detail(42))?.isInvalidated).toBe(false);
    for (const key of elsewhere) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    // The listed store shows the answer's figures and the reader's stars at once; the list is asked again too.
    const listed = queryClient.getQueryData<StoreListResponse>(listKey)!.stores;
    expect(listed.find((s) => s.id === 42)).toMatchObject({ average_rating: 4.33, total_ratings: 6, my_rating: 4 });
    expect(listed.find((s) => s.id === 41)).toMatchObject({ average_rating: 0, total_ratings: 0, my_rating: null });
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('after a write the ratings list starts again from its first page', async () => {
    const api = storeApi(makeOwnRating());
    const first = Array.from({ length: 50 }, (_, i) => makeStoreRating(200 - i, { comment: `First page ${i + 1}` }));
    api.stores.ratings.mockResolvedValue(ratingsResponse(first, { total: 60 }));
    api.ratings.remove.mockResolvedValue({ message: 'Rating deleted successfully!', storeStats: STATS });
    const { user } = renderAt('/stores/42', { api });
    await screen.findByText('First page 1');
    api.stores.ratings.mockResolvedValueOnce(ratingsResponse([makeStoreRating(10, { comment: 'Second page 1' })], { total: 60, page: 2 }));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Second page 1');

    api.ratings.mine.mockResolvedValue({ rating: null });
    await user.click(screen.getByRole('button', { name: 'Edit Rating' }));
    await user.click(screen.getByRole('button', { name: 'Delete Rating' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete rating' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Rating deleted successfully!');
    await waitFor(() => expect(screen.queryByText('Second page 1')).not.toBeInTheDocument());
    expect(api.stores.ratings).toHaveBeenCalledTimes(3);
    expect(api.stores.ratings).toHaveBeenLastCalledWith('42', { page: 1, limit: 50 });
    expect(screen.getByText('Showing 50 of 60')).toBeInTheDocument();
  });

  it("the delete confirmation is an accessible dialog: Cancel has focus, Escape keeps the rating, focus returns to 'Delete Rating'", async () => {
    const api = storeApi(makeOwnRating());
    const { user } = renderAt('/stores/42', { api });
    await user.click(await screen.findByRole('button', { name: 'Edit Rating' }));
    const deleteButton = screen.getByRole('button', { name: 'Delete Rating' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete rating' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete your rating?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(api.ratings.remove).not.toHaveBeenCalled();
  });

  it("the store list keeps the page's cards while the next page loads", async () => {
    const api = createFakeApi();
    const twelve = Array.from({ length: 12 }, (_, i) => makeStore(i + 1));
    api.stores.list.mockResolvedValueOnce(listResponse(twelve, { total: 30 }));
    const { user } = renderAt('/stores', { api });
    await screen.findByRole('link', { name: 'Store number 1' });

    let answer!: (value: StoreListResponse) => void;
    api.stores.list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('link', { name: 'Store number 1' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–12 of 30 stores')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'true');

    const next = Array.from({ length: 12 }, (_, i) => makeStore(i + 13));
    await act(async () => answer(listResponse(next, { total: 30, page: 2 })));
    expect(await screen.findByRole('link', { name: 'Store number 13' })).toBeInTheDocument();
    expect(screen.getByText('Showing 13–24 of 30 stores')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
  });
});
