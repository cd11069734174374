// /ratings from the customer's side: their own ratings with links to each store, sorting and paging in
// the URL, editing and deleting in place with their toasts, and the empty, loading and error states.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type MyRating } from 'shared-contracts';
import {
  createFakeApi,
  currentQuery,
  httpError,
  localCount,
  makeMyRating,
  myRatingsResponse,
  pending,
  renderAt,
  writeAnswer,
} from './render-helpers';

const FIRST = makeMyRating(1, {
  store_id: 42,
  store_name: 'Green Basket Organic Grocers',
  store_address: '14 Residency Road, Bengaluru',
  store_average_rating: 4.6,
  rating: 3,
  comment: 'Decent, but nothing special.',
  created_at: '2024-03-01T09:00:00.000Z',
  updated_at: '2024-03-01T09:00:00.000Z',
});
const SECOND = makeMyRating(2, { store_id: 43, store_name: 'Metro Gadget Hub', store_average_rating: 2.2, rating: 1, comment: null });

function apiWith(...pages: Array<ReturnType<typeof myRatingsResponse>>) {
  const api = createFakeApi();
  for (const page of pages) api.users.ratings.mockResolvedValueOnce(page);
  api.users.ratings.mockResolvedValue(pages[pages.length - 1]);
  return api;
}

/** The article of my rating of `storeName`. */
const row = (storeName: string) => screen.getByRole('article', { name: storeName });
const findRow = (storeName: string) => screen.findByRole('article', { name: storeName });
const radio = (n: number) => screen.getByRole('radio', { name: `${n} star${n === 1 ? '' : 's'}` });
const comment = () => screen.getByRole('textbox', { name: 'Comment (optional)' });

afterEach(() => jest.restoreAllMocks());

