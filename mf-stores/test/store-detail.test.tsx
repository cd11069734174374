// The store page (/stores/:id) from the user's side: the store, its summary and histogram, the list of
// ratings with Load more, a store that does not exist, and failures.
import { screen, waitFor, within } from '@testing-library/react';
import {
  createFakeApi,
  httpError,
  listResponse,
  localCount,
  makeOwnRating,
  makeStore,
  makeStoreDetail,
  makeStoreRating,
  makeUser,
  ratingsResponse,
  renderAt,
} from './render-helpers';
import { MESSAGES, type StoreDetail, type StoreRating } from 'shared-contracts';

function apiFor(store: StoreDetail = makeStoreDetail(), ratings: StoreRating[] = [], options: Parameters<typeof ratingsResponse>[1] = {}) {
  const api = createFakeApi();
  api.stores.get.mockResolvedValue({ store });
  api.stores.ratings.mockResolvedValue(ratingsResponse(ratings, options));
  api.ratings.mine.mockResolvedValue({ rating: null });
  return api;
}

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('store detail: the store', () => {
  it('asks for the store, its first 50 ratings and my rating, and shows name, category, address, phone and email', async () => {
    const api = apiFor();
    renderAt('/stores/42', { api });
    expect(screen.getByRole('status')).toHaveTextContent('Loading store…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(api.stores.get).toHaveBeenCalledWith('42');
    expect(api.stores.ratings).toHaveBeenCalledWith('42', { page: 1, limit: 50 });
    expect(api.ratings.mine).toHaveBeenCalledWith('42');

    expect(screen.getByText('Grocery')).toBeInTheDocument();
    expect(screen.getByText('14 Residency Road, Bengaluru')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 80 4123 5567' })).toHaveAttribute('href', 'tel:+918041235567');
    expect(screen.getByRole('link', { name: 'hello@greenbasket.example' })).toHaveAttribute('href', 'mailto:hello@greenbasket.example');
    expect(screen.getByRole('link', { name: 'Back to stores' })).toHaveAttribute('href', '/stores');
  });

  it('leaves out phone and email when the store has none', async () => {
    renderAt('/stores/42', { api: apiFor(makeStoreDetail({ phone: null, email: null })) });
    await screen.findByRole('heading', { level: 1, name: 'Green Basket Organic Grocers' });
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });

  it('shows the average with one decimal and its label, the total, and an accessible 5-to-1 histogram', async () => {
    renderAt('/stores/42', { api: apiFor() });
    const summary = await screen.findByRole('region', { name: 'Rating summary' });
    expect(within(summary).getByText('4.4')).toHaveAttribute('data-band', 'good');
    expect(within(summary).getByText('Good')).toBeInTheDocument();
    expect(within(summary).getByText('Based on 5 ratings')).toBeInTheDocument();
    const bars = within(within(summary).getByRole('list', { name: 'Ratings by stars' })).getAllByRole('listitem');
    expect(bars.map((li) => li.textContent)).toEqual([
      expect.stringContaining('5 stars: 2 ratings'),
      expect.stringContaining('4 stars: 3 ratings'),
      expect.stringContaining('3 stars: 0 ratings'),
      expect.stringContaining('2 stars: 0 ratings'),
      expect.stringContaining('1 star: 0 ratings'),
    ]);
    expect(within(summary).getByText('5 stars: 2 ratings')).toBeInTheDocument();
  });

  it.each([
    [4.5, 'Excellent', 'excellent'],
    [3.5, 'Good', 'good'],
    [2.5, 'Average', 'average'],
    [1.5, 'Below Average', 'low'],
    [1.2, 'Poor', 'low'],
  ])('an average of %s reads %s', async (average, label, band) => {
    renderAt('/stores/42', { api: apiFor(makeStoreDetail({ average_rating: average, total_ratings: 2 })) });
    const summary = await screen.findByRole('region', { name: 'Rating summary' });
    expect(within(summary).getByText(label)).toBeInTheDocument();
    expect(within(summary).getByText(average.toFixed(1))).toHaveAttribute('data-band', band);
  });

  it("reads 'No ratings yet' when the store has no ratings", async () => {
    const empty = makeStoreDetail({ average_rating: 0, total_ratings: 0, rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } });
    renderAt('/stores/42', { api: apiFor(empty) });
    const summary = await screen.findByRole('region', { name: 'Rating summary' });
    expect(within(summary).getByText('No ratings yet')).toBeInTheDocument();
    expect(within(summary).queryByText('Poor')).not.toBeInTheDocument();
    expect(within(summary).getByText('5 stars: 0 ratings')).toBeInTheDocument();
    expect(await screen.findByText('No ratings yet. Be the first to rate this store.')).toBeInTheDocument();
  });

  it('a store that does not exist (404) shows a message and a link back to /stores, without a failure toast', async () => {
    const api = createFakeApi();
    api.stores.get.mockRejectedValue(httpError(404, 'Store not found'));
    api.stores.ratings.mockRejectedValue(httpError(404, 'Store not found'));
    api.ratings.mine.mockRejectedValue(httpError(404, 'Store not found'));
    const { user } = renderAt('/stores/987', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to stores' });
    expect(back).toHaveAttribute('href', '/stores');
    expect(screen.queryByText('Failed to fetch store details')).not.toBeInTheDocument();

    api.stores.list.mockResolvedValue(listResponse([makeStore(1, { name: 'Elsewhere Emporium' })]));
    await user.click(back);
    expect(await screen.findByRole('link', { name: 'Elsewhere Emporium' })).toBeInTheDocument();
  });

  it('an id that is not a store id is not found without asking the API', async () => {
    const api = createFakeApi();
    renderAt('/stores/abc', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeInTheDocument();
    expect(api.stores.get).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to fetch store details' on any other failure, and 'Try again' loads it", async () => {
    const api = apiFor();
    api.stores.get.mockRejectedValueOnce(httpError(500, 'Internal server error'));
    const { user } = renderAt('/stores/42', { api });
    expect(await screen.findByText('Failed to fetch store details')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The store could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(api.stores.get).toHaveBeenCalledTimes(2);
  });

  it('the back link returns to the list as it was left (search, filters, page)', async () => {
    const api = apiFor();
    api.stores.list.mockResolvedValue(listResponse([makeStore(42, { name: 'Green Basket Organic Grocers' })], { total: 30, page: 2 }));
    const { user } = renderAt('/stores?category=Grocery&page=2', { api });
    await user.click(await screen.findByRole('link', { name: 'Green Basket Organic Grocers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to stores' })).toHaveAttribute('href', '/stores?category=Grocery&page=2');
  });
});

describe('store detail: the list of ratings', () => {
  it("shows author (or 'Anonymous'), localised date, stars and comment, in the API's order (newest first)", async () => {
    const ratings = [
      makeStoreRating(3, { user_name: 'Asha Raman', rating: 5, comment: 'Wonderful!', created_at: '2024-06-10T08:00:00.000Z' }),
      makeStoreRating(2, { user_name: '', rating: 2, comment: null, created_at: '2024-05-01T08:00:00.000Z' }),
      makeStoreRating(1, {
        user_name: null as unknown as string,
        rating: 4,
        comment: 'Good value',
        created_at: '2024-04-02T08:00:00.000Z',
      }),
    ];
    renderAt('/stores/42', { api: apiFor(makeStoreDetail(), ratings, { total: 3 }) });
    const section = await screen.findByRole('region', { name: /All Ratings/ });
    await within(section).findByText('Wonderful!');
    expect(within(section).getByRole('heading', { name: 'All Ratings (3)' })).toBeInTheDocument();
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const first = within(items[0]);
    expect(first.getByText('Asha Raman')).toBeInTheDocument();
    expect(first.getByRole('img', { name: '5 stars out of 5' })).toBeInTheDocument();
    expect(first.getByText('Wonderful!')).toBeInTheDocument();
    const date = new Date('2024-06-10T08:00:00.000Z').toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
    expect(first.getByText(date)).toHaveAttribute('datetime', '2024-06-10T08:00:00.000Z');

    expect(within(items[1]).getByText('Anonymous')).toBeInTheDocument();
    expect(within(items[1]).getByRole('img', { name: '2 stars out of 5' })).toBeInTheDocument();
    expect(within(items[2]).getByText('Anonymous')).toBeInTheDocument();
    expect(within(items[2]).getByText('Good value')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("'Load more' fetches the next 50 and appends them; it goes once all are shown", async () => {
    const firstPage = Array.from({ length: 50 }, (_, i) => makeStoreRating(200 - i, { comment: `First page ${i + 1}` }));
    const api = apiFor(makeStoreDetail(), firstPage, { total: 52 });
    const { user } = renderAt('/stores/42', { api });
    await screen.findByText('First page 1');
    expect(screen.getByText('Showing 50 of 52')).toBeInTheDocument();

    api.stores.ratings.mockResolvedValueOnce(
      ratingsResponse([makeStoreRating(150, { comment: 'Second page 1' }), makeStoreRating(149, { comment: 'Second page 2' })], {
        total: 52,
        page: 2,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(api.stores.ratings).toHaveBeenLastCalledWith('42', { page: 2, limit: 50 });
    await screen.findByText('Second page 2');
    const section = screen.getByRole('region', { name: /All Ratings/ });
    const comments = within(section)
      .getAllByText(/page \d+$/)
      .map((el) => el.textContent);
    expect(comments).toHaveLength(52);
    expect(comments.slice(0, 1)).toEqual(['First page 1']);
    expect(comments.slice(-2)).toEqual(['Second page 1', 'Second page 2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("a failing 'Load more' toasts and keeps what is shown", async () => {
    const firstPage = Array.from({ length: 50 }, (_, i) => makeStoreRating(200 - i, { comment: `First page ${i + 1}` }));
    const api = apiFor(makeStoreDetail(), firstPage, { total: 60 });
    const { user } = renderAt('/stores/42', { api });
    await screen.findByText('First page 1');
    api.stores.ratings.mockRejectedValueOnce(httpError(500));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to fetch store details')).toBeInTheDocument();
    expect(screen.getByText('First page 50')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled());
  });

  const page = (n: number) =>
    Array.from({ length: 50 }, (_, i) => makeStoreRating(100_000 - (n - 1) * 50 - i, { comment: `Page ${n} rating ${i + 1}` }));

  it("a store with 100,000 ratings: the exact total, the hint, and 'Load more' only up to the 20 pages the API opens", async () => {
    const api = apiFor(makeStoreDetail(), page(1), { total: 100_000 });
    const { user } = renderAt('/stores/42', { api });
    await screen.findByText('Page 1 rating 1');
    const section = screen.getByRole('region', { name: /All Ratings/ });
    expect(within(section).getByRole('heading', { name: `All Ratings (${localCount(100_000)})` })).toBeInTheDocument();
    expect(within(section).getByText(`Showing 50 of ${localCount(100_000)}`)).toBeInTheDocument();
    expect(within(section).getByRole('note')).toHaveTextContent(MESSAGES.listWindow);

    // By its text: with 1,000 ratings on the page (each with its Helpful and Report buttons), finding the
    // button by role would name every button of the page, 20 times.
    const loadMore = () => screen.getByText('Load more').closest('button')!;
    for (let n = 2; n <= 20; n++) {
      api.stores.ratings.mockResolvedValueOnce(ratingsResponse(page(n), { total: 100_000, page: n }));
      await user.click(loadMore());
      await screen.findByText(`Page ${n} rating 50`);
    }
    expect(api.stores.ratings).toHaveBeenLastCalledWith('42', { page: 20, limit: 50 });
    expect(within(section).getByText(`Showing ${localCount(1000)} of ${localCount(100_000)}`)).toBeInTheDocument();
    // Page 21 would start beyond the first 1,000 ratings: it is not offered, and the hint says why.
    expect(screen.queryByText('Load more')).not.toBeInTheDocument();
    expect(within(section).getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(api.stores.ratings).toHaveBeenCalledTimes(20);
  });

  it("a capped count reads '1,000+'", async () => {
    renderAt('/stores/42', { api: apiFor(makeStoreDetail(), page(1), { total: 1000, totalCapped: true }) });
    await screen.findByText('Page 1 rating 1');
    expect(screen.getByRole('heading', { name: `All Ratings (${localCount(1000)}+)` })).toBeInTheDocument();
    expect(screen.getByText(`Showing 50 of ${localCount(1000)}+`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
  });

  it("if the API refuses the next page as beyond the window, 'Load more' goes, with the hint and no error toast", async () => {
    const api = apiFor(makeStoreDetail(), page(1), { total: 100_000 });
    const { user } = renderAt('/stores/42', { api });
    await screen.findByText('Page 1 rating 1');
    api.stores.ratings.mockRejectedValueOnce(httpError(400, MESSAGES.listWindow));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(screen.getByText('Page 1 rating 50')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(screen.queryByText('Failed to fetch store details')).not.toBeInTheDocument();
  });
});

describe('store detail: who gets the rating panel', () => {
  it("the store's owner sees no rating panel on their own store, but a note", async () => {
    const api = apiFor(makeStoreDetail({ owner_id: 7 }));
    renderAt('/stores/42', { api, user: makeUser('store_owner', { id: 7 }) });
    expect(await screen.findByText('This is your store')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rate This Store' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Rating' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Rating' })).not.toBeInTheDocument();
  });

  it.each([['normal_user'], ['store_owner'], ['system_admin']] as const)(
    'a %s rating someone else’s store gets the panel',
    async (role) => {
      const api = apiFor(makeStoreDetail({ owner_id: 99 }));
      renderAt('/stores/42', { api, user: makeUser(role, { id: 7 }) });
      expect(await screen.findByRole('heading', { name: 'Rate This Store' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add Rating' })).toBeInTheDocument();
      expect(screen.queryByText('This is your store')).not.toBeInTheDocument();
    },
  );

  it("shows 'Update Your Rating' with my stars and comment when I rated the store", async () => {
    const api = apiFor();
    api.ratings.mine.mockResolvedValue({ rating: makeOwnRating({ rating: 3, comment: 'Decent, but nothing special.' }) });
    renderAt('/stores/42', { api });
    const panel = await screen.findByRole('region', { name: 'Update Your Rating' });
    expect(within(panel).getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toBeInTheDocument();
    expect(within(panel).getByText('Decent, but nothing special.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Edit Rating' })).toBeInTheDocument();
  });
});
