import {
  MESSAGES,
  validateAdminStoreForm,
  validateAdminUserForm,
  validateLoginForm,
  validatePasswordChangeForm,
  validateProfileForm,
  validateRatingForm,
  validateRegistrationForm,
  type RegistrationForm,
} from '../src';
import { firstIssueMessage, registerRequestSchema } from '../src/schemas';
import { VALID_ADDRESS, VALID_EMAIL, VALID_NAME, VALID_PASSWORD, chars, nameOf } from './helpers';

describe('firstIssueMessage', () => {
  it('null when the values pass', () =>
    expect(
      firstIssueMessage(registerRequestSchema, { name: VALID_NAME, email: VALID_EMAIL, address: VALID_ADDRESS, password: VALID_PASSWORD }),
    ).toBeNull());
  it("the first issue's message otherwise", () => expect(firstIssueMessage(registerRequestSchema, {})).toBe(MESSAGES.fillAllFields));
});

describe('validateLoginForm', () => {
  it('null when both are present', () => expect(validateLoginForm({ email: VALID_EMAIL, password: 'x' })).toBeNull());
  it('missing email → fill in all fields', () => expect(validateLoginForm({ email: '', password: 'x' })).toBe(MESSAGES.fillAllFields));
  it('blank email → fill in all fields', () => expect(validateLoginForm({ email: '   ', password: 'x' })).toBe(MESSAGES.fillAllFields));
  it('missing password → fill in all fields', () =>
    expect(validateLoginForm({ email: VALID_EMAIL, password: '' })).toBe(MESSAGES.fillAllFields));
  it('does not apply the password rule', () => expect(validateLoginForm({ email: VALID_EMAIL, password: 'a' })).toBeNull());
});

describe('validateRegistrationForm (spec §5 order)', () => {
  const form = (over: Partial<RegistrationForm> = {}): RegistrationForm => ({
    name: VALID_NAME,
    email: VALID_EMAIL,
    address: VALID_ADDRESS,
    password: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
    ...over,
  });

  it('null for a valid form', () => expect(validateRegistrationForm(form())).toBeNull());

  it.each(['name', 'email', 'address', 'password', 'confirmPassword'] as const)('missing %s → fill in all fields', (key) => {
    expect(validateRegistrationForm(form({ [key]: '' }))).toBe(MESSAGES.fillAllFields);
  });
  it.each(['name', 'email', 'address'] as const)('whitespace-only %s → fill in all fields', (key) => {
    expect(validateRegistrationForm(form({ [key]: '   ' }))).toBe(MESSAGES.fillAllFields);
  });
  it('missing fields win over everything else (mismatch, weak password, short name)', () => {
    expect(validateRegistrationForm(form({ email: '', name: 'short', password: 'a', confirmPassword: 'b' }))).toBe(
      MESSAGES.fillAllFields,
    );
  });

  it('mismatch → passwords do not match', () =>
    expect(validateRegistrationForm(form({ confirmPassword: 'Secret#124' }))).toBe(MESSAGES.passwordsDoNotMatch));
  it('mismatch wins over a weak password', () =>
    expect(validateRegistrationForm(form({ password: 'weak', confirmPassword: 'weaker' }))).toBe(MESSAGES.passwordsDoNotMatch));

  it.each(['Abcde#1', 'Abcdef#1234567890', 'secret#123', 'Secret1234', 'Secret?123'])(
    'matching but rule-breaking %s → password requirements',
    (p) => {
      expect(validateRegistrationForm(form({ password: p, confirmPassword: p }))).toBe(MESSAGES.passwordRequirements);
    },
  );
  it('password rule wins over a short name and a bad email', () =>
    expect(validateRegistrationForm(form({ name: nameOf(5), email: 'bad', password: 'weak', confirmPassword: 'weak' }))).toBe(
      MESSAGES.passwordRequirements,
    ));

  it('name 19 → name length', () => expect(validateRegistrationForm(form({ name: nameOf(19) }))).toBe(MESSAGES.nameLength));
  it('name 20 ok', () => expect(validateRegistrationForm(form({ name: nameOf(20) }))).toBeNull());
  it('name 60 ok', () => expect(validateRegistrationForm(form({ name: nameOf(60) }))).toBeNull());
  it('name 61 → name length', () => expect(validateRegistrationForm(form({ name: nameOf(61) }))).toBe(MESSAGES.nameLength));
  it('name measured after trimming', () =>
    expect(validateRegistrationForm(form({ name: `    ${nameOf(19)}    ` }))).toBe(MESSAGES.nameLength));
  it('invalid email → invalid email message', () =>
    expect(validateRegistrationForm(form({ email: 'alex@example' }))).toBe(MESSAGES.invalidEmail));
  it('name length is reported before an invalid email', () =>
    expect(validateRegistrationForm(form({ name: nameOf(19), email: 'bad' }))).toBe(MESSAGES.nameLength));
  it('address 401 → address message; 400 ok', () => {
    expect(validateRegistrationForm(form({ address: chars(401) }))).toBe(MESSAGES.addressMax);
    expect(validateRegistrationForm(form({ address: chars(400) }))).toBeNull();
  });
});

