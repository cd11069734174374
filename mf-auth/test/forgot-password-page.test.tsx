import { screen } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import ForgotPasswordPage from '../src/exposed/ForgotPasswordPage';
import LoginPage from '../src/exposed/LoginPage';
import { apiError, deferred, findFormAlert, findToast, renderPage } from './render-helpers';

const renderForgot = () => renderPage(<ForgotPasswordPage />, { route: '/forgot-password' });
const emailInput = () => screen.getByLabelText('Email');
const sendButton = () => screen.getByRole('button', { name: 'Send Reset Link' });

/** A status message (role=status: announced politely) with this text. */
async function findStatus(text: string) {
  const element = await screen.findByText(text);
  expect(element.closest('[role="status"]')).not.toBeNull();
  return element;
}

describe("'Forgot password?' page", () => {
  it('is reached from the sign-in page by its Forgot password? link', async () => {
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('has a heading, a labelled email input and a link back to sign in', async () => {
    const { user } = renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('type', 'email');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("asks for the email as the sign-in page does: 'Please fill in all fields', sending nothing", async () => {
    const { user, api } = renderForgot();
    await user.click(sendButton());
    expect(await findFormAlert()).toHaveTextContent('Please fill in all fields');
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(api.auth.forgotPassword).not.toHaveBeenCalled();
  });

  it('refuses a look-alike address with the sign-in message', async () => {
    const { user, api } = renderForgot();
    await user.type(emailInput(), 'pаypal@example.com');
    await user.click(sendButton());
    expect(await findFormAlert()).toHaveTextContent(MESSAGES.emailConfusable);
    expect(api.auth.forgotPassword).not.toHaveBeenCalled();
  });

  it('sends the trimmed email and then shows the neutral confirmation in place of the form', async () => {
    const { user, api } = renderForgot();
    api.auth.forgotPassword.mockResolvedValue({ message: MESSAGES.passwordResetRequested });
    await user.type(emailInput(), '  someone@example.com ');
    await user.click(sendButton());
    expect(api.auth.forgotPassword).toHaveBeenCalledWith({ email: 'someone@example.com' });
    expect(await findStatus(MESSAGES.passwordResetRequested)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it("shows 'Sending...' while the request is on its way", async () => {
    const { user, api } = renderForgot();
    const answer = deferred<{ message: string }>();
    api.auth.forgotPassword.mockReturnValue(answer.promise);
    await user.type(emailInput(), 'someone@example.com');
    await user.click(sendButton());
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-busy', 'true');
    answer.resolve({ message: MESSAGES.passwordResetRequested });
    expect(await findStatus(MESSAGES.passwordResetRequested)).toBeInTheDocument();
  });

  it("toasts the server's refusal (throttled) and keeps the form", async () => {
    const { user, api } = renderForgot();
    api.auth.forgotPassword.mockRejectedValue(apiError(429, MESSAGES.tooManyEmailRequests));
    await user.type(emailInput(), 'someone@example.com');
    await user.click(sendButton());
    expect(await findToast(MESSAGES.tooManyEmailRequests)).toBeInTheDocument();
    expect(emailInput()).toHaveValue('someone@example.com');
  });

  it('offers to send another link after the confirmation', async () => {
    const { user, api } = renderForgot();
    api.auth.forgotPassword.mockResolvedValue({ message: MESSAGES.passwordResetRequested });
    await user.type(emailInput(), 'someone@example.com');
    await user.click(sendButton());
    await user.click(await screen.findByRole('button', { name: 'Send another link' }));
    expect(emailInput()).toBeInTheDocument();
  });
});

describe('Sign-in page after a password reset', () => {
  it('shows the notice it was sent with', async () => {
    renderPage(<LoginPage />, { route: '/login', state: { notice: MESSAGES.passwordResetDone } });
    expect(await findStatus(MESSAGES.passwordResetDone)).toBeInTheDocument();
  });
});
