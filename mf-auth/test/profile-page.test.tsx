import { screen, within } from '@testing-library/react';
import { MESSAGES, type User } from 'shared-contracts';
import { queryKeys } from 'shared-contracts/react';
import ProfilePage from '../src/exposed/ProfilePage';
import { apiError, deferred, findFormAlert, findToast, networkError, queryToast, renderPage, testUser } from './render-helpers';

const renderProfile = (signedInAs: User = testUser) => renderPage(<ProfilePage />, { route: '/profile', signedInAs });

const details = () => screen.getByRole('region', { name: 'Personal Information' });
const tiles = () => screen.getByLabelText('Account overview');
/** The value of the info tile with this label. */
const tile = (label: string) => within(tiles()).getByText(label, { selector: 'dt' }).nextElementSibling;
/** The value shown under a label in the personal-information view. */
const detail = (label: string) => within(details()).getByText(label, { selector: 'dt' }).nextElementSibling;

const nameInput = () => screen.getByLabelText('Full Name');
const addressInput = () => screen.getByLabelText('Address');
const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

const newName = 'Priya Shankar Natarajan Iyer';
const newAddress = '4 Brigade Road, Bengaluru';

describe('Profile page: view', () => {
  it("is headed 'My Profile' like every page: the kit's page heading (the one h1, naming the page), not a small caption", () => {
    renderProfile();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(/^My Profile$/);
    expect(screen.getByRole('main', { name: 'My Profile' })).toContainElement(headings[0]);
    // The kit's PageHeader: the h1 leads the page, with the page's description under it.
    expect(headings[0].closest('header')).toHaveTextContent('Your details, your password and your account at a glance.');
    expect(headings[0].closest('header')).not.toHaveTextContent(testUser.name);
  });

  it('keeps the same heading while the session loads or when no one is signed in', () => {
    renderPage(<ProfilePage />, { route: '/profile', signedInAs: null });
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('main', { name: 'My Profile' })).toBeInTheDocument();
  });

  it("shows the user's name, email and address", () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(detail('Full Name')).toHaveTextContent(testUser.name);
    expect(detail('Email')).toHaveTextContent(testUser.email);
    expect(detail('Address')).toHaveTextContent(testUser.address);
  });

  it('shows the account type, Verified, the first part of the address and Complete', () => {
    renderProfile();
    expect(tile('Account Type')).toHaveTextContent('Customer');
    expect(tile('Account Status')).toHaveTextContent('Verified');
    expect(tile('Location')).toHaveTextContent(/^17 Lavelle Road$/);
    expect(tile('Profile Status')).toHaveTextContent('Complete');
  });

  it.each([
    ['store_owner', 'Store Owner'],
    ['system_admin', 'System Administrator'],
  ] as const)('names the account type of %s as %s', (role, label) => {
    renderProfile({ ...testUser, role });
    expect(tile('Account Type')).toHaveTextContent(label);
  });

  it.each([
    ['2023-03-15T10:30:00.000Z', 'March 2023'],
    ['2021-11-20T12:00:00.000Z', 'November 2021'],
  ])('shows Member Since from the real creation date %s', (createdAt, shown) => {
    renderProfile({ ...testUser, created_at: createdAt });
    const value = tile('Member Since');
    expect(value).toHaveTextContent(shown);
    expect(value?.querySelector('time')).toHaveAttribute('dateTime', createdAt);
  });

  it('counts the profile incomplete when the address is missing', () => {
    renderProfile({ ...testUser, address: '' });
    expect(tile('Profile Status')).toHaveTextContent('67% complete');
    expect(tile('Location')).toHaveTextContent('Not provided');
  });

  it('offers working links instead of dead buttons', async () => {
    const { user } = renderProfile();
    const links = within(screen.getByRole('navigation', { name: 'Quick links' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/stores', '/dashboard']);
    await user.click(screen.getByRole('link', { name: 'Browse Stores' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/stores');
  });
});

describe('Profile page: editing name and address', () => {
  it('opens a form with the current name and address, focused on the name', async () => {
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(nameInput()).toHaveValue(testUser.name);
    expect(addressInput()).toHaveValue(testUser.address);
    expect(nameInput()).toHaveFocus();
  });

  it('restores the values on Cancel', async () => {
    const { user, api } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(nameInput());
    await user.type(nameInput(), 'Somebody Else Entirely Here');
    await user.clear(addressInput());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(detail('Full Name')).toHaveTextContent(testUser.name);
    expect(detail('Address')).toHaveTextContent(testUser.address);
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(nameInput()).toHaveValue(testUser.name);
    expect(addressInput()).toHaveValue(testUser.address);
    expect(api.auth.updateProfile).not.toHaveBeenCalled();
  });

  it("saves, hands the new user to the session and says 'Profile updated successfully!'", async () => {
    const { user, api, auth } = renderProfile();
    const updated = { ...testUser, name: newName, address: newAddress };
    api.auth.updateProfile.mockResolvedValue({ message: 'Profile updated', user: updated });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(nameInput());
    await user.type(nameInput(), `  ${newName} `);
    await user.clear(addressInput());
    await user.type(addressInput(), newAddress);
    await user.click(saveButton());

    expect(await findToast('Profile updated successfully!')).toBeInTheDocument();
    expect(api.auth.updateProfile).toHaveBeenCalledWith({ name: newName, address: newAddress });
    expect(auth.updateUser).toHaveBeenCalledWith(updated);
    expect(detail('Full Name')).toHaveTextContent(newName);
    expect(tile('Location')).toHaveTextContent('4 Brigade Road');
  });

  it('keeps a cached profile in step and marks the answers that show the name stale', async () => {
    const { user, api, queryClient } = renderProfile();
    queryClient.setQueryData(queryKeys.profile(), { user: testUser });
    queryClient.setQueryData(queryKeys.stores.ratings(3), { ratings: [{ user_name: testUser.name }] });
    queryClient.setQueryData(queryKeys.admin.users({}), { users: [testUser] });
    const updated = { ...testUser, name: newName };
    api.auth.updateProfile.mockResolvedValue({ message: 'Profile updated', user: updated });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(nameInput());
    await user.type(nameInput(), newName);
    await user.click(saveButton());

    expect(await findToast('Profile updated successfully!')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.profile())).toEqual({ user: updated });
    expect(queryClient.getQueryState(queryKeys.stores.ratings(3))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.admin.users({}))?.isInvalidated).toBe(true);
  });

  it('caches no profile of its own when none was cached', async () => {
    const { user, api, queryClient } = renderProfile();
    api.auth.updateProfile.mockResolvedValue({ message: 'Profile updated', user: testUser });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(saveButton());
    expect(await findToast('Profile updated successfully!')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.profile())).toBeUndefined();
  });

  it("reads 'Saving...' while saving", async () => {
    const { user, api } = renderProfile();
    const call = deferred<{ message: string; user: User }>();
    api.auth.updateProfile.mockReturnValue(call.promise);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(saveButton());
    // The kit's busy button: aria-disabled (it keeps focus) rather than disabled, and a second press sends nothing.
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Saving...' }));
    expect(api.auth.updateProfile).toHaveBeenCalledTimes(1);
    call.resolve({ message: 'ok', user: testUser });
    expect(await findToast('Profile updated successfully!')).toBeInTheDocument();
  });

  it.each([
    ['an empty name', '', testUser.address, 'Please fill in all fields', 'name'],
    ['an empty address', testUser.name, '', 'Please fill in all fields', 'address'],
    ['a short name', 'Priya N', testUser.address, 'Name must be between 20-60 characters', 'name'],
    ['an address over 400 characters', testUser.name, 'a'.repeat(401), 'Address must not exceed 400 characters', 'address'],
  ])('refuses %s with its message inline only, not as a toast', async (_case, name, address, message, field) => {
    const { user, api } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(nameInput());
    if (name) await user.type(nameInput(), name);
    await user.clear(addressInput());
    if (address) {
      await user.click(addressInput());
      await user.paste(address);
    }
    await user.click(saveButton());

    expect(await findFormAlert()).toHaveTextContent(message);
    expect(queryToast(message)).not.toBeInTheDocument();
    expect(field === 'name' ? nameInput() : addressInput()).toHaveAttribute('aria-invalid', 'true');
    expect(api.auth.updateProfile).not.toHaveBeenCalled();
  });

  it("shows the server's message when saving fails and keeps the form as typed", async () => {
    const { user, api, auth } = renderProfile();
    api.auth.updateProfile.mockRejectedValue(apiError(400, MESSAGES.invalidText));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(nameInput());
    await user.type(nameInput(), newName);
    await user.click(saveButton());

    expect(await findToast(MESSAGES.invalidText)).toBeInTheDocument();
    expect(nameInput()).toHaveValue(newName);
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it.each([
    ['the server gives no message (a network failure)', networkError],
    ["the server fails with its own 'Internal server error'", () => apiError(500, MESSAGES.internalError)],
  ])("shows 'Failed to update profile' when %s", async (_name, failure) => {
    const { user, api } = renderProfile();
    api.auth.updateProfile.mockRejectedValue(failure());
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(saveButton());
    expect(await findToast('Failed to update profile')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.internalError)).not.toBeInTheDocument();
  });
});
