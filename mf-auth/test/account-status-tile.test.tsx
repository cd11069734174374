import { screen, within } from '@testing-library/react';
import { MESSAGES, type User } from 'shared-contracts';
import ProfilePage from '../src/exposed/ProfilePage';
import { apiError, deferred, findToast, renderPage, testUser } from './render-helpers';

const unverified: User = { ...testUser, email_verified: false };
const renderProfile = (signedInAs: User) => renderPage(<ProfilePage />, { route: '/profile', signedInAs });
/** The value of the Account Status tile. */
const statusTile = () =>
  within(screen.getByLabelText('Account overview')).getByText('Account Status', { selector: 'dt' }).nextElementSibling as HTMLElement;
const resendButton = () => within(statusTile()).getByRole('button', { name: 'Resend verification email' });

describe("Profile's Account Status tile", () => {
  it("reads 'Verified' only for a verified email, with no button", () => {
    renderProfile(testUser);
    expect(statusTile()).toHaveTextContent(/^Verified$/);
    expect(within(statusTile()).queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['unverified', unverified],
    ['without the flag', { ...testUser, email_verified: undefined }],
  ])("reads 'Not verified' for an account %s, with 'Resend verification email'", (_, user) => {
    renderProfile(user);
    expect(statusTile()).toHaveTextContent('Not verified');
    expect(statusTile()).not.toHaveTextContent(/^Verified/);
    expect(resendButton()).toBeInTheDocument();
  });

  it('sends a new link and announces it', async () => {
    const { user, api } = renderProfile(unverified);
    api.auth.resendVerification.mockResolvedValue({ message: MESSAGES.verificationSent });
    await user.click(resendButton());
    expect(api.auth.resendVerification).toHaveBeenCalledTimes(1);
    expect(await within(statusTile()).findByRole('status')).toHaveTextContent(MESSAGES.verificationSent);
  });

  it("shows 'Sending...' while the request is on its way", async () => {
    const { user, api } = renderProfile(unverified);
    const answer = deferred<{ message: string }>();
    api.auth.resendVerification.mockReturnValue(answer.promise);
    await user.click(resendButton());
    expect(within(statusTile()).getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-busy', 'true');
    answer.resolve({ message: MESSAGES.verificationSent });
    expect(await within(statusTile()).findByText(MESSAGES.verificationSent)).toBeInTheDocument();
  });

  it("announces a failure with the server's message (throttled)", async () => {
    const { user, api } = renderProfile(unverified);
    api.auth.resendVerification.mockRejectedValue(apiError(429, MESSAGES.tooManyEmailRequests));
    await user.click(resendButton());
    expect(await findToast(MESSAGES.tooManyEmailRequests)).toBeInTheDocument();
  });

  it("turns 'Verified' when the API says the email is verified already (409)", async () => {
    const { user, api } = renderProfile(unverified);
    api.auth.resendVerification.mockRejectedValue(apiError(409, MESSAGES.alreadyVerified));
    await user.click(resendButton());
    expect(await findToast(MESSAGES.alreadyVerified)).toBeInTheDocument();
    expect(statusTile()).toHaveTextContent(/^Verified$/);
  });
});
