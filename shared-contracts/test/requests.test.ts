import { MESSAGES } from '../src';
import {
  adminStoreRequestSchema,
  adminUserCreateRequestSchema,
  adminUserUpdateRequestSchema,
  idParamsSchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  ratingIdParamsSchema,
  ratingRequestSchema,
  registerRequestSchema,
  storeIdParamsSchema,
} from '../src/schemas';
import { VALID_ADDRESS, VALID_EMAIL, VALID_NAME, VALID_PASSWORD, chars, firstIssue, nameOf, parsed } from './helpers';

const register = (over: Record<string, unknown> = {}) => ({
  name: VALID_NAME,
  email: VALID_EMAIL,
  address: VALID_ADDRESS,
  password: VALID_PASSWORD,
  ...over,
});

describe('registerRequestSchema', () => {
  it('accepts a valid body', () => expect(firstIssue(registerRequestSchema, register())).toBeNull());

  describe('name length', () => {
    it('19 → name length', () => expect(firstIssue(registerRequestSchema, register({ name: nameOf(19) }))).toBe(MESSAGES.nameLength));
    it('20 accepted', () => expect(firstIssue(registerRequestSchema, register({ name: nameOf(20) }))).toBeNull());
    it('60 accepted', () => expect(firstIssue(registerRequestSchema, register({ name: nameOf(60) }))).toBeNull());
    it('61 → name length', () => expect(firstIssue(registerRequestSchema, register({ name: nameOf(61) }))).toBe(MESSAGES.nameLength));
  });

  it('missing name → fill in all fields', () => {
    const { name: _omit, ...rest } = register();
    expect(firstIssue(registerRequestSchema, rest)).toBe(MESSAGES.fillAllFields);
  });
  it("'' name → fill in all fields", () => expect(firstIssue(registerRequestSchema, register({ name: '' }))).toBe(MESSAGES.fillAllFields));
  it('whitespace-only name → fill in all fields', () =>
    expect(firstIssue(registerRequestSchema, register({ name: '      ' }))).toBe(MESSAGES.fillAllFields));
  it('trims name, email and address', () => {
    const out = parsed(
      registerRequestSchema,
      register({ name: `  ${VALID_NAME}  `, email: ` ${VALID_EMAIL} `, address: ` ${VALID_ADDRESS} ` }),
    );
    expect(out.name).toBe(VALID_NAME);
    expect(out.email).toBe(VALID_EMAIL);
    expect(out.address).toBe(VALID_ADDRESS);
  });
  it.each(['email', 'address', 'password'])('missing %s → fill in all fields', (key) => {
    const body: Record<string, unknown> = register();
    delete body[key];
    expect(firstIssue(registerRequestSchema, body)).toBe(MESSAGES.fillAllFields);
  });
  it('invalid email → invalid email message', () =>
    expect(firstIssue(registerRequestSchema, register({ email: 'nope' }))).toBe(MESSAGES.invalidEmail));
  it('address 400 ok, 401 → address message', () => {
    expect(firstIssue(registerRequestSchema, register({ address: chars(400) }))).toBeNull();
    expect(firstIssue(registerRequestSchema, register({ address: chars(401) }))).toBe(MESSAGES.addressMax);
  });
  it.each(['Abcde#1', 'Abcdef#1234567890', 'secret#123', 'Secret1234', 'Secret?123'])('password %s → password requirements', (password) => {
    expect(firstIssue(registerRequestSchema, register({ password }))).toBe(MESSAGES.passwordRequirements);
  });
  it('password of 8 and of 16 characters accepted', () => {
    expect(firstIssue(registerRequestSchema, register({ password: 'Abcde#12' }))).toBeNull();
    expect(firstIssue(registerRequestSchema, register({ password: 'Abcde#1234567890' }))).toBeNull();
  });

  it("drops an extra role: 'system_admin' (no mass assignment)", () => {
    const out = parsed(registerRequestSchema, register({ role: 'system_admin' })) as Record<string, unknown>;
    expect(out).not.toHaveProperty('role');
    expect(Object.keys(out).sort()).toEqual(['address', 'email', 'name', 'password']);
  });
  it('drops other unknown fields (id, created_at)', () => {
    const out = parsed(registerRequestSchema, register({ id: 1, created_at: 'x' })) as Record<string, unknown>;
    expect(out).not.toHaveProperty('id');
    expect(out).not.toHaveProperty('created_at');
  });
});

