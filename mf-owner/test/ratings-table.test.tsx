// The ratings table of the owner dashboard from the owner's side: its rows, what it asks the API for,
// and how sorting, the store filter and pagination change the request and the URL.
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type OwnerRating, type OwnerStore } from 'shared-contracts';
import {
  createFakeApi,
  currentQuery,
  DEFAULT_QUERY,
  dashboardResponse,
  httpError,
  lastQuery,
  localCount,
  makeRating,
  makeStore,
  renderDashboard,
} from './render-helpers';

const STORES = [
  makeStore(1, { name: 'Harbour Books', average_rating: 4, total_ratings: 20 }),
  makeStore(2, { name: 'Spice Route', average_rating: 3, total_ratings: 5 }),
  makeStore(3, { name: 'Quiet Corner' }),
];

function apiWith(
  ratings: OwnerRating[] = [makeRating(1)],
  options: Parameters<typeof dashboardResponse>[2] = {},
  stores: OwnerStore[] = STORES,
) {
  const api = createFakeApi();
  api.owner.dashboard.mockResolvedValue(dashboardResponse(stores, ratings, options));
  return api;
}

const table = () => screen.getByRole('table', { name: /^Ratings of / });
const header = (name: string) => within(table()).getByRole('columnheader', { name });
const sortButton = (name: string) => within(table()).getByRole('button', { name });
const storeSelect = () => screen.getByRole('combobox', { name: 'Store' });
const pagination = () => screen.queryByRole('navigation', { name: 'Ratings pages' });

