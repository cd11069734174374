// Helpful votes and reports on the store page, from the reader's side: a reader marks someone else's
// rating helpful and takes it back (the count follows the answer), never their own; "Most helpful"
// orders the reviews; Report asks for a reason, sends it and says so, once; the reply can be reported
// too; the reader's own rating, when a moderator hid it, says so and offers no vote or report.
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import {
  createFakeApi,
  httpError,
  makeOwnRating,
  makeStoreDetail,
  makeStoreRating,
  makeUser,
  ratingsResponse,
  renderAt,
} from './render-helpers';

const READER = makeUser('normal_user', { id: 7, name: 'Riya Reader Sharma' });

function apiFor({ mine = null }: { mine?: ReturnType<typeof makeOwnRating> | null } = {}) {
  const api = createFakeApi();
  api.stores.get.mockResolvedValue({ store: makeStoreDetail() });
  api.stores.ratings.mockResolvedValue(
    ratingsResponse([
      makeStoreRating(1, {
        user_name: 'Asha Rao',
        comment: 'Lovely bread',
        helpful_count: 2,
        reply: {
          body: 'Thanks!',
          store_name: 'Green Basket Organic Grocers',
          created_at: '2024-03-06T09:00:00.000Z',
          updated_at: '2024-03-06T09:00:00.000Z',
        },
      }),
      makeStoreRating(2, { user_name: 'Ben Ito', comment: 'Too busy' }),
      ...(mine ? [makeStoreRating(mine.id, { user_name: READER.name, rating: mine.rating, comment: mine.comment, helpful_count: 4 })] : []),
    ]),
  );
  api.ratings.mine.mockResolvedValue({ rating: mine });
  return api;
}

const review = (name: RegExp) => screen.getByRole('article', { name });

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('helpful votes', () => {
  it('marks a rating helpful: the button is pressed and shows the count the API answered; pressing again takes it back', async () => {
    const api = apiFor();
    api.ratings.markHelpful.mockResolvedValue({ message: MESSAGES.helpfulVoted, helpful_count: 3, voted_helpful: true });
    api.ratings.unmarkHelpful.mockResolvedValue({ message: MESSAGES.helpfulRemoved, helpful_count: 2, voted_helpful: false });
    const { user } = renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Lovely bread');
    const button = within(review(/^Asha Rao/)).getByRole('button', { name: 'Helpful (2) for the rating by Asha Rao' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    expect(api.ratings.markHelpful).toHaveBeenCalledWith(1);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveAccessibleName('Helpful (3) for the rating by Asha Rao');

    await user.click(button);
    expect(api.ratings.unmarkHelpful).toHaveBeenCalledWith(1);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(button).toHaveAccessibleName('Helpful (2) for the rating by Asha Rao');
  });

  it('a failed vote toasts "Failed to save your vote" and leaves the count as it was', async () => {
    const api = apiFor();
    api.ratings.markHelpful.mockRejectedValue(httpError(500));
    const { user } = renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Lovely bread');
    const button = within(review(/^Asha Rao/)).getByRole('button', { name: /^Helpful/ });
    await user.click(button);
    expect(await screen.findByText(MESSAGES.helpfulVoteFailed)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleName('Helpful (2) for the rating by Asha Rao');
  });

  it("the reader's own rating shows how many found it helpful, with no vote or report button", async () => {
    renderAt('/stores/42', { api: apiFor({ mine: makeOwnRating({ id: 500, rating: 3, comment: 'Decent' }) }), user: READER });
    const mine = await screen.findByRole('article', { name: 'Your rating, 3 stars' });
    expect(within(mine).getByText('4 people found this helpful')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /helpful|report/i })).not.toBeInTheDocument();
  });

  it('"Most helpful" asks the API for the most helpful first', async () => {
    const api = apiFor();
    const { user } = renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Lovely bread');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort reviews' }), 'Most helpful');
    await waitFor(() =>
      expect(api.stores.ratings).toHaveBeenLastCalledWith('42', expect.objectContaining({ sortBy: 'helpful', sortOrder: 'desc' })),
    );
  });
});

