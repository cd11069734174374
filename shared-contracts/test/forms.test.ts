/**
 * The forms' checks (src/forms.ts): each form's stages in spec §5 order, built from the request
 * schemas the API validates with. Every case asserts the field and the message of the first error
 * (`...FormErrors`, FieldError[]) and the first message, as the form's alert shows it.
 */
import {
  MESSAGES,
  adminStoreFormErrors,
  adminUserFormErrors,
  fieldErrorsOf,
  firstMessage,
  formErrors,
  loginFormErrors,
  passwordChangeFormErrors,
  profileFormErrors,
  ratingFormErrors,
  registrationFormErrors,
  type AdminStoreForm,
  type FieldError,
  type RegistrationForm,
} from '../src';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstIssueMessage, profileUpdateRequestSchema, registerRequestSchema } from '../src/schemas';
import { VALID_ADDRESS, VALID_EMAIL, VALID_NAME, VALID_PASSWORD, chars, nameOf } from './helpers';

// The first message of each form, as a form's alert shows it.
const validateLoginForm = (v: Parameters<typeof loginFormErrors>[0]) => firstMessage(loginFormErrors(v));
const validateRegistrationForm = (v: Parameters<typeof registrationFormErrors>[0]) => firstMessage(registrationFormErrors(v));
const validateProfileForm = (v: Parameters<typeof profileFormErrors>[0]) => firstMessage(profileFormErrors(v));
const validatePasswordChangeForm = (v: Parameters<typeof passwordChangeFormErrors>[0]) => firstMessage(passwordChangeFormErrors(v));
const validateRatingForm = (v: Parameters<typeof ratingFormErrors>[0]) => firstMessage(ratingFormErrors(v));
const validateAdminUserForm = (v: Parameters<typeof adminUserFormErrors>[0], mode: Parameters<typeof adminUserFormErrors>[1]) =>
  firstMessage(adminUserFormErrors(v, mode));
const validateAdminStoreForm = (v: Parameters<typeof adminStoreFormErrors>[0]) => firstMessage(adminStoreFormErrors(v));

/** A form's answer through both APIs. */
interface Checked {
  errors: FieldError[];
  message: string | null;
}

/** The first error is on `field` with `message`, and the string API says `message`. */
function expectError(checked: Checked, field: string, message: string) {
  expect(checked.errors[0]).toEqual({ field, message });
  expect(checked.message).toBe(message);
}

function expectValid(checked: Checked) {
  expect(checked.errors).toEqual([]);
  expect(checked.message).toBeNull();
}

describe('firstIssueMessage', () => {
  it('null when the values pass', () =>
    expect(
      firstIssueMessage(registerRequestSchema, { name: VALID_NAME, email: VALID_EMAIL, address: VALID_ADDRESS, password: VALID_PASSWORD }),
    ).toBeNull());
  it("the first issue's message otherwise", () => expect(firstIssueMessage(registerRequestSchema, {})).toBe(MESSAGES.fillAllFields));
});

describe('formErrors, fieldErrorsOf, firstMessage', () => {
  it('[] when every stage passes', () =>
    expect(formErrors([profileUpdateRequestSchema], { name: VALID_NAME, address: VALID_ADDRESS })).toEqual([]));
  it("the first failing stage's errors, one per field, in the schema's field order", () =>
    expect(formErrors([profileUpdateRequestSchema, registerRequestSchema], { name: ' ', address: chars(401) })).toEqual([
      { field: 'name', message: MESSAGES.fillAllFields },
      { field: 'address', message: MESSAGES.addressMax },
    ]));
  it('keeps the first issue of each field', () =>
    expect(
      fieldErrorsOf([
        { path: ['a'], message: 'one' },
        { path: ['a'], message: 'two' },
        { path: ['b', 0], message: 'three' },
        { path: [], message: 'four' },
      ]),
    ).toEqual([
      { field: 'a', message: 'one' },
      { field: 'b', message: 'three' },
      { field: '', message: 'four' },
    ]));
  it('firstMessage', () => {
    expect(firstMessage([])).toBeNull();
    expect(firstMessage([{ field: 'x', message: 'm' }])).toBe('m');
  });
});

