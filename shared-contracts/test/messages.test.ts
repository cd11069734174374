import { MESSAGES, comingSoonMessage, welcomeBackMessage, welcomeNewUserMessage } from '../src';

describe('MESSAGES keep the exact wording of spec §5 and §8', () => {
  it.each([
    ['fillAllFields', 'Please fill in all fields'],
    ['passwordsDoNotMatch', 'Passwords do not match'],
    ['passwordRequirements', 'Password does not meet requirements'],
    ['nameLength', 'Name must be between 20-60 characters'],
    ['addressMax', 'Address must not exceed 400 characters'],
    ['fillAllPasswordFields', 'Please fill in all password fields'],
    ['newPasswordsDoNotMatch', 'New passwords do not match'],
    ['selectRating', 'Please select a rating'],
    ['fillRequiredFields', 'Please fill in all required fields'],
    ['storeNameLength', 'Store name must be between 3-100 characters'],
    ['noStoreOwners', 'No store owners available. Please create store owner accounts first.'],
    ['confirmDeleteUser', 'Are you sure you want to delete this user?'],
    ['confirmDeleteStore', 'Are you sure you want to delete this store?'],
    ['invalidEmail', 'Please enter a valid email address'],
    ['commentMax', 'Comment must not exceed 500 characters'],
    ['loggedOut', 'Logged out successfully'],
    ['loginFailed', 'Login failed. Please try again.'],
    ['registrationFailed', 'Registration failed. Please try again.'],
  ] as const)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('invalidLimit names the maximum', () => {
    expect(MESSAGES.invalidLimit(100)).toBe('Limit must be a whole number from 1 to 100');
    expect(MESSAGES.invalidLimit(1000)).toBe('Limit must be a whole number from 1 to 1000');
  });

  it('templated messages', () => {
    expect(welcomeBackMessage('Ann')).toBe('Welcome back, Ann!');
    expect(welcomeNewUserMessage('Ann')).toBe('Welcome to Store Ratings, Ann!');
    expect(comingSoonMessage('Analytics')).toBe('Analytics feature coming soon!');
  });
});
