import { screen, within } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import RegisterPage from '../src/exposed/RegisterPage';
import { apiError, deferred, findFormAlert, findToast, networkError, queryToast, renderPage, testUser } from './render-helpers';

const renderRegister = () => renderPage(<RegisterPage />, { route: '/register' });

const nameInput = () => screen.getByLabelText('Full Name');
const emailInput = () => screen.getByLabelText('Email');
const addressInput = () => screen.getByLabelText('Address');
const passwordInput = () => screen.getByLabelText('Password');
const confirmInput = () => screen.getByLabelText('Confirm Password');
const submitButton = () => screen.getByRole('button', { name: 'Create Account' });

const valid = {
  name: 'Meera Krishnamurthy Rao',
  email: 'meera.rao@example.com',
  address: '8 Church Street, Bengaluru',
  password: 'Meera@2024',
};

type User = ReturnType<typeof renderRegister>['user'];

async function fillForm(user: User, values: Partial<typeof valid & { confirmPassword: string }> = {}) {
  const v = { ...valid, confirmPassword: values.password ?? valid.password, ...values };
  if (v.name) await user.type(nameInput(), v.name);
  if (v.email) await user.type(emailInput(), v.email);
  if (v.address) await user.type(addressInput(), v.address);
  if (v.password) await user.type(passwordInput(), v.password);
  if (v.confirmPassword) await user.type(confirmInput(), v.confirmPassword);
}

/** The message shows inline only (role=alert), not also as an error toast. */
async function expectValidation(message: string) {
  expect(await findFormAlert()).toHaveTextContent(message);
  expect(queryToast(message)).not.toBeInTheDocument();
}

