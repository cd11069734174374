// What every admin dialog does for keyboard and screen reader users (focus in, trapped, Escape,
// focus back), and who gets to see the admin pages at all.
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, fakeAuth, makeDashboard, makeStore, makeUser, renderAt, storePage, userPage } from './render-helpers';

function usersApi() {
  const api = createFakeApi();
  api.admin.listUsers.mockResolvedValue(userPage([makeUser(2)]));
  return api;
}

describe('admin dialogs', () => {
  it('are modal dialogs named by their title, with focus moved in', async () => {
    const { user } = renderAt('/admin/users', { api: usersApi() });
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const form = screen.getByRole('dialog', { name: 'Add User' });
    expect(form).toHaveAttribute('aria-modal', 'true');
    expect(within(form).getByLabelText(/^Name/, { selector: 'input' })).toHaveFocus();
  });

  it('keep Tab and Shift+Tab inside', async () => {
    const { user } = renderAt('/admin/users', { api: usersApi() });
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const form = screen.getByRole('dialog', { name: 'Add User' });
    const close = within(form).getByRole('button', { name: 'Close dialog' });
    const create = within(form).getByRole('button', { name: 'Create User' });
    create.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(create).toHaveFocus();
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(form).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('close on Escape and give focus back to the button that opened them', async () => {
    const { user } = renderAt('/admin/users', { api: usersApi() });
    const add = await screen.findByRole('button', { name: 'Add User' });
    await user.click(add);
    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), 'draft');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add).toHaveFocus();
  });

  it('the confirmation closes on Escape without deleting', async () => {
    const api = usersApi();
    const { user } = renderAt('/admin/users', { api });
    const remove = await screen.findByRole('button', { name: /^Delete/ });
    await user.click(remove);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.admin.deleteUser).not.toHaveBeenCalled();
    expect(remove).toHaveFocus();
  });

  it('a store dialog closes with its close button too', async () => {
    const api = createFakeApi();
    api.admin.listStores.mockResolvedValue(storePage([makeStore(1)]));
    const { user } = renderAt('/admin/stores', { api });
    const view = await screen.findByRole('button', { name: 'View details of Store number 1' });
    await user.click(view);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });
});

describe('who sees the admin pages', () => {
  it.each([
    ['/admin', 'a store owner', makeUser(3, { role: 'store_owner' })],
    ['/admin/users', 'a customer', makeUser(4)],
    ['/admin/stores', 'a store owner', makeUser(3, { role: 'store_owner' })],
    ['/admin/analytics', 'a customer', makeUser(4)],
    ['/admin/users', 'nobody signed in', null],
  ])('%s shows %s a notice, not the screen, and asks the API nothing', async (path, _who, signedIn) => {
    const api = createFakeApi();
    renderAt(path, { api, user: signedIn });
    expect(screen.getByRole('heading', { level: 1, name: 'Administrators only' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() => expect(api.admin.dashboard).not.toHaveBeenCalled());
    expect(api.admin.listUsers).not.toHaveBeenCalled();
    expect(api.admin.listStores).not.toHaveBeenCalled();
  });

  it('waits for the session before deciding', () => {
    const api = createFakeApi();
    api.admin.dashboard.mockResolvedValue(makeDashboard());
    renderAt('/admin', { api, auth: { ...fakeAuth(null), loading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByText('Administrators only')).not.toBeInTheDocument();
    expect(api.admin.dashboard).not.toHaveBeenCalled();
  });
});
