// The moderation queue (/admin/moderation) from the admin's side: the reported ratings and replies
// with their counts by reason; hiding, restoring, dismissing and (after a confirmation) removing; the
// resolved list; empty, loading-failure and paging states.
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type ModerationItem, type ModerationQueueResponse } from 'shared-contracts';
import { httpError } from 'shared-contracts/testing';
import { createFakeApi, currentLocation, renderAt, toastTexts } from './render-helpers';

function makeItem(ratingId: number, overrides: Partial<ModerationItem> = {}): ModerationItem {
  return {
    rating_id: ratingId,
    target: 'rating',
    store_id: 40 + ratingId,
    store_name: `Corner Bakery ${ratingId}`,
    author_name: `Reviewer ${ratingId}`,
    rating: 1,
    comment: `Buy cheap watches at example.com ${ratingId}`,
    rating_created_at: '2024-05-01T10:00:00.000Z',
    reply: null,
    hidden: false,
    reports: 3,
    reasons: { spam: 2, offensive: 1, off_topic: 0, fake: 0, personal: 0 },
    first_reported_at: '2024-05-02T10:00:00.000Z',
    last_reported_at: '2024-05-03T10:00:00.000Z',
    resolution: null,
    resolved_at: null,
    ...overrides,
  };
}

function queue(items: ModerationItem[], overrides: Partial<ModerationQueueResponse> = {}): ModerationQueueResponse {
  const reports = items.reduce((n, i) => n + i.reports, 0);
  return { items, open_reports: reports, open_items: items.length, total: items.length, page: 1, limit: 20, totalPages: 1, ...overrides };
}

