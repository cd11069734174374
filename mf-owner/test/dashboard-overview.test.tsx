// The owner dashboard (/store-owner) from the owner's side: the summary, one card per store with its
// average, label, colour band, count, and (opened one at a time) distribution and 6-month trend, and the
// empty state.
import { act, screen, within } from '@testing-library/react';
import { createFakeApi, DEFAULT_QUERY, dashboardResponse, makeRating, makeStore, makeTrend, renderDashboard } from './render-helpers';

const card = (name: string) => screen.getByRole('article', { name });

function apiWith(...args: Parameters<typeof dashboardResponse>) {
  const api = createFakeApi();
  api.owner.dashboard.mockResolvedValue(dashboardResponse(...args));
  return api;
}

describe('owner dashboard: loading and summary', () => {
  it('shows a loading status while the first answer is on its way, then the page', async () => {
    const api = createFakeApi();
    let answer!: (value: ReturnType<typeof dashboardResponse>) => void;
    api.owner.dashboard.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDashboard('', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Store Owner Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
    expect(api.owner.dashboard).toHaveBeenCalledTimes(1);
    expect(api.owner.dashboard).toHaveBeenCalledWith(DEFAULT_QUERY);
    await act(async () => answer(dashboardResponse([makeStore(1, { name: 'Harbour Books' })])));
    expect(await screen.findByRole('link', { name: 'Harbour Books' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();
  });

  it('sums up the stores, the total ratings and the overall average with its label', async () => {
    const stores = [
      makeStore(1, { name: 'Harbour Books', average_rating: 4.5, total_ratings: 4 }),
      makeStore(2, { name: 'Spice Route', average_rating: 3, total_ratings: 2 }),
      makeStore(3, { name: 'Quiet Corner' }),
    ];
    renderDashboard('', { api: apiWith(stores, [], { total: 6, summary: { totalStores: 3, totalRatings: 6, averageRating: 4 } }) });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const figure = (term: string) => within(summary).getByText(term).nextElementSibling as HTMLElement;
    expect(figure('Your stores')).toHaveTextContent('3');
    expect(figure('Total ratings')).toHaveTextContent('6');
    expect(figure('Overall average')).toHaveTextContent('4.0Good');
    expect(within(figure('Overall average')).getByText('4.0')).toHaveAttribute('data-band', 'good');
  });

  it("says 'No ratings yet' for the overall average when no store has a rating", async () => {
    renderDashboard('', { api: apiWith([makeStore(1, { name: 'Brand New Bakery' })]) });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Overall average').nextElementSibling).toHaveTextContent('No ratings yet');
  });
});

describe('owner dashboard: store cards', () => {
  it('links each store to its page and shows its average, label, colour band and count', async () => {
    const stores = [
      makeStore(1, { name: 'Harbour Books', average_rating: 4.56, total_ratings: 9 }),
      makeStore(2, { name: 'Spice Route', average_rating: 3.5, total_ratings: 1 }),
      makeStore(3, { name: 'Corner Cafe', average_rating: 2.54, total_ratings: 3 }),
      makeStore(4, { name: 'Dusty Depot', average_rating: 1.2, total_ratings: 5 }),
    ];
    const { user } = renderDashboard('', { api: apiWith(stores) });
    await screen.findByRole('article', { name: 'Harbour Books' });

    const expectations: Array<[string, string, string, string, string]> = [
      ['Harbour Books', '4.6', 'excellent', 'Excellent', '9 ratings'],
      ['Spice Route', '3.5', 'good', 'Good', '1 rating'],
      ['Corner Cafe', '2.5', 'average', 'Average', '3 ratings'],
      ['Dusty Depot', '1.2', 'low', 'Poor', '5 ratings'],
    ];
    for (const [name, shown, band, label, count] of expectations) {
      const c = card(name);
      const badge = within(c).getByText(shown);
      expect(badge).toHaveClass(band);
      expect(badge).toHaveAttribute('data-band', band);
      expect(within(c).getByText(label, { selector: 'p' })).toHaveClass(band);
      expect(within(c).getByText(count)).toBeInTheDocument();
      expect(within(c).getByRole('img', { name: `Rated ${shown} out of 5` })).toBeInTheDocument();
    }
    expect(within(card('Harbour Books')).getByRole('link', { name: 'Harbour Books' })).toHaveAttribute('href', '/stores/1');
    await user.click(within(card('Spice Route')).getByRole('link', { name: 'Spice Route' }));
    expect(await screen.findByRole('heading', { name: 'Store detail page' })).toBeInTheDocument();
  });

  it("shows 'No ratings yet' and a count of 0 for a store nobody rated", async () => {
    renderDashboard('', { api: apiWith([makeStore(5, { name: 'Quiet Corner' })]) });
    const c = await screen.findByRole('article', { name: 'Quiet Corner' });
    expect(within(c).getByText('No ratings yet')).toBeInTheDocument();
    expect(within(c).getByText('0 ratings')).toBeInTheDocument();
    expect(within(c).queryByText('0.0')).not.toBeInTheDocument();
  });

  it('lists the 1-5 distribution as bars whose numbers screen readers hear, 5 stars first', async () => {
    const store = makeStore(1, {
      name: 'Harbour Books',
      average_rating: 3.8,
      total_ratings: 5,
      rating_distribution: { '1': 0, '2': 1, '3': 1, '4': 0, '5': 3 },
    });
    renderDashboard('', { api: apiWith([store]) });
    const list = within(await screen.findByRole('article', { name: 'Harbour Books' })).getByRole('list', { name: 'Ratings by stars' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('5 stars: 3 ratings (60%)'),
      expect.stringContaining('4 stars: 0 ratings (0%)'),
      expect.stringContaining('3 stars: 1 rating (20%)'),
      expect.stringContaining('2 stars: 1 rating (20%)'),
      expect.stringContaining('1 star: 0 ratings (0%)'),
    ]);
  });

  it('draws the 6-month trend as a titled picture and gives its numbers in a table', async () => {
    const store = makeStore(1, {
      name: 'Harbour Books',
      average_rating: 4,
      total_ratings: 6,
      monthly_trend: makeTrend([
        [2, 3],
        [0, null],
        [3, 4.33],
        [0, null],
        [0, null],
        [1, 5],
      ]),
    });
    renderDashboard('', { api: apiWith([store]) });
    const c = await screen.findByRole('article', { name: 'Harbour Books' });
    const figure = within(c).getByRole('figure', { name: /Last 6 months/ });
    expect(figure).toHaveTextContent('Last 6 months (6 ratings)');
    expect(within(figure).getByRole('img', { name: /^Ratings per month and average stars of Harbour Books, / })).toBeInTheDocument();

    const table = within(figure).getByRole('table', { name: 'Ratings per month of Harbour Books' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) => [
      row.querySelector('time')?.getAttribute('datetime'),
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ]);
    expect(cells).toEqual([
      ['2026-01', '2', '3.0 out of 5'],
      ['2026-02', '0', 'No ratings'],
      ['2026-03', '3', '4.3 out of 5'],
      ['2026-04', '0', 'No ratings'],
      ['2026-05', '0', 'No ratings'],
      ['2026-06', '1', '5.0 out of 5'],
    ]);
    // The month is named in words, not only as 'YYYY-MM'.
    expect(rows[0].querySelector('time')?.textContent).toMatch(/2026/);
    expect(rows[0].querySelector('time')?.textContent).not.toBe('2026-01');
  });

  it('shows no made-up figures and no placeholder buttons', async () => {
    renderDashboard('', { api: apiWith([makeStore(1, { name: 'Harbour Books', average_rating: 4, total_ratings: 1 })], [makeRating(1)]) });
    await screen.findByRole('article', { name: 'Harbour Books' });
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/coming soon|products|orders|revenue|₹/i);
  });
});

describe('owner dashboard: reviews first, one store drawn at a time (issue 16: the reviews came after every chart)', () => {
  const stores = [
    makeStore(1, { name: 'Harbour Books', average_rating: 4.5, total_ratings: 4, monthly_trend: makeTrend([[4, 4.5]]) }),
    makeStore(2, { name: 'Spice Route', average_rating: 3, total_ratings: 2, monthly_trend: makeTrend([[2, 3]]) }),
    makeStore(3, { name: 'Quiet Corner' }),
  ];
  const detailsButton = (name: string) => within(card(name)).getByRole('button', { name: /^(Show|Hide) details of / });
  const charts = () => screen.queryAllByRole('figure', { name: /Last 6 months/ });

  it('shows the summary, then the ratings, then the stores', async () => {
    renderDashboard('', { api: apiWith(stores, [makeRating(1)]) });
    await screen.findByRole('article', { name: 'Harbour Books' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Summary', 'Ratings', 'Your stores (3 stores)']);
  });

  it("draws only the first store's distribution and chart at first; the others open and close on demand", async () => {
    const { user } = renderDashboard('', { api: apiWith(stores) });
    await screen.findByRole('article', { name: 'Harbour Books' });
    expect(charts()).toHaveLength(1);
    expect(within(card('Harbour Books')).getByRole('figure', { name: /Last 6 months/ })).toBeInTheDocument();
    expect(within(card('Harbour Books')).getByRole('list', { name: 'Ratings by stars' })).toBeInTheDocument();
    expect(detailsButton('Harbour Books')).toHaveAccessibleName('Hide details of Harbour Books');
    expect(detailsButton('Harbour Books')).toHaveAttribute('aria-expanded', 'true');

    // A closed store still shows its figures, and its button says what it opens.
    const spice = card('Spice Route');
    expect(within(spice).getByText('3.0')).toHaveAttribute('data-band', 'average');
    expect(within(spice).getByText('2 ratings')).toBeInTheDocument();
    expect(within(spice).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(spice).queryByRole('list', { name: 'Ratings by stars' })).not.toBeInTheDocument();
    const open = detailsButton('Spice Route');
    expect(open).toHaveAccessibleName('Show details of Spice Route');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(open.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    expect(spice).toContainElement(details);

    await user.click(open);
    expect(detailsButton('Spice Route')).toHaveAttribute('aria-expanded', 'true');
    expect(within(details!).getByRole('figure', { name: /Last 6 months/ })).toHaveTextContent('Last 6 months (2 ratings)');
    expect(within(details!).getByRole('img', { name: /^Ratings per month and average stars of Spice Route, / })).toBeInTheDocument();
    expect(charts()).toHaveLength(2);

    await user.click(detailsButton('Harbour Books'));
    expect(detailsButton('Harbour Books')).toHaveAttribute('aria-expanded', 'false');
    expect(within(card('Harbour Books')).queryByRole('figure')).not.toBeInTheDocument();
    expect(charts()).toHaveLength(1);
  });

  it('opens the details of the store the ratings are filtered to', async () => {
    renderDashboard('?storeId=2', { api: apiWith(stores) });
    await screen.findByRole('article', { name: 'Spice Route' });
    expect(charts()).toHaveLength(1);
    expect(within(card('Spice Route')).getByRole('figure', { name: /Last 6 months/ })).toBeInTheDocument();
    expect(detailsButton('Harbour Books')).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('owner dashboard: an owner without stores', () => {
  it('says so clearly, with no summary, cards or table', async () => {
    renderDashboard('', { api: apiWith([]) });
    expect(await screen.findByText('You do not own any stores yet. An administrator can add your store.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