describe('profileUpdateRequestSchema', () => {
  const body = (over: Record<string, unknown> = {}) => ({ name: VALID_NAME, address: VALID_ADDRESS, ...over });
  it('19 → name length', () => expect(firstIssue(profileUpdateRequestSchema, body({ name: nameOf(19) }))).toBe(MESSAGES.nameLength));
  it('20 accepted', () => expect(firstIssue(profileUpdateRequestSchema, body({ name: nameOf(20) }))).toBeNull());
  it('60 accepted', () => expect(firstIssue(profileUpdateRequestSchema, body({ name: nameOf(60) }))).toBeNull());
  it('61 → name length', () => expect(firstIssue(profileUpdateRequestSchema, body({ name: nameOf(61) }))).toBe(MESSAGES.nameLength));
  it('missing name → fill in all fields', () =>
    expect(firstIssue(profileUpdateRequestSchema, { address: VALID_ADDRESS })).toBe(MESSAGES.fillAllFields));
  it('whitespace-only name → fill in all fields', () =>
    expect(firstIssue(profileUpdateRequestSchema, body({ name: '  \t ' }))).toBe(MESSAGES.fillAllFields));
  it('blank address → fill in all fields', () =>
    expect(firstIssue(profileUpdateRequestSchema, body({ address: ' ' }))).toBe(MESSAGES.fillAllFields));
  it('address 400 ok, 401 → address message', () => {
    expect(firstIssue(profileUpdateRequestSchema, body({ address: chars(400) }))).toBeNull();
    expect(firstIssue(profileUpdateRequestSchema, body({ address: chars(401) }))).toBe(MESSAGES.addressMax);
  });
  it('trims the name', () => expect(parsed(profileUpdateRequestSchema, body({ name: ` ${nameOf(20)} ` })).name).toBe(nameOf(20)));
  it('drops email, role and password', () => {
    const out = parsed(profileUpdateRequestSchema, body({ email: 'x@y.z', role: 'system_admin', password: 'X' })) as Record<
      string,
      unknown
    >;
    expect(Object.keys(out).sort()).toEqual(['address', 'name']);
  });
});

describe('loginRequestSchema', () => {
  const body = (over: Record<string, unknown> = {}) => ({ email: VALID_EMAIL, password: 'anything', role: 'normal_user', ...over });
  it('accepts a body', () => expect(firstIssue(loginRequestSchema, body())).toBeNull());
  it('missing email → fill in all fields', () => expect(firstIssue(loginRequestSchema, body({ email: '' }))).toBe(MESSAGES.fillAllFields));
  it('missing password → fill in all fields', () =>
    expect(firstIssue(loginRequestSchema, body({ password: '' }))).toBe(MESSAGES.fillAllFields));
  it('does not apply the password rule at sign-in', () => expect(firstIssue(loginRequestSchema, body({ password: 'x' }))).toBeNull());
  it('a password longer than 128 → invalid credentials', () => {
    expect(firstIssue(loginRequestSchema, body({ password: chars(128) }))).toBeNull();
    expect(firstIssue(loginRequestSchema, body({ password: chars(129) }))).toBe(MESSAGES.invalidCredentials);
  });
  it('missing role → fill in all fields; unknown role → invalid role', () => {
    expect(firstIssue(loginRequestSchema, body({ role: undefined }))).toBe(MESSAGES.fillAllFields);
    expect(firstIssue(loginRequestSchema, body({ role: 'god' }))).toBe(MESSAGES.invalidRole);
  });
});

describe('passwordChangeRequestSchema', () => {
  it('missing current → fill in all password fields', () =>
    expect(firstIssue(passwordChangeRequestSchema, { newPassword: VALID_PASSWORD })).toBe(MESSAGES.fillAllPasswordFields));
  it('missing new → fill in all password fields', () =>
    expect(firstIssue(passwordChangeRequestSchema, { currentPassword: 'old' })).toBe(MESSAGES.fillAllPasswordFields));
  it('weak new → password requirements', () =>
    expect(firstIssue(passwordChangeRequestSchema, { currentPassword: 'old', newPassword: 'weak' })).toBe(MESSAGES.passwordRequirements));
  it('accepts a valid change', () =>
    expect(firstIssue(passwordChangeRequestSchema, { currentPassword: 'old', newPassword: VALID_PASSWORD })).toBeNull());
});

describe('ratingRequestSchema', () => {
  it.each([1, 5])('rating %p accepted', (rating) => expect(firstIssue(ratingRequestSchema, { rating })).toBeNull());
  it.each([[0], [6], [2.5], ['3'], [null], [undefined]])('rating %p → select a rating', (rating) =>
    expect(firstIssue(ratingRequestSchema, { rating })).toBe(MESSAGES.selectRating),
  );
  it('comment 500 ok, 501 → comment message', () => {
    expect(firstIssue(ratingRequestSchema, { rating: 4, comment: chars(500) })).toBeNull();
    expect(firstIssue(ratingRequestSchema, { rating: 4, comment: chars(501) })).toBe(MESSAGES.commentMax);
  });
  it('drops user_id / store_id', () => {
    const out = parsed(ratingRequestSchema, { rating: 3, user_id: 9, store_id: 9 }) as Record<string, unknown>;
    expect(out).not.toHaveProperty('user_id');
    expect(out).not.toHaveProperty('store_id');
  });
});

