// The dialogs of /admin/users from the admin's side: details (a store owner's stores and average),
// edit and add with their validation and toasts, and delete with its confirmation.
import { act, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type User } from 'shared-contracts';
import {
  ADMIN,
  apiError,
  createFakeApi,
  currentLocation,
  expectToast,
  fakeAuth,
  type FakeApi,
  makeStore,
  makeUser,
  renderAt,
  storePage,
  toastTexts,
  userPage,
} from './render-helpers';

const OWNER = makeUser(5, { name: 'Olivia Owner Greenwood Smith', email: 'olivia@example.com', role: 'store_owner' });
const CUSTOMER = makeUser(6, { name: 'Carlos Customer Rodriguez Lee', email: 'carlos@example.com', address: '9 Elm Road' });

function apiWith(users: User[] = [ADMIN, OWNER, CUSTOMER], options?: Parameters<typeof userPage>[1]) {
  const api = createFakeApi();
  api.admin.listUsers.mockResolvedValue(userPage(users, options));
  return api;
}

async function openPage(api: FakeApi, path = '/admin/users', auth = fakeAuth(ADMIN)) {
  const utils = renderAt(path, { api, auth });
  await screen.findByRole('table', { name: /^Users/ });
  return utils;
}

const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(label, { exact: false, selector: 'input, textarea, select' });

describe('user details', () => {
  it("shows a store owner's stores with their averages and the average over all their ratings", async () => {
    const api = apiWith();
    api.admin.getUser.mockResolvedValue({
      user: {
        ...OWNER,
        average_rating: 4.25,
        total_ratings: 12,
        stores: [
          { id: 31, name: 'Green Basket Organic Grocers', average_rating: 4.5, total_ratings: 8 },
          { id: 32, name: 'Quiet Corner Books', average_rating: 0, total_ratings: 0 },
        ],
      },
    });
    const { user } = await openPage(api);
    const view = screen.getByRole('button', { name: `View details of ${OWNER.name}` });
    await user.click(view);
    const details = dialog(`User details: ${OWNER.name}`);
    expect(details).toHaveAttribute('aria-modal', 'true');
    expect(await within(details).findByText('olivia@example.com')).toBeInTheDocument();
    expect(api.admin.getUser).toHaveBeenCalledWith(5);
    expect(within(details).getByText('Store Owner')).toBeInTheDocument();
    expect(within(details).getByTestId('owner-average')).toHaveTextContent('Average rating across their stores: 4.3(12 ratings)');
    // The star beside each average is the kit's icon, not a text glyph.
    expect(within(details).getByTestId('owner-average').querySelector('svg[data-icon="star"]')).toHaveAttribute('aria-hidden', 'true');
    const stores = within(details).getByRole('list', { name: `Stores of ${OWNER.name}` });
    const items = within(stores).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Green Basket Organic Grocers' })).toHaveAttribute('href', '/stores/31');
    expect(items[0]).toHaveTextContent('4.5(8 ratings)');
    expect(items[0].querySelector('svg[data-icon="star"]')).not.toBeNull();
    expect(items[1]).toHaveTextContent('No ratings yet');

    await user.click(within(details).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });

  it("shows a customer's details without a stores section", async () => {
    const api = apiWith();
    api.admin.getUser.mockResolvedValue({ user: CUSTOMER });
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `View details of ${CUSTOMER.name}` }));
    const details = dialog(`User details: ${CUSTOMER.name}`);
    expect(await within(details).findByText('9 Elm Road')).toBeInTheDocument();
    expect(within(details).getByText('Customer')).toBeInTheDocument();
    expect(within(details).queryByText(/Average rating across/)).not.toBeInTheDocument();
  });

  it("shows the server's message when the details cannot be loaded, and can ask again", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = apiWith();
    api.admin.getUser.mockRejectedValueOnce(apiError(404, 'User not found')).mockResolvedValueOnce({ user: CUSTOMER });
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `View details of ${CUSTOMER.name}` }));
    await expectToast('User not found');
    const details = dialog(/User details/);
    expect(within(details).getByRole('alert')).toHaveTextContent('The details of this user could not be loaded.');
    await user.click(within(details).getByRole('button', { name: 'Try again' }));
    expect(await within(details).findByText('9 Elm Road')).toBeInTheDocument();
    logged.mockRestore();
  });

  it("toasts 'Failed to fetch users' when the details fail without a refusal", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = apiWith();
    api.admin.getUser.mockRejectedValue(apiError(500, 'Internal server error'));
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `View details of ${CUSTOMER.name}` }));
    await expectToast('Failed to fetch users');
    expect(within(dialog(/User details/)).getByRole('alert')).toHaveTextContent('The details of this user could not be loaded.');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('shows the cached details at once when opened again, and asks again in the background', async () => {
    const api = apiWith();
    let answer!: (value: { user: User }) => void;
    api.admin.getUser.mockResolvedValueOnce({ user: CUSTOMER }).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { user } = await openPage(api);
    const view = screen.getByRole('button', { name: `View details of ${CUSTOMER.name}` });
    await user.click(view);
    expect(await within(dialog(/User details/)).findByText('9 Elm Road')).toBeInTheDocument();
    await user.click(within(dialog(/User details/)).getByRole('button', { name: 'Close' }));
    await user.click(view);
    // The cached details are shown at once while the API is asked again.
    expect(within(dialog(/User details/)).getByText('9 Elm Road')).toBeInTheDocument();
    await waitFor(() => expect(api.admin.getUser).toHaveBeenCalledTimes(2));
    expect(api.admin.getUser).toHaveBeenLastCalledWith(CUSTOMER.id);
    expect(within(dialog(/User details/)).getByText('9 Elm Road')).toBeInTheDocument();
    expect(within(dialog(/User details/)).queryByText('Loading user details…')).not.toBeInTheDocument();
    expect(within(dialog(/User details/)).queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => answer({ user: { ...CUSTOMER, address: '12 Oak Avenue' } }));
    expect(await within(dialog(/User details/)).findByText('12 Oak Avenue')).toBeInTheDocument();
    expect(within(dialog(/User details/)).queryByText('9 Elm Road')).not.toBeInTheDocument();
  });
});

