// /user-dashboard from the customer's side: the real figures, recent activity, recommended stores and
// the failure states with their toasts (spec §7, §8, §9; DESIGN.md §10).
import { screen, waitFor, within } from '@testing-library/react';
import {
  createFakeApi,
  httpError,
  listResponse,
  makeActivity,
  makeDashboard,
  makeStore,
  makeUser,
  pending,
  renderAt,
} from './render-helpers';

/** The value shown under a figure's label. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** Waits until the recommendations have answered, so no update lands after a test ends. */
const recommendationsSettled = () =>
  waitFor(() => expect(screen.getByRole('region', { name: 'Recommended for you' })).toHaveAttribute('aria-busy', 'false'));

function apiWith(dashboard = makeDashboard(), stores = listResponse([])) {
  const api = createFakeApi();
  api.users.dashboard.mockResolvedValue(dashboard);
  api.stores.list.mockResolvedValue(stores);
  return api;
}

afterEach(() => jest.restoreAllMocks());

/** An emoji or one of the glyphs the screens used as icons (★ ✓ ✗ ⌀ 🏪). */
const GLYPH_ICON = /\p{Extended_Pictographic}|[★✓✗⌀]/u;

/**
 * The text a person sees in `element`, leaving out the kit's star ratings (role=img with a text
 * alternative: drawn stars are the rating itself, not an icon).
 */
function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[role="img"]').forEach((img) => img.remove());
  return copy.textContent ?? '';
}

describe('customer dashboard: figures', () => {
  it('greets the customer by name and shows their real figures, with no sample streaks or challenges', async () => {
    const api = apiWith(makeDashboard({ totalRatings: 12, averageRating: 4.25, totalStores: 37 }));
    renderAt('/user-dashboard', { api, user: makeUser('normal_user', { name: 'Priya Raghavan Subramaniam' }) });

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Priya Raghavan Subramaniam' })).toBeInTheDocument();
    await screen.findByText('Ratings given', { selector: 'dt' });
    expect(figure('Ratings given')).toBe('12');
    expect(figure('Your average rating')).toBe('4.3');
    expect(screen.getByText('4.3')).toHaveAttribute('data-band', 'good');
    expect(figure('Stores rated')).toBe('12');
    expect(figure('Stores available')).toBe('37');
    expect(api.users.dashboard).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/streak|challenge|score/i)).not.toBeInTheDocument();
    await recommendationsSettled();
  });

  it("shows '—' for the average before the first rating", async () => {
    renderAt('/user-dashboard', { api: apiWith(makeDashboard({ totalRatings: 0, averageRating: 0, totalStores: 5 })) });
    await screen.findByText('Ratings given', { selector: 'dt' });
    expect(figure('Ratings given')).toBe('0');
    expect(figure('Your average rating')).toContain('—');
    expect(figure('Stores available')).toBe('5');
    await recommendationsSettled();
  });

  it('shows a loading state while the figures are on their way', async () => {
    const api = apiWith();
    api.users.dashboard.mockReturnValue(pending());
    renderAt('/user-dashboard', { api });
    const figures = screen.getByRole('region', { name: 'Your figures' });
    expect(figures).toHaveAttribute('aria-busy', 'true');
    expect(within(figures).getByRole('status')).toHaveTextContent('Loading your dashboard…');
    expect(screen.queryByText('Ratings given')).not.toBeInTheDocument();
    await recommendationsSettled();
  });

  it("toasts 'Failed to fetch dashboard data' when the figures fail, and 'Try again' loads them", async () => {
    const api = apiWith();
    api.users.dashboard
      .mockRejectedValueOnce(httpError(500, 'Internal server error'))
      .mockResolvedValueOnce(makeDashboard({ totalRatings: 3, averageRating: 5, totalStores: 9 }));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderAt('/user-dashboard', { api });

    expect(await screen.findByText('Failed to fetch dashboard data')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your figures could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await screen.findByText('Ratings given', { selector: 'dt' });
    expect(figure('Ratings given')).toBe('3');
    expect(figure('Your average rating')).toBe('5.0');
    expect(api.users.dashboard).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await recommendationsSettled();
  });

  it('links to the store list and to my ratings', async () => {
    renderAt('/user-dashboard', { api: apiWith() });
    const shortcuts = screen.getByRole('navigation', { name: 'Customer shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Browse stores' })).toHaveAttribute('href', '/stores');
    expect(within(shortcuts).getByRole('link', { name: 'My ratings' })).toHaveAttribute('href', '/ratings');
    await screen.findByText('Ratings given', { selector: 'dt' });
    await recommendationsSettled();
  });
});