describe('my ratings: the list', () => {
  it('asks for page 1 of 10, newest first, and shows each rating with its store, the store average, my stars, comment and date', async () => {
    const api = apiWith(myRatingsResponse([FIRST, SECOND], { total: 2 }));
    renderAt('/ratings', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'My Ratings' })).toBeInTheDocument();
    const first = await findRow('Green Basket Organic Grocers');

    expect(api.users.ratings).toHaveBeenCalledWith({ page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'desc' });
    expect(within(first).getByRole('link', { name: 'Green Basket Organic Grocers' })).toHaveAttribute('href', '/stores/42');
    expect(within(first).getByText('Store average')).toBeInTheDocument();
    expect(within(first).getByText('4.6')).toHaveAttribute('data-band', 'excellent');
    expect(within(first).getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toBeInTheDocument();
    expect(within(first).getByText('Decent, but nothing special.')).toBeInTheDocument();
    expect(within(first).getByText('14 Residency Road, Bengaluru')).toBeInTheDocument();
    expect(
      within(first)
        .getByText(/Rated on/)
        .querySelector('time'),
    ).toHaveAttribute('dateTime', '2024-03-01T09:00:00.000Z');

    const second = row('Metro Gadget Hub');
    expect(within(second).getByRole('link', { name: 'Metro Gadget Hub' })).toHaveAttribute('href', '/stores/43');
    expect(within(second).getByText('2.2')).toHaveAttribute('data-band', 'low');
    expect(within(second).getByRole('img', { name: 'Your rating: 1 star out of 5' })).toBeInTheDocument();
    expect(within(second).getByText('No comment.')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 ratings')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("shows the store's reply under my rating, signed with the store's name, and nothing where there is none", async () => {
    const replied = {
      ...FIRST,
      reply: {
        body: 'Sorry to hear that. Come back and ask for Priya.',
        store_name: 'Green Basket Organic Grocers',
        created_at: '2024-03-02T10:00:00.000Z',
        updated_at: '2024-03-02T10:00:00.000Z',
      },
    };
    renderAt('/ratings', { api: apiWith(myRatingsResponse([replied, SECOND], { total: 2 })) });
    const first = await findRow('Green Basket Organic Grocers');
    expect(within(first).getByText('Reply from Green Basket Organic Grocers')).toBeInTheDocument();
    expect(within(first).getByText('Sorry to hear that. Come back and ask for Priya.')).toBeInTheDocument();
    expect(within(first).getByText('Mar 2, 2024')).toHaveAttribute('dateTime', '2024-03-02T10:00:00.000Z');
    expect(within(row('Metro Gadget Hub')).queryByText(/^Reply from/)).not.toBeInTheDocument();
  });

  it('marks a rating a moderator hid, says it counts nowhere, and shows how many found the others helpful', async () => {
    renderAt('/ratings', {
      api: apiWith(
        myRatingsResponse(
          [
            { ...FIRST, hidden: true },
            { ...SECOND, helpful_count: 3 },
          ],
          { total: 2 },
        ),
      ),
    });
    const hidden = await findRow('Green Basket Organic Grocers');
    expect(within(hidden).getByText('Hidden by a moderator.')).toBeInTheDocument();
    expect(within(hidden).getByText(/Only you can see this rating, and it does not count in the store's rating/)).toBeInTheDocument();
    const shown = row('Metro Gadget Hub');
    expect(within(shown).queryByText(/Hidden by a moderator/)).not.toBeInTheDocument();
    expect(within(shown).getByText('3 people found this helpful')).toBeInTheDocument();
  });

  it('shows a loading state until the list arrives', async () => {
    const api = createFakeApi();
    api.users.ratings.mockReturnValue(pending());
    renderAt('/ratings', { api });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your ratings…');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("says 'You have not rated any stores yet.' with a link to the stores when there is none", async () => {
    renderAt('/ratings', { api: apiWith(myRatingsResponse([])) });
    expect(await screen.findByText('You have not rated any stores yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse stores' })).toHaveAttribute('href', '/stores');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("draws the empty state's icon from the kit's set (an svg hidden from screen readers), not a glyph", async () => {
    const { container } = renderAt('/ratings', { api: apiWith(myRatingsResponse([])) });
    const title = await screen.findByText('You have not rated any stores yet.');
    const icon = title.parentElement?.querySelector('svg[data-icon]');
    expect(icon).toHaveAttribute('data-icon', 'star');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}|[★✓✗]/u);
  });

  it("toasts 'Failed to load your ratings' when the list fails, and 'Try again' loads it", async () => {
    const api = createFakeApi();
    api.users.ratings.mockRejectedValueOnce(httpError(500)).mockResolvedValue(myRatingsResponse([FIRST]));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderAt('/ratings', { api });
    expect(await screen.findByText('Failed to load your ratings')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your ratings could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findRow('Green Basket Organic Grocers')).toBeInTheDocument();
    expect(api.users.ratings).toHaveBeenCalledTimes(2);
  });
});

describe('my ratings: sorting and paging in the URL', () => {
  it.each([
    ['Oldest', 'oldest', 'created_at', 'asc'],
    ['Highest', 'highest', 'rating', 'desc'],
    ['Lowest', 'lowest', 'rating', 'asc'],
    ['Store name', 'store', 'store_name', 'asc'],
  ])('choosing %s puts sort=%s in the URL, back on page 1, and asks for sortBy %s %s', async (label, sort, sortBy, sortOrder) => {
    const api = apiWith(myRatingsResponse([FIRST], { total: 25, page: 2 }));
    const { user } = renderAt('/ratings?page=2', { api });
    await findRow('Green Basket Organic Grocers');
    expect(api.users.ratings).toHaveBeenLastCalledWith({ page: 2, limit: 10, sortBy: 'created_at', sortOrder: 'desc' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), label);
    expect(currentQuery()).toEqual({ sort });
    await waitFor(() => expect(api.users.ratings).toHaveBeenLastCalledWith({ page: 1, limit: 10, sortBy, sortOrder }));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(label);
  });

  it('offers Newest, Oldest, Highest, Lowest and Store name, and reads the choice from the URL', async () => {
    const api = apiWith(myRatingsResponse([FIRST], { total: 25, page: 3 }));
    renderAt('/ratings?sort=highest&page=3', { api });
    await findRow('Green Basket Organic Grocers');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest', 'Oldest', 'Highest', 'Lowest', 'Store name']);
    expect(select).toHaveDisplayValue('Highest');
    expect(api.users.ratings).toHaveBeenCalledWith({ page: 3, limit: 10, sortBy: 'rating', sortOrder: 'desc' });
  });

  it('Next, a page number and Previous move through the pages, each in the URL', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => makeMyRating(i + 1));
    const api = apiWith(myRatingsResponse(ten, { total: 23 }));
    const { user } = renderAt('/ratings?sort=lowest', { api });
    await findRow('Store number 101');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');

    api.users.ratings.mockResolvedValue(myRatingsResponse([makeMyRating(11)], { total: 23, page: 2 }));
    await user.click(within(pagination).getByRole('button', { name: /Next/ }));
    expect(currentQuery()).toEqual({ sort: 'lowest', page: '2' });
    expect(await findRow('Store number 111')).toBeInTheDocument();
    expect(api.users.ratings).toHaveBeenLastCalledWith({ page: 2, limit: 10, sortBy: 'rating', sortOrder: 'asc' });
    expect(screen.getByText('Showing 11–11 of 23 ratings')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: '3' }));
    expect(currentQuery()).toEqual({ sort: 'lowest', page: '3' });
    await waitFor(() => expect(api.users.ratings).toHaveBeenLastCalledWith({ page: 3, limit: 10, sortBy: 'rating', sortOrder: 'asc' }));

    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /Previous/ }));
    expect(currentQuery()).toEqual({ sort: 'lowest', page: '2' });
  });
});

