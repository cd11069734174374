// Owner replies on the store page, from the user's side: every reader sees a reply under its rating; the
// store's owner replies, edits and deletes (after a confirmation) in place, with the same rules and
// messages as the API; an admin can remove a reply; a failure toasts and keeps what was written.
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Reply } from 'shared-contracts';
import { createFakeApi, httpError, makeStoreDetail, makeStoreRating, makeUser, ratingsResponse, renderAt } from './render-helpers';

const OWNER = makeUser('store_owner', { id: 99, name: 'Oscar Owner Fitzgerald' });
const REPLY: Reply = {
  body: 'Thank you, see you soon!',
  store_name: 'Green Basket Organic Grocers',
  created_at: '2024-03-06T09:00:00.000Z',
  updated_at: '2024-03-06T09:00:00.000Z',
};

/** The store's ratings as the server has them: Asha Rao's (with `reply`) and Ben Ito's. */
function serverHas(api: ReturnType<typeof createFakeApi>, reply: Reply | null) {
  api.stores.ratings.mockResolvedValue(
    ratingsResponse([
      makeStoreRating(1, { user_name: 'Asha Rao', comment: 'Lovely bread', reply }),
      makeStoreRating(2, { user_name: 'Ben Ito' }),
    ]),
  );
}

function apiFor(reply: Reply | null = null) {
  const api = createFakeApi();
  api.stores.get.mockResolvedValue({ store: makeStoreDetail() });
  serverHas(api, reply);
  api.ratings.mine.mockResolvedValue({ rating: null });
  return api;
}

const review = (name: RegExp) => screen.getByRole('article', { name });

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('store page replies: reading', () => {
  it("shows the owner's reply under its rating, signed with the store's name and dated, and offers a customer no reply controls", async () => {
    renderAt('/stores/42', { api: apiFor(REPLY), user: makeUser('normal_user') });
    await screen.findByText('Lovely bread');
    const asha = review(/^Asha Rao/);
    expect(within(asha).getByText('Reply from Green Basket Organic Grocers')).toBeInTheDocument();
    expect(within(asha).getByText('Thank you, see you soon!')).toBeInTheDocument();
    expect(within(asha).getByText('Mar 6, 2024')).toBeInTheDocument();
    // Reporting the reply is every reader's; writing, editing and removing it are not a customer's.
    expect(screen.queryByRole('button', { name: /^(reply|edit reply|delete reply|remove reply)/i })).not.toBeInTheDocument();
  });
});

describe('store page replies: the store owner', () => {
  it('replies in place: the field takes focus, a blank reply says "Please write a reply", Post reply toasts and shows it', async () => {
    const api = apiFor();
    api.ratings.reply.mockResolvedValue({ message: MESSAGES.replyPosted, reply: { ...REPLY, body: 'Thanks for the kind words' } });
    const { user } = renderAt('/stores/42', { api, user: OWNER });
    await screen.findByText('Lovely bread');
    expect(within(review(/^Ben Ito/)).getByRole('button', { name: 'Reply to Ben Ito' })).toBeInTheDocument();

    await user.click(within(review(/^Asha Rao/)).getByRole('button', { name: 'Reply to Asha Rao' }));
    const field = screen.getByRole('textbox', { name: 'Your reply to Asha Rao' });
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write a reply');
    expect(api.ratings.reply).not.toHaveBeenCalled();

    await user.type(field, '  Thanks for the kind words  ');
    serverHas(api, { ...REPLY, body: 'Thanks for the kind words' });
    await user.click(screen.getByRole('button', { name: 'Post reply' }));

    expect(api.ratings.reply).toHaveBeenCalledWith(1, { reply: 'Thanks for the kind words' });
    expect(await screen.findByText(MESSAGES.replyPosted)).toBeInTheDocument();
    const asha = review(/^Asha Rao/);
    await waitFor(() => expect(within(asha).getByText('Thanks for the kind words')).toBeInTheDocument());
    expect(within(asha).getByRole('button', { name: 'Edit reply to Asha Rao' })).toHaveFocus();
  });

  it('Edit reply starts from the reply, Update reply sends the change; Cancel changes nothing', async () => {
    const api = apiFor(REPLY);
    api.ratings.reply.mockResolvedValue({ message: MESSAGES.replyUpdated, reply: { ...REPLY, body: 'Thank you, come again!' } });
    const { user } = renderAt('/stores/42', { api, user: OWNER });
    await screen.findByText('Lovely bread');

    await user.click(screen.getByRole('button', { name: 'Edit reply to Asha Rao' }));
    expect(screen.getByRole('textbox', { name: 'Your reply to Asha Rao' })).toHaveValue(REPLY.body);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(REPLY.body)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit reply to Asha Rao' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit reply to Asha Rao' }));
    const field = screen.getByRole('textbox', { name: 'Your reply to Asha Rao' });
    await user.clear(field);
    await user.type(field, 'Thank you, come again!');
    serverHas(api, { ...REPLY, body: 'Thank you, come again!' });
    await user.click(screen.getByRole('button', { name: 'Update reply' }));
    expect(api.ratings.reply).toHaveBeenCalledWith(1, { reply: 'Thank you, come again!' });
    expect(await screen.findByText(MESSAGES.replyUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Thank you, come again!')).toBeInTheDocument());
  });

  it('Delete reply asks first; Delete removes it and toasts', async () => {
    const api = apiFor(REPLY);
    api.ratings.removeReply.mockResolvedValue({ message: MESSAGES.replyDeleted });
    const { user } = renderAt('/stores/42', { api, user: OWNER });
    await screen.findByText(REPLY.body);

    await user.click(screen.getByRole('button', { name: 'Delete reply to Asha Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete reply' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this reply?');
    serverHas(api, null);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(api.ratings.removeReply).toHaveBeenCalledWith(1);
    expect(await screen.findByText(MESSAGES.replyDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(REPLY.body)).not.toBeInTheDocument());
    await waitFor(() => expect(within(review(/^Asha Rao/)).getByRole('button', { name: 'Reply to Asha Rao' })).toHaveFocus());
  });

  it("toasts 'Failed to save reply' when the API refuses, and keeps the form with its text", async () => {
    const api = apiFor();
    api.ratings.reply.mockRejectedValue(httpError(500, 'Internal server error'));
    const { user } = renderAt('/stores/42', { api, user: OWNER });
    await screen.findByText('Lovely bread');
    await user.click(screen.getByRole('button', { name: 'Reply to Asha Rao' }));
    await user.type(screen.getByRole('textbox', { name: 'Your reply to Asha Rao' }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText(MESSAGES.saveReplyFailed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your reply to Asha Rao' })).toHaveValue('Thanks!');
  });
});

describe('store page replies: an admin', () => {
  it('can remove a reply (after a confirmation) but not write one', async () => {
    const api = apiFor(REPLY);
    api.ratings.removeReply.mockResolvedValue({ message: MESSAGES.replyDeleted });
    const { user } = renderAt('/stores/42', { api, user: makeUser('system_admin', { id: 1 }) });
    await screen.findByText(REPLY.body);
    expect(screen.queryByRole('button', { name: /^Reply to|^Edit reply/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove reply to Asha Rao' }));
    serverHas(api, null);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete reply' })).getByRole('button', { name: 'Delete' }));
    expect(api.ratings.removeReply).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByText(REPLY.body)).not.toBeInTheDocument());
  });
});
