import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import ResetPasswordPage from '../src/exposed/ResetPasswordPage';
import { apiError, deferred, findFormAlert, findToast, renderPage } from './render-helpers';

const TOKEN = 'k9Qx_3vLr8Zt-2mWq7YpB4nH6sJd1cFa0eGuVyTiRoE';
const renderReset = (route = `/reset-password?token=${TOKEN}`) => renderPage(<ResetPasswordPage />, { route });
const newPassword = () => screen.getByLabelText('New Password');
const confirmPassword = () => screen.getByLabelText('Confirm Password');
const resetButton = () => screen.getByRole('button', { name: 'Reset Password' });

describe('Reset password page', () => {
  it('has a heading, the new password and its confirmation, and the rule as on registration', () => {
    renderReset();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    expect(screen.getByText('8-16 characters')).toBeInTheDocument();
    expect(screen.getByText('At least one uppercase letter')).toBeInTheDocument();
  });

  it.each([
    ['', '', 'Please fill in all fields'],
    ['Secret@123', 'Secret@124', 'Passwords do not match'],
    ['secret123', 'secret123', 'Password does not meet requirements'],
  ])('checks %p / %p in the spec order: %s, sending nothing', async (password, confirmation, message) => {
    const { user, api } = renderReset();
    if (password) await user.type(newPassword(), password);
    if (confirmation) await user.type(confirmPassword(), confirmation);
    await user.click(resetButton());
    expect(await findFormAlert()).toHaveTextContent(message);
    expect(api.auth.resetPassword).not.toHaveBeenCalled();
  });

  it('sends the token with the new password and goes to sign in with the success notice', async () => {
    const { user, api } = renderReset();
    api.auth.resetPassword.mockResolvedValue({ message: MESSAGES.passwordResetDone });
    await user.type(newPassword(), 'Fresh@Pass9');
    await user.type(confirmPassword(), 'Fresh@Pass9');
    await user.click(resetButton());
    expect(api.auth.resetPassword).toHaveBeenCalledWith({ token: TOKEN, password: 'Fresh@Pass9' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it("shows 'Resetting...' while the request is on its way", async () => {
    const { user, api } = renderReset();
    const answer = deferred<{ message: string }>();
    api.auth.resetPassword.mockReturnValue(answer.promise);
    await user.type(newPassword(), 'Fresh@Pass9');
    await user.type(confirmPassword(), 'Fresh@Pass9');
    await user.click(resetButton());
    expect(screen.getByRole('button', { name: 'Resetting...' })).toHaveAttribute('aria-busy', 'true');
    answer.resolve({ message: MESSAGES.passwordResetDone });
  });

  it('an invalid or expired link says so and links to ask for a new one', async () => {
    const { user, api } = renderReset();
    api.auth.resetPassword.mockRejectedValue(apiError(400, MESSAGES.accountLinkInvalid));
    await user.type(newPassword(), 'Fresh@Pass9');
    await user.type(confirmPassword(), 'Fresh@Pass9');
    await user.click(resetButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountLinkInvalid);
    await user.click(screen.getByRole('link', { name: 'Ask for a new reset link' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it.each(['/reset-password', '/reset-password?token=short'])('%s (no usable token) shows the invalid link message at once', (route) => {
    renderReset(route);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.accountLinkInvalid);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it("toasts another failure ('Failed to reset password') and keeps the form", async () => {
    const { user, api } = renderReset();
    api.auth.resetPassword.mockRejectedValue(apiError(500, 'Internal server error'));
    await user.type(newPassword(), 'Fresh@Pass9');
    await user.type(confirmPassword(), 'Fresh@Pass9');
    await user.click(resetButton());
    expect(await findToast(MESSAGES.passwordResetFailed)).toBeInTheDocument();
    expect(newPassword()).toHaveValue('Fresh@Pass9');
  });
});