describe('validateProfileForm', () => {
  const form = (over: Partial<{ name: string; address: string }> = {}) => ({ name: VALID_NAME, address: VALID_ADDRESS, ...over });
  it('null for a valid form', () => expect(validateProfileForm(form())).toBeNull());
  it('name 19 → name length', () => expect(validateProfileForm(form({ name: nameOf(19) }))).toBe(MESSAGES.nameLength));
  it('name 20 ok', () => expect(validateProfileForm(form({ name: nameOf(20) }))).toBeNull());
  it('name 60 ok', () => expect(validateProfileForm(form({ name: nameOf(60) }))).toBeNull());
  it('name 61 → name length', () => expect(validateProfileForm(form({ name: nameOf(61) }))).toBe(MESSAGES.nameLength));
  it('blank name → fill in all fields', () => expect(validateProfileForm(form({ name: '' }))).toBe(MESSAGES.fillAllFields));
  it('whitespace-only name → fill in all fields', () => expect(validateProfileForm(form({ name: '   ' }))).toBe(MESSAGES.fillAllFields));
  it('blank address → fill in all fields', () => expect(validateProfileForm(form({ address: '' }))).toBe(MESSAGES.fillAllFields));
  it('address 400 ok, 401 → address message', () => {
    expect(validateProfileForm(form({ address: chars(400) }))).toBeNull();
    expect(validateProfileForm(form({ address: chars(401) }))).toBe(MESSAGES.addressMax);
  });
});

describe('validatePasswordChangeForm (spec §5 order)', () => {
  const form = (over: Partial<{ currentPassword: string; newPassword: string; confirmPassword: string }> = {}) => ({
    currentPassword: 'Old#pass1',
    newPassword: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
    ...over,
  });
  it('null for a valid form', () => expect(validatePasswordChangeForm(form())).toBeNull());
  it.each(['currentPassword', 'newPassword', 'confirmPassword'] as const)('missing %s → fill in all password fields', (key) => {
    expect(validatePasswordChangeForm(form({ [key]: '' }))).toBe(MESSAGES.fillAllPasswordFields);
  });
  it('missing wins over mismatch', () =>
    expect(validatePasswordChangeForm(form({ currentPassword: '', confirmPassword: 'x' }))).toBe(MESSAGES.fillAllPasswordFields));
  it('mismatch → new passwords do not match', () =>
    expect(validatePasswordChangeForm(form({ confirmPassword: 'Secret#999' }))).toBe(MESSAGES.newPasswordsDoNotMatch));
  it('mismatch wins over a weak password', () =>
    expect(validatePasswordChangeForm(form({ newPassword: 'weak', confirmPassword: 'weak2' }))).toBe(MESSAGES.newPasswordsDoNotMatch));
  it.each(['Abcde#1', 'Abcdef#1234567890', 'secret#123', 'Secret1234', 'Secret?123'])(
    'weak %s → password requirements',
    (p) => {
      expect(validatePasswordChangeForm(form({ newPassword: p, confirmPassword: p }))).toBe(MESSAGES.passwordRequirements);
    },
  );
  it('8 and 16 characters are fine', () => {
    expect(validatePasswordChangeForm(form({ newPassword: 'Abcde#12', confirmPassword: 'Abcde#12' }))).toBeNull();
    expect(validatePasswordChangeForm(form({ newPassword: 'Abcde#1234567890', confirmPassword: 'Abcde#1234567890' }))).toBeNull();
  });
  it('the current password is not held to the rule', () =>
    expect(validatePasswordChangeForm(form({ currentPassword: 'x' }))).toBeNull());
});