const card = (name: RegExp) => screen.getByRole('article', { name });

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('the moderation queue', () => {
  it('lists each reported rating and reply with its store, text, reasons counted and how many open reports there are', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockResolvedValue(
      queue([
        makeItem(1),
        makeItem(2, {
          target: 'reply',
          comment: 'Rude staff',
          reply: { body: 'You are wrong and stupid', created_at: '2024-05-01T12:00:00.000Z' },
          reports: 1,
          reasons: { spam: 0, offensive: 0, off_topic: 0, fake: 0, personal: 1 },
        }),
      ]),
    );
    renderAt('/admin/moderation', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(await screen.findByText('4 open reports on 2 ratings and replies.')).toBeInTheDocument();
    expect(api.admin.moderation).toHaveBeenCalledWith({ status: 'open', page: 1 });

    const rating = card(/^Rating on Corner Bakery 1/);
    expect(within(rating).getByRole('link', { name: 'Corner Bakery 1' })).toHaveAttribute('href', '/stores/41');
    expect(within(rating).getByText('Buy cheap watches at example.com 1')).toBeInTheDocument();
    expect(within(rating).getByText('3 reports')).toBeInTheDocument();
    const reasons = within(rating).getByRole('list', { name: 'Reasons given' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Spam or advertising: 2', 'Offensive or abusive: 1']);
    expect(within(rating).getByRole('button', { name: 'Hide rating: rating by Reviewer 1' })).toBeInTheDocument();

    const reply = card(/^Reply on Corner Bakery 2/);
    expect(within(reply).getByText('You are wrong and stupid')).toBeInTheDocument();
    expect(within(reply).queryByRole('button', { name: /^Hide/ })).not.toBeInTheDocument();
    expect(within(reply).getByRole('button', { name: "Remove reply: reply to Reviewer 2's rating" })).toBeInTheDocument();
  });

  it('Hide rating hides it, toasts the answer and asks for the queue again', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockResolvedValueOnce(queue([makeItem(1)])).mockResolvedValue(queue([]));
    api.admin.hideRating.mockResolvedValue({ message: MESSAGES.ratingHidden });
    const { user } = renderAt('/admin/moderation', { api });
    await user.click(await screen.findByRole('button', { name: 'Hide rating: rating by Reviewer 1' }));
    expect(api.admin.hideRating).toHaveBeenCalledWith(1);
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.ratingHidden));
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open reports' })).toHaveFocus();
  });

  it('Dismiss reports of a reply dismisses the reply’s reports only', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockResolvedValue(
      queue([makeItem(5, { target: 'reply', reply: { body: 'Go away', created_at: '2024-05-01T12:00:00.000Z' } })]),
    );
    api.admin.dismissReports.mockResolvedValue({ message: MESSAGES.reportsDismissed });
    const { user } = renderAt('/admin/moderation', { api });
    await user.click(await screen.findByRole('button', { name: "Dismiss reports: reply to Reviewer 5's rating" }));
    expect(api.admin.dismissReports).toHaveBeenCalledWith(5, { target: 'reply' });
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.reportsDismissed));
  });

  it('Remove rating asks first: Cancel removes nothing, Remove deletes the rating', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockResolvedValue(queue([makeItem(1)]));
    api.ratings.remove.mockResolvedValue({
      message: MESSAGES.ratingDeleted,
      storeStats: { average_rating: 0, total_ratings: 0, rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } },
    });
    const { user } = renderAt('/admin/moderation', { api });
    await user.click(await screen.findByRole('button', { name: 'Remove rating: rating by Reviewer 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove rating' });
    expect(dialog).toHaveTextContent('Remove this rating for good? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.ratings.remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove rating: rating by Reviewer 1' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove rating' })).getByRole('button', { name: 'Remove' }));
    expect(api.ratings.remove).toHaveBeenCalledWith(1);
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.ratingDeleted));
  });

  it('a refused action toasts the server’s reason', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockResolvedValue(queue([makeItem(1)]));
    api.admin.dismissReports.mockRejectedValue(httpError(404, MESSAGES.nothingToModerate));
    const { user } = renderAt('/admin/moderation', { api });
    await user.click(await screen.findByRole('button', { name: 'Dismiss reports: rating by Reviewer 1' }));
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.nothingToModerate));
  });

  it('Resolved lists what was acted on, with what was done; a hidden rating can be restored there', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockImplementation(async (query) =>
      query?.status === 'resolved'
        ? queue([makeItem(7, { hidden: true, resolution: 'hidden', resolved_at: '2024-05-04T10:00:00.000Z' })], {
            open_reports: 0,
            open_items: 0,
          })
        : queue([], { open_reports: 0, open_items: 0 }),
    );
    api.admin.restoreRating.mockResolvedValue({ message: MESSAGES.ratingRestored });
    const { user } = renderAt('/admin/moderation', { api });
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect(screen.getByText('No open reports.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(screen.getByRole('button', { name: 'Resolved' })).toHaveAttribute('aria-pressed', 'true');
    expect(currentLocation()).toBe('/admin/moderation?status=resolved');
    const item = await screen.findByRole('article', { name: /^Rating on Corner Bakery 7/ });
    expect(within(item).getByText('Hidden')).toBeInTheDocument();
    expect(within(item).getByText(/Rating hidden/)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Dismiss/ })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Restore rating: rating by Reviewer 7' }));
    expect(api.admin.restoreRating).toHaveBeenCalledWith(7);
  });

  it('a queue that could not be loaded says so and tries again', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockRejectedValueOnce(httpError(503)).mockResolvedValue(queue([makeItem(1)]));
    const { user } = renderAt('/admin/moderation', { api });
    expect(await screen.findByText('The moderation queue could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /^Rating on Corner Bakery 1/ })).toBeInTheDocument();
  });

  it('pages: the next page is asked for and kept in the address', async () => {
    const api = createFakeApi();
    api.admin.moderation.mockImplementation(async (query) =>
      queue([makeItem(query?.page === 2 ? 21 : 1)], { total: 25, totalPages: 2, page: query?.page ?? 1, open_items: 25, open_reports: 75 }),
    );
    const { user } = renderAt('/admin/moderation', { api });
    await screen.findByRole('article', { name: /^Rating on Corner Bakery 1\b/ });
    await user.click(within(screen.getByRole('navigation', { name: 'Moderation queue pages' })).getByRole('button', { name: '2' }));
    expect(await screen.findByRole('article', { name: /^Rating on Corner Bakery 21/ })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/moderation?page=2');
  });
});
