/**
 * Sign-in, sign-up, the caller's profile and password change (DESIGN.md §7 auth rows, spec §5
 * validation wording, DESIGN.md §9: register ignores `role`). Black box over HTTP; the database is
 * only used to set up accounts and to check what was stored.
 */
import { randomBytes } from 'node:crypto';
import { uniqueEmails } from './support/fixtures';
import { ENGINES, startTestServer, type TestServer } from './support/test-server';

const INVALID_CREDENTIALS = { message: 'Invalid credentials' };
const FILL_ALL_FIELDS = 'Please fill in all fields';
const NAME_LENGTH = 'Name must be between 20-60 characters';
const INVALID_EMAIL = 'Please enter a valid email address';
const ADDRESS_MAX = 'Address must not exceed 400 characters';
const PASSWORD_RULE = 'Password does not meet requirements';
const FILL_PASSWORD_FIELDS = 'Please fill in all password fields';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A person's name of exactly `length` characters, with no space at either end (names are trimmed). */
function nameOf(length: number): string {
  const base = 'Registered Customer Na';
  return (base + 'm'.repeat(Math.max(0, length - base.length))).slice(0, length).replace(/ $/, 'x');
}

const uniqueEmail = uniqueEmails('auth-test.example');

function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Registered Customer Number One',
    email: uniqueEmail('register'),
    address: '12 Registration Road, Test City',
    password: 'Secret@123',
    ...overrides,
  };
}

/** The exact 400 body of a single failing field. */
function fieldError(field: string, message: string) {
  return { message, errors: [{ field, message }] };
}