describe('validateLoginForm', () => {
  const check = (values: { email: string; password: string }): Checked => ({
    errors: loginFormErrors(values),
    message: validateLoginForm(values),
  });
  it('null when both are present', () => expectValid(check({ email: VALID_EMAIL, password: 'x' })));
  it('missing email → fill in all fields', () => expectError(check({ email: '', password: 'x' }), 'email', MESSAGES.fillAllFields));
  it('blank email → fill in all fields', () => expectError(check({ email: '   ', password: 'x' }), 'email', MESSAGES.fillAllFields));
  it('missing password → fill in all fields', () =>
    expectError(check({ email: VALID_EMAIL, password: '' }), 'password', MESSAGES.fillAllFields));
  it('does not apply the password rule', () => expectValid(check({ email: VALID_EMAIL, password: 'a' })));
  it('both missing → both fields', () =>
    expect(loginFormErrors({ email: '', password: '' })).toEqual([
      { field: 'email', message: MESSAGES.fillAllFields },
      { field: 'password', message: MESSAGES.fillAllFields },
    ]));
  it('a look-alike email → the look-alike message, after the required fields', () => {
    expectError(check({ email: '\u0430dmin@example.com', password: 'x' }), 'email', MESSAGES.emailConfusable);
    expectError(check({ email: '\u0430dmin@example.com', password: '' }), 'password', MESSAGES.fillAllFields);
  });
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
  const check = (values: RegistrationForm): Checked => ({
    errors: registrationFormErrors(values),
    message: validateRegistrationForm(values),
  });

  it('null for a valid form', () => expectValid(check(form())));

  it.each(['name', 'email', 'address', 'password', 'confirmPassword'] as const)('missing %s → fill in all fields', (key) => {
    expectError(check(form({ [key]: '' })), key, MESSAGES.fillAllFields);
    expect(registrationFormErrors(form({ [key]: '' }))).toEqual([{ field: key, message: MESSAGES.fillAllFields }]);
  });
  it.each(['name', 'email', 'address'] as const)('whitespace-only %s → fill in all fields', (key) => {
    expectError(check(form({ [key]: '   ' })), key, MESSAGES.fillAllFields);
  });
  it('missing fields win over everything else (mismatch, weak password, short name)', () => {
    expectError(check(form({ email: '', name: 'short', password: 'a', confirmPassword: 'b' })), 'email', MESSAGES.fillAllFields);
  });
  it('every missing field, in form order', () =>
    expect(registrationFormErrors(form({ name: '', address: ' ', confirmPassword: '' }))).toEqual([
      { field: 'name', message: MESSAGES.fillAllFields },
      { field: 'address', message: MESSAGES.fillAllFields },
      { field: 'confirmPassword', message: MESSAGES.fillAllFields },
    ]));

  it('mismatch → passwords do not match', () =>
    expectError(check(form({ confirmPassword: 'Secret#124' })), 'confirmPassword', MESSAGES.passwordsDoNotMatch));
  it('mismatch wins over a weak password', () =>
    expectError(check(form({ password: 'weak', confirmPassword: 'weaker' })), 'confirmPassword', MESSAGES.passwordsDoNotMatch));

  it.each(['Abcde#1', 'Abcdef#1234567890', 'secret#123', 'Secret1234', 'Secret?123'])(
    'matching but rule-breaking %s → password requirements',
    (p) => {
      expectError(check(form({ password: p, confirmPassword: p })), 'password', MESSAGES.passwordRequirements);
    },
  );
  it('password rule wins over a short name and a bad email', () =>
    expectError(
      check(form({ name: nameOf(5), email: 'bad', password: 'weak', confirmPassword: 'weak' })),
      'password',
      MESSAGES.passwordRequirements,
    ));

  it('name 19 → name length', () => expectError(check(form({ name: nameOf(19) })), 'name', MESSAGES.nameLength));
  it('name 20 ok', () => expectValid(check(form({ name: nameOf(20) }))));
  it('name 60 ok', () => expectValid(check(form({ name: nameOf(60) }))));
  it('name 61 → name length', () => expectError(check(form({ name: nameOf(61) })), 'name', MESSAGES.nameLength));
  it('name measured after trimming', () => expectError(check(form({ name: `    ${nameOf(19)}    ` })), 'name', MESSAGES.nameLength));
  it('invalid email → invalid email message', () => expectError(check(form({ email: 'alex@example' })), 'email', MESSAGES.invalidEmail));
  it('name length is reported before an invalid email', () => {
    expectError(check(form({ name: nameOf(19), email: 'bad' })), 'name', MESSAGES.nameLength);
    expect(registrationFormErrors(form({ name: nameOf(19), email: 'bad' }))).toEqual([
      { field: 'name', message: MESSAGES.nameLength },
      { field: 'email', message: MESSAGES.invalidEmail },
    ]);
  });
  it('address 401 → address message; 400 ok', () => {
    expectError(check(form({ address: chars(401) })), 'address', MESSAGES.addressMax);
    expectValid(check(form({ address: chars(400) })));
  });
});