describe('customer dashboard: recent activity', () => {
  it('shows at most 5 entries, newest first, each with its date', async () => {
    const activity = [1, 2, 3, 4, 5, 6, 7].map((n) => makeActivity(n));
    renderAt('/user-dashboard', {
      api: apiWith(makeDashboard({ totalRatings: 7, averageRating: 3, totalStores: 10, recentActivity: activity })),
    });
    const recent = await screen.findByRole('region', { name: 'Recent activity' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('You rated Store number 1 1 stars'),
      expect.stringContaining('You rated Store number 2 2 stars'),
      expect.stringContaining('You rated Store number 3 3 stars'),
      expect.stringContaining('You rated Store number 4 4 stars'),
      expect.stringContaining('You rated Store number 5 5 stars'),
    ]);
    const oneHourAgo = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-1, 'hour'); // '1 hour ago' in English
    expect(within(items[0]).getByText(oneHourAgo)).toHaveAttribute('dateTime', activity[0].timestamp);
    expect(within(recent).queryByText(/Store number 6/)).not.toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'All my ratings' })).toHaveAttribute('href', '/ratings');
    await recommendationsSettled();
  });

  it("says 'You have not rated any stores yet.' with a link to the stores when there is none", async () => {
    renderAt('/user-dashboard', { api: apiWith(makeDashboard({ totalStores: 4 })) });
    const recent = await screen.findByRole('region', { name: 'Recent activity' });
    expect(within(recent).getByText('You have not rated any stores yet.')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'Find a store to rate' })).toHaveAttribute('href', '/stores');
    expect(within(recent).queryByRole('listitem')).not.toBeInTheDocument();
    await recommendationsSettled();
  });
});