describe.each(ENGINES)('auth (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  describe('POST /api/auth/login', () => {
    it('answers 200 with message, token and the user, never the password hash', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role: 'normal_user' } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['message', 'token', 'user']);
      expect(res.body.message).toBe('Login successful');
      expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(res.body.user).toEqual({
        id: user.id,
        name: user.name,
        email: user.email,
        address: expect.any(String),
        role: 'normal_user',
        created_at: expect.stringMatching(ISO_DATE),
        updated_at: expect.stringMatching(ISO_DATE),
        email_verified: false,
      });
      expect(res.text).not.toMatch(/password|argon2|token_version/i);
    });

    it('issues a token that works on the signed-in endpoints', async () => {
      const user = await server.createUser('store_owner');
      const token = await server.signIn(user.email, user.password, 'store_owner');
      const res = await server.get('/api/auth/profile', { token });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, role: 'store_owner' });
    });

    it('compares the email case-insensitively', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.post('/api/auth/login', {
        body: { email: user.email.toUpperCase(), password: user.password, role: 'normal_user' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(user.id);
    });

    it('signs in an account registered with a mixed-case email using the lower-case form', async () => {
      const email = `Mixed.Case.${randomBytes(3).toString('hex')}@Auth-Test.Example`;
      const reg = await server.post('/api/auth/register', { body: registration({ email }) });
      expect(reg.status).toBe(201);
      const res = await server.post('/api/auth/login', {
        body: { email: email.toLowerCase(), password: 'Secret@123', role: 'normal_user' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(reg.body.user.id);
    });

    it('answers a wrong password with 401 and the generic message', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.post('/api/auth/login', { body: { email: user.email, password: 'Wrong@1234', role: 'normal_user' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_CREDENTIALS);
    });

    it('answers an unknown email with the same 401 and message', async () => {
      const res = await server.post('/api/auth/login', {
        body: { email: uniqueEmail('nobody'), password: 'Secret@123', role: 'normal_user' },
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_CREDENTIALS);
    });

    it.each([
      ['system_admin', 'normal_user'],
      ['normal_user', 'system_admin'],
      ['store_owner', 'normal_user'],
      ['normal_user', 'store_owner'],
    ] as const)('answers a %s account signing in as %s (right password) with the same 401', async (actual, chosen) => {
      const user = await server.createUser(actual);
      const res = await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role: chosen } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_CREDENTIALS);
    });

    it('gives no hint which part was wrong: the three failures have byte-identical bodies', async () => {
      const user = await server.createUser('normal_user');
      const wrongPassword = await server.post('/api/auth/login', {
        body: { email: user.email, password: 'Wrong@1234', role: 'normal_user' },
      });
      const unknownEmail = await server.post('/api/auth/login', {
        body: { email: uniqueEmail('ghost'), password: user.password, role: 'normal_user' },
      });
      const wrongRole = await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role: 'store_owner' } });
      expect(wrongPassword.text).toBe(unknownEmail.text);
      expect(wrongRole.text).toBe(unknownEmail.text);
    });

    it.each([
      ['email', { password: 'Secret@123', role: 'normal_user' }],
      ['password', { email: 'someone@auth-test.example', role: 'normal_user' }],
    ])('answers a missing %s with 400 "Please fill in all fields"', async (field, body) => {
      const res = await server.post('/api/auth/login', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError(field, FILL_ALL_FIELDS));
    });

    it('answers a missing role with 400 "Please fill in all fields"', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.post('/api/auth/login', { body: { email: user.email, password: user.password } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError('role', FILL_ALL_FIELDS));
    });

    it('answers blank email and password with 400 "Please fill in all fields"', async () => {
      const res = await server.post('/api/auth/login', { body: { email: '   ', password: '', role: 'normal_user' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FILL_ALL_FIELDS);
      expect(res.body.errors).toEqual([
        { field: 'email', message: FILL_ALL_FIELDS },
        { field: 'password', message: FILL_ALL_FIELDS },
      ]);
    });

    it('answers an empty body with 400 "Please fill in all fields"', async () => {
      const res = await server.post('/api/auth/login', {});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FILL_ALL_FIELDS);
    });

    it.each(['superuser', 'ADMIN', 'admin'])('answers the unknown role value %j with 400', async (role) => {
      const user = await server.createUser('system_admin');
      const res = await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError('role', 'Please select a valid role'));
    });
  });

  describe('POST /api/auth/register', () => {
    it('answers 201 with message, token and a normal_user account', async () => {
      const body = registration();
      const res = await server.post('/api/auth/register', { body });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['message', 'token', 'user']);
      expect(res.body.message).toBe('Registration successful');
      expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(res.body.user).toEqual({
        id: expect.any(Number),
        name: body.name,
        email: body.email,
        address: body.address,
        role: 'normal_user',
        created_at: expect.stringMatching(ISO_DATE),
        updated_at: expect.stringMatching(ISO_DATE),
        email_verified: false,
      });
      expect(res.text).not.toMatch(/password|argon2|token_version/i);
    });

    it('stores an argon2id hash, never the password itself', async () => {
      const body = registration();
      const res = await server.post('/api/auth/register', { body });
      expect(res.status).toBe(201);
      const row = await server.db.selectFrom('users').select('password_hash').where('id', '=', res.body.user.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(body.password);
    });

    it('signs the new account in: the token works on GET /api/auth/profile', async () => {
      const body = registration();
      const reg = await server.post('/api/auth/register', { body });
      expect(reg.status).toBe(201);
      const res = await server.get('/api/auth/profile', { token: reg.body.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: reg.body.user });
      expect(res.body.user.created_at).toMatch(ISO_DATE);
    });

    it('lets the new account sign in with its password', async () => {
      const body = registration();
      expect((await server.post('/api/auth/register', { body })).status).toBe(201);
      const res = await server.post('/api/auth/login', { body: { email: body.email, password: body.password, role: 'normal_user' } });
      expect(res.status).toBe(200);
    });

    it.each(['system_admin', 'store_owner'])('ignores role %j in the body: the account is normal_user', async (role) => {
      const body = registration({ role });
      const res = await server.post('/api/auth/register', { body });
      expect(res.status).toBe(201);
      expect(res.body.user.role).toBe('normal_user');
      const row = await server.db
        .selectFrom('users')
        .select(['role', 'email'])
        .where('id', '=', res.body.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'normal_user', email: body.email });
      // And the account cannot sign in with the role it asked for.
      const asked = await server.post('/api/auth/login', { body: { email: body.email, password: body.password, role } });
      expect(asked.status).toBe(401);
      expect(asked.body).toEqual(INVALID_CREDENTIALS);
    });

    it('ignores other unlisted fields (id, token_version, password_hash)', async () => {
      const body = registration({ id: 999999, token_version: 42, password_hash: 'not-a-hash' });
      const res = await server.post('/api/auth/register', { body });
      expect(res.status).toBe(201);
      expect(res.body.user.id).not.toBe(999999);
      const row = await server.db
        .selectFrom('users')
        .select(['token_version', 'password_hash'])
        .where('id', '=', res.body.user.id)
        .executeTakeFirstOrThrow();
      expect(row.token_version).toBe(0);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('answers an email already registered with 409 "Email is already registered"', async () => {
      const body = registration();
      expect((await server.post('/api/auth/register', { body })).status).toBe(201);
      const res = await server.post('/api/auth/register', { body: registration({ email: body.email }) });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(fieldError('email', 'Email is already registered'));
    });

    it('treats an email differing only in case as already registered (409)', async () => {
      const body = registration();
      expect((await server.post('/api/auth/register', { body })).status).toBe(201);
      const res = await server.post('/api/auth/register', { body: registration({ email: body.email.toUpperCase() }) });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(fieldError('email', 'Email is already registered'));
      const count = await server.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('answers 409 for an email of an account created by other means (e.g. an admin)', async () => {
      const admin = await server.createUser('system_admin');
      const res = await server.post('/api/auth/register', { body: registration({ email: admin.email }) });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Email is already registered');
    });

    it.each(['name', 'email', 'address', 'password'])('answers a missing %s with 400 "Please fill in all fields"', async (field) => {
      const body: Record<string, unknown> = registration();
      delete body[field];
      const res = await server.post('/api/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError(field, FILL_ALL_FIELDS));
    });

    it.each(['name', 'email', 'address'])('answers a blank %s with 400 "Please fill in all fields"', async (field) => {
      const res = await server.post('/api/auth/register', { body: registration({ [field]: '    ' }) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError(field, FILL_ALL_FIELDS));
    });

    it('answers a body with every field missing with one error per field', async () => {
      const res = await server.post('/api/auth/register', { body: {} });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FILL_ALL_FIELDS);
      expect(res.body.errors).toEqual(
        expect.arrayContaining(['name', 'email', 'address', 'password'].map((field) => ({ field, message: FILL_ALL_FIELDS }))),
      );
      expect(res.body.errors).toHaveLength(4);
    });

    it.each([19, 61, 5])('rejects a name of %i characters with "Name must be between 20-60 characters"', async (length) => {
      const name = nameOf(length);
      expect(name).toHaveLength(length);
      const res = await server.post('/api/auth/register', { body: registration({ name }) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError('name', NAME_LENGTH));
    });

    it.each([20, 60])('accepts a name of exactly %i characters', async (length) => {
      const name = nameOf(length);
      expect(name).toHaveLength(length);
      const res = await server.post('/api/auth/register', { body: registration({ name }) });
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe(name);
    });

    it.each(['not-an-email', 'missing-at.example.com', 'two@@example.com', 'no-domain@', 'spaces in@example.com', 'nodot@example'])(
      'rejects the email %j with "Please enter a valid email address"',
      async (email) => {
        const res = await server.post('/api/auth/register', { body: registration({ email }) });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(fieldError('email', INVALID_EMAIL));
      },
    );

    it('rejects an address of 401 characters with "Address must not exceed 400 characters"', async () => {
      const res = await server.post('/api/auth/register', { body: registration({ address: 'a'.repeat(401) }) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError('address', ADDRESS_MAX));
    });

    it('accepts an address of exactly 400 characters', async () => {
      const address = 'b'.repeat(400);
      const res = await server.post('/api/auth/register', { body: registration({ address }) });
      expect(res.status).toBe(201);
      expect(res.body.user.address).toBe(address);
    });

    it.each([
      ['7 characters', 'Abc@123'],
      ['17 characters', 'Abcdefgh@12345678'],
      ['no uppercase letter', 'secret@1234'],
      ['no special character', 'Secret12345'],
      ['a special character outside !@#$%^&*', 'Secret-12345'],
    ])('rejects a password with %s with "Password does not meet requirements"', async (_label, password) => {
      const res = await server.post('/api/auth/register', { body: registration({ password }) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError('password', PASSWORD_RULE));
    });

    it.each([
      ['8 characters', 'Abcde@12'],
      ['16 characters', 'Abcdefgh@1234567'],
      ['every allowed special character', 'Aa!@#$%^&*'],
    ])('accepts a password of %s', async (_label, password) => {
      const body = registration({ password });
      const res = await server.post('/api/auth/register', { body });
      expect(res.status).toBe(201);
      const login = await server.post('/api/auth/login', { body: { email: body.email, password, role: 'normal_user' } });
      expect(login.status).toBe(200);
    });

    it('does not create an account when validation fails', async () => {
      const body = registration({ password: 'weak' });
      const res = await server.post('/api/auth/register', { body });
      expect(res.status).toBe(400);
      const row = await server.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('GET /api/auth/profile', () => {
    it('answers the signed-in user with created_at and no secrets', async () => {
      const user = await server.createUser('store_owner', { address: '7 Profile Lane, Test City' });
      const res = await server.get('/api/auth/profile', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          address: '7 Profile Lane, Test City',
          role: 'store_owner',
          created_at: expect.stringMatching(ISO_DATE),
          updated_at: expect.stringMatching(ISO_DATE),
          email_verified: false,
        },
      });
      expect(res.text).not.toMatch(/password|argon2|token_version/i);
    });

    it('answers 401 "Authentication required" without a token', async () => {
      const res = await server.get('/api/auth/profile');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    });
  });

  describe('PUT /api/auth/profile', () => {
    it('updates name and address and answers the updated user with "Profile updated successfully!"', async () => {
      const user = await server.createUser('normal_user');
      const name = 'Updated Customer Full Name';
      const address = '99 New Address Avenue, Other City';
      const res = await server.put('/api/auth/profile', { token: user.token, body: { name, address } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'Profile updated successfully!',
        user: {
          id: user.id,
          name,
          email: user.email,
          address,
          role: 'normal_user',
          created_at: expect.stringMatching(ISO_DATE),
          updated_at: expect.stringMatching(ISO_DATE),
          email_verified: false,
        },
      });
      const again = await server.get('/api/auth/profile', { token: user.token });
      expect(again.body.user).toEqual(res.body.user);
    });

    it('trims surrounding spaces from name and address', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/profile', {
        token: user.token,
        body: { name: '   Trimmed Customer Full Name  ', address: '  1 Trim Street  ' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ name: 'Trimmed Customer Full Name', address: '1 Trim Street' });
    });

    it('changes only name and address: email and role in the body are ignored', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/profile', {
        token: user.token,
        body: { name: 'Sneaky Customer Trying Things', address: '1 Sneaky Street', email: uniqueEmail('sneaky'), role: 'system_admin' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: user.email, role: 'normal_user' });
      const row = await server.db.selectFrom('users').select(['email', 'role']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ email: user.email, role: 'normal_user' });
    });

    it.each([
      ['a missing name', { address: '1 Some Street' }, 'name', FILL_ALL_FIELDS],
      ['a missing address', { name: 'Profile Customer Full Name' }, 'address', FILL_ALL_FIELDS],
      ['a blank name', { name: '   ', address: '1 Some Street' }, 'name', FILL_ALL_FIELDS],
      ['a blank address', { name: 'Profile Customer Full Name', address: '  ' }, 'address', FILL_ALL_FIELDS],
      ['a 19-character name', { name: nameOf(19), address: '1 Some Street' }, 'name', NAME_LENGTH],
      ['a 61-character name', { name: nameOf(61), address: '1 Some Street' }, 'name', NAME_LENGTH],
      ['a 401-character address', { name: 'Profile Customer Full Name', address: 'c'.repeat(401) }, 'address', ADDRESS_MAX],
    ])('answers %s with 400 and the spec message, leaving the profile unchanged', async (_label, body, field, message) => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/profile', { token: user.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError(field, message));
      const row = await server.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.name).toBe(user.name);
    });

    it('accepts the boundaries: 20- and 60-character names, a 400-character address', async () => {
      const user = await server.createUser('normal_user');
      for (const [name, address] of [
        [nameOf(20), 'd'.repeat(400)],
        [nameOf(60), '1 Short Street'],
      ]) {
        const res = await server.put('/api/auth/profile', { token: user.token, body: { name, address } });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ name, address });
      }
    });

    it('answers 401 "Authentication required" without a token, whatever the body', async () => {
      const res = await server.put('/api/auth/profile', { body: { name: 'x' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    });
  });

  describe('PUT /api/auth/password', () => {
    it('answers a wrong current password with 400 "Current password is incorrect" and changes nothing', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/password', {
        token: user.token,
        body: { currentPassword: 'NotMine@123', newPassword: 'Brand@New1' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError('currentPassword', 'Current password is incorrect'));
      // The old password and the old token still work.
      expect(
        (await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role: 'normal_user' } })).status,
      ).toBe(200);
      expect((await server.get('/api/auth/profile', { token: user.token })).status).toBe(200);
      const bad = await server.post('/api/auth/login', { body: { email: user.email, password: 'Brand@New1', role: 'normal_user' } });
      expect(bad.status).toBe(401);
    });

    it.each([
      ['currentPassword', { newPassword: 'Brand@New1' }],
      ['newPassword', { currentPassword: 'Secret@123' }],
    ])('answers a missing %s with 400 "Please fill in all password fields"', async (field, body) => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/password', { token: user.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError(field, FILL_PASSWORD_FIELDS));
    });

    it('answers empty password fields with 400 "Please fill in all password fields"', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/password', { token: user.token, body: { currentPassword: '', newPassword: '' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FILL_PASSWORD_FIELDS);
      expect(res.body.errors).toEqual([
        { field: 'currentPassword', message: FILL_PASSWORD_FIELDS },
        { field: 'newPassword', message: FILL_PASSWORD_FIELDS },
      ]);
    });

    it.each([
      ['too short', 'Ab@1234'],
      ['too long', 'Abcdefgh@12345678'],
      ['without an uppercase letter', 'brand@new1'],
      ['without a special character', 'BrandNew12'],
    ])('answers a new password %s with 400 "Password does not meet requirements"', async (_label, newPassword) => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/password', { token: user.token, body: { currentPassword: user.password, newPassword } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldError('newPassword', PASSWORD_RULE));
    });

    it('changes the password: answers a new token; the new password signs in, the old one does not', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.put('/api/auth/password', {
        token: user.token,
        body: { currentPassword: user.password, newPassword: 'Brand@New1' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Password updated successfully!', token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
      expect(res.body.token).not.toBe(user.token);

      const profile = await server.get('/api/auth/profile', { token: res.body.token });
      expect(profile.status).toBe(200);
      expect(profile.body.user.id).toBe(user.id);

      const withNew = await server.post('/api/auth/login', { body: { email: user.email, password: 'Brand@New1', role: 'normal_user' } });
      expect(withNew.status).toBe(200);
      const withOld = await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role: 'normal_user' } });
      expect(withOld.status).toBe(401);
      expect(withOld.body).toEqual(INVALID_CREDENTIALS);
    });

    it('answers 401 "Authentication required" without a token', async () => {
      const res = await server.put('/api/auth/password', { body: { currentPassword: 'Secret@123', newPassword: 'Brand@New1' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    });
  });
});