describe('validateProfileForm', () => {
  const form = (over: Partial<{ name: string; address: string }> = {}) => ({ name: VALID_NAME, address: VALID_ADDRESS, ...over });
  const check = (values: { name: string; address: string }): Checked => ({
    errors: profileFormErrors(values),
    message: validateProfileForm(values),
  });
  it('null for a valid form', () => expectValid(check(form())));
  it('name 19 → name length', () => expectError(check(form({ name: nameOf(19) })), 'name', MESSAGES.nameLength));
  it('name 20 ok', () => expectValid(check(form({ name: nameOf(20) }))));
  it('name 60 ok', () => expectValid(check(form({ name: nameOf(60) }))));
  it('name 61 → name length', () => expectError(check(form({ name: nameOf(61) })), 'name', MESSAGES.nameLength));
  it('blank name → fill in all fields', () => expectError(check(form({ name: '' })), 'name', MESSAGES.fillAllFields));
  it('whitespace-only name → fill in all fields', () => expectError(check(form({ name: '   ' })), 'name', MESSAGES.fillAllFields));
  it('blank address → fill in all fields', () => expectError(check(form({ address: '' })), 'address', MESSAGES.fillAllFields));
  it('address 400 ok, 401 → address message', () => {
    expectValid(check(form({ address: chars(400) })));
    expectError(check(form({ address: chars(401) })), 'address', MESSAGES.addressMax);
  });
});

describe('validatePasswordChangeForm (spec §5 order)', () => {
  type Form = { currentPassword: string; newPassword: string; confirmPassword: string };
  const form = (over: Partial<Form> = {}): Form => ({
    currentPassword: 'Old#pass1',
    newPassword: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
    ...over,
  });
  const check = (values: Form): Checked => ({ errors: passwordChangeFormErrors(values), message: validatePasswordChangeForm(values) });
  it('null for a valid form', () => expectValid(check(form())));
  it.each(['currentPassword', 'newPassword', 'confirmPassword'] as const)('missing %s → fill in all password fields', (key) => {
    expectError(check(form({ [key]: '' })), key, MESSAGES.fillAllPasswordFields);
  });
  it('missing wins over mismatch', () =>
    expectError(check(form({ currentPassword: '', confirmPassword: 'x' })), 'currentPassword', MESSAGES.fillAllPasswordFields));
  it('mismatch → new passwords do not match', () =>
    expectError(check(form({ confirmPassword: 'Secret#999' })), 'confirmPassword', MESSAGES.newPasswordsDoNotMatch));
  it('mismatch wins over a weak password', () =>
    expectError(check(form({ newPassword: 'weak', confirmPassword: 'weak2' })), 'confirmPassword', MESSAGES.newPasswordsDoNotMatch));
  it.each(['Abcde#1', 'Abcdef#1234567890', 'secret#123', 'Secret1234', 'Secret?123'])('weak %s → password requirements', (p) => {
    expectError(check(form({ newPassword: p, confirmPassword: p })), 'newPassword', MESSAGES.passwordRequirements);
  });
  it('8 and 16 characters are fine', () => {
    expectValid(check(form({ newPassword: 'Abcde#12', confirmPassword: 'Abcde#12' })));
    expectValid(check(form({ newPassword: 'Abcde#1234567890', confirmPassword: 'Abcde#1234567890' })));
  });
  it('the current password is not held to the rule', () => expectValid(check(form({ currentPassword: 'x' }))));
  it('a current password longer than any can be → what the API answers, after the rule', () => {
    expectError(check(form({ currentPassword: chars(129) })), 'currentPassword', MESSAGES.currentPasswordIncorrect);
    expectError(
      check(form({ currentPassword: chars(129), newPassword: 'weak', confirmPassword: 'weak' })),
      'newPassword',
      MESSAGES.passwordRequirements,
    );
  });
});

