/**
 * The browser's form checks (src/forms.ts) are plain functions so that zod stays out of the browser.
 * For generated input (valid, boundary lengths, unicode, blank, over-long, NUL, wrong types) they must
 * agree with the request schemas the API validates with: the same pass/fail and the same first message.
 * Two levels: each plain request check against its schema's first issue, and each form check against
 * the zod-based implementation the browser used before (the same pre-checks, then the schema).
 */
import fc from 'fast-check';
import {
  ADDRESS_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MAX_ID,
  MESSAGES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  PHONE_MAX_LENGTH,
  ROLES,
  STORE_CATEGORIES,
  STORE_NAME_MAX_LENGTH,
  STORE_NAME_MIN_LENGTH,
  meetsPasswordRule,
  requestIssue,
  validateAdminStoreForm,
  validateAdminUserForm,
  validateProfileForm,
  validateRatingForm,
  validateRegistrationForm,
  type RegistrationForm,
} from '../src';
import {
  adminStoreRequestSchema,
  adminUserCreateRequestSchema,
  adminUserUpdateRequestSchema,
  firstIssueMessage,
  profileUpdateRequestSchema,
  ratingRequestSchema,
  registerRequestSchema,
} from '../src/schemas';

/** PARITY_RUNS=20000 for a longer search. */
const RUNS = { numRuns: Number(process.env.PARITY_RUNS ?? 600) };

// ---------- generators ----------

const LIMITS = [
  NAME_MIN_LENGTH,
  NAME_MAX_LENGTH,
  ADDRESS_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  STORE_NAME_MIN_LENGTH,
  STORE_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
];
/** Every limit and its neighbours: 2, 3, 4, 7, 8, 9, ... 499, 500, 501. */
const boundaryLength = fc.constantFrom(...LIMITS.flatMap((n) => [n - 1, n, n + 1]));
const whitespace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff'), maxLength: 4 });
/** One UTF-16 unit, one astral character (two units), lone surrogates, combining marks, NUL and the like. */
const oddChar = fc.constantFrom('é', 'e\u0301', '😀', '中', '\ud83d', '\ude00', '\u0000', '\u200b', '@', '.', ' ', 'A', '#', '7');
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: oddChar, maxLength: 12 }),
);
/** A string of exactly n units from one repeated character (an astral one makes it n*2 units). */
const sized = fc.tuple(boundaryLength, fc.constantFrom('a', 'é', '😀', ' ', 'Z')).map(([n, ch]) => ch.repeat(n));
const padded = (text: fc.Arbitrary<string>) => fc.tuple(whitespace, text, whitespace).map(([a, t, b]) => `${a}${t}${b}`);
const withNul = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.nat()).map(([t, i]) => {
    const at = t.length === 0 ? 0 : i % (t.length + 1);
    return `${t.slice(0, at)}\u0000${t.slice(at)}`;
  });
/** Addresses built of look-alike material: other alphabets, fullwidth forms, invisibles, accents both ways. */
const lookAlikeUnit = fc.constantFrom('a', 'd', 'm', '\u0430', '\u03bf', '\uff41', '\uff20', '\uff0e', '\u200b', '\u202e', '\u00ad', 'e\u0301', '\u00e9', '\u0130', '\u00df', '\u4e2d', '\u3072', '\u0661', '.', '@');
const lookAlikeEmail = fc
  .tuple(fc.string({ unit: lookAlikeUnit, minLength: 1, maxLength: 6 }), fc.string({ unit: lookAlikeUnit, minLength: 1, maxLength: 6 }), fc.constantFrom('com', '\u0441om', '\uff43om', 'co.uk'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const emailLike = fc.oneof(
  fc.emailAddress(),
  lookAlikeEmail,
  fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('com', 'co.uk', '', 'x'))
    .map(([a, b, tld]) => `${a}@${b}${tld ? `.${tld}` : ''}`),
  fc.tuple(fc.constantFrom(240, 245, 250, 254, 255), fc.constantFrom('a', '😀')).map(([n, ch]) => `${ch.repeat(Math.max(1, n - 12))}@example.com`),
);
const phoneLike = fc.stringMatching(/^\+?[0-9 ()\-.x]{3,23}$/);
const passwordLike = fc.oneof(
  fc.tuple(fc.string({ maxLength: 14 }), fc.constantFrom('A', 'Z', 'a'), fc.constantFrom(...PASSWORD_SPECIAL_CHARACTERS, '?')).map(
    ([t, upper, special]) => `${upper}${t}${special}`,
  ),
  fc.constantFrom('Secret#123', 'Abcde#12', 'Abcde#1234567890', 'Abcde#12345678901', 'Abcd#12', 'secret#123', 'Secret1234', '😀😀😀😀A#'),
);
const notAString = fc.constantFrom(undefined, null, 0, 42, -1, 3.5, Number.NaN, Number.POSITIVE_INFINITY, true, false, [], {});

/** Any value a field might hold: mostly text of every kind, sometimes something else altogether. */
const text = fc.oneof(
  { weight: 2, arbitrary: anyText },
  { weight: 2, arbitrary: sized },
  { weight: 2, arbitrary: padded(fc.oneof(anyText, sized)) },
  { weight: 1, arbitrary: whitespace },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: withNul(fc.oneof(anyText, emailLike)) },
);
const field = (...specific: Array<fc.Arbitrary<unknown>>) =>
  fc.oneof({ weight: 4, arbitrary: fc.oneof(...specific) }, { weight: 3, arbitrary: text }, { weight: 1, arbitrary: notAString });