describe('ratings table: rows', () => {
  it("shows each rating's rater name and email, store, stars, comment and date", async () => {
    const ratings = [
      makeRating(11, {
        user_name: 'Meera Krishnan Nair',
        user_email: 'meera@example.com',
        store_name: 'Harbour Books',
        rating: 5,
        comment: 'Wonderful staff and a great selection.',
        created_at: '2026-05-20T09:30:00.000Z',
      }),
      makeRating(12, {
        user_name: 'Arjun Mehta Sharma',
        user_email: 'arjun@example.com',
        store_name: 'Spice Route',
        rating: 1,
        comment: null,
      }),
    ];
    renderDashboard('', { api: apiWith(ratings, { total: 2 }) });
    const rows = within(await screen.findByRole('table', { name: /^Ratings of / })).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Rater', 'Store', 'Stars', 'Comment', 'Date', 'Your reply']);
    const first = within(rows[1]);
    expect(first.getByText('Meera Krishnan Nair')).toBeInTheDocument();
    expect(first.getByText('meera@example.com')).toBeInTheDocument();
    expect(first.getByText('Harbour Books')).toBeInTheDocument();
    expect(first.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(first.getByText('Wonderful staff and a great selection.')).toBeInTheDocument();
    expect(rows[1].querySelector('time')).toHaveAttribute('datetime', '2026-05-20T09:30:00.000Z');
    expect(rows[1].querySelector('time')?.textContent).toMatch(/2026/);
    const second = within(rows[2]);
    expect(second.getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(second.getByText('No comment')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 ratings')).toBeInTheDocument();
  });

  it('shows a friendly empty row for a store that has no ratings yet', async () => {
    renderDashboard('?storeId=3', { api: apiWith([], { total: 0 }) });
    const cell = await screen.findByRole('cell', { name: /No ratings for Quiet Corner yet/ });
    expect(cell).toHaveAttribute('colspan', '6');
    expect(pagination()).not.toBeInTheDocument();
  });

  it('says so when none of the stores has a rating yet', async () => {
    renderDashboard('', { api: apiWith([], { total: 0 }, [makeStore(3, { name: 'Quiet Corner' })]) });
    expect(await screen.findByRole('cell', { name: /Your stores have no ratings yet/ })).toBeInTheDocument();
  });
});

describe('ratings table: the request', () => {
  it('asks for page 1 of 10, newest first, every store, by default', async () => {
    const api = apiWith();
    renderDashboard('', { api });
    await screen.findByRole('table', { name: 'Ratings of all your stores, sorted by date, newest first' });
    expect(api.owner.dashboard).toHaveBeenCalledTimes(1);
    expect(lastQuery(api)).toEqual(DEFAULT_QUERY);
  });

  it('reads sort, order, store and page from the URL', async () => {
    const api = apiWith([makeRating(1)], { total: 25, page: 2 });
    renderDashboard('?sortBy=rating&sortOrder=asc&storeId=2&page=2', { api });
    await screen.findByRole('table', { name: 'Ratings of Spice Route, sorted by stars, lowest first' });
    expect(lastQuery(api)).toEqual({ page: 2, limit: 10, sortBy: 'rating', sortOrder: 'asc', storeId: 2 });
    expect(storeSelect()).toHaveValue('2');
    expect(header('Stars')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('ignores unknown or malformed values in the URL', async () => {
    const api = apiWith();
    renderDashboard('?sortBy=price&sortOrder=up&storeId=abc&page=-2', { api });
    await screen.findByRole('table', { name: /^Ratings of all your stores/ });
    expect(lastQuery(api)).toEqual(DEFAULT_QUERY);
  });

  it('drops a store filter the API does not know as theirs, and says so', async () => {
    const api = createFakeApi();
    api.owner.dashboard.mockImplementation((query) =>
      query?.storeId === 77
        ? Promise.reject(httpError(404, 'Store not found'))
        : Promise.resolve(dashboardResponse(STORES, [makeRating(1)])),
    );
    renderDashboard('?storeId=77&sortBy=rating', { api });
    expect(await screen.findByText('That store is not one of yours, so the ratings of all your stores are shown.')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating' });
    expect(currentQuery()).toEqual({ sortBy: 'rating' });
    expect(screen.queryByText('Failed to fetch dashboard data')).not.toBeInTheDocument();
  });
});

describe('ratings table: sorting by the column headers', () => {
  it('marks the sorted column with aria-sort; the others are unsorted', async () => {
    renderDashboard('', { api: apiWith() });
    await screen.findByRole('table', { name: /^Ratings of / });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    // Only the sorted column carries aria-sort (the kit's SortableHeader leaves it off the others).
    for (const name of ['Rater', 'Store', 'Stars']) expect(header(name)).not.toHaveAttribute('aria-sort');
    expect(header('Comment')).not.toHaveAttribute('aria-sort');
    expect(within(header('Comment')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a new column sorts ascending; the same column again flips the order; each time back to page 1', async () => {
    const api = apiWith([makeRating(1)], { total: 30, page: 3 });
    const { user } = renderDashboard('?page=3', { api });
    await screen.findByRole('table', { name: /^Ratings of / });

    await user.click(sortButton('Stars'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: 1, limit: 10, sortBy: 'rating', sortOrder: 'asc' }));
    expect(currentQuery()).toEqual({ sortBy: 'rating', sortOrder: 'asc' });
    expect(header('Stars')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Date')).not.toHaveAttribute('aria-sort');

    await user.click(sortButton('Stars'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: 1, limit: 10, sortBy: 'rating', sortOrder: 'desc' }));
    expect(header('Stars')).toHaveAttribute('aria-sort', 'descending');

    await user.click(sortButton('Rater'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: 1, limit: 10, sortBy: 'user_name', sortOrder: 'asc' }));
    await user.click(sortButton('Store'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: 1, limit: 10, sortBy: 'store_name', sortOrder: 'asc' }));
  });

  it('the date column, sorted newest first by default, flips to oldest first', async () => {
    const api = apiWith();
    const { user } = renderDashboard('', { api });
    await screen.findByRole('table', { name: /^Ratings of / });
    await user.click(sortButton('Date'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortOrder: 'asc' }));
    expect(header('Date')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('table', { name: 'Ratings of all your stores, sorted by date, oldest first' })).toBeInTheDocument();
  });
});

describe('ratings table: the store filter', () => {
  it('offers All my stores and each store; choosing one asks for its ratings from page 1, keeping the sort', async () => {
    const api = apiWith([makeRating(1)], { total: 40, page: 3 });
    const { user } = renderDashboard('?page=3&sortBy=user_name&sortOrder=asc', { api });
    await screen.findByRole('table', { name: /^Ratings of / });
    expect(
      within(storeSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All my stores', 'Harbour Books', 'Spice Route', 'Quiet Corner']);
    expect(storeSelect()).toHaveValue('');

    await user.selectOptions(storeSelect(), 'Spice Route');
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: 1, limit: 10, sortBy: 'user_name', sortOrder: 'asc', storeId: 2 }));
    expect(currentQuery()).toEqual({ storeId: '2', sortBy: 'user_name', sortOrder: 'asc' });

    await user.selectOptions(storeSelect(), 'All my stores');
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: 1, limit: 10, sortBy: 'user_name', sortOrder: 'asc' }));
    expect(currentQuery()).toEqual({ sortBy: 'user_name', sortOrder: 'asc' });
  });
});

describe('ratings table: pagination', () => {
  it('is not shown when everything fits on one page', async () => {
    renderDashboard('', { api: apiWith([makeRating(1)], { total: 10 }) });
    await screen.findByRole('table', { name: /^Ratings of / });
    expect(pagination()).not.toBeInTheDocument();
  });

  it('with more than one page: Previous, the page numbers and Next; they change the page in the request and the URL', async () => {
    const api = apiWith([makeRating(1)], { total: 25 });
    const { user } = renderDashboard('?storeId=1', { api });
    await screen.findByRole('table', { name: /^Ratings of / });
    const nav = pagination()!;
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['← Previous', '1', '2', '3', 'Next →']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 2, storeId: 1 }));
    expect(currentQuery()).toEqual({ storeId: '1', page: '2' });

    await user.click(within(pagination()!).getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 3, storeId: 1 }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('a page past the end offers to go back to the first page', async () => {
    const api = apiWith([], { total: 12, page: 5 });
    const { user } = renderDashboard('?page=5', { api });
    expect(await screen.findByRole('cell', { name: /There are no ratings on this page/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(currentQuery()).toEqual({});
  });
});

describe('ratings table: a bounded list (only the first 1,000 ratings can be paged to)', () => {
  const ten = Array.from({ length: 10 }, (_, i) => makeRating(i + 1));
  const pageNumbers = () =>
    within(pagination()!)
      .getAllByRole('button')
      .flatMap((b) => (/^\d+$/.test(b.textContent ?? '') ? [Number(b.textContent)] : []));

  it("a capped count shows '1,000+' and the hint by the pagination", async () => {
    renderDashboard('?storeId=1', { api: apiWith(ten, { total: 1000, totalCapped: true }) });
    await screen.findByRole('table', { name: /^Ratings of / });
    // '1,000+' in English.
    expect(screen.getByText(`Showing 1–10 of ${localCount(1000)}+ ratings`)).toBeInTheDocument();
    const hint = screen.getByRole('note');
    expect(hint).toHaveTextContent(MESSAGES.listWindow);
    expect(hint).not.toHaveFocus();
    expect(Math.max(...pageNumbers())).toBe(100);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('100,000 ratings: the exact total, the hint, and no page beyond the last one the API opens', async () => {
    // 10 a page: the API opens 100 pages (the first 1,000 rows).
    renderDashboard('?page=100', { api: apiWith(ten, { total: 100_000, page: 100 }) });
    await screen.findByRole('table', { name: /^Ratings of / });
    expect(screen.getByText(`Showing 991–${localCount(1000)} of ${localCount(100_000)} ratings`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(Math.max(...pageNumbers())).toBe(100);
    expect(within(pagination()!).getByRole('button', { name: '100' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination()!).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('an answer of 100,000 with 84 pages offers no page beyond 84', async () => {
    renderDashboard('', { api: apiWith(ten, { total: 100_000, totalPages: 84 }) });
    await screen.findByRole('table', { name: /^Ratings of / });
    expect(screen.getByText(`Showing 1–10 of ${localCount(100_000)} ratings`)).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 84]);
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
  });

  it('a page beyond the window (typed into the URL) shows why, toasts nothing, and offers the first page', async () => {
    const api = createFakeApi();
    api.owner.dashboard
      .mockRejectedValueOnce(httpError(400, MESSAGES.listWindow))
      .mockResolvedValue(dashboardResponse(STORES, ten, { total: 100_000 }));
    const { user } = renderDashboard('?page=5000&sortBy=rating', { api });
    const refusal = await screen.findByText(MESSAGES.listWindow);
    expect(refusal.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch dashboard data')).not.toBeInTheDocument();
    expect(screen.queryByText('Your dashboard could not be loaded.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating' }));
    expect(await screen.findByRole('table', { name: /^Ratings of / })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Harbour Books' })).toBeInTheDocument();
  });

  it('a refused page after the dashboard loaded keeps the stores and offers the first page in the table', async () => {
    const api = createFakeApi();
    api.owner.dashboard
      .mockResolvedValueOnce(dashboardResponse(STORES, ten, { total: 25 }))
      .mockRejectedValueOnce(httpError(400, MESSAGES.listWindow));
    const { user } = renderDashboard('', { api });
    await screen.findByRole('table', { name: /^Ratings of / });
    await user.click(within(pagination()!).getByRole('button', { name: 'Next' }));
    const refusal = await screen.findByText(MESSAGES.listWindow);
    expect(refusal.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('article', { name: 'Harbour Books' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch dashboard data')).not.toBeInTheDocument();

    api.owner.dashboard.mockResolvedValue(dashboardResponse(STORES, ten, { total: 25 }));
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    // Page 1 is still in the query cache: it is shown again at once, and asked again in the background.
    await waitFor(() => expect(currentQuery()).toEqual({}));
    expect(await screen.findByRole('table', { name: /^Ratings of / })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 25 ratings')).toBeInTheDocument();
    await waitFor(() => expect(api.owner.dashboard).toHaveBeenCalledTimes(3));
    expect(lastQuery(api)).toEqual(DEFAULT_QUERY);
    expect(screen.getByText('Showing 1–10 of 25 ratings')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.listWindow)).not.toBeInTheDocument();
  });
});