describe('admin user schemas', () => {
  const user = (over: Record<string, unknown> = {}) => ({
    name: VALID_NAME,
    email: VALID_EMAIL,
    address: VALID_ADDRESS,
    password: VALID_PASSWORD,
    role: 'store_owner',
    ...over,
  });
  it('create accepts a valid body', () => expect(firstIssue(adminUserCreateRequestSchema, user())).toBeNull());
  it.each(['name', 'email', 'password', 'role'])('create: missing %s → fill in all required fields', (key) => {
    const body: Record<string, unknown> = user();
    delete body[key];
    expect(firstIssue(adminUserCreateRequestSchema, body)).toBe(MESSAGES.fillRequiredFields);
  });
  it('create: address is optional', () => {
    const { address: _a, ...rest } = user();
    expect(parsed(adminUserCreateRequestSchema, rest).address).toBe('');
  });
  it('update does not take a password', () => {
    const out = parsed(adminUserUpdateRequestSchema, user()) as Record<string, unknown>;
    expect(out).not.toHaveProperty('password');
  });
  it('update: name 19 → name length', () =>
    expect(firstIssue(adminUserUpdateRequestSchema, user({ name: nameOf(19) }))).toBe(MESSAGES.nameLength));
  it('update: unknown role → invalid role', () =>
    expect(firstIssue(adminUserUpdateRequestSchema, user({ role: 'owner' }))).toBe(MESSAGES.invalidRole));
});

describe('adminStoreRequestSchema', () => {
  const store = (over: Record<string, unknown> = {}) => ({ name: 'Corner Shop', address: VALID_ADDRESS, owner_id: 3, ...over });
  it('accepts a valid body with phone and email absent', () => {
    const out = parsed(adminStoreRequestSchema, store());
    expect(out.phone ?? null).toBeNull();
    expect(out.email ?? null).toBeNull();
  });
  it('store name 2 → store name message; 3 and 100 ok; 101 → store name message', () => {
    expect(firstIssue(adminStoreRequestSchema, store({ name: 'ab' }))).toBe(MESSAGES.storeNameLength);
    expect(firstIssue(adminStoreRequestSchema, store({ name: 'abc' }))).toBeNull();
    expect(firstIssue(adminStoreRequestSchema, store({ name: chars(100) }))).toBeNull();
    expect(firstIssue(adminStoreRequestSchema, store({ name: chars(101) }))).toBe(MESSAGES.storeNameLength);
  });
  it('address 400 ok, 401 → address message', () => {
    expect(firstIssue(adminStoreRequestSchema, store({ address: chars(400) }))).toBeNull();
    expect(firstIssue(adminStoreRequestSchema, store({ address: chars(401) }))).toBe(MESSAGES.addressMax);
  });
  it.each(['name', 'address', 'owner_id'])('missing %s → fill in all required fields', (key) => {
    const body: Record<string, unknown> = store();
    delete body[key];
    expect(firstIssue(adminStoreRequestSchema, body)).toBe(MESSAGES.fillRequiredFields);
  });
  it("owner_id '3' (from a select) → 3", () => expect(parsed(adminStoreRequestSchema, store({ owner_id: '3' })).owner_id).toBe(3));
  it('owner_id 0 → select a store owner', () =>
    expect(firstIssue(adminStoreRequestSchema, store({ owner_id: 0 }))).toBe(MESSAGES.invalidOwner));
  it('invalid phone / email are rejected', () => {
    expect(firstIssue(adminStoreRequestSchema, store({ phone: 'abc' }))).toBe(MESSAGES.invalidPhone);
    expect(firstIssue(adminStoreRequestSchema, store({ email: 'abc' }))).toBe(MESSAGES.invalidEmail);
  });
});

describe('path parameter schemas', () => {
  it('idParamsSchema parses id', () => expect(parsed(idParamsSchema, { id: '42' })).toEqual({ id: 42 }));
  it('storeIdParamsSchema parses storeId', () => expect(parsed(storeIdParamsSchema, { storeId: '7' })).toEqual({ storeId: 7 }));
  it('ratingIdParamsSchema rejects 0', () => expect(firstIssue(ratingIdParamsSchema, { ratingId: '0' })).toBe(MESSAGES.invalidId));
});
