// The dialogs of /admin/stores from the admin's side: the add/edit form with its owner picker,
// category, validation and toasts, the details dialog, and delete with its confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import { type AdminStore, MESSAGES, STORE_CATEGORIES, type User } from 'shared-contracts';
import {
  apiError,
  createFakeApi,
  expectToast,
  type FakeApi,
  makeStore,
  makeUser,
  renderAt,
  storePage,
  toastTexts,
  userPage,
} from './render-helpers';

const OLIVIA = makeUser(50, { name: 'Olivia Owner Greenwood Smith', email: 'olivia@example.com', role: 'store_owner' });
const OMAR = makeUser(51, { name: 'Omar Owner Haddad Benali', email: 'omar@example.com', role: 'store_owner' });
const GREEN = makeStore(7, {
  name: 'Green Basket Organic Grocers',
  address: '14 Residency Road, Bengaluru',
  phone: '+91 80 4123 5567',
  email: 'hello@greenbasket.example',
  category: 'Grocery',
  owner_id: 50,
  owner_name: OLIVIA.name,
  owner_email: OLIVIA.email,
  average_rating: 4.4,
  total_ratings: 5,
});

function apiWith({ stores = [GREEN, makeStore(8)], owners = [OLIVIA, OMAR] }: { stores?: AdminStore[]; owners?: User[] } = {}) {
  const api = createFakeApi();
  api.admin.listStores.mockResolvedValue(storePage(stores));
  api.admin.listUsers.mockResolvedValue(userPage(owners, { limit: 1000 }));
  return api;
}

async function openPage(api: FakeApi) {
  const utils = renderAt('/admin/stores', { api });
  await screen.findByRole('table', { name: /^Stores/ });
  return utils;
}

const field = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(label, { exact: false, selector: 'input, textarea, select' });

async function openAdd(api: FakeApi) {
  const utils = await openPage(api);
  await utils.user.click(screen.getByRole('button', { name: 'Add Store' }));
  const form = screen.getByRole('dialog', { name: 'Add Store' });
  return { ...utils, form };
}

async function fillValid(user: Awaited<ReturnType<typeof openAdd>>['user'], form: HTMLElement) {
  await user.type(field(form, 'Store name'), 'Harbour Fresh Fish');
  await user.type(field(form, 'Address'), '2 Quay Street, Port Town');
  await waitFor(() => expect(field(form, 'Store owner')).toBeEnabled());
  await user.selectOptions(field(form, 'Store owner'), String(OMAR.id));
}

describe('add store: the city', () => {
  it('is filled in from the address as it is typed, until the admin types a city of their own', async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await user.type(field(form, 'Address'), '14 Residency Road, Bengaluru, Karnataka 560025');
    expect(field(form, 'City')).toHaveValue('Bengaluru');
    await user.clear(field(form, 'City'));
    await user.type(field(form, 'City'), 'Bangalore');
    await user.type(field(form, 'Address'), ' ');
    expect(field(form, 'City')).toHaveValue('Bangalore');
  });

  it("is required: blank, it says 'Please fill in all required fields' and sends nothing", async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await fillValid(user, form);
    await user.clear(field(form, 'City'));
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(field(form, 'City')).toHaveAttribute('aria-invalid', 'true');
    expect(api.admin.createStore).not.toHaveBeenCalled();
  });
});

