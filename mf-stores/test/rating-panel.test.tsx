// The rating panel of the store page (spec §4): add, edit, cancel, delete, validation, toasts, and the
// store's figures and ratings list following each write.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Rating, RatingWriteResponse, StoreStats } from 'shared-contracts';
import type { FakeApi } from './render-helpers';
import { createFakeApi, httpError, makeOwnRating, makeStoreDetail, makeStoreRating, ratingsResponse, renderAt } from './render-helpers';

const STATS_AFTER_ADD: StoreStats = {
  average_rating: 4.33,
  total_ratings: 6,
  rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 4, '5': 2 },
};

function apiWithRating(mine: Rating | null) {
  const api = createFakeApi();
  api.stores.get.mockResolvedValue({ store: makeStoreDetail() });
  api.stores.ratings.mockResolvedValue(ratingsResponse([makeStoreRating(1, { comment: 'An older review' })], { total: 1 }));
  api.ratings.mine.mockResolvedValue({ rating: mine });
  return api;
}

/**
 * What the fake server answers from now on, after a write: the store with its new figures and my rating
 * as it now is (the page asks again for everything a rating shows once a write succeeds).
 */
function serverNow(api: FakeApi, mine: Rating | null, stats: StoreStats) {
  api.stores.get.mockResolvedValue({ store: makeStoreDetail({ ...stats }) });
  api.ratings.mine.mockResolvedValue({ rating: mine });
}

function writeAnswer(rating: Rating, stats: StoreStats = STATS_AFTER_ADD, message = 'Rating submitted successfully!'): RatingWriteResponse {
  return { message, rating, storeStats: stats };
}

