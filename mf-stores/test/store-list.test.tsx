// The store list (/stores) from the user's side: what it asks the API, what it shows, and how search,
// sort, chips and pagination change the request and the URL.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Store, type StoreListResponse } from 'shared-contracts';
import {
  createFakeApi,
  currentLocation,
  currentQuery,
  httpError,
  listResponse,
  localCount,
  makeStore,
  makeUser,
  renderAt,
} from './render-helpers';

const DEFAULT_QUERY = { page: 1, limit: 12, sortBy: 'name', sortOrder: 'asc' };

function apiWith(stores: Store[], options?: Parameters<typeof listResponse>[1]) {
  const api = createFakeApi();
  api.stores.list.mockResolvedValue(listResponse(stores, options));
  return api;
}

const lastQuery = (api: ReturnType<typeof createFakeApi>) => api.stores.list.mock.calls.at(-1)?.[0];
const sortSelect = () => screen.getByRole('combobox', { name: 'Sort by' });
const orderButton = () => screen.getByRole('button', { name: /^Sort order:/ });
const chip = (group: 'Category' | 'Rating', name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('button', { name });

describe('store list: loading and showing stores', () => {
  it('asks for page 1 of 12 stores sorted by name ascending, and shows a loading status meanwhile', async () => {
    const api = createFakeApi();
    let answer!: (value: ReturnType<typeof listResponse>) => void;
    api.stores.list.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/stores', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading stores');
    expect(api.stores.list).toHaveBeenCalledTimes(1);
    expect(api.stores.list).toHaveBeenCalledWith(DEFAULT_QUERY);
    await act(async () => answer(listResponse([makeStore(1, { name: 'Aroma Grocers' })])));
    expect(await screen.findByRole('link', { name: 'Aroma Grocers' })).toBeInTheDocument();
    expect(screen.queryByText('Loading stores…')).not.toBeInTheDocument();
  });

  it('shows each store as a card linking to its page, with address, stars, count and a colour-coded average', async () => {
    const api = apiWith([
      makeStore(1, { name: 'Aroma Grocers', address: '1 Baker Street', category: 'Grocery', average_rating: 4.56, total_ratings: 9 }),
      makeStore(2, { name: 'Byte Electronics', average_rating: 3.5, total_ratings: 1, category: 'Electronics' }),
      makeStore(3, { name: 'Corner Cafe', average_rating: 2.54, total_ratings: 3 }),
      makeStore(4, { name: 'Dusty Depot', average_rating: '1.96' as unknown as number, total_ratings: 5 }),
      makeStore(5, { name: 'Empty Emporium', average_rating: 0, total_ratings: 0 }),
    ]);
    renderAt('/stores', { api });
    const link = await screen.findByRole('link', { name: 'Aroma Grocers' });
    expect(link).toHaveAttribute('href', '/stores/1');

    const card = (name: string) => screen.getByRole('link', { name }).closest('article') as HTMLElement;
    const aroma = card('Aroma Grocers');
    expect(within(aroma).getByText('1 Baker Street')).toBeInTheDocument();
    expect(within(aroma).getByText('Grocery')).toBeInTheDocument();
    expect(within(aroma).getByText('(9 ratings)')).toBeInTheDocument();
    expect(within(aroma).getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeInTheDocument();
    expect(within(aroma).getByText('4.6')).toHaveAttribute('data-band', 'excellent');

    expect(within(card('Byte Electronics')).getByText('3.5')).toHaveAttribute('data-band', 'good');
    expect(within(card('Byte Electronics')).getByText('(1 rating)')).toBeInTheDocument();
    expect(within(card('Corner Cafe')).getByText('2.5')).toHaveAttribute('data-band', 'average');
    // An average that arrives as a string is parsed (spec §3).
    expect(within(card('Dusty Depot')).getByText('2.0')).toHaveAttribute('data-band', 'low');
    expect(within(card('Empty Emporium')).getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–5 of 5 stores')).toBeInTheDocument();
  });

  it('gives two cards that show the same average the same colour and stars label (the number shown decides, issue 16)', async () => {
    renderAt('/stores', {
      api: apiWith([
        makeStore(1, { name: 'Aroma Grocers', average_rating: 4.46, total_ratings: 50 }),
        makeStore(2, { name: 'Byte Electronics', average_rating: 4.5, total_ratings: 2 }),
        makeStore(3, { name: 'Corner Cafe', average_rating: 3.45, total_ratings: 20 }),
      ]),
    });
    const card = async (name: string) => (await screen.findByRole('link', { name })).closest('article') as HTMLElement;
    for (const name of ['Aroma Grocers', 'Byte Electronics']) {
      expect(within(await card(name)).getByText('4.5')).toHaveAttribute('data-band', 'excellent');
      expect(within(await card(name)).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    }
    expect(within(await card('Corner Cafe')).getByText('3.5')).toHaveAttribute('data-band', 'good');
  });

  it("shows 'No stores found' when the page is empty", async () => {
    renderAt('/stores', { api: apiWith([]) });
    expect(await screen.findByText('No stores found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add First Store' })).not.toBeInTheDocument();
  });

  it("offers admins an 'Add First Store' link to /admin/stores when there are no stores at all", async () => {
    const { user } = renderAt('/stores', { api: apiWith([]), user: makeUser('system_admin') });
    const add = await screen.findByRole('link', { name: 'Add First Store' });
    expect(add).toHaveAttribute('href', '/admin/stores');
    await user.click(add);
    expect(await screen.findByRole('heading', { name: 'Admin store management' })).toBeInTheDocument();
  });

  it.each([
    ['a search', '/stores?search=zzz'],
    ['a category', '/stores?category=Fashion'],
    ['a rating filter', '/stores?minRating=5'],
  ])("does not offer 'Add First Store' to admins while %s is active", async (_what, path) => {
    renderAt(path, { api: apiWith([]), user: makeUser('system_admin') });
    expect(await screen.findByText('No stores found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add First Store' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear search and filters' })).toBeInTheDocument();
  });

  it("never offers 'Add First Store' to store owners or customers", async () => {
    renderAt('/stores', { api: apiWith([]), user: makeUser('store_owner') });
    expect(await screen.findByText('No stores found')).toBeInTheDocument();
    expect(screen.queryByText('Add First Store')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to fetch stores' when the request fails, and 'Try again' asks again", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.stores.list
      .mockRejectedValueOnce(httpError(500))
      .mockResolvedValueOnce(listResponse([makeStore(1, { name: 'Back Again Bazaar' })]));
    const { user } = renderAt('/stores', { api });
    expect(await screen.findByText('Failed to fetch stores')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The stores could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back Again Bazaar' })).toBeInTheDocument();
    expect(api.stores.list).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('store list: state in the URL', () => {
  it('reads search, sort, page, category and minRating from the URL into the request', async () => {
    const api = apiWith([makeStore(1)], { total: 40, page: 2 });
    renderAt('/stores?search=tea&sortBy=rating&sortOrder=desc&page=2&category=Restaurants&minRating=4.5', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(api.stores.list).toHaveBeenCalledWith({
      page: 2,
      limit: 12,
      sortBy: 'rating',
      sortOrder: 'desc',
      search: 'tea',
      category: 'Restaurants',
      minRating: 4.5,
    });
    expect(screen.getByRole('searchbox', { name: 'Search stores' })).toHaveValue('tea');
    expect(sortSelect()).toHaveValue('rating');
    expect(orderButton()).toHaveAccessibleName(/descending/);
    expect(chip('Category', 'Restaurants')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Rating', 'Top Rated')).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores unknown or malformed values and uses the defaults', async () => {
    const api = apiWith([makeStore(1)]);
    renderAt('/stores?sortBy=owner_id&sortOrder=sideways&page=-3&category=Books&minRating=9', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(api.stores.list).toHaveBeenCalledWith(DEFAULT_QUERY);
    expect(chip('Category', 'All')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Rating', 'All Ratings')).toHaveAttribute('aria-pressed', 'true');
  });

  it('the back button restores the previous list state', async () => {
    const api = apiWith([makeStore(1)]);
    const { user } = renderAt('/stores?search=tea', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    await user.click(chip('Category', 'Fashion'));
    await waitFor(() => expect(currentQuery()).toEqual({ search: 'tea', category: 'Fashion' }));
    let again!: (value: StoreListResponse) => void;
    api.stores.list.mockReturnValueOnce(new Promise((resolve) => (again = resolve)));
    await user.click(screen.getByTestId('history-back'));
    await waitFor(() => expect(currentLocation()).toBe('/stores?search=tea'));
    expect(chip('Category', 'All')).toHaveAttribute('aria-pressed', 'true');
    // That list's cached answer shows again at once, while the API is asked again in the background.
    expect(screen.getByRole('link', { name: 'Store number 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading stores…')).not.toBeInTheDocument();
    expect(api.stores.list).toHaveBeenCalledTimes(3);
    expect(api.stores.list).toHaveBeenNthCalledWith(1, { ...DEFAULT_QUERY, search: 'tea' });
    expect(api.stores.list).toHaveBeenNthCalledWith(3, { ...DEFAULT_QUERY, search: 'tea' });
    await act(async () => again(listResponse([makeStore(1), makeStore(2)])));
    expect(await screen.findByRole('link', { name: 'Store number 2' })).toBeInTheDocument();
  });
});

describe('store list: search', () => {
  it('the Search button searches from page 1, trimmed, and puts the search in the URL', async () => {
    const api = apiWith([makeStore(1)], { total: 30, page: 3 });
    const { user } = renderAt('/stores?page=3', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search stores' }), '  bakery  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 1, search: 'bakery' }));
    expect(currentQuery()).toEqual({ search: 'bakery' });
  });

  it('Enter in the search box searches too; an empty search shows every store again', async () => {
    const api = apiWith([makeStore(1)]);
    const { user } = renderAt('/stores?search=old', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    const box = screen.getByRole('searchbox', { name: 'Search stores' });
    await user.clear(box);
    await user.type(box, 'market{Enter}');
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, search: 'market' }));
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(currentLocation()).toBe('/stores');
  });
});

describe('store list: sorting (spec §4, with the natural order of issue 16)', () => {
  it('offers Name, Rating and Date Added', async () => {
    renderAt('/stores', { api: apiWith([makeStore(1)]) });
    await screen.findByRole('link', { name: 'Store number 1' });
    const options = within(sortSelect()).getAllByRole('option');
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['Name', 'name'],
      ['Rating', 'rating'],
      ['Date Added', 'created_at'],
    ]);
  });

  it('choosing another field sorts it in its natural order (Rating best first, Date Added newest first, Name A to Z) from page 1', async () => {
    const api = apiWith([makeStore(1)], { total: 50, page: 3 });
    const { user } = renderAt('/stores?page=3', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 3 });

    await user.selectOptions(sortSelect(), 'rating');
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating', sortOrder: 'desc', page: 1 }));
    expect(currentQuery()).toEqual({ sortBy: 'rating', sortOrder: 'desc' });
    expect(orderButton()).toHaveAccessibleName('Sort order: descending. Switch to ascending');

    await user.selectOptions(sortSelect(), 'created_at');
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'created_at', sortOrder: 'desc' }));
    expect(currentQuery()).toEqual({ sortBy: 'created_at', sortOrder: 'desc' });

    await user.selectOptions(sortSelect(), 'name');
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(currentLocation()).toBe('/stores');
    expect(orderButton()).toHaveAccessibleName('Sort order: ascending. Switch to descending');
  });

  it.each([
    ['names Z to A', 'rating', 'desc', '/stores?sortOrder=desc'],
    ['names Z to A', 'created_at', 'desc', '/stores?sortOrder=desc'],
    ['the worst rated first (the toggle flipped)', 'created_at', 'desc', '/stores?sortBy=rating'],
    ['the oldest first (the toggle flipped)', 'name', 'asc', '/stores?sortBy=created_at'],
    ['the best rated first', 'name', 'asc', '/stores?sortBy=rating&sortOrder=desc'],
  ])('from %s, choosing %s sorts %s: the current order does not carry over', async (_from, field, sortOrder, path) => {
    const api = apiWith([makeStore(1)]);
    const { user } = renderAt(path, { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    await user.selectOptions(sortSelect(), field);
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: field, sortOrder }));
  });

  it('choosing the field already selected flips the order and returns to page 1', async () => {
    const api = apiWith([makeStore(1)], { total: 50, page: 2 });
    renderAt('/stores?sortBy=rating&page=2', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    fireEvent.change(sortSelect(), { target: { value: 'rating' } });
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating', sortOrder: 'desc', page: 1 }));
    expect(currentQuery()).toEqual({ sortBy: 'rating', sortOrder: 'desc' });
    fireEvent.change(sortSelect(), { target: { value: 'rating' } });
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating', sortOrder: 'asc' }));
  });

  it('the order toggle says the current order, flips it, and returns to page 1', async () => {
    const api = apiWith([makeStore(1)], { total: 50, page: 4 });
    const { user } = renderAt('/stores?page=4', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(orderButton()).toHaveAccessibleName('Sort order: ascending. Switch to descending');
    await user.click(orderButton());
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortOrder: 'desc', page: 1 }));
    expect(orderButton()).toHaveAccessibleName('Sort order: descending. Switch to ascending');
    expect(currentQuery()).toEqual({ sortOrder: 'desc' });
    await user.click(orderButton());
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(orderButton()).toHaveAccessibleName(/^Sort order: ascending/);
  });
});

describe('store list: category and rating chips', () => {
  it('shows the category chips and the rating chips as toggle buttons, All pressed at first', async () => {
    renderAt('/stores', { api: apiWith([makeStore(1)]) });
    await screen.findByRole('link', { name: 'Store number 1' });
    const categories = within(screen.getByRole('group', { name: 'Category' })).getAllByRole('button');
    expect(categories.map((b) => b.textContent)).toEqual([
      'All',
      'Grocery',
      'Electronics',
      'Fashion',
      'Restaurants',
      'Healthcare',
      'Other',
    ]);
    const ratings = within(screen.getByRole('group', { name: 'Rating' })).getAllByRole('button');
    expect(ratings.map((b) => b.textContent)).toEqual(['All Ratings', '5 Stars', '4+ Stars', '3+ Stars', 'Top Rated']);
    expect(chip('Category', 'All')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Category', 'Grocery')).toHaveAttribute('aria-pressed', 'false');
  });

  it("marks the pressed chip with the kit's check icon (an SVG hidden from screen readers), not a text glyph", async () => {
    const { user } = renderAt('/stores', { api: apiWith([makeStore(1)]) });
    await screen.findByRole('link', { name: 'Store number 1' });
    const checks = () =>
      within(screen.getByRole('group', { name: 'Category' }))
        .getAllByRole('button')
        .filter((b) => b.querySelector('svg'));
    expect(checks()).toEqual([chip('Category', 'All')]);
    const icon = chip('Category', 'All').querySelector('svg');
    expect(icon).toHaveAttribute('data-icon', 'check');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    await user.click(chip('Category', 'Fashion'));
    await waitFor(() => expect(checks()).toEqual([chip('Category', 'Fashion')]));
    expect(chip('Category', 'Fashion')).toHaveAccessibleName('Fashion');
    expect(document.body.textContent).not.toMatch(/[✓✔]/);
  });

  it('a category chip filters the request, goes to the URL, is pressed, and returns to page 1', async () => {
    const api = apiWith([makeStore(1)], { total: 30, page: 2 });
    const { user } = renderAt('/stores?page=2&search=road', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    await user.click(chip('Category', 'Grocery'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, search: 'road', category: 'Grocery' }));
    expect(currentQuery()).toEqual({ search: 'road', category: 'Grocery' });
    expect(chip('Category', 'Grocery')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Category', 'All')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('Category', 'Healthcare'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ category: 'Healthcare' }));
    expect(chip('Category', 'Grocery')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('Category', 'All'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, search: 'road' }));
    expect(currentQuery()).toEqual({ search: 'road' });
    expect(chip('Category', 'All')).toHaveAttribute('aria-pressed', 'true');
  });

  it('pressing the selected chip again turns the filter off', async () => {
    const api = apiWith([makeStore(1)]);
    const { user } = renderAt('/stores?category=Fashion', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    await user.click(chip('Category', 'Fashion'));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(chip('Category', 'All')).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    ['5 Stars', 5],
    ['4+ Stars', 4],
    ['3+ Stars', 3],
    ['Top Rated', 4.5],
  ])('the %s chip asks for minRating %s, in the URL too, and returns to page 1', async (label, minRating) => {
    const api = apiWith([makeStore(1)], { total: 30, page: 2 });
    const { user } = renderAt('/stores?page=2&category=Grocery', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    await user.click(chip('Rating', label));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, category: 'Grocery', minRating }));
    expect(currentQuery()).toEqual({ category: 'Grocery', minRating: String(minRating) });
    expect(chip('Rating', label)).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Rating', 'All Ratings')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('Rating', 'All Ratings'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, category: 'Grocery' }));
    expect(chip('Rating', 'All Ratings')).toHaveAttribute('aria-pressed', 'true');
  });

  it("'Clear search and filters' on an empty result clears search and chips but keeps the sort", async () => {
    const api = apiWith([]);
    const { user } = renderAt('/stores?search=zzz&category=Fashion&minRating=5&sortBy=rating', { api });
    await user.click(await screen.findByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'rating' }));
    expect(currentQuery()).toEqual({ sortBy: 'rating' });
    expect(screen.getByRole('searchbox', { name: 'Search stores' })).toHaveValue('');
  });
});

describe('store list: the Filters button (below 40rem the sort and the chips fold behind it)', () => {
  const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });
  const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;

  it('controls the panel of the sort and the chips (the search stays outside it), and says whether it is open', async () => {
    const { user } = renderAt('/stores', { api: apiWith([makeStore(1)]) });
    await screen.findByRole('link', { name: 'Store number 1' });
    const toggle = filtersButton();
    expect(toggle).toHaveAccessibleName('Filters');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = panelOf(toggle);
    expect(panel).not.toBeNull();
    expect(within(panel).getByRole('combobox', { name: 'Sort by' })).toBe(sortSelect());
    expect(within(panel).getByRole('button', { name: /^Sort order:/ })).toBe(orderButton());
    expect(within(panel).getByRole('group', { name: 'Category' })).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Rating' })).toBeInTheDocument();
    expect(panel).not.toContainElement(screen.getByRole('searchbox', { name: 'Search stores' }));
    // The button comes after the search and before the panel, in the reading and focus order.
    const search = screen.getByRole('search');
    expect(search.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toggle.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Choosing a filter keeps the panel open.
    await user.click(chip('Category', 'Grocery'));
    await waitFor(() => expect(currentQuery()).toEqual({ category: 'Grocery' }));
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'true');
    await user.click(filtersButton());
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('says how many filters are on: the category and the minimum rating (not the search or the sort)', async () => {
    const api = apiWith([makeStore(1)]);
    const { user } = renderAt('/stores?category=Grocery&minRating=4&search=tea&sortBy=rating', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(filtersButton()).toHaveAccessibleName('Filters (2)');
    expect(filtersButton()).toHaveTextContent(/^Filters \(2\)$/);
    await user.click(filtersButton());
    await user.click(chip('Category', 'Grocery'));
    await waitFor(() => expect(filtersButton()).toHaveAccessibleName('Filters (1)'));
    await user.click(chip('Rating', 'All Ratings'));
    await waitFor(() => expect(filtersButton()).toHaveAccessibleName('Filters'));
    expect(currentQuery()).toEqual({ search: 'tea', sortBy: 'rating' });
  });
});

describe('store list: pagination', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => makeStore(i + 1));

  it('is not shown when everything fits on one page', async () => {
    renderAt('/stores', { api: apiWith(twelve, { total: 12 }) });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Previous/ })).not.toBeInTheDocument();
  });

  it('shows Previous, numbered pages with aria-current, and Next when there are more pages', async () => {
    const api = apiWith(twelve, { total: 30 });
    const { user } = renderAt('/stores', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['← Previous', '1', '2', '3', 'Next →']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: '2' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Showing 1–12 of 30 stores')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    api.stores.list.mockResolvedValue(listResponse(twelve, { total: 30, page: 2 }));
    await user.click(within(nav).getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 2 }));
    expect(currentQuery()).toEqual({ page: '2' });
    await waitFor(() => expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page'));
    expect(screen.getByText('Showing 13–24 of 30 stores')).toBeInTheDocument();

    api.stores.list.mockResolvedValue(listResponse(twelve.slice(0, 6), { total: 30, page: 3 }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 3 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(screen.getByRole('button', { name: '3' })).toHaveAttribute('aria-current', 'page');

    let again!: (value: StoreListResponse) => void;
    api.stores.list.mockReturnValueOnce(new Promise((resolve) => (again = resolve)));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    // Page 2's cached answer shows at once, while the API is asked again for it in the background.
    expect(screen.getByText('Showing 13–24 of 30 stores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(api.stores.list).toHaveBeenCalledTimes(4);
    expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, page: 2 });
    expect(currentQuery()).toEqual({ page: '2' });
    const pageTwo = Array.from({ length: 12 }, (_, i) => makeStore(i + 13));
    await act(async () => again(listResponse(pageTwo, { total: 30, page: 2 })));
    expect(await screen.findByRole('link', { name: 'Store number 13' })).toBeInTheDocument();
    expect(screen.getByText('Showing 13–24 of 30 stores')).toBeInTheDocument();
  });

  it('says which stores it shows from the page the answer is for, not from the address (they differ while the next page is on its way)', async () => {
    const api = apiWith(twelve, { total: 30, page: 1 });
    renderAt('/stores?page=2', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(screen.getByText('Showing 1–12 of 30 stores')).toBeInTheDocument();
    expect(screen.queryByText('Showing 13–24 of 30 stores')).not.toBeInTheDocument();
  });

  it('keeps search, sort and filters when changing page', async () => {
    const api = apiWith(twelve, { total: 30 });
    const { user } = renderAt('/stores?search=road&category=Other&minRating=3&sortBy=created_at&sortOrder=desc', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        page: 2,
        limit: 12,
        sortBy: 'created_at',
        sortOrder: 'desc',
        search: 'road',
        category: 'Other',
        minRating: 3,
      }),
    );
  });

  it('shortens a long page list with gaps around the current page', async () => {
    renderAt('/stores?page=10', { api: apiWith(twelve, { total: 240, page: 10 }) });
    await screen.findByRole('link', { name: 'Store number 1' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['← Previous', '1', '9', '10', '11', '20', 'Next →']);
    expect(within(nav).getByRole('button', { name: '10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows no list-window hint on a one-page list', async () => {
    renderAt('/stores', { api: apiWith(twelve, { total: 12 }) });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(screen.getByText('Showing 1–12 of 12 stores')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.listWindow)).not.toBeInTheDocument();
  });
});

describe('store list: a bounded list (only the first 1,000 results can be paged to)', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => makeStore(i + 1));
  const pageNumbers = () =>
    within(screen.getByRole('navigation', { name: 'Pagination' }))
      .getAllByRole('button')
      .flatMap((b) => (/^\d+$/.test(b.textContent ?? '') ? [Number(b.textContent)] : []));

  it("a search whose count was capped shows '1,000+' (not exactly 1,000) and the hint by the pagination", async () => {
    const api = apiWith(twelve, { total: 1000, totalCapped: true });
    renderAt('/stores?search=road', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    // '1,000+' in English.
    expect(screen.getByText(`Showing 1–12 of ${localCount(1000)}+ stores`)).toBeInTheDocument();
    expect(screen.queryByText(/of 1,?000 stores/)).not.toBeInTheDocument();
    const hint = screen.getByRole('note');
    expect(hint).toHaveTextContent(MESSAGES.listWindow);
    expect(hint).not.toHaveFocus();
    expect(Math.max(...pageNumbers())).toBe(84);
    // A hint, not an error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch stores')).not.toBeInTheDocument();
  });

  it('all 100,000 stores: the exact total, the hint, and no page beyond the 84 the API opens', async () => {
    const api = apiWith(twelve, { total: 100_000, page: 84, totalPages: 84 });
    renderAt('/stores?page=84', { api });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(screen.getByText(`Showing ${localCount(997)}–${localCount(1008)} of ${localCount(100_000)} stores`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(Math.max(...pageNumbers())).toBe(84);
    expect(screen.getByRole('button', { name: '84' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '85' })).not.toBeInTheDocument();
  });

  it('from page 1 of all 100,000 stores, the last page offered is 84', async () => {
    renderAt('/stores', { api: apiWith(twelve, { total: 100_000 }) });
    await screen.findByRole('link', { name: 'Store number 1' });
    expect(screen.getByText(`Showing 1–12 of ${localCount(100_000)} stores`)).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 84]);
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
  });

  it('a page beyond the window (typed into the URL) shows why, with no error toast, and a way back to page 1', async () => {
    const api = createFakeApi();
    api.stores.list.mockRejectedValueOnce(httpError(400, MESSAGES.listWindow)).mockResolvedValue(listResponse(twelve, { total: 100_000 }));
    const { user } = renderAt('/stores?page=5000', { api });
    const refusal = await screen.findByText(MESSAGES.listWindow);
    expect(refusal.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Failed to fetch stores')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(currentLocation()).toBe('/stores');
    expect(await screen.findByRole('link', { name: 'Store number 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to the first page' })).not.toBeInTheDocument();
  });
});