describe('add store: the form and its owner picker', () => {
  it('fetches the store owners (role=store_owner, limit 1000) and offers them with a category select', async () => {
    const api = apiWith();
    const { form } = await openAdd(api);
    expect(field(form, 'Store name')).toHaveFocus();
    await waitFor(() => expect(field(form, 'Store owner')).toBeEnabled());
    expect(api.admin.listUsers).toHaveBeenCalledWith({ role: 'store_owner', limit: 1000 });
    const owners = within(field(form, 'Store owner'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(owners).toEqual(['Select a store owner', `${OLIVIA.name} (olivia@example.com)`, `${OMAR.name} (omar@example.com)`]);
    expect(field(form, 'Category')).toHaveValue('Other');
    expect(
      within(field(form, 'Category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...STORE_CATEGORIES]);
    for (const label of ['Phone', 'Email']) expect(field(form, label)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Create Store' })).toBeEnabled();
  });

  it("disables submit and says 'No store owners available. Please create store owner accounts first.' without owners", async () => {
    const api = apiWith({ owners: [] });
    const { form } = await openAdd(api);
    const note = await within(form).findByText('No store owners available. Please create store owner accounts first.');
    expect(note).toBeInTheDocument();
    const submit = within(form).getByRole('button', { name: 'Create Store' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(expect.stringContaining('No store owners available.'));
    expect(field(form, 'Store owner')).toBeDisabled();
    expect(within(form).getByRole('link', { name: 'Go to User Management' })).toHaveAttribute('href', '/admin/users');
  });

  it('only logs a failed owner list (no toast), and offers to try again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = apiWith();
    api.admin.listUsers.mockRejectedValueOnce(apiError(500));
    const { user, form } = await openAdd(api);
    expect(await within(form).findByText(/The store owners could not be loaded/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Create Store' })).toBeDisabled();
    expect(toastTexts()).toEqual([]);
    expect(logged).toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(field(form, 'Store owner')).toBeEnabled());
    expect(within(form).getByRole('button', { name: 'Create Store' })).toBeEnabled();
    logged.mockRestore();
  });
});

describe('add store: validation', () => {
  it("says 'Please fill in all required fields' and marks the blank required fields", async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await waitFor(() => expect(field(form, 'Store owner')).toBeEnabled());
    await user.type(field(form, 'Store name'), 'Harbour Fresh Fish');
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(field(form, 'Address')).toHaveAttribute('aria-invalid', 'true');
    expect(field(form, 'Store owner')).toHaveAttribute('aria-invalid', 'true');
    expect(field(form, 'Store name')).not.toHaveAttribute('aria-invalid');
    // A validation message is the form's alone (issue 16): never a toast too.
    expect(toastTexts()).not.toContain('Please fill in all required fields');
    expect(api.admin.createStore).not.toHaveBeenCalled();
  });

  it("says 'Store name must be between 3-100 characters' for a name too short or too long", async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await fillValid(user, form);
    await user.clear(field(form, 'Store name'));
    await user.type(field(form, 'Store name'), 'Ab');
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Store name must be between 3-100 characters');
    expect(field(form, 'Store name')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field(form, 'Store name'));
    await user.click(field(form, 'Store name'));
    await user.paste('x'.repeat(101));
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Store name must be between 3-100 characters');
    expect(api.admin.createStore).not.toHaveBeenCalled();
  });

  it("says 'Address must not exceed 400 characters', with a counter that shows it", async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await fillValid(user, form);
    await user.clear(field(form, 'Address'));
    await user.click(field(form, 'Address'));
    await user.paste('a'.repeat(401));
    await user.type(field(form, 'City'), 'Port Town');
    expect(within(form).getByText('401 / 400 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Address must not exceed 400 characters');
    expect(field(form, 'Address')).toHaveAttribute('aria-invalid', 'true');
    expect(api.admin.createStore).not.toHaveBeenCalled();
  });

  it('checks the optional phone and email when given', async () => {
    const api = apiWith();
    const { user, form } = await openAdd(api);
    await fillValid(user, form);
    await user.type(field(form, 'Phone'), 'call me');
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    await user.clear(field(form, 'Phone'));
    await user.type(field(form, 'Email'), 'fish@');
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(api.admin.createStore).not.toHaveBeenCalled();
  });
});

describe('add store: saving', () => {
  it("sends the store with its category and owner, toasts 'Store created successfully!' and reloads", async () => {
    const api = apiWith();
    api.admin.createStore.mockResolvedValue({ message: MESSAGES.storeCreated, store: makeStore(99) });
    const { user, form } = await openAdd(api);
    await fillValid(user, form);
    await user.selectOptions(field(form, 'Category'), 'Restaurants');
    await user.type(field(form, 'Email'), ' fish@harbour.example ');
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    await expectToast('Store created successfully!');
    expect(api.admin.createStore).toHaveBeenCalledWith({
      name: 'Harbour Fresh Fish',
      address: '2 Quay Street, Port Town',
      city: 'Port Town',
      phone: null,
      email: 'fish@harbour.example',
      owner_id: 51,
      category: 'Restaurants',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.admin.listStores).toHaveBeenCalledTimes(2));
  });

  it.each([
    [400, MESSAGES.ownerMustBeStoreOwner, MESSAGES.ownerMustBeStoreOwner],
    [409, 'A store with this name already exists at this address', 'A store with this name already exists at this address'],
    [500, 'Failed to save store', undefined],
    [500, 'Failed to save store', 'Internal server error'],
  ])("answers a %s with '%s' in a toast and in the form, which stays open", async (status, shown, message) => {
    const api = apiWith();
    api.admin.createStore.mockRejectedValue(apiError(status, message));
    const { user, form } = await openAdd(api);
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));
    await expectToast(shown);
    expect(within(form).getByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('dialog', { name: 'Add Store' })).toBeInTheDocument();
    expect(toastTexts()).not.toContain('Store created successfully!');
  });
});

describe('edit store', () => {
  it("opens with the store's values and owner, and saves with 'Store updated successfully!'", async () => {
    const api = apiWith();
    api.admin.updateStore.mockResolvedValue({ message: MESSAGES.storeUpdated, store: GREEN });
    const { user } = await openPage(api);
    const edit = screen.getByRole('button', { name: `Edit ${GREEN.name}` });
    await user.click(edit);
    const form = screen.getByRole('dialog', { name: `Edit Store: ${GREEN.name}` });
    expect(field(form, 'Store name')).toHaveValue(GREEN.name);
    expect(field(form, 'Address')).toHaveValue(GREEN.address);
    expect(field(form, 'Phone')).toHaveValue('+91 80 4123 5567');
    expect(field(form, 'Email')).toHaveValue('hello@greenbasket.example');
    expect(field(form, 'Category')).toHaveValue('Grocery');
    await waitFor(() => expect(field(form, 'Store owner')).toBeEnabled());
    expect(field(form, 'Store owner')).toHaveValue('50');

    await user.selectOptions(field(form, 'Store owner'), String(OMAR.id));
    await user.selectOptions(field(form, 'Category'), 'Healthcare');
    await user.clear(field(form, 'Phone'));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Store updated successfully!');
    expect(api.admin.updateStore).toHaveBeenCalledWith(7, {
      name: GREEN.name,
      address: GREEN.address,
      phone: null,
      email: 'hello@greenbasket.example',
      owner_id: 51,
      category: 'Healthcare',
      city: GREEN.city,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  it("keeps the store's current owner selectable when the owner list does not hold them", async () => {
    const api = apiWith({ owners: [OMAR] });
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Edit ${GREEN.name}` }));
    const form = screen.getByRole('dialog', { name: /Edit Store/ });
    await waitFor(() => expect(field(form, 'Store owner')).toBeEnabled());
    expect(field(form, 'Store owner')).toHaveValue('50');
    expect(within(field(form, 'Store owner')).getByRole('option', { name: `${OLIVIA.name} (olivia@example.com)` })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it("shows the API's 400 message when the update is refused", async () => {
    const api = apiWith();
    api.admin.updateStore.mockRejectedValue(apiError(400, 'Store name must be between 3-100 characters'));
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Edit ${GREEN.name}` }));
    const form = screen.getByRole('dialog', { name: /Edit Store/ });
    await waitFor(() => expect(field(form, 'Store owner')).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Store name must be between 3-100 characters');
  });
});

describe('store details', () => {
  it('shows every detail with the owner, the rating and a link to the store page', async () => {
    const { user } = await openPage(apiWith());
    await user.click(screen.getByRole('button', { name: `View details of ${GREEN.name}` }));
    const details = screen.getByRole('dialog', { name: `Store details: ${GREEN.name}` });
    for (const text of ['Grocery', GREEN.address, '+91 80 4123 5567', 'hello@greenbasket.example', `${OLIVIA.name} (olivia@example.com)`]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(within(details).getByText('4.4')).toHaveAttribute('data-band', 'good');
    expect(within(details).getByText('(5 ratings)')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Open store page' })).toHaveAttribute('href', '/stores/7');
  });
});

describe('delete store', () => {
  it("asks 'Are you sure you want to delete this store?'; Cancel deletes nothing", async () => {
    const api = apiWith();
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Delete ${GREEN.name}` }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete store' });
    expect(within(confirm).getByText('Are you sure you want to delete this store?')).toBeInTheDocument();
    expect(confirm).toHaveTextContent(`${GREEN.name} and its 5 ratings will be removed.`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.admin.deleteStore).not.toHaveBeenCalled();
  });

  it("deletes after confirmation with 'Store deleted successfully!' and reloads", async () => {
    const api = apiWith();
    api.admin.deleteStore.mockResolvedValue({ message: MESSAGES.storeDeleted });
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Delete ${GREEN.name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Store deleted successfully!');
    expect(api.admin.deleteStore).toHaveBeenCalledWith(7);
    await waitFor(() => expect(api.admin.listStores).toHaveBeenCalledTimes(2));
  });

  it.each([
    [404, 'Store not found', 'Store not found'],
    [500, 'Failed to delete store', undefined],
    [500, 'Failed to delete store', 'Internal server error'],
  ])("answers a %s with '%s'", async (status, shown, message) => {
    const api = apiWith();
    api.admin.deleteStore.mockRejectedValue(apiError(status, message));
    const { user } = await openPage(api);
    await user.click(screen.getByRole('button', { name: `Delete ${GREEN.name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast(shown);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.admin.listStores).toHaveBeenCalledTimes(1);
  });
});