describe('my ratings: a bounded list (only the first 1,000 ratings can be paged to)', () => {
  const ten = Array.from({ length: 10 }, (_, i) => makeMyRating(i + 1));
  const pageNumbers = () =>
    within(screen.getByRole('navigation', { name: 'Pagination' }))
      .getAllByRole('button')
      .flatMap((b) => (/^\d+$/.test(b.textContent ?? '') ? [Number(b.textContent)] : []));

  it("a capped count shows '1,000+' and the hint by the pagination", async () => {
    renderAt('/ratings', { api: apiWith(myRatingsResponse(ten, { total: 1000, totalCapped: true })) });
    await findRow('Store number 101');
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
    renderAt('/ratings?page=100', { api: apiWith(myRatingsResponse(ten, { total: 100_000, page: 100 })) });
    await findRow('Store number 101');
    expect(screen.getByText(`Showing 991–${localCount(1000)} of ${localCount(100_000)} ratings`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
    expect(Math.max(...pageNumbers())).toBe(100);
    expect(screen.getByRole('button', { name: '100' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(currentQuery()).toEqual({ page: '100' });
  });

  it('an answer of 100,000 with 84 pages offers no page beyond 84', async () => {
    renderAt('/ratings', { api: apiWith(myRatingsResponse(ten, { total: 100_000, totalPages: 84 })) });
    await findRow('Store number 101');
    expect(screen.getByText(`Showing 1–10 of ${localCount(100_000)} ratings`)).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 84]);
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.listWindow);
  });

  it('a page beyond the window (typed into the URL) shows why, toasts nothing, and offers the first page', async () => {
    const api = createFakeApi();
    api.users.ratings
      .mockRejectedValueOnce(httpError(400, MESSAGES.listWindow))
      .mockResolvedValue(myRatingsResponse(ten, { total: 100_000 }));
    const { user } = renderAt('/ratings?sort=oldest&page=5000', { api });
    const refusal = await screen.findByText(MESSAGES.listWindow);
    expect(refusal.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load your ratings')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(api.users.ratings).toHaveBeenLastCalledWith({ page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'asc' }));
    expect(currentQuery()).toEqual({ sort: 'oldest' });
    expect(await findRow('Store number 101')).toBeInTheDocument();
  });
});

describe('my ratings: edit in place', () => {
  async function openEdit(api = apiWith(myRatingsResponse([FIRST, SECOND]))) {
    const rendered = renderAt('/ratings', { api });
    const article = await findRow('Green Basket Organic Grocers');
    await rendered.user.click(within(article).getByRole('button', { name: 'Edit your rating of Green Basket Organic Grocers' }));
    return { ...rendered, article };
  }

  it('opens a form with my stars (an accessible 1-5 radio group) and comment, and counts the comment live', async () => {
    const { user, article } = await openEdit();
    const form = within(article).getByRole('form', { name: 'Edit your rating of Green Basket Organic Grocers' });
    const group = within(form).getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    expect(radio(3)).toBeChecked();
    expect(radio(3)).toHaveFocus();
    expect(comment()).toHaveValue('Decent, but nothing special.');
    // The kit's TextArea counts as 'used / limit characters' (it was '28/500').
    expect(within(form).getByText('28 / 500 characters')).toBeInTheDocument();
    expect(comment()).toHaveAccessibleDescription('28 / 500 characters');

    await user.clear(comment());
    await user.type(comment(), 'Hello');
    expect(within(form).getByText('5 / 500 characters')).toBeInTheDocument();
    fireEvent.change(comment(), { target: { value: 'y'.repeat(620) } });
    expect((comment() as HTMLTextAreaElement).value).toHaveLength(500);
    expect(within(form).getByText('500 / 500 characters')).toBeInTheDocument();
  });

  it("Update sends the new stars and comment, toasts 'Rating updated successfully!' and shows them with the store's new average", async () => {
    const api = apiWith(myRatingsResponse([FIRST, SECOND]));
    const saved: MyRating = { ...FIRST, rating: 5, comment: 'Much better now', updated_at: '2024-06-01T10:00:00.000Z' };
    api.ratings.update.mockResolvedValue(writeAnswer(saved, 4.9));
    const { user, article } = await openEdit(api);
    await user.click(radio(5));
    await user.clear(comment());
    await user.type(comment(), '  Much better now ');
    api.users.ratings.mockResolvedValue(myRatingsResponse([{ ...saved, store_average_rating: 4.9 }, SECOND]));
    await user.click(within(article).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Rating updated successfully!')).toBeInTheDocument();
    expect(api.ratings.update).toHaveBeenCalledWith(1, { rating: 5, comment: 'Much better now' });
    expect(within(article).queryByRole('form')).not.toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Your rating: 5 stars out of 5' })).toBeInTheDocument();
    expect(within(article).getByText('Much better now')).toBeInTheDocument();
    expect(within(article).getByText('4.9')).toHaveAttribute('data-band', 'excellent');
    expect(within(article).getByText(/edited/)).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Edit your rating of Green Basket Organic Grocers' })).toHaveFocus();
    await waitFor(() => expect(api.users.ratings).toHaveBeenCalledTimes(2));
  });

  it("with the stars cleared, Update says 'Please select a rating' and sends nothing", async () => {
    const { user, api, article } = await openEdit();
    await user.click(within(article).getByRole('button', { name: 'Clear star selection' }));
    await user.click(within(article).getByRole('button', { name: 'Update' }));
    expect(within(article).getByRole('alert')).toHaveTextContent('Please select a rating');
    expect(screen.getAllByText('Please select a rating')).toHaveLength(1); // inline only, not as a toast too
    expect(within(article).getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription('Please select a rating');
    expect(api.ratings.update).not.toHaveBeenCalled();
  });

  it('an empty comment is sent as null', async () => {
    const api = apiWith(myRatingsResponse([FIRST]));
    api.ratings.update.mockResolvedValue(writeAnswer({ ...FIRST, comment: null }, 4.6));
    const { user, article } = await openEdit(api);
    await user.clear(comment());
    await user.click(within(article).getByRole('button', { name: 'Update' }));
    await screen.findByText('Rating updated successfully!');
    expect(api.ratings.update).toHaveBeenCalledWith(1, { rating: 3, comment: null });
  });

  it("a failing save toasts 'Failed to submit rating' and keeps the form as it was", async () => {
    const api = apiWith(myRatingsResponse([FIRST]));
    api.ratings.update.mockRejectedValue(httpError(500, 'Internal server error'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, article } = await openEdit(api);
    await user.click(radio(2));
    await user.click(within(article).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to submit rating')).toBeInTheDocument();
    expect(radio(2)).toBeChecked();
    expect(within(article).getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(screen.queryByText('Rating updated successfully!')).not.toBeInTheDocument();
  });

  it('Cancel restores my rating as it was and sends nothing; reopening starts from it again', async () => {
    const { user, api, article } = await openEdit();
    await user.click(radio(1));
    await user.clear(comment());
    await user.type(comment(), 'Changed my mind');
    await user.click(within(article).getByRole('button', { name: 'Cancel' }));

    expect(within(article).queryByRole('form')).not.toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toBeInTheDocument();
    expect(within(article).getByText('Decent, but nothing special.')).toBeInTheDocument();
    const edit = within(article).getByRole('button', { name: 'Edit your rating of Green Basket Organic Grocers' });
    expect(edit).toHaveFocus();
    await user.click(edit);
    expect(radio(3)).toBeChecked();
    expect(comment()).toHaveValue('Decent, but nothing special.');
    expect(api.ratings.update).not.toHaveBeenCalled();
  });

  it("saves with 'Update', as the store page's form does (no 'Save'), busy with its spinner while it is on its way", async () => {
    const api = apiWith(myRatingsResponse([FIRST]));
    api.ratings.update.mockReturnValue(pending());
    const { user, article } = await openEdit(api);
    const form = within(article).getByRole('form', { name: 'Edit your rating of Green Basket Organic Grocers' });
    expect(
      within(form)
        .getAllByRole('button', { name: /^(Update|Cancel)$/ })
        .map((b) => b.textContent),
    ).toEqual(['Update', 'Cancel']);
    expect(within(form).queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    const busy = within(form).getByRole('button', { name: 'Update' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
  });

  it('Escape on the stars cancels: the form closes, nothing is sent, my rating is as it was and focus is back on Edit', async () => {
    const { user, api, article } = await openEdit();
    await user.keyboard('{ArrowRight}'); // the checked star has focus: 3 → 4
    expect(radio(4)).toBeChecked();
    await user.keyboard('{Escape}');

    expect(within(article).queryByRole('form')).not.toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Edit your rating of Green Basket Organic Grocers' })).toHaveFocus();
    expect(api.ratings.update).not.toHaveBeenCalled();
  });

  it('Escape in the comment drops what was typed, and reopening starts from my rating again', async () => {
    const { user, api, article } = await openEdit();
    await user.clear(comment());
    await user.type(comment(), 'Changed my mind{Escape}');

    expect(within(article).queryByRole('form')).not.toBeInTheDocument();
    expect(within(article).getByText('Decent, but nothing special.')).toBeInTheDocument();
    const edit = within(article).getByRole('button', { name: 'Edit your rating of Green Basket Organic Grocers' });
    expect(edit).toHaveFocus();
    await user.click(edit);
    expect(comment()).toHaveValue('Decent, but nothing special.');
    expect(api.ratings.update).not.toHaveBeenCalled();
  });

  it('Escape does not cancel while the update is on its way', async () => {
    const api = apiWith(myRatingsResponse([FIRST]));
    api.ratings.update.mockReturnValue(pending());
    const { user, article } = await openEdit(api);
    await user.click(within(article).getByRole('button', { name: 'Update' }));
    await user.keyboard('{Escape}');
    expect(within(article).getByRole('form', { name: 'Edit your rating of Green Basket Organic Grocers' })).toBeInTheDocument();
    expect(api.ratings.update).toHaveBeenCalledTimes(1);
  });
});

describe('my ratings: delete', () => {
  const deleteButton = (article: HTMLElement, store: string) =>
    within(article).getByRole('button', { name: `Delete your rating of ${store}` });
  const confirmDialog = () => screen.getByRole('alertdialog', { name: 'Delete rating' });
  /** The dialog's confirming button (it was the inline 'Yes, delete'). */
  const confirmButton = () => within(confirmDialog()).getByRole('button', { name: 'Delete' });

  it('asks first in an accessible dialog; keeping it sends nothing', async () => {
    const api = apiWith(myRatingsResponse([FIRST, SECOND]));
    const { user } = renderAt('/ratings', { api });
    const article = await findRow('Green Basket Organic Grocers');
    await user.click(deleteButton(article, 'Green Basket Organic Grocers'));

    // The kit's ConfirmDialog (a modal alertdialog) in place of the inline 'Yes, delete / Keep it'.
    const dialog = confirmDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Are you sure you want to delete this rating?'));
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Green Basket Organic Grocers'));
    const keep = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(keep).toHaveFocus();
    await user.click(keep);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton(article, 'Green Basket Organic Grocers')).toHaveFocus();

    await user.click(deleteButton(article, 'Green Basket Organic Grocers'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton(article, 'Green Basket Organic Grocers')).toHaveFocus();
    expect(api.ratings.remove).not.toHaveBeenCalled();
  });

  it("confirming deletes it, toasts 'Rating deleted successfully!' and the row disappears", async () => {
    const api = apiWith(myRatingsResponse([FIRST, SECOND]));
    api.ratings.remove.mockResolvedValue({ message: 'Rating deleted successfully!', storeStats: writeAnswer(FIRST, 4.5).storeStats });
    const { user } = renderAt('/ratings', { api });
    const article = await findRow('Green Basket Organic Grocers');
    await user.click(deleteButton(article, 'Green Basket Organic Grocers'));
    api.users.ratings.mockResolvedValue(myRatingsResponse([SECOND]));
    await user.click(confirmButton());

    expect(await screen.findByText('Rating deleted successfully!')).toBeInTheDocument();
    expect(api.ratings.remove).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Green Basket Organic Grocers' })).not.toBeInTheDocument());
    expect(row('Metro Gadget Hub')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Ratings' })).toHaveFocus();
    await waitFor(() => expect(api.users.ratings).toHaveBeenCalledTimes(2));
    expect(screen.getByText('Showing 1–1 of 1 rating')).toBeInTheDocument();
  });

  it('deleting the only rating on the last page steps back a page', async () => {
    const lonely = makeMyRating(21, { store_name: 'Last Page Store' });
    const api = apiWith(myRatingsResponse([lonely], { total: 21, page: 3 }));
    api.ratings.remove.mockResolvedValue({ message: 'Rating deleted successfully!', storeStats: writeAnswer(lonely, 0).storeStats });
    const { user } = renderAt('/ratings?sort=store&page=3', { api });
    const article = await findRow('Last Page Store');
    await user.click(deleteButton(article, 'Last Page Store'));
    api.users.ratings.mockImplementation(async (query) =>
      query?.page === 3
        ? myRatingsResponse([], { total: 20, page: 3 })
        : myRatingsResponse([makeMyRating(20, { store_name: 'Page Two Store' })], { total: 20, page: 2 }),
    );
    await user.click(confirmButton());

    expect(await screen.findByText('Rating deleted successfully!')).toBeInTheDocument();
    expect(await findRow('Page Two Store')).toBeInTheDocument();
    expect(currentQuery()).toEqual({ sort: 'store', page: '2' });
    expect(api.users.ratings).toHaveBeenLastCalledWith({ page: 2, limit: 10, sortBy: 'store_name', sortOrder: 'asc' });
  });

  it("a failing delete toasts 'Failed to delete rating' and keeps the row", async () => {
    const api = apiWith(myRatingsResponse([FIRST]));
    api.ratings.remove.mockRejectedValue(httpError(500));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderAt('/ratings', { api });
    const article = await findRow('Green Basket Organic Grocers');
    await user.click(deleteButton(article, 'Green Basket Organic Grocers'));
    await user.click(confirmButton());

    expect(await screen.findByText('Failed to delete rating')).toBeInTheDocument();
    expect(row('Green Basket Organic Grocers')).toBeInTheDocument();
    expect(deleteButton(article, 'Green Basket Organic Grocers')).toBeEnabled();
    expect(screen.queryByText('Rating deleted successfully!')).not.toBeInTheDocument();
  });
});