const validName = fc.integer({ min: NAME_MIN_LENGTH, max: NAME_MAX_LENGTH }).map((n) => 'Alexandra Johnson '.repeat(4).slice(0, n - 1) + 'x');
const nameField = field(validName, padded(validName), sized);
const emailField = field(emailLike, padded(emailLike));
const addressField = field(fc.string({ minLength: 1, maxLength: 40 }), sized);
const passwordField = field(passwordLike);
const roleField = field(fc.constantFrom(...ROLES, '', ' normal_user', 'NORMAL_USER', 'boss'));
const storeNameField = field(fc.string({ minLength: 1, maxLength: 12 }), sized);
const phoneField = field(phoneLike, padded(phoneLike), fc.constant(null));
const ownerField = fc.oneof(
  fc.integer({ min: -3, max: 20 }),
  fc.constantFrom(0, 1, MAX_ID, MAX_ID + 1, 2.5, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2),
  fc.stringMatching(/^\s{0,2}[0-9]{0,11}\s{0,2}$/),
  fc.constantFrom('2147483647', '2147483648', '0004', '12a', ' 7 ', '１２', '-1', '1e3', '0x1F'),
  text,
  notAString,
);
const categoryField = fc.option(fc.oneof(fc.constantFrom(...STORE_CATEGORIES, 'other', ' Other', ''), text), { nil: undefined });
const ratingField = fc.oneof(
  fc.integer({ min: -1, max: 7 }),
  fc.constantFrom(1.5, 4.0000001, Number.NaN, Number.POSITIVE_INFINITY, '3', '', null, undefined, true),
  fc.double(),
);
const commentField = fc.oneof(field(sized, fc.constant(null)), fc.constant(undefined));

/** An object with these fields; a field is sometimes left out altogether. */
const record = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.record(fields, { requiredKeys: [] });

// ---------- the schemas' first message ----------

type Values = Record<string, unknown>;
const cases: Array<[keyof typeof requestIssue, Parameters<typeof firstIssueMessage>[0], fc.Arbitrary<Values>]> = [
  ['register', registerRequestSchema, record({ name: nameField, email: emailField, address: addressField, password: passwordField })],
  ['profileUpdate', profileUpdateRequestSchema, record({ name: nameField, address: addressField })],
  ['rating', ratingRequestSchema, record({ rating: ratingField, comment: commentField })],
  [
    'adminUserCreate',
    adminUserCreateRequestSchema,
    record({ name: nameField, email: emailField, address: addressField, password: passwordField, role: roleField }),
  ],
  ['adminUserUpdate', adminUserUpdateRequestSchema, record({ name: nameField, email: emailField, address: addressField, role: roleField })],
  [
    'adminStore',
    adminStoreRequestSchema,
    record({
      name: storeNameField,
      address: addressField,
      phone: phoneField,
      email: field(emailLike, fc.constant(null)),
      owner_id: ownerField,
      category: categoryField,
    }),
  ],
];

describe.each(cases)('requestIssue.%s agrees with its request schema', (name, schema, values) => {
  it('the same pass/fail and the same first message for generated values', () => {
    fc.assert(
      fc.property(values, (v) => {
        expect(requestIssue[name](v)).toBe(firstIssueMessage(schema, v));
      }),
      RUNS,
    );
  });
  it('the generated values reach both outcomes and several messages', () => {
    const seen = new Set(fc.sample(values, { numRuns: 600, seed: 1 }).map((v) => firstIssueMessage(schema, v)));
    expect(seen.has(null)).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });
});

