import { screen, within } from '@testing-library/react';
import { inspect } from 'node:util';
import { MESSAGES } from 'shared-contracts';
import LoginPage from '../src/exposed/LoginPage';
import { apiError, deferred, findFormAlert, findToast, networkError, queryToast, renderPage, testUser } from './render-helpers';

const renderLogin = () => renderPage(<LoginPage />, { route: '/login' });

const emailInput = () => screen.getByLabelText('Email');
const passwordInput = () => screen.getByLabelText('Password');
const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

describe('Sign-in page', () => {
  it('has a heading and labelled email (type email) and password inputs', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('offers Customer, Shopkeeper and Admin with their captions, Customer chosen by default', () => {
    renderLogin();
    const group = screen.getByRole('radiogroup', { name: 'Sign in as' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['normal_user', 'store_owner', 'system_admin']);
    expect(within(group).getByRole('radio', { name: 'Customer' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Customer' })).toHaveAccessibleDescription('Rate and discover stores');
    expect(within(group).getByRole('radio', { name: 'Shopkeeper' })).toHaveAccessibleDescription('Manage your store ratings');
    expect(within(group).getByRole('radio', { name: 'Admin' })).toHaveAccessibleDescription('System management');
  });

  it('signs in as a Customer (normal_user) when no other role is chosen', async () => {
    const { user, auth } = renderLogin();
    auth.login.mockResolvedValue(testUser);
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Customer@1234');
    await user.click(signInButton());
    expect(auth.login).toHaveBeenCalledWith('customer@example.com', 'Customer@1234', 'normal_user');
  });

  it('settles when the session empties the query cache on the way (as the shell does on sign-in)', async () => {
    const { user, auth, queryClient } = renderLogin();
    auth.login.mockImplementation(async () => {
      queryClient.clear();
      return testUser;
    });
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Customer@1234');
    await user.click(signInButton());
    expect(await screen.findByRole('button', { name: 'Sign In' })).not.toHaveAttribute('aria-busy');
    expect(queryToast('Login failed. Please try again.')).not.toBeInTheDocument();
  });

  it('passes the chosen role to login', async () => {
    const { user, auth } = renderLogin();
    auth.login.mockResolvedValue({ ...testUser, role: 'store_owner' });
    await user.click(screen.getByRole('radio', { name: 'Shopkeeper' }));
    await user.type(emailInput(), 'owner@example.com');
    await user.type(passwordInput(), 'Owner@1234');
    await user.click(signInButton());
    expect(auth.login).toHaveBeenCalledWith('owner@example.com', 'Owner@1234', 'store_owner');
  });

  it('names the chosen role by the Sign In button (which keeps its name), and marks the chosen card', async () => {
    const { user } = renderLogin();
    expect(screen.getByText(/^Signing in as/)).toHaveTextContent('Signing in as Customer');
    expect(signInButton()).toHaveAccessibleDescription('Signing in as Customer');
    const card = (name: string) => screen.getByRole('radio', { name }).closest('label') as HTMLElement;
    expect(card('Customer').querySelector('svg[data-icon="check"]')).not.toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Shopkeeper' }));
    expect(screen.getByText(/^Signing in as/)).toHaveTextContent('Signing in as Shopkeeper');
    expect(signInButton()).toHaveAccessibleDescription('Signing in as Shopkeeper');
    expect(card('Shopkeeper').querySelector('svg[data-icon="check"]')).not.toBeNull();
    expect(card('Customer').querySelector('svg[data-icon="check"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: /admin@example\.com/ }));
    expect(screen.getByText(/^Signing in as/)).toHaveTextContent('Signing in as Admin');
  });

  it("after a refused sign-in points at the role chooser: the spec's message, a hint under the roles, focus on the chosen role", async () => {
    const { user, auth } = renderLogin();
    auth.login.mockRejectedValue(apiError(401, MESSAGES.invalidCredentials));
    await user.click(screen.getByRole('radio', { name: 'Shopkeeper' }));
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Customer@1234');
    expect(screen.queryByText('Check that you chose the right role above.')).not.toBeInTheDocument();
    await user.click(signInButton());

    expect(await findToast('Login failed. Please try again.')).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Sign in as' });
    expect(within(group).getByText('Check that you chose the right role above.')).toBeInTheDocument();
    const chosen = within(group).getByRole('radio', { name: 'Shopkeeper' });
    expect(chosen).toHaveFocus();
    expect(chosen).toHaveAccessibleDescription('Manage your store ratings Check that you chose the right role above.');
    expect(screen.queryByText(MESSAGES.invalidCredentials)).not.toBeInTheDocument();

    // Choosing another role (here with the arrow keys, from where focus is) clears the hint; signing in again works.
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: 'Customer' })).toBeChecked();
    expect(screen.queryByText('Check that you chose the right role above.')).not.toBeInTheDocument();
    auth.login.mockResolvedValue(testUser);
    await user.click(signInButton());
    expect(auth.login).toHaveBeenLastCalledWith('customer@example.com', 'Customer@1234', 'normal_user');
  });

  it('clears the role hint when the email or password is edited', async () => {
    const { user, auth } = renderLogin();
    auth.login.mockRejectedValue(apiError(401, MESSAGES.invalidCredentials));
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Wrong@1234');
    await user.click(signInButton());
    expect(await screen.findByText('Check that you chose the right role above.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Customer' })).toHaveFocus();
    await user.type(passwordInput(), 'x');
    expect(screen.queryByText('Check that you chose the right role above.')).not.toBeInTheDocument();
  });

  it.each([
    ['a throttled sign-in (429)', () => apiError(429, MESSAGES.tooManyLoginAttempts)],
    ['a network failure', networkError],
  ])('gives no role hint and leaves focus where it was for %s', async (_name, failure) => {
    const { user, auth } = renderLogin();
    auth.login.mockRejectedValue(failure());
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Customer@1234');
    await user.click(signInButton());
    expect(await findToast('Login failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Check that you chose the right role above.')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Customer' })).not.toHaveFocus();
  });

  it("draws the roles and the brand with the kit's icons (store, bag, shield; star), no emoji or glyph", () => {
    const { container } = renderLogin();
    const roleIcon = (name: string) =>
      (screen.getByRole('radio', { name }).closest('label') as HTMLElement).querySelector('svg[data-icon]:not([data-icon="check"])');
    expect(roleIcon('Customer')).toHaveAttribute('data-icon', 'bag');
    expect(roleIcon('Shopkeeper')).toHaveAttribute('data-icon', 'store');
    expect(roleIcon('Admin')).toHaveAttribute('data-icon', 'shield');
    expect(roleIcon('Admin')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Store Ratings').querySelector('svg[data-icon]')).toHaveAttribute('data-icon', 'star');
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}|[★✓✗]/u);
  });

  it('lets the keyboard move through the roles with the arrow keys', async () => {
    const { user } = renderLogin();
    screen.getByRole('radio', { name: 'Customer' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Shopkeeper' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Shopkeeper' })).toHaveFocus();
  });

  it("shows 'Please fill in all fields' inline only, not as a toast, when the form is empty, and does not call login", async () => {
    const { user, auth } = renderLogin();
    await user.click(signInButton());
    expect(await findFormAlert()).toHaveTextContent('Please fill in all fields');
    expect(queryToast('Please fill in all fields')).not.toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('marks only the empty field invalid and links it to the message', async () => {
    const { user } = renderLogin();
    await user.type(emailInput(), 'customer@example.com');
    await user.click(signInButton());
    const alert = await findFormAlert();
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAccessibleDescription('Please fill in all fields');
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
    expect(alert.id).not.toBe('');
  });

  it('clears the inline message once the user edits the form', async () => {
    const { user } = renderLogin();
    await user.click(signInButton());
    await findFormAlert();
    await user.type(emailInput(), 'a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Login failed. Please try again.' and never the server's message when the server refuses", async () => {
    const { user, auth } = renderLogin();
    auth.login.mockRejectedValue(apiError(401, MESSAGES.invalidCredentials));
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Wrong@1234');
    await user.click(signInButton());
    expect(await findToast('Login failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.invalidCredentials)).not.toBeInTheDocument();
  });

  it("shows 'Login failed. Please try again.' for a throttled sign-in too, not the server's text", async () => {
    const { user, auth } = renderLogin();
    auth.login.mockRejectedValue(apiError(429, MESSAGES.tooManyLoginAttempts));
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Wrong@1234');
    await user.click(signInButton());
    expect(await findToast('Login failed. Please try again.')).toBeInTheDocument();
    expect(queryToast(MESSAGES.tooManyLoginAttempts)).not.toBeInTheDocument();
  });

  it("shows 'Login failed. Please try again.' when the network fails", async () => {
    const { user, auth } = renderLogin();
    auth.login.mockRejectedValue(networkError());
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Customer@1234');
    await user.click(signInButton());
    expect(await findToast('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('shows one toast however often the sign-in fails, and logs the failure without the password it sent', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { user, auth } = renderLogin();
      const sent = () =>
        Object.assign(networkError(), { config: { data: JSON.stringify({ email: 'customer@example.com', password: 'Customer@1234' }) } });
      auth.login.mockImplementation(() => Promise.reject(sent()));
      await user.type(emailInput(), 'customer@example.com');
      await user.type(passwordInput(), 'Customer@1234');
      await user.click(signInButton());
      await findToast('Login failed. Please try again.');
      await user.click(signInButton());
      await screen.findByRole('button', { name: 'Sign In' });
      expect(auth.login).toHaveBeenCalledTimes(2);
      expect(screen.getAllByText('Login failed. Please try again.')).toHaveLength(1);
      expect(log).toHaveBeenCalled();
      expect(inspect(log.mock.calls, { depth: 8 })).not.toContain('Customer@1234');
    } finally {
      log.mockRestore();
    }
  });

  it("reads 'Signing In...' and is disabled while signing in, then returns after a failure with the values kept", async () => {
    const { user, auth } = renderLogin();
    const call = deferred<typeof testUser>();
    auth.login.mockReturnValue(call.promise);
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Customer@1234');
    await user.click(signInButton());
    const busy = screen.getByRole('button', { name: 'Signing In...' });
    // The kit's busy button: aria-disabled (it keeps focus) rather than disabled, and a second press sends nothing.
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    await user.type(passwordInput(), '{Enter}');
    expect(auth.login).toHaveBeenCalledTimes(1);
    call.reject(apiError(401, MESSAGES.invalidCredentials));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(emailInput()).toHaveValue('customer@example.com');
    expect(passwordInput()).toHaveValue('Customer@1234');
  });

  it('shows and hides the password with a toggle button that reports its state', async () => {
    const { user } = renderLogin();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('lists the three demo accounts with their email, password and role', () => {
    renderLogin();
    const box = screen.getByRole('region', { name: 'Demo accounts' });
    const accounts = within(box).getAllByRole('button');
    expect(accounts.map((b) => b.textContent)).toEqual([
      'Adminadmin@example.comAdmin@1234',
      'Shopkeeperowner@example.comOwner@1234',
      'Customercustomer@example.comCustomer@1234',
    ]);
  });

  it('fills in email and password and selects the role when a demo account is chosen', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: /admin@example\.com/ }));
    expect(emailInput()).toHaveValue('admin@example.com');
    expect(passwordInput()).toHaveValue('Admin@1234');
    expect(screen.getByRole('radio', { name: 'Admin' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Customer' })).not.toBeChecked();
  });

  it("signs in with a demo account's role", async () => {
    const { user, auth } = renderLogin();
    auth.login.mockResolvedValue({ ...testUser, role: 'store_owner' });
    await user.click(screen.getByRole('button', { name: /owner@example\.com/ }));
    await user.click(signInButton());
    expect(auth.login).toHaveBeenCalledWith('owner@example.com', 'Owner@1234', 'store_owner');
  });

  it("links to the sign-up page with 'Sign up here'", async () => {
    const { user } = renderLogin();
    const link = screen.getByRole('link', { name: 'Sign up here' });
    expect(link).toHaveAttribute('href', '/register');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('submits with the Enter key from the password field', async () => {
    const { user, auth } = renderLogin();
    auth.login.mockResolvedValue(testUser);
    await user.type(emailInput(), 'customer@example.com');
    await user.type(passwordInput(), 'Customer@1234{Enter}');
    expect(auth.login).toHaveBeenCalledTimes(1);
  });
});