describe('reports', () => {
  it('Report asks why: sending without a reason says "Please choose a reason"; with one it thanks the reader and the button says Reported', async () => {
    const api = apiFor();
    api.ratings.report.mockResolvedValue({ message: MESSAGES.reportSent });
    const { user } = renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Too busy');
    await user.click(within(review(/^Ben Ito/)).getByRole('button', { name: 'Report rating by Ben Ito' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this rating' });

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a reason');
    expect(api.ratings.report).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(api.ratings.report).toHaveBeenCalledWith(2, { target: 'rating', reason: 'spam' });
    expect(await within(dialog).findByText(MESSAGES.reportSent)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const reported = within(review(/^Ben Ito/)).getByRole('button', { name: 'Reported rating by Ben Ito' });
    expect(reported).toBeDisabled();
  });

  it('a rating the reader reported before: the API\'s 409 reads "You have already reported this"', async () => {
    const api = apiFor();
    api.ratings.report.mockRejectedValue(httpError(409, MESSAGES.alreadyReported));
    const { user } = renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Too busy');
    await user.click(within(review(/^Ben Ito/)).getByRole('button', { name: 'Report rating by Ben Ito' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this rating' });
    await user.click(within(dialog).getByRole('radio', { name: 'Fake or a conflict of interest' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(MESSAGES.alreadyReported)).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it('a failure keeps the dialog and the chosen reason, and says what went wrong', async () => {
    const api = apiFor();
    api.ratings.report.mockRejectedValue(httpError(503));
    const { user } = renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Too busy');
    await user.click(within(review(/^Ben Ito/)).getByRole('button', { name: 'Report rating by Ben Ito' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this rating' });
    await user.click(within(dialog).getByRole('radio', { name: 'Not about this store' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.reportFailed);
    expect(within(dialog).getByRole('radio', { name: 'Not about this store' })).toBeChecked();
  });

  it("the owner's reply has its own Report, sent as a report of the reply", async () => {
    const api = apiFor();
    api.ratings.report.mockResolvedValue({ message: MESSAGES.reportSent });
    const { user } = renderAt('/stores/42', { api, user: READER });
    await screen.findByText('Thanks!');
    await user.click(within(review(/^Asha Rao/)).getByRole('button', { name: 'Report reply to Asha Rao' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this reply' });
    await user.click(within(dialog).getByRole('radio', { name: 'Offensive or abusive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(api.ratings.report).toHaveBeenCalledWith(1, { target: 'reply', reason: 'offensive' });
  });

  it("the store's owner can report ratings of their store but not their own replies", async () => {
    const owner = makeUser('store_owner', { id: 99, name: 'Oscar Owner' });
    const api = apiFor();
    api.stores.get.mockResolvedValue({ store: makeStoreDetail({ owner_id: 99 }) });
    renderAt('/stores/42', { api, user: owner });
    await screen.findByText('Thanks!');
    expect(within(review(/^Asha Rao/)).getByRole('button', { name: 'Report rating by Asha Rao' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report reply/ })).not.toBeInTheDocument();
  });
});

describe('a hidden rating', () => {
  it('its author sees it pinned and marked hidden by a moderator, without votes or reports', async () => {
    const hidden = makeOwnRating({ id: 500, rating: 1, comment: 'Never again', hidden: true });
    const api = apiFor();
    api.ratings.mine.mockResolvedValue({ rating: hidden });
    renderAt('/stores/42', { api, user: READER });
    const mine = await screen.findByRole('article', { name: 'Your rating, 1 star' });
    expect(within(mine).getByText(/A moderator hid this rating: only you can see it/)).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /helpful|report/i })).not.toBeInTheDocument();
  });
});