describe('validateRatingForm', () => {
  type Form = { rating: number | null | undefined; comment?: string | null };
  const check = (values: Form): Checked => ({ errors: ratingFormErrors(values), message: validateRatingForm(values) });
  it.each([1, 5])('%p ok', (rating) => expectValid(check({ rating })));
  it.each([[0], [6], [2.5], [null], [undefined]])('%p → select a rating', (rating) =>
    expectError(check({ rating: rating as number | null | undefined }), 'rating', MESSAGES.selectRating),
  );
  it("'3' (a string) → select a rating", () => expectError(check({ rating: '3' as unknown as number }), 'rating', MESSAGES.selectRating));
  it('comment 500 ok, 501 → comment message', () => {
    expectValid(check({ rating: 4, comment: chars(500) }));
    expectError(check({ rating: 4, comment: chars(501) }), 'comment', MESSAGES.commentMax);
  });
  it('null / empty comment ok', () => {
    expectValid(check({ rating: 4, comment: null }));
    expectValid(check({ rating: 4, comment: '' }));
  });
  it('no rating and a long comment → both fields', () =>
    expect(ratingFormErrors({ rating: null, comment: chars(501) })).toEqual([
      { field: 'rating', message: MESSAGES.selectRating },
      { field: 'comment', message: MESSAGES.commentMax },
    ]));
});

describe('validateAdminUserForm', () => {
  type Form = { name: string; email: string; address?: string; role: string; password?: string };
  const form = (over: Partial<Form> = {}) => ({
    name: VALID_NAME,
    email: VALID_EMAIL,
    address: VALID_ADDRESS,
    role: 'normal_user',
    password: VALID_PASSWORD,
    ...over,
  });
  const check = (values: Form, mode: 'create' | 'edit'): Checked => ({
    errors: adminUserFormErrors(values, mode),
    message: validateAdminUserForm(values, mode),
  });
  it.each(['create', 'edit'] as const)('%s: null for a valid form', (mode) => expectValid(check(form(), mode)));
  it.each([
    ['name', 'edit'],
    ['email', 'edit'],
    ['role', 'edit'],
    ['name', 'create'],
    ['email', 'create'],
    ['role', 'create'],
  ] as const)('missing %s (%s) → fill in all required fields', (key, mode) => {
    expectError(check(form({ [key]: '' }), mode), key, MESSAGES.fillRequiredFields);
  });
  it('whitespace-only name → fill in all required fields', () =>
    expectError(check(form({ name: '  ' }), 'edit'), 'name', MESSAGES.fillRequiredFields));
  it('create needs a password', () => expectError(check(form({ password: '' }), 'create'), 'password', MESSAGES.fillRequiredFields));
  it('create: a missing password is reported before a bad name (required fields first)', () =>
    expectError(check(form({ name: nameOf(19), password: '' }), 'create'), 'password', MESSAGES.fillRequiredFields));
  it('a missing role is reported before an invalid email', () =>
    expectError(check(form({ email: 'nope', role: '' }), 'edit'), 'role', MESSAGES.fillRequiredFields));
  it('edit does not need a password', () => expectValid(check(form({ password: '' }), 'edit')));
  it('edit with no password key at all', () => {
    const { password: _p, ...rest } = form();
    expectValid(check(rest, 'edit'));
  });
  it('create: weak password → password requirements', () =>
    expectError(check(form({ password: 'weakpass' }), 'create'), 'password', MESSAGES.passwordRequirements));
  it('address is optional', () => expectValid(check(form({ address: '' }), 'edit')));
  it('name 19 → name length; 61 → name length', () => {
    expectError(check(form({ name: nameOf(19) }), 'edit'), 'name', MESSAGES.nameLength);
    expectError(check(form({ name: nameOf(61) }), 'create'), 'name', MESSAGES.nameLength);
  });
  it('invalid email → invalid email message', () => expectError(check(form({ email: 'nope' }), 'edit'), 'email', MESSAGES.invalidEmail));
  it('unknown role → invalid role', () => expectError(check(form({ role: 'boss' }), 'edit'), 'role', MESSAGES.invalidRole));
  it('address 401 → address message', () => expectError(check(form({ address: chars(401) }), 'edit'), 'address', MESSAGES.addressMax));
  it('every field with a problem, in the request schema order', () =>
    expect(
      adminUserFormErrors(form({ name: nameOf(5), email: 'nope', address: chars(401), password: 'weak', role: 'boss' }), 'create'),
    ).toEqual([
      { field: 'name', message: MESSAGES.nameLength },
      { field: 'email', message: MESSAGES.invalidEmail },
      { field: 'address', message: MESSAGES.addressMax },
      { field: 'password', message: MESSAGES.passwordRequirements },
      { field: 'role', message: MESSAGES.invalidRole },
    ]));
});