describe('customer dashboard: recommended stores', () => {
  const six = [
    makeStore(11, { name: 'Saffron Spice House', average_rating: 4.8, total_ratings: 25, address: '1 Spice Lane, Old Market' }),
    makeStore(12, { name: 'Metro Gadget Hub', average_rating: 4.2, total_ratings: 1, address: '2 Circuit Road' }),
    makeStore(13, { name: 'Corner Book Nook', average_rating: 3, total_ratings: 4, address: '3 Library Street' }),
    makeStore(14, { name: 'Fourth Store', average_rating: 2.9, total_ratings: 2 }),
    makeStore(15, { name: 'Fifth Store', average_rating: 2.5, total_ratings: 2 }),
    makeStore(16, { name: 'Sixth Store', average_rating: 2, total_ratings: 2 }),
  ];

  it('asks for the 6 best-rated stores I have not rated, and shows the first 3 as cards', async () => {
    const api = apiWith(makeDashboard({ totalStores: 20 }), listResponse(six, { total: 14 }));
    renderAt('/user-dashboard', { api });
    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    const cards = await within(recommended).findAllByRole('listitem');

    expect(api.stores.list).toHaveBeenCalledTimes(1);
    expect(api.stores.list).toHaveBeenCalledWith({ sortBy: 'rating', sortOrder: 'desc', limit: 6, unrated: true });
    expect(cards).toHaveLength(3);
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Saffron Spice House',
      'Metro Gadget Hub',
      'Corner Book Nook',
    ]);
    expect(within(recommended).queryByText('Fourth Store')).not.toBeInTheDocument();
  });

  it('each card links to its store and shows the average in its band colour, the count and the address', async () => {
    renderAt('/user-dashboard', { api: apiWith(makeDashboard(), listResponse(six)) });
    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    const [first, second, third] = await within(recommended).findAllByRole('listitem');

    expect(within(first).getByRole('link', { name: 'Saffron Spice House' })).toHaveAttribute('href', '/stores/11');
    expect(within(first).getByText('4.8')).toHaveAttribute('data-band', 'excellent');
    expect(within(first).getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
    expect(within(first).getByText('(25 ratings)')).toBeInTheDocument();
    expect(within(first).getByText('1 Spice Lane, Old Market')).toBeInTheDocument();

    expect(within(second).getByText('4.2')).toHaveAttribute('data-band', 'good');
    expect(within(second).getByText('(1 rating)')).toBeInTheDocument();
    expect(within(third).getByText('3.0')).toHaveAttribute('data-band', 'average');
    expect(within(third).getByRole('link', { name: 'Corner Book Nook' })).toHaveAttribute('href', '/stores/13');
  });

  it('claims no count for a capped answer (no total is shown) and needs no list-window hint: it never pages', async () => {
    renderAt('/user-dashboard', { api: apiWith(makeDashboard(), listResponse(six, { total: 1000, totalCapped: true })) });
    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    expect(await within(recommended).findAllByRole('listitem')).toHaveLength(3);
    expect(within(recommended).queryByText(/1,?000/)).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says so kindly when there is nothing left to recommend', async () => {
    renderAt('/user-dashboard', { api: apiWith(makeDashboard(), listResponse([])) });
    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    expect(await within(recommended).findByText(/You have rated every store we know of/)).toBeInTheDocument();
    expect(within(recommended).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('a failure of the recommendations is only logged: no toast, and the figures still show', async () => {
    const api = apiWith(makeDashboard({ totalRatings: 2, averageRating: 3.5, totalStores: 8 }));
    const failure = httpError(500, 'Internal server error');
    api.stores.list.mockRejectedValue(failure);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/user-dashboard', { api });

    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    expect(await within(recommended).findByText('Recommendations are not available right now.')).toBeInTheDocument();
    // Logged by the query cache's one failure policy (no failureToast: only logged), without the request's body.
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Request failed', expect.objectContaining({ status: 500, message: 'Internal server error' })),
    );
    expect(figure('Stores available')).toBe('8');
    expect(screen.queryByText(/Failed to/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('customer dashboard: icons', () => {
  it("draws its icons from the kit's set (svg, hidden from screen readers), with no emoji or glyph left", async () => {
    const dashboard = makeDashboard({
      totalRatings: 2,
      averageRating: 4,
      totalStores: 9,
      recentActivity: [makeActivity(1), makeActivity(2)],
    });
    const { container } = renderAt('/user-dashboard', {
      api: apiWith(dashboard, listResponse([makeStore(11, { name: 'Saffron Spice House', average_rating: 4.8, total_ratings: 25 })])),
    });
    const recent = await screen.findByRole('region', { name: 'Recent activity' });
    await within(screen.getByRole('region', { name: 'Recommended for you' })).findAllByRole('listitem');

    const figureIcons = ['Ratings given', 'Your average rating', 'Stores rated', 'Stores available'].map((label) =>
      screen.getByText(label, { selector: 'dt' }).querySelector('svg[data-icon]'),
    );
    expect(figureIcons.map((svg) => svg?.getAttribute('data-icon'))).toEqual(['star', 'chart', 'check', 'store']);
    const activityIcons = within(recent)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('svg[data-icon]'));
    expect(activityIcons.map((svg) => svg?.getAttribute('data-icon'))).toEqual(['star', 'star']);
    for (const svg of [...figureIcons, ...activityIcons]) expect(svg).toHaveAttribute('aria-hidden', 'true');

    expect(visibleText(container)).not.toMatch(GLYPH_ICON);
    // The figures keep their names for screen readers: the icons add nothing to them.
    expect(screen.getByText('Stores available', { selector: 'dt' })).toHaveTextContent(/^Stores available$/);
  });
});
