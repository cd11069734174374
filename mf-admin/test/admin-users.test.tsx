// The users table (/admin/users) from the admin's side: what it asks the API, how search, the role
// filter, sorting by column and pagination change the request and the URL, and its empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type User } from 'shared-contracts';
import {
  ADMIN,
  apiError,
  createFakeApi,
  currentQuery,
  expectToast,
  type FakeApi,
  localCount,
  makeUser,
  renderAt,
  toastTexts,
  userPage,
} from './render-helpers';

const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc' };
const ten = Array.from({ length: 10 }, (_, i) => makeUser(i + 2));

function apiWith(users: User[], options?: Parameters<typeof userPage>[1]) {
  const api = createFakeApi();
  api.admin.listUsers.mockResolvedValue(userPage(users, options));
  return api;
}

const lastQuery = (api: FakeApi) => api.admin.listUsers.mock.calls.at(-1)?.[0];
const table = () => screen.getByRole('table', { name: /^Users/ });
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const sortButton = (name: string) => within(table()).getByRole('button', { name });
/** The arrow in a sortable header (▲ ascending, ▼ descending, ↕ not sorted). */
const indicator = (name: string) => within(header(name)).getByText(/^[▲▼↕]$/);

describe('users table: loading and showing users', () => {
  it('asks for page 1 of 10 users sorted by name ascending, showing a loading status meanwhile', async () => {
    const api = apiWith([ADMIN, ...ten.slice(0, 3)]);
    renderAt('/admin/users', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(await screen.findByRole('table', { name: /^Users/ })).toBeInTheDocument();
    expect(api.admin.listUsers).toHaveBeenCalledTimes(1);
    expect(api.admin.listUsers).toHaveBeenCalledWith(DEFAULT_QUERY);
  });

  it('shows each user as a row with name, email, address, role and created date, and no fake status column', async () => {
    const api = apiWith([
      makeUser(2, { name: 'Olivia Owner Greenwood Smith', email: 'olivia@example.com', role: 'store_owner' }),
      makeUser(3, { name: 'Carlos Customer Rodriguez Lee', email: 'carlos@example.com', address: '' }),
    ]);
    renderAt('/admin/users', { api });
    await screen.findByRole('table', { name: /^Users/ });
    const columns = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(columns).toEqual(['Name', 'Email', 'Address', 'Role', 'Created', 'Actions']);
    expect(screen.queryByText('Active')).not.toBeInTheDocument();

    const olivia = screen.getByRole('rowheader', { name: 'Olivia Owner Greenwood Smith' }).closest('tr') as HTMLElement;
    expect(within(olivia).getByText('olivia@example.com')).toBeInTheDocument();
    expect(within(olivia).getByText('Store Owner')).toBeInTheDocument();
    expect(within(olivia).getByRole('button', { name: 'View details of Olivia Owner Greenwood Smith' })).toBeInTheDocument();
    expect(within(olivia).getByRole('button', { name: 'Edit Olivia Owner Greenwood Smith' })).toBeInTheDocument();
    expect(within(olivia).getByRole('button', { name: 'Delete Olivia Owner Greenwood Smith' })).toBeInTheDocument();
    expect(olivia.querySelector('time')).toHaveAttribute('dateTime', '2024-01-02T03:04:05.000Z');
    const carlos = screen.getByRole('rowheader', { name: 'Carlos Customer Rodriguez Lee' }).closest('tr') as HTMLElement;
    expect(within(carlos).getByText('Customer')).toBeInTheDocument();
    expect(within(carlos).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 users')).toBeInTheDocument();
  });

  it("marks the signed-in admin's own row and offers no Delete there", async () => {
    renderAt('/admin/users', { api: apiWith([ADMIN, makeUser(2)]) });
    await screen.findByRole('table', { name: /^Users/ });
    const own = screen.getByRole('rowheader', { name: /Asha Administrator Raman/ }).closest('tr') as HTMLElement;
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).getByText('System Admin')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it("shows 'No users found' with a way back when a search matches nothing", async () => {
    const api = apiWith([]);
    const { user } = renderAt('/admin/users?search=zzz', { api });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(currentQuery()).toEqual({});
  });

  it("toasts 'Failed to fetch users' when the request fails, and 'Try again' asks again", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.admin.listUsers.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(userPage([makeUser(2)]));
    const { user } = renderAt('/admin/users', { api });
    await expectToast('Failed to fetch users');
    expect(screen.getByRole('alert')).toHaveTextContent('The users could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Users/ })).toBeInTheDocument();
    expect(api.admin.listUsers).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});

describe('users table: state in the URL', () => {
  it('reads search, role, sort and page from the URL into the request', async () => {
    const api = apiWith(ten, { total: 30, page: 2 });
    renderAt('/admin/users?search=ann&role=store_owner&sortBy=created_at&sortOrder=desc&page=2', { api });
    await screen.findByRole('table', { name: /^Users/ });
    expect(api.admin.listUsers).toHaveBeenCalledWith({
      page: 2,
      limit: 10,
      sortBy: 'created_at',
      sortOrder: 'desc',
      search: 'ann',
      role: 'store_owner',
    });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('store_owner');
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
  });

  it('ignores unknown or malformed values and uses the defaults', async () => {
    const api = apiWith(ten);
    renderAt('/admin/users?sortBy=password&sortOrder=up&page=-1&role=king', { api });
    await screen.findByRole('table', { name: /^Users/ });
    expect(api.admin.listUsers).toHaveBeenCalledWith(DEFAULT_QUERY);
  });
});

describe('users table: search and filter', () => {
  it('a search asks again from page 1 and goes into the URL; Clear search removes it', async () => {
    const api = apiWith(ten, { total: 30, page: 3 });
    const { user } = renderAt('/admin/users?page=3&sortBy=email', { api });
    await screen.findByRole('table', { name: /^Users/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '  springfield  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'email', search: 'springfield' }));
    expect(currentQuery()).toEqual({ search: 'springfield', sortBy: 'email' });

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'email' }));
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('pressing Enter in the search box searches too', async () => {
    const api = apiWith(ten);
    const { user } = renderAt('/admin/users', { api });
    await screen.findByRole('table', { name: /^Users/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'olivia{Enter}');
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, search: 'olivia' }));
  });

  it('the role filter asks for that role only, from page 1', async () => {
    const api = apiWith(ten, { total: 30, page: 2 });
    const { user } = renderAt('/admin/users?page=2', { api });
    await screen.findByRole('table', { name: /^Users/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Store Owner');
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, role: 'store_owner' }));
    expect(currentQuery()).toEqual({ role: 'store_owner' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'All roles');
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
  });
});

describe('users table: sorting by column', () => {
  it('name is sorted ascending at first, shown on its header with aria-sort and an arrow', async () => {
    renderAt('/admin/users', { api: apiWith(ten) });
    await screen.findByRole('table', { name: /^Users/ });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(indicator('Name')).toHaveTextContent('▲');
    for (const other of ['Email', 'Role', 'Created']) expect(header(other)).not.toHaveAttribute('aria-sort');
    expect(header('Address')).not.toHaveAttribute('aria-sort');
    expect(within(header('Address')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('clicking the sorted column flips the order; another column sorts ascending; the page returns to 1', async () => {
    const api = apiWith(ten, { total: 30, page: 2 });
    const { user } = renderAt('/admin/users?page=2', { api });
    await screen.findByRole('table', { name: /^Users/ });

    await user.click(sortButton('Name'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortOrder: 'desc' }));
    expect(currentQuery()).toEqual({ sortOrder: 'desc' });
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'descending'));
    expect(indicator('Name')).toHaveTextContent('▼');

    await user.click(sortButton('Email'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'email' }));
    expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');

    await user.click(sortButton('Role'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'role' }));
    await user.click(sortButton('Created'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'created_at' }));
    await user.click(sortButton('Created'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'created_at', sortOrder: 'desc' }));
    expect(indicator('Created')).toHaveTextContent('▼');
  });
});

describe('users table: pagination', () => {
  it('is not shown when everything fits on one page', async () => {
    renderAt('/admin/users', { api: apiWith(ten, { total: 10 }) });
    await screen.findByRole('table', { name: /^Users/ });
    expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument();
  });

  it('pages through 10 at a time with Previous, numbers and Next, keeping search and sort', async () => {
    const api = apiWith(ten, { total: 25 });
    const { user } = renderAt('/admin/users?search=street&sortBy=email', { api });
    await screen.findByRole('table', { name: /^Users/ });
    const nav = screen.getByRole('navigation', { name: 'Users pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['← Previous', '1', '2', '3', 'Next →']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 1–10 of 25 users')).toBeInTheDocument();
    expect(within(table()).getByText('(25 in all matching “street”)')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    api.admin.listUsers.mockResolvedValue(userPage(ten, { total: 25, page: 2 }));
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'email', search: 'street', page: 2 }));
    expect(currentQuery()).toEqual({ search: 'street', sortBy: 'email', page: '2' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    expect(screen.getByText('Showing 11–20 of 25 users')).toBeInTheDocument();

    api.admin.listUsers.mockResolvedValue(userPage(ten.slice(0, 5), { total: 25, page: 3 }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: 3 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(screen.getByText('Showing 21–25 of 25 users')).toBeInTheDocument();

    // Page 2 was answered a moment ago: going back shows the cached answer at once and asks again in the background.
    api.admin.listUsers.mockResolvedValue(userPage(ten, { total: 25, page: 2 }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    expect(currentQuery()).toEqual({ search: 'street', sortBy: 'email', page: '2' });
    expect(screen.getByText('Showing 11–20 of 25 users')).toBeInTheDocument();
    await waitFor(() => expect(api.admin.listUsers).toHaveBeenCalledTimes(4));
    expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'email', search: 'street', page: 2 });
    expect(screen.getByText('Showing 11–20 of 25 users')).toBeInTheDocument();
  });

  it('offers the first page when a page past the end is asked for', async () => {
    const api = apiWith([], { total: 12, page: 9 });
    const { user } = renderAt('/admin/users?page=9', { api });
    expect(await screen.findByText('There are no users on this page.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(lastQuery(api)).toEqual(DEFAULT_QUERY));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('users table: a bounded list (only the first 1,000 results can be paged to)', () => {
  const pageNumbers = () =>
    within(screen.getByRole('navigation', { name: 'Users pages' }))
      .getAllByRole('button')
      .flatMap((b) => (/^\d+$/.test(b.textContent ?? '') ? [Number(b.textContent)] : []));

  it("a search whose count was capped shows '1,000+' and the hint by the pagination, not an error", async () => {
    renderAt('/admin/users?search=street', { api: apiWith(ten, { total: 1000, totalCapped: true }) });
    await screen.findByRole('table', { name: /^Users/ });
    // '1,000+' in English.
    expect(screen.getByText(`Showing 1–10 of ${localCount(1000)}+ users`)).toBeInTheDocument();
    expect(within(table()).getByText(`(${localCount(1000)}+ in all matching “street”)`)).toBeInTheDocument();
    const hint = screen.getByRole('note');
    expect(hint).toHaveTextContent(MESSAGES.listWindow);
    expect(hint).not.toHaveFocus();
    expect(Math.max(...pageNumbers())).toBe(100);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('all 100,000 users: the exact total, the hint, and no page beyond the last one the API opens', async () => {
    // 10 a page: the API opens 100 pages (the first 1,000 rows).
    const api = apiWith(ten, { total: 100_000, page: 100 });
    renderAt('/admin/users?page=100', { api });
    await screen.findByRole('table', { name: /^Users/ });
    expect(screen.getByText(`Showing 991–${localCount(1000)} of ${localCount(100_000)} users`)).toBeInTheDocument();
    expect(within(table()).getByText(`(${localCount(100_000)} in all)`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(Math.max(...pageNumbers())).toBe(100);
    expect(screen.getByRole('button', { name: 'Page 100' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('an answer of 100,000 with 84 pages offers no page beyond 84', async () => {
    renderAt('/admin/users', { api: apiWith(ten, { total: 100_000, totalPages: 84 }) });
    await screen.findByRole('table', { name: /^Users/ });
    expect(screen.getByText(`Showing 1–10 of ${localCount(100_000)} users`)).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 84]);
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
  });

  it('a page beyond the window (typed into the URL) shows why, toasts nothing, and offers the first page', async () => {
    const api = createFakeApi();
    api.admin.listUsers.mockRejectedValueOnce(apiError(400, MESSAGES.listWindow)).mockResolvedValue(userPage(ten, { total: 100_000 }));
    const { user } = renderAt('/admin/users?page=5000&sortBy=email', { api });
    const refusal = await screen.findByText(MESSAGES.listWindow);
    expect(refusal.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ ...DEFAULT_QUERY, sortBy: 'email' }));
    expect(currentQuery()).toEqual({ sortBy: 'email' });
    expect(await screen.findByRole('table', { name: /^Users/ })).toBeInTheDocument();
  });
});
