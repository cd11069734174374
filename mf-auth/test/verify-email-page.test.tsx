import { screen } from '@testing-library/react';
import { MESSAGES, type User } from 'shared-contracts';
import VerifyEmailPage from '../src/exposed/VerifyEmailPage';
import { apiError, createFakeApi, deferred, networkError, renderPage, testUser } from './render-helpers';

const TOKEN = 'k9Qx_3vLr8Zt-2mWq7YpB4nH6sJd1cFa0eGuVyTiRoE';
const unverified: User = { ...testUser, email_verified: false };

/** A status message (role=status: announced politely) with this text. */
async function findStatus(text: string) {
  const element = await screen.findByText(text);
  expect(element.closest('[role="status"]')).not.toBeNull();
  return element;
}

function renderVerify(answer: Promise<{ message: string }>, route = `/verify-email?token=${TOKEN}`) {
  const api = createFakeApi();
  api.auth.verifyEmail.mockReturnValue(answer);
  api.auth.getProfile.mockResolvedValue({ user: { ...unverified, email_verified: true } });
  return renderPage(<VerifyEmailPage />, { route, signedInAs: unverified, api });
}

describe('Verify email page', () => {
  it('verifies the link once on load, announcing the wait', async () => {
    const answer = deferred<{ message: string }>();
    const { api } = renderVerify(answer.promise);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeInTheDocument();
    expect(await findStatus('Verifying your email address...')).toBeInTheDocument();
    expect(api.auth.verifyEmail).toHaveBeenCalledTimes(1);
    expect(api.auth.verifyEmail).toHaveBeenCalledWith({ token: TOKEN });
    answer.resolve({ message: MESSAGES.emailVerified });
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeInTheDocument();
  });

  it("shows the result, updates the session's user to verified and links onward to the profile", async () => {
    const { auth, user } = renderVerify(Promise.resolve({ message: MESSAGES.emailVerified }));
    expect(await findStatus(MESSAGES.emailVerified)).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith(expect.objectContaining({ id: unverified.id, email_verified: true }));
    await user.click(screen.getByRole('link', { name: 'Go to your profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('an invalid or expired link says so and points to the profile to ask for a new one', async () => {
    const { auth } = renderVerify(Promise.reject(apiError(400, MESSAGES.accountLinkInvalid)));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountLinkInvalid);
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toBeInTheDocument();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('a link without a usable token is invalid at once, and nothing is sent', () => {
    const { api } = renderVerify(Promise.resolve({ message: MESSAGES.emailVerified }), '/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.accountLinkInvalid);
    expect(api.auth.verifyEmail).not.toHaveBeenCalled();
  });

  it("no answer: an error with 'Try again', which verifies again", async () => {
    const { api, user } = renderVerify(Promise.reject(networkError()));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your email address could not be verified.');
    api.auth.verifyEmail.mockResolvedValue({ message: MESSAGES.emailVerified });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findStatus(MESSAGES.emailVerified)).toBeInTheDocument();
    expect(api.auth.verifyEmail).toHaveBeenCalledTimes(2);
  });
});
