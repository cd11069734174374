// The stores table (/admin/stores) from the admin's side: what it asks the API, how search, sorting by
// column and pagination change the request and the URL, and its empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import { type AdminStore, MESSAGES } from 'shared-contracts';
import {
  apiError,
  createFakeApi,
  currentQuery,
  expectToast,
  type FakeApi,
  localCount,
  makeStore,
  renderAt,
  storePage,
  toastTexts,
} from './render-helpers';

const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc' };
const ten = Array.from({ length: 10 }, (_, i) => makeStore(i + 1));

function apiWith(stores: AdminStore[], options?: Parameters<typeof storePage>[1]) {
  const api = createFakeApi();
  api.admin.listStores.mockResolvedValue(storePage(stores, options));
  return api;
}

const lastQuery = (api: FakeApi) => api.admin.listStores.mock.calls.at(-1)?.[0];
const table = () => screen.getByRole('table', { name: /^Stores/ });
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const sortButton = (name: string) => within(table()).getByRole('button', { name });
/** The arrow in a sortable header (▲ ascending, ▼ descending, ↕ not sorted). */
const indicator = (name: string) => within(header(name)).getByText(/^[▲▼↕]$/);

describe('stores table: loading and showing stores', () => {
  it('asks for page 1 of 10 stores sorted by name ascending, showing a loading status meanwhile', async () => {
    const api = apiWith(ten);
    renderAt('/admin/stores', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Store Management' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading stores…');
    await screen.findByRole('table', { name: /^Stores/ });
    expect(api.admin.listStores).toHaveBeenCalledTimes(1);
    expect(api.admin.listStores).toHaveBeenCalledWith(DEFAULT_QUERY);
  });

  it('shows each store with category, address, owner, a colour-banded average and its count', async () => {
    const api = apiWith([
      makeStore(1, {
        name: 'Green Basket Organic Grocers',
        category: 'Grocery',
        email: 'hello@greenbasket.example',
        owner_name: 'Olivia Owner Greenwood Smith',
        average_rating: 4.56,
        total_ratings: 9,
      }),
      makeStore(2, { name: 'Quiet Corner Books' }),
    ]);
    renderAt('/admin/stores', { api });
    await screen.findByRole('table', { name: /^Stores/ });
    const columns = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(columns).toEqual(['Name', 'Category', 'Address', 'Owner', 'Rating', 'Created', 'Actions']);
    const green = screen.getByRole('rowheader', { name: 'Green Basket Organic Grocers' }).closest('tr') as HTMLElement;
    expect(within(green).getByText('Grocery')).toBeInTheDocument();
    expect(within(green).getByText('Olivia Owner Greenwood Smith')).toBeInTheDocument();
    expect(within(green).getByText('4.6')).toHaveAttribute('data-band', 'excellent');
    expect(within(green).getByText('(9 ratings)')).toBeInTheDocument();
    const quiet = screen.getByRole('rowheader', { name: 'Quiet Corner Books' }).closest('tr') as HTMLElement;
    expect(within(quiet).getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 stores')).toBeInTheDocument();
  });

  it("shows 'No stores found' with 'Add First Store' when there are none at all", async () => {
    const api = apiWith([]);
    api.admin.listUsers.mockResolvedValue({ users: [], total: 0, page: 1, limit: 1000, totalPages: 0 });
    const { user } = renderAt('/admin/stores', { api });
    expect(await screen.findByText('No stores found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add First Store' }));
    expect(screen.getByRole('dialog', { name: 'Add Store' })).toBeInTheDocument();
  });

  it('offers to clear a search that matches nothing', async () => {
    const api = apiWith([]);
    const { user } = renderAt('/admin/stores?search=zzz', { api });
    expect(await screen.findByText('Try another search or city.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add First Store' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all stores' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
  });

  it("toasts 'Failed to fetch stores' when the request fails, and 'Try again' asks again", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.admin.listStores.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(storePage(ten));
    const { user } = renderAt('/admin/stores', { api });
    await expectToast('Failed to fetch stores');
    expect(screen.getByRole('alert')).toHaveTextContent('The stores could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Stores/ })).toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('stores table: search, sort and pages', () => {
  it('reads search, sort and page from the URL into the request', async () => {
    const api = apiWith(ten, { total: 30, page: 3 });
    renderAt('/admin/stores?search=road&sortBy=rating&sortOrder=desc&page=3', { api });
    await screen.findByRole('table', { name: /^Stores/ });
    expect(api.admin.listStores).toHaveBeenCalledWith({ page: 3, limit: 10, sortBy: 'rating', sortOrder: 'desc', search: 'road' });
    expect(header('Rating')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('searchbox', { name: 'Search stores' })).toHaveValue('road');
  });

  it('a search asks again from page 1 and goes into the URL', async () => {
    const api = apiWith(ten, { total: 30, page: 2 });
    const { user } = renderAt('/admin/stores?page=2', { api });
    await screen.findByRole('table', { name: /^Stores/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search stores' }), 'baker{Enter}');
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, search: 'baker' }));
    expect(currentQuery()).toEqual({ search: 'baker' });
  });

  it('clicking a column header sorts by it; again flips the order, with aria-sort and an arrow', async () => {
    const api = apiWith(ten, { total: 30, page: 2 });
    const { user } = renderAt('/admin/stores?page=2', { api });
    await screen.findByRole('table', { name: /^Stores/ });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(sortButton('Rating'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating' }));
    expect(header('Rating')).toHaveAttribute('aria-sort', 'ascending');
    expect(indicator('Rating')).toHaveTextContent('▲');
    await user.click(sortButton('Rating'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating', sortOrder: 'desc' }));
    expect(indicator('Rating')).toHaveTextContent('▼');
    expect(currentQuery()).toEqual({ sortBy: 'rating', sortOrder: 'desc' });

    for (const [label, field] of [
      ['Address', 'address'],
      ['Created', 'created_at'],
      ['Name', 'name'],
    ]) {
      await user.click(sortButton(label));
      await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: field }));
    }
    expect(within(header('Owner')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(header('Category')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('pages through 10 at a time', async () => {
    const api = apiWith(ten, { total: 21 });
    const { user } = renderAt('/admin/stores', { api });
    await screen.findByRole('table', { name: /^Stores/ });
    const nav = screen.getByRole('navigation', { name: 'Stores pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['← Previous', '1', '2', '3', 'Next →']);
    api.admin.listStores.mockResolvedValue(storePage(ten, { total: 21, page: 2 }));
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 2 }));
    expect(currentQuery()).toEqual({ page: '2' });
    expect(await screen.findByText('Showing 11–20 of 21 stores')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('stores table: a bounded list (only the first 1,000 results can be paged to)', () => {
  const pageNumbers = () =>
    within(screen.getByRole('navigation', { name: 'Stores pages' }))
      .getAllByRole('button')
      .flatMap((b) => (/^\d+$/.test(b.textContent ?? '') ? [Number(b.textContent)] : []));

  it("a search whose count was capped shows '1,000+' and the hint by the pagination, not an error", async () => {
    renderAt('/admin/stores?search=road', { api: apiWith(ten, { total: 1000, totalCapped: true }) });
    await screen.findByRole('table', { name: /^Stores/ });
    // '1,000+' in English.
    expect(screen.getByText(`Showing 1–10 of ${localCount(1000)}+ stores`)).toBeInTheDocument();
    expect(within(table()).getByText(`(${localCount(1000)}+ in all matching “road”)`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(Math.max(...pageNumbers())).toBe(100);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('all 100,000 stores: the exact total, the hint, and no page beyond the last one the API opens', async () => {
    renderAt('/admin/stores?page=100', { api: apiWith(ten, { total: 100_000, page: 100 }) });
    await screen.findByRole('table', { name: /^Stores/ });
    expect(screen.getByText(`Showing 991–${localCount(1000)} of ${localCount(100_000)} stores`)).toBeInTheDocument();
    expect(within(table()).getByText(`(${localCount(100_000)} in all)`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(Math.max(...pageNumbers())).toBe(100);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('an answer of 100,000 with 84 pages offers no page beyond 84', async () => {
    renderAt('/admin/stores', { api: apiWith(ten, { total: 100_000, totalPages: 84 }) });
    await screen.findByRole('table', { name: /^Stores/ });
    expect(screen.getByText(`Showing 1–10 of ${localCount(100_000)} stores`)).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 84]);
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
  });

  it('a page beyond the window (typed into the URL) shows why, toasts nothing, and offers the first page', async () => {
    const api = createFakeApi();
    api.admin.listStores.mockRejectedValueOnce(apiError(400, MESSAGES.listWindow)).mockResolvedValue(storePage(ten, { total: 100_000 }));
    const { user } = renderAt('/admin/stores?page=5000', { api });
    const refusal = await screen.findByText(MESSAGES.listWindow);
    expect(refusal.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(currentQuery()).toEqual({});
    expect(await screen.findByRole('table', { name: /^Stores/ })).toBeInTheDocument();
  });
});

describe('stores table: the City filter', () => {
  it('offers every city with its number of stores; choosing one asks for its stores and keeps it in the URL; All cities goes back', async () => {
    const api = apiWith(ten);
    api.stores.cities.mockResolvedValue({
      cities: [
        { city: 'Bengaluru', stores: 8 },
        { city: 'Mumbai', stores: 3 },
      ],
    });
    const { user } = renderAt('/admin/stores', { api });
    const city = await screen.findByRole('combobox', { name: 'City' });
    await waitFor(() =>
      expect(Array.from(city.querySelectorAll('option')).map((o) => o.textContent)).toEqual(['All cities', 'Bengaluru (8)', 'Mumbai (3)']),
    );
    await user.selectOptions(city, 'Mumbai (3)');
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, city: 'Mumbai' }));
    expect(currentQuery()).toEqual({ city: 'Mumbai' });
    await user.selectOptions(city, 'All cities');
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
  });

  it('with a city that has no stores, offers to show every store', async () => {
    const api = apiWith([]);
    api.stores.cities.mockResolvedValue({ cities: [] });
    const { user } = renderAt('/admin/stores?city=Atlantis', { api });
    expect(await screen.findByText('Try another search or city.')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, city: 'Atlantis' });
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Atlantis');
    await user.click(screen.getByRole('button', { name: 'Show all stores' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
  });
});