describe('Registration page', () => {
  it('has labelled name, email, address (a textarea), password and confirmation fields', () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('type', 'text');
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(addressInput().tagName).toBe('TEXTAREA');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(confirmInput()).toHaveAttribute('type', 'password');
  });

  it('tells the name length (20-60) and counts the characters of name and address', async () => {
    const { user } = renderRegister();
    expect(nameInput()).toHaveAccessibleDescription('20-60 characters 0 / 60 characters');
    expect(addressInput()).toHaveAccessibleDescription('0 / 400 characters');
    await user.type(addressInput(), '8 Church St');
    expect(addressInput()).toHaveAccessibleDescription('11 / 400 characters');
  });

  describe('validation, in the order of the spec', () => {
    it("asks to 'Please fill in all fields' when something is empty", async () => {
      const { user, auth } = renderRegister();
      await fillForm(user, { address: '' });
      await user.click(submitButton());
      await expectValidation('Please fill in all fields');
      expect(addressInput()).toHaveAttribute('aria-invalid', 'true');
      expect(nameInput()).not.toHaveAttribute('aria-invalid');
      expect(auth.register).not.toHaveBeenCalled();
    });

    it("says 'Passwords do not match' before any other rule", async () => {
      const { user, auth } = renderRegister();
      await fillForm(user, { name: 'Too short', password: 'weak', confirmPassword: 'other' });
      await user.click(submitButton());
      await expectValidation('Passwords do not match');
      expect(confirmInput()).toHaveAttribute('aria-invalid', 'true');
      expect(auth.register).not.toHaveBeenCalled();
    });

    it("says 'Password does not meet requirements' for a password outside the rule", async () => {
      const { user } = renderRegister();
      await fillForm(user, { name: 'Too short', password: 'alllowercase1' });
      await user.click(submitButton());
      await expectValidation('Password does not meet requirements');
      expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    });

    it("says 'Name must be between 20-60 characters' for a short name", async () => {
      const { user } = renderRegister();
      await fillForm(user, { name: 'Meera Rao' });
      await user.click(submitButton());
      await expectValidation('Name must be between 20-60 characters');
      expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
      expect(nameInput()).toHaveAccessibleDescription(/Name must be between 20-60 characters/);
    });

    it('rejects a name over 60 characters and shows the counter over its limit', async () => {
      const { user } = renderRegister();
      await fillForm(user, { name: 'M'.repeat(61) });
      expect(nameInput()).toHaveAccessibleDescription('20-60 characters 61 / 60 characters');
      await user.click(submitButton());
      await expectValidation('Name must be between 20-60 characters');
    });

    it('says an invalid email is not valid', async () => {
      const { user } = renderRegister();
      await fillForm(user, { email: 'meera.example.com' });
      await user.click(submitButton());
      await expectValidation(MESSAGES.invalidEmail);
      expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    });

    it("says 'Address must not exceed 400 characters' for a longer address", async () => {
      const { user } = renderRegister();
      await fillForm(user, { address: '' });
      await user.click(addressInput());
      await user.paste('a'.repeat(401));
      await user.click(submitButton());
      await expectValidation('Address must not exceed 400 characters');
      expect(addressInput()).toHaveAttribute('aria-invalid', 'true');
    });
  });

  it('creates the account with name, email, address and password (no confirmation, no role)', async () => {
    const { user, auth } = renderRegister();
    auth.register.mockResolvedValue(testUser);
    await fillForm(user);
    await user.click(submitButton());
    expect(auth.register).toHaveBeenCalledWith(valid);
  });

  it("reads 'Creating Account...' and is disabled while the account is created", async () => {
    const { user, auth } = renderRegister();
    const call = deferred<typeof testUser>();
    auth.register.mockReturnValue(call.promise);
    await fillForm(user);
    await user.click(submitButton());
    // The kit's busy button: aria-disabled (it keeps focus) rather than disabled, and a second press sends nothing.
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Creating Account...' }));
    expect(auth.register).toHaveBeenCalledTimes(1);
    call.resolve(testUser);
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it("shows the server's message when registration fails, keeping everything typed", async () => {
    const { user, auth } = renderRegister();
    auth.register.mockRejectedValue(apiError(409, MESSAGES.emailTaken));
    await fillForm(user);
    await user.click(submitButton());
    expect(await findToast('Email is already registered')).toBeInTheDocument();
    expect(nameInput()).toHaveValue(valid.name);
    expect(emailInput()).toHaveValue(valid.email);
    expect(addressInput()).toHaveValue(valid.address);
    expect(passwordInput()).toHaveValue(valid.password);
    expect(confirmInput()).toHaveValue(valid.password);
  });

  it("shows 'Registration failed. Please try again.' when the server gives no message", async () => {
    const { user, auth } = renderRegister();
    auth.register.mockRejectedValue(networkError());
    await fillForm(user);
    await user.click(submitButton());
    expect(await findToast('Registration failed. Please try again.')).toBeInTheDocument();
  });

  describe('password strength meter', () => {
    const meter = () => screen.getByRole('meter', { name: 'Password strength' });

    it.each([
      ['ABCDEFG!', 'Good', 3],
      ['Abcdefg!', 'Strong', 4],
      ['Abc1!xyz', 'Very Strong', 5],
      ['Abc1!xyzabcd', 'Excellent', 6],
      ['Abc1!xyzabcdefgh', 'Excellent', 6], // 16 characters: the longest the rule accepts
    ])('rates %s, which the rule accepts, with the spec label %s', async (password, label, score) => {
      const { user } = renderRegister();
      await user.type(passwordInput(), password);
      expect(meter()).toHaveAttribute('aria-valuenow', String(score));
      expect(meter()).toHaveAttribute('aria-valuetext', `${label} (${score} of 6)`);
      // The visible label sits in a polite live region, so screen readers hear it as the user types.
      const shown = screen.getByText(label, { exact: true });
      expect(shown.closest('[aria-live="polite"]')).not.toBeNull();
    });

    it("never praises an 18-character password the rule refuses: no 'Excellent', it says 'Too long', weak and not full", async () => {
      const { user } = renderRegister();
      await user.type(passwordInput(), 'Abc1!xyzabcdefghij'); // 18 characters, every kind: the spec's score is 6
      expect(screen.queryByText('Excellent')).not.toBeInTheDocument();
      const shown = screen.getByText('Too long', { exact: true });
      expect(shown.closest('[aria-live="polite"]')).not.toBeNull();
      expect(meter()).toHaveAttribute('aria-valuetext', 'Too long (at most 16 characters)');
      expect(meter()).toHaveAttribute('aria-valuenow', '1');
      expect(meter().firstElementChild).toHaveStyle({ width: `${(1 / 6) * 100}%` });
      expect(meter().closest('[data-level]')).toHaveAttribute('data-level', 'low');
      // The checklist below says which requirement it is.
      expect(screen.getByRole('list', { name: 'Password requirements' })).toHaveTextContent('8-16 characters (not met)');
    });

    it.each([
      ['Abc1!', 'Too short', 'Strong', 'Too short (at least 8 characters)'],
      ['abcdefgh12345', "Doesn't meet the rules", 'Strong', "Doesn't meet the rules (see the password requirements)"],
      ['abcdefgh1234!', "Doesn't meet the rules", 'Very Strong', "Doesn't meet the rules (see the password requirements)"],
    ])("says why the rule refuses %s: '%s', not the spec's '%s'", async (password, label, praise, valueText) => {
      const { user } = renderRegister();
      await user.type(passwordInput(), password);
      expect(screen.getByText(label, { exact: true })).toBeInTheDocument();
      expect(screen.queryByText(praise, { exact: true })).not.toBeInTheDocument();
      expect(meter()).toHaveAttribute('aria-valuetext', valueText);
      expect(Number(meter().getAttribute('aria-valuenow'))).toBeLessThanOrEqual(1);
      expect(meter().closest('[data-level]')).toHaveAttribute('data-level', 'low');
    });

    it('fills its bar in proportion to the score and follows the password as it changes', async () => {
      const { user } = renderRegister();
      await user.type(passwordInput(), 'Abcdefg!');
      expect(meter().firstElementChild).toHaveStyle({ width: `${(4 / 6) * 100}%` });
      await user.type(passwordInput(), '1xyzabcdefgh'); // now 20 characters
      expect(meter()).toHaveAttribute('aria-valuenow', '1');
      expect(screen.getByText('Too long', { exact: true })).toBeInTheDocument();
      await user.clear(passwordInput());
      await user.type(passwordInput(), 'Abc1!xyzabcd');
      expect(meter()).toHaveAttribute('aria-valuenow', '6');
      expect(meter().firstElementChild).toHaveStyle({ width: '100%' });
      await user.clear(passwordInput());
      expect(meter()).toHaveAttribute('aria-valuetext', 'No password entered');
    });
  });

  describe('requirement checklist', () => {
    const items = () => within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');

    it('lists the three requirements, none met before anything is typed', () => {
      renderRegister();
      expect(items().map((li) => li.textContent)).toEqual([
        '8-16 characters (not met)',
        'At least one uppercase letter (not met)',
        'At least one special character (!@#$%^&*) (not met)',
      ]);
    });

    it("marks each line with the kit's check or cross icon (hidden from screen readers: the words say met or not met)", async () => {
      const { user } = renderRegister();
      const icons = () => items().map((li) => li.querySelector('svg[data-icon]'));
      expect(icons().map((svg) => svg?.getAttribute('data-icon'))).toEqual(['cross', 'cross', 'cross']);
      await user.type(passwordInput(), 'abcdefghA');
      expect(icons().map((svg) => svg?.getAttribute('data-icon'))).toEqual(['check', 'check', 'cross']);
      for (const svg of icons()) expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(items()[2]).toHaveTextContent(/\(not met\)$/);
    });

    it('marks each requirement met as the password satisfies it', async () => {
      const { user } = renderRegister();
      await user.type(passwordInput(), 'abcdefgh');
      expect(items().map((li) => li.textContent?.endsWith('(met)'))).toEqual([true, false, false]);
      await user.type(passwordInput(), 'A');
      expect(items().map((li) => li.textContent?.endsWith('(met)'))).toEqual([true, true, false]);
      await user.type(passwordInput(), '!');
      expect(items().map((li) => li.textContent?.endsWith('(met)'))).toEqual([true, true, true]);
    });

    it('marks the length unmet again past 16 characters', async () => {
      const { user } = renderRegister();
      await user.type(passwordInput(), 'Abcdefghijklmno!x');
      expect(items()[0]).toHaveTextContent('8-16 characters (not met)');
    });

    it('describes the password field', () => {
      renderRegister();
      expect(passwordInput()).toHaveAccessibleDescription(/8-16 characters \(not met\)/);
    });
  });

  describe('match indicator', () => {
    it('says nothing until the confirmation is typed', async () => {
      const { user } = renderRegister();
      await user.type(passwordInput(), 'Meera@2024');
      expect(screen.queryByText('Passwords match')).not.toBeInTheDocument();
      expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    });

    it('tells whether the two passwords match as the confirmation is typed', async () => {
      const { user } = renderRegister();
      await user.type(passwordInput(), 'Meera@2024');
      await user.type(confirmInput(), 'Meera@202');
      expect(confirmInput()).toHaveAccessibleDescription('Passwords do not match');
      await user.type(confirmInput(), '4');
      expect(confirmInput()).toHaveAccessibleDescription('Passwords match');
    });

    it("shows the kit's check or cross icon beside the words", async () => {
      const { user } = renderRegister();
      await user.type(passwordInput(), 'Meera@2024');
      await user.type(confirmInput(), 'Meera@202');
      expect(screen.getByText('Passwords do not match').querySelector('svg[data-icon]')).toHaveAttribute('data-icon', 'cross');
      await user.type(confirmInput(), '4');
      const icon = screen.getByText('Passwords match').querySelector('svg[data-icon]');
      expect(icon).toHaveAttribute('data-icon', 'check');
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    });
  });

  it('shows no emoji or glyph as an icon: the brand mark and the feedback are svg icons of the kit', async () => {
    const { user, container } = renderRegister();
    await user.type(passwordInput(), 'Meera@2024');
    await user.type(confirmInput(), 'Meera@2024');
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}|[★✓✗]/u);
    expect(screen.getByText('Store Ratings').querySelector('svg[data-icon]')).toHaveAttribute('data-icon', 'star');
  });

  it('shows and hides each password on its own', async () => {
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(confirmInput()).toHaveAttribute('type', 'password');
    const confirmToggle = screen.getByRole('button', { name: 'Show confirm password' });
    await user.click(confirmToggle);
    expect(confirmInput()).toHaveAttribute('type', 'text');
    expect(confirmToggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('links to the sign-in page', async () => {
    const { user } = renderRegister();
    await user.click(screen.getByRole('link', { name: 'Sign in here' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
