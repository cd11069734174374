// The store page's reviews, sorted and filtered, from the user's side: the "Sort reviews" choice, "With a
// comment only", a histogram bar that filters to its star count (and says so, with a way back), the view
// kept in the URL, the reader's own review pinned first and marked "You", and the filtered empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreRating } from 'shared-contracts';
import {
  createFakeApi,
  currentQuery,
  makeOwnRating,
  makeStoreDetail,
  makeStoreRating,
  makeUser,
  ratingsResponse,
  renderAt,
} from './render-helpers';

const READER = makeUser('normal_user', { id: 7, name: 'Carla Customer Montgomery' });

const RATINGS: StoreRating[] = [
  makeStoreRating(1, { rating: 5, comment: 'Wonderful bread', user_name: 'Asha Rao' }),
  makeStoreRating(2, { rating: 4, comment: null, user_name: 'Ben Ito' }),
  makeStoreRating(3, { rating: 5, comment: 'Best in town', user_name: 'Chen Li' }),
];

function apiFor({ mine = null as ReturnType<typeof makeOwnRating> | null, ratings = RATINGS } = {}) {
  const api = createFakeApi();
  api.stores.get.mockResolvedValue({
    store: makeStoreDetail({ total_ratings: 3, average_rating: 4.67, rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 } }),
  });
  api.stores.ratings.mockResolvedValue(ratingsResponse(ratings));
  api.ratings.mine.mockResolvedValue({ rating: mine });
  return api;
}

/** The authors of the ratings listed, in order. */
function listedAuthors(): string[] {
  const list = within(screen.getByRole('region', { name: /Ratings/ })).queryByRole('list');
  if (!list) return [];
  return within(list)
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label') ?? '');
}

const lastRatingsQuery = (api: ReturnType<typeof apiFor>) => api.stores.ratings.mock.calls.at(-1)?.[1];

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('store reviews: order', () => {
  it('lists newest first by default and offers Newest, Oldest, Highest, Lowest and Most helpful', async () => {
    const api = apiFor();
    renderAt('/stores/42', { api, user: READER });
    const sort = await screen.findByLabelText('Sort reviews');
    expect(sort).toHaveValue('newest');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest first', 'Oldest first', 'Highest rated', 'Lowest rated', 'Most helpful']);
    await waitFor(() => expect(listedAuthors()).toEqual(['Asha Rao, 5 stars', 'Ben Ito, 4 stars', 'Chen Li, 5 stars']));
    expect(api.stores.ratings).toHaveBeenCalledWith('42', { page: 1, limit: 50 });
  });

  it.each([
    ['Oldest first', 'oldest', { sortBy: 'created_at', sortOrder: 'asc' }],
    ['Highest rated', 'highest', { sortBy: 'rating', sortOrder: 'desc' }],
    ['Lowest rated', 'lowest', { sortBy: 'rating', sortOrder: 'asc' }],
  ])('"%s" asks the API in that order, shows its answer and keeps it in the URL', async (label, inUrl, query) => {
    const user = userEvent.setup();
    const api = apiFor();
    renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Wonderful bread');
    api.stores.ratings.mockResolvedValue(ratingsResponse([RATINGS[2], RATINGS[0], RATINGS[1]]));

    await user.selectOptions(screen.getByLabelText('Sort reviews'), label);

    await waitFor(() => expect(lastRatingsQuery(api)).toEqual({ ...query, page: 1, limit: 50 }));
    await waitFor(() => expect(listedAuthors()).toEqual(['Chen Li, 5 stars', 'Asha Rao, 5 stars', 'Ben Ito, 4 stars']));
    expect(currentQuery()).toEqual({ sort: inUrl });
  });
});