describe('validateAdminStoreForm', () => {
  const form = (over: Partial<AdminStoreForm> = {}): AdminStoreForm => ({
    name: 'Corner Shop',
    address: VALID_ADDRESS,
    phone: '',
    email: '',
    owner_id: '4',
    city: 'Old Town',
    ...over,
  });
  const check = (values: AdminStoreForm): Checked => ({ errors: adminStoreFormErrors(values), message: validateAdminStoreForm(values) });
  it('city 100 ok, 101 → city message', () => {
    expectValid(check(form({ city: chars(100) })));
    expectError(check(form({ city: chars(101) })), 'city', MESSAGES.cityMax);
  });
  it('null for a valid form with empty phone and email', () => expectValid(check(form())));
  it.each([
    ['name', ''],
    ['name', '   '],
    ['address', ''],
    ['address', '  '],
    ['owner_id', ''],
    ['owner_id', null],
    ['owner_id', undefined],
    ['city', ''],
    ['city', '  '],
    ['city', undefined],
  ] as const)('%s = %p → fill in all required fields', (key, value) => {
    expectError(check(form({ [key]: value })), key, MESSAGES.fillRequiredFields);
  });
  it('a missing owner is reported before a too-short store name (required fields first)', () =>
    expectError(check(form({ name: 'ab', owner_id: '' })), 'owner_id', MESSAGES.fillRequiredFields));
  it('a blank address is reported before a too-short store name', () =>
    expectError(check(form({ name: 'ab', address: ' ' })), 'address', MESSAGES.fillRequiredFields));
  it('store name 2 → store name message', () => expectError(check(form({ name: 'ab' })), 'name', MESSAGES.storeNameLength));
  it('store name 3 ok', () => expectValid(check(form({ name: 'abc' }))));
  it('store name 100 ok', () => expectValid(check(form({ name: chars(100) }))));
  it('store name 101 → store name message', () => expectError(check(form({ name: chars(101) })), 'name', MESSAGES.storeNameLength));
  it('address 400 ok, 401 → address message', () => {
    expectValid(check(form({ address: chars(400) })));
    expectError(check(form({ address: chars(401) })), 'address', MESSAGES.addressMax);
  });
  it('phone and email may be null', () => expectValid(check(form({ phone: null, email: null }))));
  it('a valid phone and email pass', () => expectValid(check(form({ phone: '+91 98765 43210', email: 'shop@example.com' }))));
  it('an invalid phone → invalid phone', () => expectError(check(form({ phone: 'phone me' })), 'phone', MESSAGES.invalidPhone));
  it('an invalid email → invalid email', () => expectError(check(form({ email: 'shop@' })), 'email', MESSAGES.invalidEmail));
  it('owner_id as a number works', () => expectValid(check(form({ owner_id: 4 }))));
  it("owner_id 'abc' → select a store owner", () => expectError(check(form({ owner_id: 'abc' })), 'owner_id', MESSAGES.invalidOwner));
  it('every missing required field, in form order', () =>
    expect(adminStoreFormErrors(form({ name: '', owner_id: null }))).toEqual([
      { field: 'name', message: MESSAGES.fillRequiredFields },
      { field: 'owner_id', message: MESSAGES.fillRequiredFields },
    ]));
});

describe('the root entry stays clear of classic zod (the browser loads it)', () => {
  /** Every source file the root entry loads at run time (type-only imports and exports do not count). */
  function reachable(file: string, seen = new Map<string, string>()): Map<string, string> {
    if (seen.has(file)) return seen;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const [, specifier] of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm)) {
      if (!specifier.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), specifier);
      const next = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
      if (next) reachable(next, seen);
    }
    return seen;
  }
  const files = reachable(path.join(__dirname, '../src/index.ts'));

  it('reaches the forms and the request schemas', () => {
    const names = [...files.keys()].map((f) => path.relative(path.join(__dirname, '../src'), f));
    expect(names).toEqual(expect.arrayContaining(['forms.ts', path.join('schemas', 'requests.ts'), path.join('schemas', 'fields.ts')]));
  });
  it("none of them imports 'zod' (classic) at run time; zod/mini is namespace-imported", () => {
    for (const [file, text] of files) {
      for (const [statement, specifier] of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+'(zod[^']*)'/gm)) {
        expect({ file, specifier }).toEqual({ file, specifier: 'zod/mini' });
        expect({ file, statement: statement.trim() }).toEqual({ file, statement: "import * as z from 'zod/mini'" });
      }
    }
  });
});