const panel = (name: 'Rate This Store' | 'Update Your Rating') => screen.findByRole('region', { name });
const radio = (n: number) => screen.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` });
const comment = () => screen.getByRole('textbox', { name: /Comment/ });
const summary = () => screen.getByRole('region', { name: 'Rating summary' });

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  logged.mockRestore();
  jest.restoreAllMocks();
});

describe("rating panel: while the reader's own rating loads", () => {
  it("the page keeps its skeleton until the reader's rating is there, then shows the store with the panel in its final size", async () => {
    const api = apiWithRating(makeOwnRating({ rating: 4, comment: 'Good coffee' }));
    let answerMine: (value: { rating: Rating | null }) => void = () => undefined;
    api.ratings.mine.mockReturnValue(new Promise((resolve) => (answerMine = resolve)));
    renderAt('/stores/42', { api });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading store…');
    await waitFor(() => expect(api.stores.get).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    answerMine({ rating: makeOwnRating({ rating: 4, comment: 'Good coffee' }) });
    const view = await panel('Update Your Rating');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(view).getByText('Good coffee')).toBeInTheDocument();
  });
});

describe('rating panel: a new rating', () => {
  it("'Add Rating' opens the form: 5 stars chosen, empty comment, Submit and Cancel, no Delete", async () => {
    const { user } = renderAt('/stores/42', { api: apiWithRating(null) });
    const view = await panel('Rate This Store');
    await user.click(within(view).getByRole('button', { name: 'Add Rating' }));
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    expect(radio(5)).toBeChecked();
    expect(radio(5)).toHaveFocus();
    expect(comment()).toHaveValue('');
    expect(screen.getByText('0 / 500 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Rating' })).not.toBeInTheDocument();
  });

  it('submits stars and comment (201), toasts, shows my rating, and updates figures, histogram and list', async () => {
    const api = apiWithRating(null);
    const created = makeOwnRating({ id: 900, rating: 4, comment: 'Fresh vegetables', updated_at: '2024-07-01T10:00:00.000Z' });
    api.ratings.submit.mockResolvedValue(writeAnswer(created));
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' }));
    await user.click(radio(4));
    await user.type(comment(), '  Fresh vegetables ');

    api.stores.ratings.mockResolvedValue(
      ratingsResponse(
        [makeStoreRating(900, { user_name: 'Carla Customer Montgomery', rating: 4, comment: 'Fresh vegetables' }), makeStoreRating(1)],
        { total: 2 },
      ),
    );
    serverNow(api, created, STATS_AFTER_ADD);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Rating submitted successfully!')).toBeInTheDocument();
    expect(api.ratings.submit).toHaveBeenCalledWith(42, { rating: 4, comment: 'Fresh vegetables' });
    const view = await panel('Update Your Rating');
    expect(within(view).getByRole('img', { name: 'Your rating: 4 stars out of 5' })).toBeInTheDocument();
    expect(within(view).getByText('Fresh vegetables')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Edit Rating' })).toHaveFocus();

    expect(within(summary()).getByText('4.3')).toBeInTheDocument();
    expect(within(summary()).getByText('Based on 6 ratings')).toBeInTheDocument();
    expect(within(summary()).getByText('4 stars: 4 ratings')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'All Ratings (2)' })).toBeInTheDocument());
    expect(api.stores.ratings).toHaveBeenCalledTimes(2);
    expect(api.stores.ratings).toHaveBeenLastCalledWith('42', { page: 1, limit: 50 });
  });

  it('sends no comment as null, and can be used with the keyboard alone', async () => {
    const api = apiWithRating(null);
    api.ratings.submit.mockResolvedValue(writeAnswer(makeOwnRating({ rating: 3, comment: null })));
    const { user } = renderAt('/stores/42', { api });
    const add = within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' });
    add.focus();
    await user.keyboard('{Enter}');
    expect(radio(5)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(radio(3)).toBeChecked();
    expect(screen.getByText('3/5 · Average')).toBeInTheDocument();
    // Tab moves on: Clear, the comment, then Submit.
    await user.tab();
    await user.tab();
    expect(comment()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Rating submitted successfully!')).toBeInTheDocument();
    expect(api.ratings.submit).toHaveBeenCalledWith(42, { rating: 3, comment: null });
  });

  it("with no star chosen, Submit says 'Please select a rating' and sends nothing", async () => {
    const api = apiWithRating(null);
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' }));
    await user.click(screen.getByRole('button', { name: 'Clear star selection' }));
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a rating');
    expect(screen.getAllByText('Please select a rating')).toHaveLength(1); // inline only, not as a toast too
    expect(screen.getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription('Please select a rating');
    expect(api.ratings.submit).not.toHaveBeenCalled();
    await user.click(radio(2));
    expect(radio(2)).toBeChecked();
  });

  it('counts the comment live, and stops it at 500 characters', async () => {
    const api = apiWithRating(null);
    api.ratings.submit.mockResolvedValue(writeAnswer(makeOwnRating({ comment: 'x'.repeat(500) })));
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' }));
    await user.type(comment(), 'Hello');
    expect(screen.getByText('5 / 500 characters')).toBeInTheDocument();
    expect(comment()).toHaveAttribute('maxlength', '500');
    expect(comment()).toHaveAccessibleDescription('5 / 500 characters');

    fireEvent.change(comment(), { target: { value: 'y'.repeat(620) } });
    expect((comment() as HTMLTextAreaElement).value).toHaveLength(500);
    expect(screen.getByText('500 / 500 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Rating submitted successfully!');
    expect(api.ratings.submit).toHaveBeenCalledWith(42, { rating: 5, comment: 'y'.repeat(500) });
  });

  it("toasts 'Failed to submit rating' when the API refuses, and keeps the form as it was", async () => {
    const api = apiWithRating(null);
    api.ratings.submit.mockRejectedValue(httpError(500, 'Internal server error'));
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' }));
    await user.click(radio(2));
    await user.type(comment(), 'Slow service');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit rating')).toBeInTheDocument();
    expect(radio(2)).toBeChecked();
    expect(comment()).toHaveValue('Slow service');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByText('Rating submitted successfully!')).not.toBeInTheDocument();
  });

  it("says 'Rating updated successfully!' when the API updated an earlier rating it had not shown", async () => {
    const api = apiWithRating(null);
    api.ratings.mine.mockRejectedValue(httpError(500));
    api.ratings.submit.mockResolvedValue(writeAnswer(makeOwnRating({ rating: 5 }), STATS_AFTER_ADD, 'Rating updated successfully!'));
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Rating updated successfully!')).toBeInTheDocument();
    expect(await panel('Update Your Rating')).toBeInTheDocument();
  });
});

describe('rating panel: my existing rating', () => {
  const mine = makeOwnRating({ id: 500, rating: 3, comment: 'Decent, but nothing special.' });

  it("'Edit Rating' opens the form with my stars and comment, Update, Cancel and Delete Rating", async () => {
    const { user } = renderAt('/stores/42', { api: apiWithRating(mine) });
    await user.click(within(await panel('Update Your Rating')).getByRole('button', { name: 'Edit Rating' }));
    expect(radio(3)).toBeChecked();
    expect(comment()).toHaveValue('Decent, but nothing special.');
    expect(screen.getByText('28 / 500 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Rating' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('Update sends the new values for my rating id and toasts', async () => {
    const api = apiWithRating(mine);
    const updated = { ...mine, rating: 5, comment: 'Much better now' };
    api.ratings.update.mockResolvedValue(writeAnswer(updated, { ...STATS_AFTER_ADD, average_rating: 4.8 }, 'Rating updated successfully!'));
    serverNow(api, updated, { ...STATS_AFTER_ADD, average_rating: 4.8 });
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Update Your Rating')).getByRole('button', { name: 'Edit Rating' }));
    await user.click(radio(5));
    await user.clear(comment());
    await user.type(comment(), 'Much better now');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Rating updated successfully!')).toBeInTheDocument();
    expect(api.ratings.update).toHaveBeenCalledWith(500, { rating: 5, comment: 'Much better now' });
    expect(api.ratings.submit).not.toHaveBeenCalled();
    const view = await panel('Update Your Rating');
    expect(within(view).getByRole('img', { name: 'Your rating: 5 stars out of 5' })).toBeInTheDocument();
    expect(within(view).getByText('Much better now')).toBeInTheDocument();
    expect(within(summary()).getByText('4.8')).toHaveAttribute('data-band', 'excellent');
    expect(within(summary()).getByText('Excellent')).toBeInTheDocument();
    await waitFor(() => expect(api.stores.ratings).toHaveBeenCalledTimes(2));
  });

  it("a failing update toasts 'Failed to submit rating'", async () => {
    const api = apiWithRating(mine);
    api.ratings.update.mockRejectedValue(httpError(404, 'Rating not found'));
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Update Your Rating')).getByRole('button', { name: 'Edit Rating' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to submit rating')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('Cancel goes back to the view and restores my values', async () => {
    const api = apiWithRating(mine);
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Update Your Rating')).getByRole('button', { name: 'Edit Rating' }));
    await user.click(radio(1));
    await user.clear(comment());
    await user.type(comment(), 'Changed my mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const view = await panel('Update Your Rating');
    expect(within(view).getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toBeInTheDocument();
    expect(within(view).getByText('Decent, but nothing special.')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Edit Rating' })).toHaveFocus();
    await user.click(within(view).getByRole('button', { name: 'Edit Rating' }));
    expect(radio(3)).toBeChecked();
    expect(comment()).toHaveValue('Decent, but nothing special.');
    expect(api.ratings.update).not.toHaveBeenCalled();
  });

  it('Cancel on a new rating goes back to Add Rating, and the form opens fresh again', async () => {
    const { user } = renderAt('/stores/42', { api: apiWithRating(null) });
    await user.click(within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' }));
    await user.click(radio(2));
    await user.type(comment(), 'draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await panel('Rate This Store')).getByRole('button', { name: 'Add Rating' }));
    expect(radio(5)).toBeChecked();
    expect(comment()).toHaveValue('');
  });

  it('Delete Rating asks first, then deletes, toasts, updates the figures, and resets the form to 5 stars', async () => {
    const api = apiWithRating(mine);
    const emptyStats: StoreStats = {
      average_rating: 4.5,
      total_ratings: 4,
      rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 2 },
    };
    api.ratings.remove.mockResolvedValue({ message: 'Rating deleted successfully!', storeStats: emptyStats });
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Update Your Rating')).getByRole('button', { name: 'Edit Rating' }));
    api.stores.ratings.mockResolvedValue(ratingsResponse([], { total: 0 }));
    serverNow(api, null, emptyStats);
    await user.click(screen.getByRole('button', { name: 'Delete Rating' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete rating' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete your rating?');
    expect(api.ratings.remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Rating deleted successfully!')).toBeInTheDocument();
    expect(api.ratings.remove).toHaveBeenCalledWith(500);
    const view = await panel('Rate This Store');
    expect(within(summary()).getByText('4.5')).toBeInTheDocument();
    expect(within(summary()).getByText('Based on 4 ratings')).toBeInTheDocument();
    expect(await screen.findByText('No ratings yet. Be the first to rate this store.')).toBeInTheDocument();

    await user.click(within(view).getByRole('button', { name: 'Add Rating' }));
    expect(radio(5)).toBeChecked();
    expect(comment()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('Delete Rating does nothing when the confirmation is declined', async () => {
    const api = apiWithRating(mine);
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Update Your Rating')).getByRole('button', { name: 'Edit Rating' }));
    await user.click(screen.getByRole('button', { name: 'Delete Rating' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete rating' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.ratings.remove).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete Rating' })).toBeInTheDocument();
  });

  it("a failing delete toasts 'Failed to delete rating' and keeps my rating", async () => {
    const api = apiWithRating(mine);
    api.ratings.remove.mockRejectedValue(httpError(500));
    const { user } = renderAt('/stores/42', { api });
    await user.click(within(await panel('Update Your Rating')).getByRole('button', { name: 'Edit Rating' }));
    await user.click(screen.getByRole('button', { name: 'Delete Rating' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete rating' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete rating')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Rating' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await panel('Update Your Rating')).toBeInTheDocument();
  });
});
