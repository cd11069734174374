import { screen } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import ProfilePage from '../src/exposed/ProfilePage';
import { apiError, deferred, findFormAlert, findToast, networkError, queryToast, renderPage, testUser } from './render-helpers';

const renderProfile = () => renderPage(<ProfilePage />, { route: '/profile', signedInAs: testUser });

const toggleButton = () => screen.getByRole('button', { name: 'Change Password' });
const currentInput = () => screen.getByLabelText('Current Password');
const newInput = () => screen.getByLabelText('New Password');
const confirmInput = () => screen.getByLabelText('Confirm New Password');
const updateButton = () => screen.getByRole('button', { name: 'Update Password' });

type User = ReturnType<typeof renderProfile>['user'];

async function fillPasswords(user: User, current: string, next: string, confirm: string) {
  await user.click(toggleButton());
  if (current) await user.type(currentInput(), current);
  if (next) await user.type(newInput(), next);
  if (confirm) await user.type(confirmInput(), confirm);
}

describe('Profile page: changing the password', () => {
  it("opens and closes the form with the 'Change Password' button", async () => {
    const { user } = renderProfile();
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.click(toggleButton());
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'true');
    expect(currentInput()).toHaveFocus();
    expect(newInput()).toHaveAttribute('type', 'password');
    expect(confirmInput()).toHaveAttribute('type', 'password');
    await user.click(toggleButton());
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it.each([
    ['a field is empty', 'Old@12345', 'New@12345', '', 'Please fill in all password fields', 'Confirm New Password'],
    ['the new passwords differ', 'Old@12345', 'New@12345', 'New@54321', 'New passwords do not match', 'Confirm New Password'],
    ['the new password breaks the rule', 'Old@12345', 'newpassword', 'newpassword', 'Password does not meet requirements', 'New Password'],
  ])('refuses when %s, inline only, not as a toast', async (_case, current, next, confirm, message, invalidField) => {
    const { user, api } = renderProfile();
    await fillPasswords(user, current, next, confirm);
    await user.click(updateButton());
    expect(await findFormAlert()).toHaveTextContent(message);
    expect(queryToast(message)).not.toBeInTheDocument();
    expect(screen.getByLabelText(invalidField)).toHaveAttribute('aria-invalid', 'true');
    expect(api.auth.changePassword).not.toHaveBeenCalled();
  });

  it("saves, keeps the session with the new token and says 'Password updated successfully!'", async () => {
    const { user, api, auth } = renderProfile();
    api.auth.changePassword.mockResolvedValue({ message: 'Password updated', token: 'token-2' });
    await fillPasswords(user, 'Customer@1234', 'Fresh@5678', 'Fresh@5678');
    await user.click(updateButton());

    expect(await findToast('Password updated successfully!')).toBeInTheDocument();
    expect(api.auth.changePassword).toHaveBeenCalledWith({ currentPassword: 'Customer@1234', newPassword: 'Fresh@5678' });
    expect(auth.replaceToken).toHaveBeenCalledWith('token-2');
    expect(auth.logout).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(toggleButton()).toHaveFocus();
  });

  it("reads 'Updating...' while saving", async () => {
    const { user, api } = renderProfile();
    const call = deferred<{ message: string; token: string }>();
    api.auth.changePassword.mockReturnValue(call.promise);
    await fillPasswords(user, 'Customer@1234', 'Fresh@5678', 'Fresh@5678');
    await user.click(updateButton());
    // The kit's busy button: aria-disabled (it keeps focus) rather than disabled, and a second press sends nothing.
    expect(screen.getByRole('button', { name: 'Updating...' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Updating...' }));
    expect(api.auth.changePassword).toHaveBeenCalledTimes(1);
    call.resolve({ message: 'ok', token: 'token-2' });
    expect(await findToast('Password updated successfully!')).toBeInTheDocument();
  });

  it("shows 'Current password is incorrect' from the server and keeps the form", async () => {
    const { user, api, auth } = renderProfile();
    api.auth.changePassword.mockRejectedValue(apiError(400, MESSAGES.currentPasswordIncorrect));
    await fillPasswords(user, 'Wrong@1234', 'Fresh@5678', 'Fresh@5678');
    await user.click(updateButton());

    expect(await findToast('Current password is incorrect')).toBeInTheDocument();
    expect(auth.replaceToken).not.toHaveBeenCalled();
    expect(currentInput()).toHaveValue('Wrong@1234');
    expect(newInput()).toHaveValue('Fresh@5678');
  });

  it.each([
    ['the server gives no message (a network failure)', networkError],
    ["the server fails with its own 'Internal server error'", () => apiError(500, MESSAGES.internalError)],
  ])("shows 'Failed to update password' when %s, and keeps the form as typed", async (_name, failure) => {
    const { user, api } = renderProfile();
    api.auth.changePassword.mockRejectedValue(failure());
    await fillPasswords(user, 'Customer@1234', 'Fresh@5678', 'Fresh@5678');
    await user.click(updateButton());
    expect(await findToast('Failed to update password')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.internalError)).not.toBeInTheDocument();
    expect(currentInput()).toHaveValue('Customer@1234');
    expect(newInput()).toHaveValue('Fresh@5678');
    expect(updateButton()).toBeEnabled();
  });

  it('shows and hides each of the three passwords', async () => {
    const { user } = renderProfile();
    await user.click(toggleButton());
    for (const [label, input] of [
      ['Show current password', currentInput],
      ['Show new password', newInput],
      ['Show confirm new password', confirmInput],
    ] as const) {
      const toggle = screen.getByRole('button', { name: label });
      await user.click(toggle);
      expect(input()).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
    }
  });

  it("the strength meter never praises a new password the rule refuses: 18 characters read 'Too long', not 'Excellent'", async () => {
    const { user, api } = renderProfile();
    await fillPasswords(user, 'Customer@1234', 'Fresh@5678abcdefgh', 'Fresh@5678abcdefgh'); // 18 characters
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(screen.queryByText('Excellent')).not.toBeInTheDocument();
    expect(screen.getByText('Too long', { exact: true })).toBeInTheDocument();
    expect(meter).toHaveAttribute('aria-valuetext', 'Too long (at most 16 characters)');
    expect(meter.firstElementChild).toHaveStyle({ width: `${(1 / 6) * 100}%` });
    // The rule refuses it on Update, as the meter said.
    await user.click(updateButton());
    expect(await findFormAlert()).toHaveTextContent('Password does not meet requirements');
    expect(api.auth.changePassword).not.toHaveBeenCalled();

    // Two characters fewer: 16, which the rule accepts, and the meter gives the spec's label.
    await user.type(newInput(), '{Backspace}{Backspace}');
    expect(screen.getByText('Excellent', { exact: true })).toBeInTheDocument();
    expect(meter).toHaveAttribute('aria-valuetext', 'Excellent (6 of 6)');
    expect(screen.queryByText('Too long')).not.toBeInTheDocument();
  });

  it('empties the fields on Cancel', async () => {
    const { user } = renderProfile();
    await fillPasswords(user, 'Customer@1234', 'Fresh@5678', 'Fresh@5678');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(toggleButton());
    expect(currentInput()).toHaveValue('');
    expect(newInput()).toHaveValue('');
    expect(confirmInput()).toHaveValue('');
  });
});