describe('validateRatingForm', () => {
  it.each([1, 5])('%p ok', (rating) => expect(validateRatingForm({ rating })).toBeNull());
  it.each([[0], [6], [2.5], [null], [undefined]])('%p → select a rating', (rating) =>
    expect(validateRatingForm({ rating: rating as number | null | undefined })).toBe(MESSAGES.selectRating),
  );
  it("'3' (a string) → select a rating", () =>
    expect(validateRatingForm({ rating: '3' as unknown as number })).toBe(MESSAGES.selectRating));
  it('comment 500 ok, 501 → comment message', () => {
    expect(validateRatingForm({ rating: 4, comment: chars(500) })).toBeNull();
    expect(validateRatingForm({ rating: 4, comment: chars(501) })).toBe(MESSAGES.commentMax);
  });
  it('null / empty comment ok', () => {
    expect(validateRatingForm({ rating: 4, comment: null })).toBeNull();
    expect(validateRatingForm({ rating: 4, comment: '' })).toBeNull();
  });
});

describe('validateAdminUserForm', () => {
  const form = (over: Partial<{ name: string; email: string; address: string; role: string; password: string }> = {}) => ({
    name: VALID_NAME,
    email: VALID_EMAIL,
    address: VALID_ADDRESS,
    role: 'normal_user',
    password: VALID_PASSWORD,
    ...over,
  });
  it.each(['create', 'edit'] as const)('%s: null for a valid form', (mode) => expect(validateAdminUserForm(form(), mode)).toBeNull());
  it.each([
    ['name', 'edit'],
    ['email', 'edit'],
    ['role', 'edit'],
    ['name', 'create'],
    ['email', 'create'],
    ['role', 'create'],
  ] as const)('missing %s (%s) → fill in all required fields', (key, mode) => {
    expect(validateAdminUserForm(form({ [key]: '' }), mode)).toBe(MESSAGES.fillRequiredFields);
  });
  it('whitespace-only name → fill in all required fields', () =>
    expect(validateAdminUserForm(form({ name: '  ' }), 'edit')).toBe(MESSAGES.fillRequiredFields));
  it('create needs a password', () => expect(validateAdminUserForm(form({ password: '' }), 'create')).toBe(MESSAGES.fillRequiredFields));
  it('create: a missing password is reported before a bad name (required fields first)', () =>
    expect(validateAdminUserForm(form({ name: nameOf(19), password: '' }), 'create')).toBe(MESSAGES.fillRequiredFields));
  it('a missing role is reported before an invalid email', () =>
    expect(validateAdminUserForm(form({ email: 'nope', role: '' }), 'edit')).toBe(MESSAGES.fillRequiredFields));
  it('edit does not need a password', () => expect(validateAdminUserForm(form({ password: '' }), 'edit')).toBeNull());
  it('edit with no password key at all', () => {
    const { password: _p, ...rest } = form();
    expect(validateAdminUserForm(rest, 'edit')).toBeNull();
  });
  it('create: weak password → password requirements', () =>
    expect(validateAdminUserForm(form({ password: 'weakpass' }), 'create')).toBe(MESSAGES.passwordRequirements));
  it('address is optional', () => expect(validateAdminUserForm(form({ address: '' }), 'edit')).toBeNull());
  it('name 19 → name length; 61 → name length', () => {
    expect(validateAdminUserForm(form({ name: nameOf(19) }), 'edit')).toBe(MESSAGES.nameLength);
    expect(validateAdminUserForm(form({ name: nameOf(61) }), 'create')).toBe(MESSAGES.nameLength);
  });
  it('invalid email → invalid email message', () =>
    expect(validateAdminUserForm(form({ email: 'nope' }), 'edit')).toBe(MESSAGES.invalidEmail));
  it('unknown role → invalid role', () => expect(validateAdminUserForm(form({ role: 'boss' }), 'edit')).toBe(MESSAGES.invalidRole));
  it('address 401 → address message', () =>
    expect(validateAdminUserForm(form({ address: chars(401) }), 'edit')).toBe(MESSAGES.addressMax));
});