describe('edit user', () => {
  it("opens with the user's values and the three roles to choose from", async () => {
    const { user } = await openPage(apiWith());
    await user.click(screen.getByRole('button', { name: `Edit ${CUSTOMER.name}` }));
    const edit = dialog(`Edit User: ${CUSTOMER.name}`);
    expect(field(edit, 'Name')).toHaveValue(CUSTOMER.name);
    expect(field(edit, 'Name')).toHaveFocus();
    expect(field(edit, 'Email')).toHaveValue('carlos@example.com');
    expect(field(edit, 'Address')).toHaveValue('9 Elm Road');
    expect(field(edit, 'Role')).toHaveValue('normal_user');
    expect(
      within(field(edit, 'Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Customer', 'Store Owner', 'System Admin']);
    expect(within(edit).queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it("says 'Please fill in all required fields' for a blank name or email and sends nothing", async () => {
    const api = apiWith();
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Edit ${CUSTOMER.name}` }));
    const edit = dialog(/Edit User/);
    await user.clear(field(edit, 'Email'));
    await user.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(within(edit).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(field(edit, 'Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field(edit, 'Name')).not.toHaveAttribute('aria-invalid');
    // A validation message is the form's alone (issue 16): never a toast too.
    expect(toastTexts()).not.toContain('Please fill in all required fields');
    expect(api.admin.updateUser).not.toHaveBeenCalled();

    await user.type(field(edit, 'Email'), 'c');
    expect(within(edit).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('applies the name length rule of spec §5', async () => {
    const api = apiWith();
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Edit ${CUSTOMER.name}` }));
    const edit = dialog(/Edit User/);
    await user.clear(field(edit, 'Name'));
    await user.type(field(edit, 'Name'), 'Too Short');
    await user.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(within(edit).getByRole('alert')).toHaveTextContent('Name must be between 20-60 characters');
    expect(field(edit, 'Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.admin.updateUser).not.toHaveBeenCalled();
  });

  it("sends name, email, address and role, toasts 'User updated successfully!' and reloads the list", async () => {
    const api = apiWith();
    api.admin.updateUser.mockResolvedValue({ message: MESSAGES.userUpdated, user: { ...CUSTOMER, role: 'store_owner' } });
    const { user } = await openPage(api);
    const edit = screen.getByRole('button', { name: `Edit ${CUSTOMER.name}` });
    await user.click(edit);
    const form = dialog(/Edit User/);
    await user.clear(field(form, 'Address'));
    await user.type(field(form, 'Address'), '  10 Elm Road  ');
    await user.selectOptions(field(form, 'Role'), 'Store Owner');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await expectToast('User updated successfully!');
    expect(api.admin.updateUser).toHaveBeenCalledWith(6, {
      name: CUSTOMER.name,
      email: 'carlos@example.com',
      address: '10 Elm Road',
      role: 'store_owner',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.admin.listUsers).toHaveBeenCalledTimes(2));
    expect(edit).toHaveFocus();
  });

  it.each([
    [409, MESSAGES.userOwnsStores, MESSAGES.userOwnsStores],
    [409, MESSAGES.emailTaken, MESSAGES.emailTaken],
    [500, 'Failed to update user', undefined],
    // Our API's own 500 body: its message says nothing about the edit, the action's failure does.
    [500, 'Failed to update user', 'Internal server error'],
  ])("answers a %s with '%s' in a toast and in the dialog, which stays open", async (status, shown, message) => {
    const api = apiWith();
    api.admin.updateUser.mockRejectedValue(apiError(status, message));
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Edit ${OWNER.name}` }));
    const form = dialog(/Edit User/);
    await user.selectOptions(field(form, 'Role'), 'Customer');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await expectToast(shown);
    expect(within(form).getByRole('alert')).toHaveTextContent(shown);
    expect(dialog(/Edit User/)).toBeInTheDocument();
    expect(api.admin.listUsers).toHaveBeenCalledTimes(1);
  });

  it('does not let the admin change their own role, and refreshes their session after an edit', async () => {
    const api = apiWith();
    const renamed = { ...ADMIN, name: 'Asha Administrator Raman-Iyer' };
    api.admin.updateUser.mockResolvedValue({ message: MESSAGES.userUpdated, user: renamed });
    const auth = fakeAuth(ADMIN);
    const { user } = await openPage(api, '/admin/users', auth);
    await user.click(screen.getByRole('button', { name: `Edit ${ADMIN.name}` }));
    const form = dialog(/Edit User/);
    expect(field(form, 'Role')).toBeDisabled();
    expect(field(form, 'Role')).toHaveValue('system_admin');
    expect(field(form, 'Role')).toHaveAccessibleDescription('You cannot change your own role.');
    await user.type(field(form, 'Name'), '-Iyer');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await expectToast('User updated successfully!');
    expect(api.admin.updateUser).toHaveBeenCalledWith(1, expect.objectContaining({ name: renamed.name, role: 'system_admin' }));
    expect(auth.updateUser).toHaveBeenCalledWith(renamed);
  });
});

describe('add user', () => {
  async function openAdd(api: FakeApi) {
    const utils = await openPage(api);
    await utils.user.click(screen.getByRole('button', { name: 'Add User' }));
    return { ...utils, form: dialog('Add User') };
  }

  it('asks for name, email, address, password and role, Customer first', async () => {
    const { form } = await openAdd(apiWith());
    expect(field(form, 'Name')).toHaveFocus();
    for (const label of ['Name', 'Email', 'Address', 'Password', 'Role']) expect(field(form, label)).toBeInTheDocument();
    expect(field(form, 'Role')).toHaveValue('normal_user');
    expect(field(form, 'Password')).toHaveAttribute('type', 'password');
  });

  it("says 'Please fill in all required fields' when something required is blank", async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await user.type(field(form, 'Name'), 'Olivia Owner Greenwood Smith');
    await user.type(field(form, 'Email'), 'new.owner@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(field(form, 'Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.admin.createUser).not.toHaveBeenCalled();
  });

  it('applies the password rule and the email shape before sending', async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await user.type(field(form, 'Name'), 'Olivia Owner Greenwood Smith');
    await user.type(field(form, 'Email'), 'not-an-email');
    await user.type(field(form, 'Password'), 'Secret1!');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await user.clear(field(form, 'Email'));
    await user.type(field(form, 'Email'), 'new.owner@example.com');
    await user.clear(field(form, 'Password'));
    await user.type(field(form, 'Password'), 'weakpass');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Password does not meet requirements');
    expect(api.admin.createUser).not.toHaveBeenCalled();
  });

  it("creates a store owner, toasts 'User created successfully!' and reloads the list", async () => {
    const api = apiWith();
    const created = makeUser(77, { name: 'Nadia New Owner Castellano', email: 'nadia@example.com', role: 'store_owner' });
    api.admin.createUser.mockResolvedValue({ message: MESSAGES.userCreated, user: created });
    const { user, form } = await openAdd(api);
    await user.type(field(form, 'Name'), created.name);
    await user.type(field(form, 'Email'), 'nadia@example.com');
    await user.type(field(form, 'Address'), '4 Harbour Lane');
    await user.type(field(form, 'Password'), 'Harbour#2024');
    await user.selectOptions(field(form, 'Role'), 'Store Owner');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    await expectToast('User created successfully!');
    expect(api.admin.createUser).toHaveBeenCalledWith({
      name: created.name,
      email: 'nadia@example.com',
      address: '4 Harbour Lane',
      password: 'Harbour#2024',
      role: 'store_owner',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.admin.listUsers).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Add User' })).toHaveFocus();
  });

  it("shows the server's 409 for a taken email on the email field", async () => {
    const api = apiWith();
    // As the API answers it: the refused field named in `errors` (api/src/http/errors.ts, conflict()).
    const taken = apiError(409, MESSAGES.emailTaken);
    if (taken.response) taken.response.data = { message: MESSAGES.emailTaken, errors: [{ field: 'email', message: MESSAGES.emailTaken }] };
    api.admin.createUser.mockRejectedValue(taken);
    const { user, form } = await openAdd(api);
    await user.type(field(form, 'Name'), 'Olivia Owner Greenwood Smith');
    await user.type(field(form, 'Email'), 'olivia@example.com');
    await user.type(field(form, 'Password'), 'Harbour#2024');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    await expectToast('Email is already registered');
    expect(field(form, 'Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field(form, 'Name')).not.toHaveAttribute('aria-invalid');
  });
});

describe('delete user', () => {
  it("asks first, in an alert dialog with the spec's question; Cancel deletes nothing and returns focus", async () => {
    const api = apiWith();
    const { user } = await openPage(api);
    const remove = screen.getByRole('button', { name: `Delete ${CUSTOMER.name}` });
    await user.click(remove);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete user' });
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('Are you sure you want to delete this user?'));
    expect(within(confirm).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    expect(confirm).toHaveTextContent(CUSTOMER.name);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.admin.deleteUser).not.toHaveBeenCalled();
    expect(remove).toHaveFocus();
  });

  it("deletes after confirmation, toasts 'User deleted successfully!' and reloads the list", async () => {
    const api = apiWith();
    api.admin.deleteUser.mockResolvedValue({ message: MESSAGES.userDeleted });
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Delete ${CUSTOMER.name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('User deleted successfully!');
    expect(api.admin.deleteUser).toHaveBeenCalledWith(6);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.admin.listUsers).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toHaveFocus();
  });

  it("still shows the server's 409 when an owner was given a store after the dialog checked, and deletes nothing", async () => {
    const api = apiWith();
    api.admin.getUser.mockResolvedValue({ user: { ...OWNER, average_rating: null, total_ratings: 0, stores: [] } });
    api.admin.deleteUser.mockRejectedValue(apiError(409, MESSAGES.userOwnsStores));
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Delete ${OWNER.name}` }));
    await user.click(await within(screen.getByRole('alertdialog')).findByRole('button', { name: 'Delete' }));
    await expectToast('This user still owns stores. Reassign or delete their stores first.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(toastTexts()).not.toContain('User deleted successfully!');
    expect(api.admin.listUsers).toHaveBeenCalledTimes(1);
  });

  it("falls back to 'Failed to delete user' when the server gives no message", async () => {
    const api = apiWith();
    api.admin.deleteUser.mockRejectedValue(new Error('Network Error'));
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Delete ${CUSTOMER.name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Failed to delete user');
  });

  describe('a store owner', () => {
    const STORES = [
      { id: 31, name: 'Green Basket Organic Grocers', average_rating: 4.5, total_ratings: 8 },
      { id: 32, name: 'Quiet Corner Books', average_rating: 0, total_ratings: 0 },
    ];
    const ownerDetail = (stores: typeof STORES) => ({
      user: { ...OWNER, average_rating: stores.length ? 4.5 : null, total_ratings: 8, stores },
    });

    it('who still owns stores is told so before anything is asked: how many, why not, and no Delete button', async () => {
      const api = apiWith();
      let answer!: (value: ReturnType<typeof ownerDetail>) => void;
      api.admin.getUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      const { user } = await openPage(api);
      const remove = screen.getByRole('button', { name: `Delete ${OWNER.name}` });
      await user.click(remove);

      // While their stores are checked: a status, no question, nothing to confirm.
      const notice = screen.getByRole('alertdialog', { name: 'Delete user' });
      expect(within(notice).getByRole('status')).toHaveTextContent(`Checking the stores of ${OWNER.name}…`);
      expect(within(notice).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      expect(api.admin.getUser).toHaveBeenCalledWith(OWNER.id);

      await act(async () => answer(ownerDetail(STORES)));
      const message = `${OWNER.name} owns 2 stores and cannot be deleted until those stores are deleted or given another owner.`;
      expect(await within(notice).findByText(/owns 2 stores/)).toHaveTextContent(message);
      expect(notice).toHaveAccessibleDescription(message);
      // Not the promise of the plain confirmation, and no way to send the delete the server would refuse.
      expect(within(notice).queryByText(MESSAGES.confirmDeleteUser)).not.toBeInTheDocument();
      expect(notice).not.toHaveTextContent(/ratings will be removed/);
      expect(within(notice).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

      // The way to each store: Store Management searched for it, and Store Management itself.
      const stores = within(notice).getByRole('list', { name: `Stores of ${OWNER.name}` });
      expect(within(notice).getByText('Open a store in Store Management to delete it or give it another owner:')).toBeInTheDocument();
      expect(
        within(stores)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Green Basket Organic Grocers8 ratings', 'Quiet Corner Books0 ratings']);
      expect(within(stores).getByRole('link', { name: 'Green Basket Organic Grocers' })).toHaveAttribute(
        'href',
        '/admin/stores?search=Green+Basket+Organic+Grocers',
      );
      expect(within(notice).getByRole('link', { name: 'Go to Store Management' })).toHaveAttribute('href', '/admin/stores');

      // Close is focused first; closing deletes nothing and gives focus back.
      const close = within(notice).getByRole('button', { name: 'Close' });
      expect(close).toHaveFocus();
      await user.click(close);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(remove).toHaveFocus();
      expect(api.admin.deleteUser).not.toHaveBeenCalled();
    });

    it('with one store says "1 store" and "that store", and its link opens Store Management searched for it', async () => {
      const api = apiWith();
      api.admin.getUser.mockResolvedValue(ownerDetail(STORES.slice(0, 1)));
      api.admin.listStores.mockResolvedValue(storePage([makeStore(31, { name: STORES[0].name, owner_id: OWNER.id })]));
      const { user } = await openPage(api);
      await user.click(screen.getByRole('button', { name: `Delete ${OWNER.name}` }));
      const notice = screen.getByRole('alertdialog', { name: 'Delete user' });
      expect(await within(notice).findByText(/owns 1 store /)).toHaveTextContent(
        `${OWNER.name} owns 1 store and cannot be deleted until that store is deleted or given another owner.`,
      );
      await user.click(within(notice).getByRole('link', { name: STORES[0].name }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Store Management' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/admin/stores?search=Green+Basket+Organic+Grocers');
      await waitFor(() => expect(api.admin.listStores).toHaveBeenCalledWith(expect.objectContaining({ search: STORES[0].name })));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(api.admin.deleteUser).not.toHaveBeenCalled();
    });

    it('who owns no store gets the confirmation, and is deleted', async () => {
      const api = apiWith();
      api.admin.getUser.mockResolvedValue(ownerDetail([]));
      api.admin.deleteUser.mockResolvedValue({ message: MESSAGES.userDeleted });
      const { user } = await openPage(api);
      await user.click(screen.getByRole('button', { name: `Delete ${OWNER.name}` }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete user', description: /Are you sure/ });
      expect(within(confirm).getByText(MESSAGES.confirmDeleteUser)).toBeInTheDocument();
      expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await expectToast('User deleted successfully!');
      expect(api.admin.deleteUser).toHaveBeenCalledWith(OWNER.id);
    });

    it('whose stores cannot be checked gets no Delete button, and the check can be asked again', async () => {
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const api = apiWith();
      api.admin.getUser.mockRejectedValueOnce(apiError(500, 'Internal server error')).mockResolvedValueOnce(ownerDetail(STORES));
      const { user } = await openPage(api);
      await user.click(screen.getByRole('button', { name: `Delete ${OWNER.name}` }));
      const notice = screen.getByRole('alertdialog', { name: 'Delete user' });
      expect(await within(notice).findByRole('alert')).toHaveTextContent(`Whether ${OWNER.name} still owns stores could not be checked.`);
      expect(within(notice).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
      await user.click(within(notice).getByRole('button', { name: 'Try again' }));
      expect(await within(notice).findByText(/owns 2 stores/)).toBeInTheDocument();
      expect(api.admin.deleteUser).not.toHaveBeenCalled();
      logged.mockRestore();
    });
  });

  it('goes back a page after deleting the only user on the last page', async () => {
    const api = apiWith([CUSTOMER], { total: 11, page: 2 });
    api.admin.deleteUser.mockResolvedValue({ message: MESSAGES.userDeleted });
    const { user } = await openPage(api, '/admin/users?page=2');
    await user.click(screen.getByRole('button', { name: `Delete ${CUSTOMER.name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.admin.listUsers.mock.calls.at(-1)?.[0]).toMatchObject({ page: 1 }));
  });
});