// ---------- the forms against the zod-based checks they replace ----------

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' ? v.trim() === '' : false);

/** What src/forms.ts did before it stopped using zod, verbatim but for the names. */
const zodForms = {
  registration(values: RegistrationForm): string | null {
    const { name, email, address, password, confirmPassword } = values;
    if ([name, email, address].some(isBlank) || password === '' || confirmPassword === '') return MESSAGES.fillAllFields;
    if (password !== confirmPassword) return MESSAGES.passwordsDoNotMatch;
    if (!meetsPasswordRule(password)) return MESSAGES.passwordRequirements;
    return firstIssueMessage(registerRequestSchema, { name, email, address, password });
  },
  profile: (values: { name: string; address: string }) => firstIssueMessage(profileUpdateRequestSchema, values),
  rating: (values: { rating: number | null | undefined; comment?: string | null }) => firstIssueMessage(ratingRequestSchema, values),
  adminUser(values: { name: string; email: string; address?: string; role: string; password?: string }, mode: 'create' | 'edit') {
    if (isBlank(values.name) || isBlank(values.email) || isBlank(values.role) || (mode === 'create' && !values.password)) {
      return MESSAGES.fillRequiredFields;
    }
    return firstIssueMessage(mode === 'create' ? adminUserCreateRequestSchema : adminUserUpdateRequestSchema, values);
  },
  adminStore(values: Parameters<typeof validateAdminStoreForm>[0]) {
    if (isBlank(values.name) || isBlank(values.address) || isBlank(values.owner_id)) return MESSAGES.fillRequiredFields;
    return firstIssueMessage(adminStoreRequestSchema, values);
  },
};

/** Form fields are strings (what inputs hold): every kind of text, and text that fits the field. */
const formText = (...specific: Array<fc.Arbitrary<string>>) => fc.oneof({ weight: 3, arbitrary: fc.oneof(...specific) }, { weight: 2, arbitrary: text.filter((t): t is string => typeof t === 'string') });

describe('the form checks agree with the zod-based checks they replace', () => {
  it('validateRegistrationForm', () => {
    const form = fc
      .record({
        name: formText(validName, padded(validName), sized),
        email: formText(emailLike, padded(emailLike)),
        address: formText(fc.string({ minLength: 1, maxLength: 40 }), sized),
        password: formText(passwordLike),
        confirm: fc.option(formText(passwordLike)),
      })
      .map(({ confirm, ...rest }): RegistrationForm => ({ ...rest, confirmPassword: confirm ?? rest.password }));
    fc.assert(
      fc.property(form, (values) => expect(validateRegistrationForm(values)).toBe(zodForms.registration(values))),
      RUNS,
    );
  });

  it('validateProfileForm', () => {
    const form = fc.record({ name: formText(validName, padded(validName), sized), address: formText(sized) });
    fc.assert(
      fc.property(form, (values) => expect(validateProfileForm(values)).toBe(zodForms.profile(values))),
      RUNS,
    );
  });

  it('validateRatingForm', () => {
    const form = fc.record({
      rating: ratingField as fc.Arbitrary<number | null | undefined>,
      comment: fc.option(formText(sized), { nil: undefined }),
    });
    fc.assert(
      fc.property(form, (values) => expect(validateRatingForm(values)).toBe(zodForms.rating(values))),
      RUNS,
    );
  });

  it.each(['create', 'edit'] as const)('validateAdminUserForm (%s)', (mode) => {
    const form = fc.record(
      {
        name: formText(validName, padded(validName), sized),
        email: formText(emailLike, padded(emailLike)),
        address: formText(sized),
        role: formText(fc.constantFrom(...ROLES, ' normal_user', 'boss')),
        password: formText(passwordLike),
      },
      { requiredKeys: ['name', 'email', 'role'] },
    );
    fc.assert(
      fc.property(form, (values) => expect(validateAdminUserForm(values, mode)).toBe(zodForms.adminUser(values, mode))),
      RUNS,
    );
  });

  it('validateAdminStoreForm', () => {
    const form = fc.record(
      {
        name: formText(fc.string({ minLength: 1, maxLength: 12 }), sized),
        address: formText(sized),
        phone: fc.option(formText(phoneLike, padded(phoneLike))),
        email: fc.option(formText(emailLike)),
        owner_id: ownerField as fc.Arbitrary<number | string | null | undefined>,
      },
      { requiredKeys: ['name', 'address', 'owner_id'] },
    );
    fc.assert(
      fc.property(form, (values) => expect(validateAdminStoreForm(values)).toBe(zodForms.adminStore(values))),
      RUNS,
    );
  });
});