describe('validateAdminStoreForm', () => {
  type StoreForm = Parameters<typeof validateAdminStoreForm>[0];
  const form = (over: Partial<StoreForm> = {}): StoreForm => ({
    name: 'Corner Shop',
    address: VALID_ADDRESS,
    phone: '',
    email: '',
    owner_id: '4',
    ...over,
  });
  it('null for a valid form with empty phone and email', () => expect(validateAdminStoreForm(form())).toBeNull());
  it.each([
    ['name', ''],
    ['name', '   '],
    ['address', ''],
    ['address', '  '],
    ['owner_id', ''],
    ['owner_id', null],
    ['owner_id', undefined],
  ] as const)('%s = %p → fill in all required fields', (key, value) => {
    expect(validateAdminStoreForm(form({ [key]: value }))).toBe(MESSAGES.fillRequiredFields);
  });
  it('a missing owner is reported before a too-short store name (required fields first)', () =>
    expect(validateAdminStoreForm(form({ name: 'ab', owner_id: '' }))).toBe(MESSAGES.fillRequiredFields));
  it('a blank address is reported before a too-short store name', () =>
    expect(validateAdminStoreForm(form({ name: 'ab', address: ' ' }))).toBe(MESSAGES.fillRequiredFields));
  it('store name 2 → store name message', () => expect(validateAdminStoreForm(form({ name: 'ab' }))).toBe(MESSAGES.storeNameLength));
  it('store name 3 ok', () => expect(validateAdminStoreForm(form({ name: 'abc' }))).toBeNull());
  it('store name 100 ok', () => expect(validateAdminStoreForm(form({ name: chars(100) }))).toBeNull());
  it('store name 101 → store name message', () =>
    expect(validateAdminStoreForm(form({ name: chars(101) }))).toBe(MESSAGES.storeNameLength));
  it('address 400 ok, 401 → address message', () => {
    expect(validateAdminStoreForm(form({ address: chars(400) }))).toBeNull();
    expect(validateAdminStoreForm(form({ address: chars(401) }))).toBe(MESSAGES.addressMax);
  });
  it('phone and email may be null', () => expect(validateAdminStoreForm(form({ phone: null, email: null }))).toBeNull());
  it('a valid phone and email pass', () =>
    expect(validateAdminStoreForm(form({ phone: '+91 98765 43210', email: 'shop@example.com' }))).toBeNull());
  it('an invalid phone → invalid phone', () => expect(validateAdminStoreForm(form({ phone: 'phone me' }))).toBe(MESSAGES.invalidPhone));
  it('an invalid email → invalid email', () => expect(validateAdminStoreForm(form({ email: 'shop@' }))).toBe(MESSAGES.invalidEmail));
  it('owner_id as a number works', () => expect(validateAdminStoreForm(form({ owner_id: 4 }))).toBeNull());
  it("owner_id 'abc' → select a store owner", () =>
    expect(validateAdminStoreForm(form({ owner_id: 'abc' }))).toBe(MESSAGES.invalidOwner));
});