describe('store reviews: filters', () => {
  it('"With a comment only" keeps the ratings with a comment, says so, and "Show all ratings" goes back', async () => {
    const user = userEvent.setup();
    const api = apiFor();
    renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Wonderful bread');
    api.stores.ratings.mockResolvedValue(ratingsResponse([RATINGS[0], RATINGS[2]]));

    await user.click(screen.getByRole('checkbox', { name: 'With a comment only' }));

    await waitFor(() => expect(lastRatingsQuery(api)).toEqual({ withComment: true, page: 1, limit: 50 }));
    await waitFor(() => expect(screen.getByText('Showing ratings with a comment only (2).')).toBeInTheDocument());
    expect(listedAuthors()).toEqual(['Asha Rao, 5 stars', 'Chen Li, 5 stars']);
    expect(screen.getByRole('heading', { level: 2, name: /^Ratings/ })).toBeInTheDocument();
    expect(currentQuery()).toEqual({ comments: '1' });

    api.stores.ratings.mockResolvedValue(ratingsResponse(RATINGS));
    await user.click(screen.getByRole('button', { name: 'Show all ratings' }));
    await waitFor(() => expect(currentQuery()).toEqual({}));
    expect(screen.getByRole('checkbox', { name: 'With a comment only' })).not.toBeChecked();
    await waitFor(() => expect(listedAuthors()).toHaveLength(3));
    expect(screen.getByRole('heading', { level: 2, name: /^All Ratings/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all ratings' })).not.toBeInTheDocument();
  });

  it('tapping a bar of the histogram filters to that star count, the bar shows pressed, and tapping it again shows all', async () => {
    const user = userEvent.setup();
    const api = apiFor();
    renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Wonderful bread');
    const histogram = screen.getByRole('list', { name: 'Ratings by stars' });
    const fives = within(histogram).getByRole('button', { name: '5 stars: 2 ratings' });
    expect(fives).toHaveAttribute('aria-pressed', 'false');
    api.stores.ratings.mockResolvedValue(ratingsResponse([RATINGS[0], RATINGS[2]]));

    await user.click(fives);

    await waitFor(() => expect(lastRatingsQuery(api)).toEqual({ stars: 5, page: 1, limit: 50 }));
    expect(within(histogram).getByRole('button', { name: '5 stars: 2 ratings' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByText('Showing 5-star ratings only (2).')).toBeInTheDocument());
    expect(listedAuthors()).toEqual(['Asha Rao, 5 stars', 'Chen Li, 5 stars']);
    expect(currentQuery()).toEqual({ stars: '5' });

    api.stores.ratings.mockResolvedValue(ratingsResponse(RATINGS));
    await user.click(within(histogram).getByRole('button', { name: '5 stars: 2 ratings' }));
    await waitFor(() => expect(currentQuery()).toEqual({}));
    expect(within(histogram).getByRole('button', { name: '5 stars: 2 ratings' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(listedAuthors()).toHaveLength(3));
  });

  it('opens with the view of its URL: an order, a star count and comments only together', async () => {
    const api = apiFor();
    api.stores.ratings.mockResolvedValue(ratingsResponse([RATINGS[1]]));
    renderAt('/stores/42?sort=lowest&stars=4&comments=1', { api, user: READER });
    await screen.findByText('Showing 4-star ratings with a comment only (1).');
    expect(api.stores.ratings).toHaveBeenCalledWith('42', {
      sortBy: 'rating',
      sortOrder: 'asc',
      stars: 4,
      withComment: true,
      page: 1,
      limit: 50,
    });
    expect(screen.getByLabelText('Sort reviews')).toHaveValue('lowest');
    expect(screen.getByRole('checkbox', { name: 'With a comment only' })).toBeChecked();
    expect(screen.getByRole('button', { name: '4 stars: 1 rating' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores a view it does not know in the URL', async () => {
    const api = apiFor();
    renderAt('/stores/42?sort=sideways&stars=9&comments=yes', { api, user: READER });
    await screen.findByText('Wonderful bread');
    expect(api.stores.ratings).toHaveBeenCalledWith('42', { page: 1, limit: 50 });
    expect(screen.getByLabelText('Sort reviews')).toHaveValue('newest');
    expect(screen.queryByRole('button', { name: 'Show all ratings' })).not.toBeInTheDocument();
  });

  it('says when no rating matches the filters, and still offers the way back', async () => {
    const api = apiFor();
    api.stores.ratings.mockResolvedValue(ratingsResponse([]));
    renderAt('/stores/42?stars=1', { api, user: READER });
    expect(await screen.findByText('No 1-star ratings yet.')).toBeInTheDocument();
    expect(screen.queryByText('No ratings yet. Be the first to rate this store.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all ratings' })).toBeInTheDocument();
  });
});

describe("store reviews: the reader's own", () => {
  const MINE = makeOwnRating({ id: 2, store_id: 42, user_id: 7, rating: 4, comment: 'Good coffee, slow service' });

  it('is pinned first and marked "You", and not listed twice', async () => {
    const api = apiFor({ mine: MINE, ratings: [RATINGS[0], { ...RATINGS[1], user_name: READER.name }, RATINGS[2]] });
    renderAt('/stores/42', { api, user: READER });
    await waitFor(() => expect(listedAuthors()).toEqual(['Your rating, 4 stars', 'Asha Rao, 5 stars', 'Chen Li, 5 stars']));
    const mine = screen.getByRole('article', { name: 'Your rating, 4 stars' });
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByText(READER.name)).toBeInTheDocument();
    expect(within(mine).getByText('Good coffee, slow service')).toBeInTheDocument();
  });

  it('is pinned even when it is not on the first page loaded', async () => {
    const api = apiFor({ mine: MINE, ratings: [RATINGS[0], RATINGS[2]] });
    renderAt('/stores/42', { api, user: READER });
    await waitFor(() => expect(listedAuthors()).toEqual(['Your rating, 4 stars', 'Asha Rao, 5 stars', 'Chen Li, 5 stars']));
  });

  it('is not pinned when the filters leave it out', async () => {
    const api = apiFor({ mine: MINE, ratings: [RATINGS[0], RATINGS[2]] });
    renderAt('/stores/42?stars=5', { api, user: READER });
    await screen.findByText('Showing 5-star ratings only (2).');
    await waitFor(() => expect(listedAuthors()).toEqual(['Asha Rao, 5 stars', 'Chen Li, 5 stars']));
    expect(screen.queryByText('You')).not.toBeInTheDocument();
  });
});
