// Replying from the owner dashboard's ratings table, from the owner's side: Reply opens the reply form in
// a dialog with the rating it answers; a blank reply is refused with the API's message; Post reply toasts,
// closes and refreshes the table, which then shows the reply; Edit reply starts from it; Delete reply asks
// first; a failure toasts and keeps the dialog with its text.
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Reply } from 'shared-contracts';
import { createFakeApi, dashboardResponse, httpError, makeRating, makeStore, renderDashboard } from './render-helpers';

const STORES = [makeStore(1, { name: 'Harbour Books', average_rating: 4, total_ratings: 1 })];
const REPLY: Reply = {
  body: 'Thank you, Meera!',
  store_name: 'Harbour Books',
  created_at: '2026-05-21T08:00:00.000Z',
  updated_at: '2026-05-21T08:00:00.000Z',
};

/** The dashboard as the server has it: Meera's rating, with `reply`. */
function serverHas(api: ReturnType<typeof createFakeApi>, reply: Reply | null) {
  api.owner.dashboard.mockResolvedValue(
    dashboardResponse(STORES, [
      makeRating(11, { user_name: 'Meera Krishnan Nair', store_name: 'Harbour Books', rating: 5, comment: 'Great selection', reply }),
    ]),
  );
}

function apiWith(reply: Reply | null = null) {
  const api = createFakeApi();
  serverHas(api, reply);
  return api;
}

const row = () => screen.getByRole('row', { name: /Meera Krishnan Nair/ });

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('owner dashboard: replying to a rating', () => {
  it('Reply opens the form in a dialog; blank says "Please write a reply"; Post reply toasts, closes, and the row shows the reply', async () => {
    const api = apiWith();
    api.ratings.reply.mockResolvedValue({ message: MESSAGES.replyPosted, reply: REPLY });
    const { user } = renderDashboard('', { api });
    await screen.findByText('Great selection');

    await user.click(within(row()).getByRole('button', { name: 'Reply to Meera Krishnan Nair' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Meera Krishnan Nair' });
    expect(within(dialog).getByText('Harbour Books: 5 out of 5, "Great selection"')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Your reply' });
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please write a reply');
    expect(api.ratings.reply).not.toHaveBeenCalled();

    await user.type(field, 'Thank you, Meera!');
    serverHas(api, REPLY);
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));

    expect(api.ratings.reply).toHaveBeenCalledWith(11, { reply: 'Thank you, Meera!' });
    expect(await screen.findByText(MESSAGES.replyPosted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(row()).getByText('Thank you, Meera!')).toBeInTheDocument());
    expect(within(row()).getByText('Reply from Harbour Books')).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Edit reply to Meera Krishnan Nair' })).toBeInTheDocument();
  });

  it('Edit reply starts from the reply and Update reply sends the change', async () => {
    const api = apiWith(REPLY);
    api.ratings.reply.mockResolvedValue({ message: MESSAGES.replyUpdated, reply: { ...REPLY, body: 'Thanks again, Meera!' } });
    const { user } = renderDashboard('', { api });
    await screen.findByText('Thank you, Meera!');

    await user.click(within(row()).getByRole('button', { name: 'Edit reply to Meera Krishnan Nair' }));
    const field = screen.getByRole('textbox', { name: 'Your reply' });
    expect(field).toHaveValue('Thank you, Meera!');
    await user.clear(field);
    await user.type(field, 'Thanks again, Meera!');
    await user.click(screen.getByRole('button', { name: 'Update reply' }));
    expect(api.ratings.reply).toHaveBeenCalledWith(11, { reply: 'Thanks again, Meera!' });
    expect(await screen.findByText(MESSAGES.replyUpdated)).toBeInTheDocument();
  });

  it('Delete reply asks first, then deletes it and toasts; the row offers Reply again', async () => {
    const api = apiWith(REPLY);
    api.ratings.removeReply.mockResolvedValue({ message: MESSAGES.replyDeleted });
    const { user } = renderDashboard('', { api });
    await screen.findByText('Thank you, Meera!');

    await user.click(within(row()).getByRole('button', { name: 'Delete reply to Meera Krishnan Nair' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete reply' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this reply?');
    serverHas(api, null);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(api.ratings.removeReply).toHaveBeenCalledWith(11);
    expect(await screen.findByText(MESSAGES.replyDeleted)).toBeInTheDocument();
    await waitFor(() => expect(within(row()).getByRole('button', { name: 'Reply to Meera Krishnan Nair' })).toBeInTheDocument());
    expect(screen.queryByText('Thank you, Meera!')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to save reply' when the API refuses, and keeps the dialog with its text", async () => {
    const api = apiWith();
    api.ratings.reply.mockRejectedValue(httpError(500, 'Internal server error'));
    const { user } = renderDashboard('', { api });
    await screen.findByText('Great selection');
    await user.click(within(row()).getByRole('button', { name: 'Reply to Meera Krishnan Nair' }));
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText(MESSAGES.saveReplyFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reply to Meera Krishnan Nair' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue('Thanks!');
  });
});
