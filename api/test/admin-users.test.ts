/**
 * Admin user management over HTTP (DESIGN.md §7 admin user rows, §8, §9; spec §5, §6, §8):
 * list (paging, search, role filter, sorting), create, detail, edit and delete.
 */
import type { Role } from 'shared-contracts';
import { expectedOrder } from './support/expected';
import { countRows, insertRating, setCreatedAt, uniqueMarkers } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const PASSWORD = 'Secret@123';
const FILL_REQUIRED = 'Please fill in all required fields';
const NAME_LENGTH = 'Name must be between 20-60 characters';
const INVALID_EMAIL = 'Please enter a valid email address';
const PASSWORD_RULE = 'Password does not meet requirements';
const INVALID_ROLE = 'Please select a valid role';
const EMAIL_TAKEN = 'Email is already registered';
const LAST_ADMIN = 'The last system administrator cannot be removed or demoted';
const NOT_YOURSELF = 'You cannot delete your own account or remove your own administrator role';
const OWNS_STORES = 'This user still owns stores. Reassign or delete their stores first.';
const USER_NOT_FOUND = 'User not found';
const FORBIDDEN = 'You do not have permission to do this';

/** A short marker no other row contains. */
const unique = uniqueMarkers('u');

function newUserBody(overrides: Record<string, unknown> = {}) {
  const u = unique();
  return {
    name: `Created Person Number ${u}`.slice(0, 60),
    email: `created.${u}@test.example`,
    address: `${u} Admin Road, Test City`,
    password: PASSWORD,
    role: 'normal_user',
    ...overrides,
  };
}

/** No secret of any kind in a response. */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/password|hash|argon2|token_version/i);
}

describe.each(ENGINES)('admin users (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
  });
  afterAll(() => server.close());

  const list = (query: string) => server.get(`/api/admin/users${query}`, { token: admin.token });

  describe('GET /api/admin/users', () => {
    it('pages by 10 by default and answers { users, total, page, limit, totalPages }', async () => {
      const marker = unique();
      for (let i = 0; i < 11; i++) await server.createUser('normal_user', { address: `${i} ${marker} Lane` });

      const first = await list(`?search=${marker}`);
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['limit', 'page', 'total', 'totalPages', 'users']);
      expect(first.body).toMatchObject({ total: 11, page: 1, limit: 10, totalPages: 2 });
      expect(first.body.users).toHaveLength(10);

      const second = await list(`?search=${marker}&page=2`);
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ total: 11, page: 2, limit: 10, totalPages: 2 });
      expect(second.body.users).toHaveLength(1);
      const ids = [...first.body.users, ...second.body.users].map((u: { id: number }) => u.id);
      expect(new Set(ids).size).toBe(11);

      const unfiltered = await list('');
      expect(unfiltered.body.limit).toBe(10);
      expect(unfiltered.body.users).toHaveLength(10);
      expect(unfiltered.body.total).toBe(await countRows(server, 'users'));
    });

    it('accepts a limit of up to 1000 (the owner picker) and returns every user', async () => {
      const res = await list('?limit=1000');
      expect(res.status).toBe(200);
      expect(res.body.limit).toBe(1000);
      expect(res.body.totalPages).toBe(1);
      expect(res.body.users).toHaveLength(await countRows(server, 'users'));
    });

    it('rejects a limit of 1001 and of 0 with 400', async () => {
      for (const limit of ['1001', '0']) {
        const res = await list(`?limit=${limit}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Limit must be a whole number from 1 to 1000');
      }
    });

    it('never sends a password hash, token version or any other secret', async () => {
      const res = await list('?limit=1000');
      expect(res.status).toBe(200);
      for (const user of res.body.users) {
        expect(Object.keys(user).sort()).toEqual(['address', 'created_at', 'email', 'id', 'name', 'role', 'updated_at']);
      }
      expectNoSecrets(res.text);
    });

    it('searches name, email and address, case-insensitively', async () => {
      const marker = unique();
      const byName = await server.createUser('normal_user', { name: `Name carries ${marker} here` });
      const byEmail = await server.createUser('store_owner', { email: `${marker}.mail@test.example` });
      const byAddress = await server.createUser('system_admin', { address: `7 ${marker} Street` });
      await server.createUser('normal_user');

      const res = await list(`?search=${marker.toUpperCase()}&sortBy=created_at`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([byName.id, byEmail.id, byAddress.id]);
    });

    it('treats % and _ in the search as literal characters', async () => {
      const marker = unique();
      const percent = await server.createUser('normal_user', { name: `Percent ${marker}%off person` });
      const underscore = await server.createUser('normal_user', { name: `Underscore ${marker}_x person` });
      // Would match if % or _ were wildcards.
      await server.createUser('normal_user', { name: `Decoy ${marker}AAoff person` });
      await server.createUser('normal_user', { name: `Decoy ${marker}Yx person` });

      const p = await list(`?search=${encodeURIComponent(`${marker}%off`)}`);
      expect(p.status).toBe(200);
      expect(p.body.users.map((u: { id: number }) => u.id)).toEqual([percent.id]);

      const u = await list(`?search=${encodeURIComponent(`${marker}_x`)}`);
      expect(u.status).toBe(200);
      expect(u.body.users.map((x: { id: number }) => x.id)).toEqual([underscore.id]);

      const bare = await list(`?search=${encodeURIComponent('%')}&limit=1000`);
      expect(
        bare.body.users.every((x: { name: string; email: string; address: string }) => `${x.name}${x.email}${x.address}`.includes('%')),
      ).toBe(true);
      expect(bare.body.users.map((x: { id: number }) => x.id)).toContain(percent.id);
    });

    it('filters by role: role=store_owner gives only and all store owners', async () => {
      await server.createUser('store_owner');
      await server.createUser('store_owner');
      const owners = await server.db.selectFrom('users').select('id').where('role', '=', 'store_owner').execute();

      const res = await list('?role=store_owner&limit=1000');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(owners.length);
      expect(res.body.users.every((u: { role: string }) => u.role === 'store_owner')).toBe(true);
      expect(res.body.users.map((u: { id: number }) => u.id).sort((a: number, b: number) => a - b)).toEqual(
        owners.map((o) => o.id).sort((a, b) => a - b),
      );
    });

    it('combines the role filter with the search', async () => {
      const marker = unique();
      const owner = await server.createUser('store_owner', { address: `${marker} Road` });
      await server.createUser('normal_user', { address: `${marker} Road` });
      const res = await list(`?role=store_owner&search=${marker}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(1);
      expect(res.body.users[0].id).toBe(owner.id);
    });

    it('rejects an unknown role filter with 400', async () => {
      const res = await list('?role=bogus');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_ROLE);
    });

    describe('sorting', () => {
      const marker = unique();
      let rows: Array<{ id: number; name: string; email: string; role: Role; created_at: string }>;

      beforeAll(async () => {
        const specs: Array<[Role, string, string, string]> = [
          ['store_owner', 'bravo person', `delta.${marker}@test.example`, '2021-03-01T00:00:00.000Z'],
          ['normal_user', 'Alpha person', `charlie.${marker}@test.example`, '2021-01-01T00:00:00.000Z'],
          ['system_admin', 'charlie person', `Alpha.${marker}@test.example`, '2021-04-01T00:00:00.000Z'],
          ['normal_user', 'alpha person', `bravo.${marker}@test.example`, '2021-02-01T00:00:00.000Z'],
          ['store_owner', 'Delta person', `echo.${marker}@test.example`, '2021-05-01T00:00:00.000Z'],
        ];
        rows = [];
        for (const [role, name, email, created] of specs) {
          const u = await server.createUser(role, { name, email, address: `${marker} Sort Street` });
          await setCreatedAt(server, 'users', u.id, created);
          rows.push({ id: u.id, name, email, role, created_at: created });
        }
      });

      const keys: Record<string, (r: (typeof rows)[number]) => string> = {
        name: (r) => r.name.toLowerCase(),
        email: (r) => r.email.toLowerCase(),
        role: (r) => r.role,
        created_at: (r) => r.created_at,
      };

      it.each([
        ['name', 'asc'],
        ['name', 'desc'],
        ['email', 'asc'],
        ['email', 'desc'],
        ['role', 'asc'],
        ['role', 'desc'],
        ['created_at', 'asc'],
        ['created_at', 'desc'],
      ] as const)('sortBy=%s sortOrder=%s', async (sortBy, sortOrder) => {
        const res = await list(`?search=${marker}&sortBy=${sortBy}&sortOrder=${sortOrder}`);
        expect(res.status).toBe(200);
        expect(res.body.users.map((u: { id: number }) => u.id)).toEqual(expectedOrder(rows, keys[sortBy], sortOrder));
      });

      it('sorts by name ascending when no sort is given', async () => {
        const res = await list(`?search=${marker}`);
        expect(res.body.users.map((u: { id: number }) => u.id)).toEqual(expectedOrder(rows, keys.name, 'asc'));
      });

      it('rejects an unknown sortBy with 400', async () => {
        const res = await list('?sortBy=password_hash');
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Unknown sort field');
      });
    });
  });

  describe('POST /api/admin/users', () => {
    it.each(['normal_user', 'store_owner', 'system_admin'] as const)('creates a %s that can then sign in with that role', async (role) => {
      const body = newUserBody({ role });
      const res = await server.post('/api/admin/users', { token: admin.token, body });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('User created successfully!');
      expect(res.body.user).toEqual({
        id: expect.any(Number),
        name: body.name,
        email: body.email,
        address: body.address,
        role,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expectNoSecrets(res.text);

      const login = await server.post('/api/auth/login', { body: { email: body.email, password: PASSWORD, role } });
      expect(login.status).toBe(200);
      expect(login.body.user.id).toBe(res.body.user.id);

      const otherRole = role === 'normal_user' ? 'store_owner' : 'normal_user';
      const wrongRole = await server.post('/api/auth/login', { body: { email: body.email, password: PASSWORD, role: otherRole } });
      expect(wrongRole.status).toBe(401);
      expect(wrongRole.body.message).toBe('Invalid credentials');
    });

    it('creates a user without an address (stored as an empty string)', async () => {
      const { address: _omit, ...body } = newUserBody();
      const res = await server.post('/api/admin/users', { token: admin.token, body });
      expect(res.status).toBe(201);
      expect(res.body.user.address).toBe('');
    });

    it('answers 409 for an email already registered, in any letter case', async () => {
      const existing = await server.createUser('normal_user', { email: `Taken.${unique()}@Test.Example` });
      const before = await countRows(server, 'users');
      for (const email of [existing.email, existing.email.toLowerCase(), existing.email.toUpperCase()]) {
        const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ email }) });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(EMAIL_TAKEN);
      }
      expect(await countRows(server, 'users')).toBe(before);
    });

    it.each(['name', 'email', 'role', 'password'])('rejects a body without %s: "Please fill in all required fields"', async (field) => {
      const body: Record<string, unknown> = newUserBody();
      delete body[field];
      const before = await countRows(server, 'users');
      const res = await server.post('/api/admin/users', { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: FILL_REQUIRED, errors: [{ field, message: FILL_REQUIRED }] });
      expect(await countRows(server, 'users')).toBe(before);
    });

    it.each([
      ['name', '   ', FILL_REQUIRED],
      ['email', '   ', FILL_REQUIRED],
      ['password', '', FILL_REQUIRED],
      ['role', '', FILL_REQUIRED],
      ['role', '   ', INVALID_ROLE],
    ])('rejects the blank %s %p with %p', async (field, value, message) => {
      const before = await countRows(server, 'users');
      const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ [field]: value }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await countRows(server, 'users')).toBe(before);
    });

    it('accepts names of 20 and 60 characters and rejects 19 and 61', async () => {
      for (const length of [20, 60]) {
        const name = `${unique()} ${'n'.repeat(60)}`.slice(0, length);
        const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ name }) });
        expect(res.status).toBe(201);
        expect(res.body.user.name).toBe(name);
      }
      for (const length of [19, 61]) {
        const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ name: 'n'.repeat(length) }) });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(NAME_LENGTH);
      }
    });

    it.each(['plainaddress', 'no-at-sign.example', 'two@@example.com', 'spaces in@example.com', 'user@nodot', 'user@example.'])(
      'rejects the email %p',
      async (email) => {
        const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ email }) });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(INVALID_EMAIL);
      },
    );

    it.each([
      ['too short', 'Ab@1234'],
      ['too long', 'Abcdefgh@12345678'],
      ['no uppercase letter', 'secret@123'],
      ['no special character', 'Secret1234'],
    ])('rejects a password that is %s', async (_why, password) => {
      const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ password }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PASSWORD_RULE);
    });

    it.each(['superuser', 'SYSTEM_ADMIN', 'admin'])('rejects the role %p', async (role) => {
      const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ role }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_ROLE);
    });

    it('rejects an address over 400 characters', async () => {
      const res = await server.post('/api/admin/users', { token: admin.token, body: newUserBody({ address: 'a'.repeat(401) }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Address must not exceed 400 characters');
    });

    it('ignores fields that are not part of the request (id, token_version, password_hash, created_at)', async () => {
      const body = newUserBody({
        id: 424242,
        token_version: 7,
        password_hash: 'not-a-hash',
        created_at: '2000-01-01T00:00:00.000Z',
        stores: [{ id: 1 }],
      });
      const res = await server.post('/api/admin/users', { token: admin.token, body });
      expect(res.status).toBe(201);
      expect(res.body.user.id).not.toBe(424242);
      expect(res.body.user.created_at).not.toBe('2000-01-01T00:00:00.000Z');

      const row = await server.db
        .selectFrom('users')
        .select(['password_hash', 'token_version'])
        .where('id', '=', res.body.user.id)
        .executeTakeFirstOrThrow();
      expect(row.token_version).toBe(0);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await server.db.selectFrom('users').select('id').where('id', '=', 424242).executeTakeFirst()).toBeUndefined();

      const login = await server.post('/api/auth/login', { body: { email: body.email, password: PASSWORD, role: 'normal_user' } });
      expect(login.status).toBe(200);
    });
  });

  describe('GET /api/admin/users/:id', () => {
    it('answers { user } for a customer, without store figures or secrets', async () => {
      const customer = await server.createUser('normal_user');
      const res = await server.get(`/api/admin/users/${customer.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        user: {
          id: customer.id,
          name: customer.name,
          email: customer.email,
          address: expect.any(String),
          role: 'normal_user',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      expectNoSecrets(res.text);
    });

    it("gives a store owner's stores and the exact average over every rating of them", async () => {
      const owner = await server.createUser('store_owner');
      const beta = await server.createStore(owner.id, { name: 'Beta Bazaar' });
      const alpha = await server.createStore(owner.id, { name: 'alpha Arcade' });
      const gamma = await server.createStore(owner.id, { name: 'Gamma Goods' });
      const [c1, c2, c3] = [
        await server.createUser('normal_user'),
        await server.createUser('normal_user'),
        await server.createUser('normal_user'),
      ];
      await insertRating(server, c1.id, alpha.id, 5);
      await insertRating(server, c2.id, alpha.id, 4);
      await insertRating(server, c3.id, beta.id, 2);
      // Another owner's store is not counted.
      const other = await server.createUser('store_owner');
      const foreign = await server.createStore(other.id);
      await insertRating(server, c1.id, foreign.id, 1);

      const res = await server.get(`/api/admin/users/${owner.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: owner.id, role: 'store_owner', total_ratings: 3 });
      // (5 + 4 + 2) / 3 over the ratings, not the mean of the store averages (3.25).
      expect(res.body.user.average_rating).toBe(3.67);
      expect(res.body.user.stores).toEqual([
        { id: alpha.id, name: 'alpha Arcade', average_rating: 4.5, total_ratings: 2 },
        { id: beta.id, name: 'Beta Bazaar', average_rating: 2, total_ratings: 1 },
        { id: gamma.id, name: 'Gamma Goods', average_rating: 0, total_ratings: 0 },
      ]);
      expectNoSecrets(res.text);
    });

    it('gives a null average and 0 ratings for an owner whose stores have no ratings, or who has no store', async () => {
      const owner = await server.createUser('store_owner');
      const store = await server.createStore(owner.id, { name: 'Quiet Corner' });
      const res = await server.get(`/api/admin/users/${owner.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.user.average_rating).toBeNull();
      expect(res.body.user.total_ratings).toBe(0);
      expect(res.body.user.stores).toEqual([{ id: store.id, name: 'Quiet Corner', average_rating: 0, total_ratings: 0 }]);

      const storeless = await server.createUser('store_owner');
      const empty = await server.get(`/api/admin/users/${storeless.id}`, { token: admin.token });
      expect(empty.status).toBe(200);
      expect(empty.body.user).toMatchObject({ average_rating: null, total_ratings: 0, stores: [] });
    });

    it('answers 404 "User not found" for an unknown id', async () => {
      const res = await server.get('/api/admin/users/2147483647', { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: USER_NOT_FOUND });
    });

    it('answers 400 "Invalid id" for an id that is not a positive integer', async () => {
      const res = await server.get('/api/admin/users/abc', { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid id');
    });
  });

  describe('PUT /api/admin/users/:id', () => {
    it('updates name, email, address and role', async () => {
      const target = await server.createUser('normal_user');
      const body = {
        name: 'Renamed By The Administrator',
        email: `renamed.${unique()}@test.example`,
        address: '9 New Road',
        role: 'store_owner',
      };
      const res = await server.put(`/api/admin/users/${target.id}`, { token: admin.token, body });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('User updated successfully!');
      expect(res.body.user).toMatchObject({ id: target.id, ...body });
      expectNoSecrets(res.text);

      const after = await server.get(`/api/admin/users/${target.id}`, { token: admin.token });
      expect(after.body.user).toMatchObject(body);
      const login = await server.post('/api/auth/login', { body: { email: body.email, password: PASSWORD, role: 'store_owner' } });
      expect(login.status).toBe(200);
    });

    it("answers 409 for another user's email, in any letter case, and changes nothing", async () => {
      const target = await server.createUser('normal_user');
      const other = await server.createUser('normal_user');
      const res = await server.put(`/api/admin/users/${target.id}`, {
        token: admin.token,
        body: { name: target.name, email: other.email.toUpperCase(), address: 'x', role: 'normal_user' },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(EMAIL_TAKEN);
      const row = await server.db.selectFrom('users').select('email').where('id', '=', target.id).executeTakeFirstOrThrow();
      expect(row.email).toBe(target.email);
    });

    it("accepts the user's own email with a different letter case", async () => {
      const target = await server.createUser('normal_user');
      const res = await server.put(`/api/admin/users/${target.id}`, {
        token: admin.token,
        body: { name: target.name, email: target.email.toUpperCase(), address: 'x', role: 'normal_user' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(target.email.toUpperCase());
    });

    it('does not change the password, even when one is sent (only the listed fields are taken)', async () => {
      const target = await server.createUser('normal_user');
      const res = await server.put(`/api/admin/users/${target.id}`, {
        token: admin.token,
        body: { name: target.name, email: target.email, address: 'x', role: 'normal_user', password: 'Changed@999', token_version: 5 },
      });
      expect(res.status).toBe(200);
      expect(
        (await server.post('/api/auth/login', { body: { email: target.email, password: PASSWORD, role: 'normal_user' } })).status,
      ).toBe(200);
      expect(
        (await server.post('/api/auth/login', { body: { email: target.email, password: 'Changed@999', role: 'normal_user' } })).status,
      ).toBe(401);
      // The user's own token still works: no token version was taken from the body.
      expect((await server.get('/api/auth/profile', { token: target.token })).status).toBe(200);
    });

    it.each(['name', 'email', 'role'])('rejects a body without %s: "Please fill in all required fields"', async (field) => {
      const target = await server.createUser('normal_user');
      const body: Record<string, unknown> = { name: 'A Perfectly Valid Full Name', email: target.email, address: 'x', role: 'normal_user' };
      delete body[field];
      const res = await server.put(`/api/admin/users/${target.id}`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FILL_REQUIRED);
    });

    it('rejects a short name, a bad email and a bad role with their messages', async () => {
      const target = await server.createUser('normal_user');
      const valid = { name: 'A Perfectly Valid Full Name', email: target.email, address: 'x', role: 'normal_user' };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'Too short' }, NAME_LENGTH],
        [{ email: 'nope' }, INVALID_EMAIL],
        [{ role: 'root' }, INVALID_ROLE],
      ];
      for (const [override, message] of cases) {
        const res = await server.put(`/api/admin/users/${target.id}`, { token: admin.token, body: { ...valid, ...override } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('answers 404 "User not found" for an unknown id', async () => {
      const res = await server.put('/api/admin/users/2147483647', {
        token: admin.token,
        body: { name: 'A Perfectly Valid Full Name', email: `x.${unique()}@test.example`, address: 'x', role: 'normal_user' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: USER_NOT_FOUND });
    });

    it('refuses to change the role of a store owner who still owns stores (409), and allows it once they own none', async () => {
      const owner = await server.createUser('store_owner');
      const store = await server.createStore(owner.id);
      const body = { name: owner.name, email: owner.email, address: 'x', role: 'normal_user' };

      const refused = await server.put(`/api/admin/users/${owner.id}`, { token: admin.token, body });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(OWNS_STORES);
      expect((await server.db.selectFrom('users').select('role').where('id', '=', owner.id).executeTakeFirstOrThrow()).role).toBe(
        'store_owner',
      );

      // Editing the owner without changing the role is fine.
      const kept = await server.put(`/api/admin/users/${owner.id}`, {
        token: admin.token,
        body: { ...body, role: 'store_owner', address: 'Moved' },
      });
      expect(kept.status).toBe(200);

      expect((await server.del(`/api/admin/stores/${store.id}`, { token: admin.token })).status).toBe(200);
      const allowed = await server.put(`/api/admin/users/${owner.id}`, { token: admin.token, body });
      expect(allowed.status).toBe(200);
      expect(allowed.body.user.role).toBe('normal_user');
    });

    it("takes effect on the user's next request: a customer promoted to admin, an owner demoted to customer", async () => {
      const customer = await server.createUser('normal_user');
      const denied = await server.get('/api/admin/users', { token: customer.token });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(FORBIDDEN);

      const promote = await server.put(`/api/admin/users/${customer.id}`, {
        token: admin.token,
        body: { name: customer.name, email: customer.email, address: 'x', role: 'system_admin' },
      });
      expect(promote.status).toBe(200);
      expect((await server.get('/api/admin/users', { token: customer.token })).status).toBe(200);

      const owner = await server.createUser('store_owner');
      expect((await server.get('/api/owner/dashboard', { token: owner.token })).status).toBe(200);
      const demote = await server.put(`/api/admin/users/${owner.id}`, {
        token: admin.token,
        body: { name: owner.name, email: owner.email, address: 'x', role: 'normal_user' },
      });
      expect(demote.status).toBe(200);
      const after = await server.get('/api/owner/dashboard', { token: owner.token });
      expect(after.status).toBe(403);
      expect(after.body.message).toBe(FORBIDDEN);
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('deletes the user: their token stops working and they are gone', async () => {
      const target = await server.createUser('normal_user');
      const res = await server.del(`/api/admin/users/${target.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'User deleted successfully!' });

      expect((await server.get(`/api/admin/users/${target.id}`, { token: admin.token })).status).toBe(404);
      const stale = await server.get('/api/auth/profile', { token: target.token });
      expect(stale.status).toBe(401);
      expect(stale.body.message).toBe('Invalid or expired token');
    });

    it('answers 409 while the user owns stores, and deletes nothing', async () => {
      const owner = await server.createUser('store_owner');
      const store = await server.createStore(owner.id);
      const res = await server.del(`/api/admin/users/${owner.id}`, { token: admin.token });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(OWNS_STORES);
      expect(await server.db.selectFrom('users').select('id').where('id', '=', owner.id).executeTakeFirst()).toBeDefined();
      expect(await server.db.selectFrom('stores').select('id').where('id', '=', store.id).executeTakeFirst()).toBeDefined();
    });

    it("removes the user's ratings, and the stores' average and count follow", async () => {
      const owner = await server.createUser('store_owner');
      const store = await server.createStore(owner.id);
      const other = await server.createStore(owner.id);
      const leaving = await server.createUser('normal_user');
      const staying = await server.createUser('normal_user');
      await insertRating(server, leaving.id, store.id, 5);
      await insertRating(server, leaving.id, other.id, 4);
      await insertRating(server, staying.id, store.id, 2);

      const before = await server.get(`/api/stores/${store.id}`, { token: staying.token });
      expect(before.body.store).toMatchObject({ average_rating: 3.5, total_ratings: 2 });

      const res = await server.del(`/api/admin/users/${leaving.id}`, { token: admin.token });
      expect(res.status).toBe(200);

      const after = await server.get(`/api/stores/${store.id}`, { token: staying.token });
      expect(after.body.store).toMatchObject({
        average_rating: 2,
        total_ratings: 1,
        rating_distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 0 },
      });
      const otherAfter = await server.get(`/api/stores/${other.id}`, { token: staying.token });
      expect(otherAfter.body.store).toMatchObject({ average_rating: 0, total_ratings: 0 });
      expect(await server.db.selectFrom('ratings').select('id').where('user_id', '=', leaving.id).execute()).toEqual([]);
      expect(await server.storesWithWrongAggregates()).toEqual([]);

      const ownerView = await server.get(`/api/admin/users/${owner.id}`, { token: admin.token });
      expect(ownerView.body.user).toMatchObject({ total_ratings: 1, average_rating: 2 });
    });

    it('answers 404 "User not found" for an unknown id, and again for one just deleted', async () => {
      const res = await server.del('/api/admin/users/2147483647', { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: USER_NOT_FOUND });

      const target = await server.createUser('normal_user');
      expect((await server.del(`/api/admin/users/${target.id}`, { token: admin.token })).status).toBe(200);
      const again = await server.del(`/api/admin/users/${target.id}`, { token: admin.token });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: USER_NOT_FOUND });
    });
  });
});

describe.each(ENGINES)('admin users: the last system administrator (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const adminCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'system_admin')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('cannot be demoted or deleted (only they could ask, and nobody removes themselves); can be once another admin exists', async () => {
    const first = await server.createUser('system_admin');
    expect(await adminCount()).toBe(1);

    for (const role of ['store_owner', 'normal_user']) {
      const demote = await server.put(`/api/admin/users/${first.id}`, {
        token: first.token,
        body: { name: first.name, email: first.email, address: 'x', role },
      });
      expect(demote.status).toBe(409);
      expect(demote.body.message).toBe(NOT_YOURSELF);
    }
    const del = await server.del(`/api/admin/users/${first.id}`, { token: first.token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(NOT_YOURSELF);
    expect(await adminCount()).toBe(1);

    // Editing the last admin's other fields is fine.
    const rename = await server.put(`/api/admin/users/${first.id}`, {
      token: first.token,
      body: { name: 'The Only Administrator Here', email: first.email, address: 'HQ', role: 'system_admin' },
    });
    expect(rename.status).toBe(200);

    const created = await server.post('/api/admin/users', {
      token: first.token,
      body: newUserBody({ role: 'system_admin', name: 'The Second Administrator' }),
    });
    expect(created.status).toBe(201);
    const second = created.body.user;
    const secondToken = await server.signIn(second.email, PASSWORD, 'system_admin');

    // Now the first can be demoted (by the second) and loses admin access at once.
    const demote = await server.put(`/api/admin/users/${first.id}`, {
      token: secondToken,
      body: { name: first.name, email: first.email, address: 'x', role: 'normal_user' },
    });
    expect(demote.status).toBe(200);
    expect(demote.body.user.role).toBe('normal_user');
    const lost = await server.get('/api/admin/dashboard', { token: first.token });
    expect(lost.status).toBe(403);
    expect(lost.body.message).toBe(FORBIDDEN);

    // The second is now the last one, and cannot remove themselves either.
    const selfDelete = await server.del(`/api/admin/users/${second.id}`, { token: secondToken });
    expect(selfDelete.status).toBe(409);
    expect(selfDelete.body.message).toBe(NOT_YOURSELF);
    expect(await adminCount()).toBe(1);
  });

  it('refuses an admin deleting or demoting themselves even while other admins exist', async () => {
    const other = await server.createUser('system_admin');
    const me = await server.createUser('system_admin');
    const demote = await server.put(`/api/admin/users/${me.id}`, {
      token: me.token,
      body: { name: me.name, email: me.email, address: 'x', role: 'normal_user' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(NOT_YOURSELF);
    const del = await server.del(`/api/admin/users/${me.id}`, { token: me.token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(NOT_YOURSELF);
    expect((await server.get('/api/admin/dashboard', { token: me.token })).status).toBe(200);
    expect(other.role).toBe('system_admin');
  });

  it('lets an admin edit their own name, email and address', async () => {
    const me = await server.createUser('system_admin');
    const res = await server.put(`/api/admin/users/${me.id}`, {
      token: me.token,
      body: { name: 'An Administrator Renamed', email: me.email, address: 'New HQ', role: 'system_admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'An Administrator Renamed', address: 'New HQ', role: 'system_admin' });
  });

  it('can delete an admin while another admin remains', async () => {
    const keeper = await server.createUser('system_admin');
    const leaving = await server.createUser('system_admin');
    const before = await adminCount();
    const res = await server.del(`/api/admin/users/${leaving.id}`, { token: keeper.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User deleted successfully!' });
    expect(await adminCount()).toBe(before - 1);
    expect((await server.get('/api/admin/users', { token: leaving.token })).status).toBe(401);
  });

  it('keeps one admin when the last two demote or delete each other at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await server.createUser('system_admin');
      const b = await server.createUser('system_admin');
      // Only a and b are admins now.
      await server.db
        .updateTable('users')
        .set({ role: 'normal_user' })
        .where('role', '=', 'system_admin')
        .where('id', 'not in', [a.id, b.id])
        .execute();
      expect(await adminCount()).toBe(2);

      const [ab, ba] =
        round === 1
          ? await Promise.all([
              server.del(`/api/admin/users/${b.id}`, { token: a.token }),
              server.del(`/api/admin/users/${a.id}`, { token: b.token }),
            ])
          : await Promise.all([
              server.put(`/api/admin/users/${b.id}`, {
                token: a.token,
                body: { name: b.name, email: b.email, address: 'x', role: 'normal_user' },
              }),
              server.put(`/api/admin/users/${a.id}`, {
                token: b.token,
                body: { name: a.name, email: a.email, address: 'x', role: 'normal_user' },
              }),
            ]);
      const outcomes = [ab, ba].map((r) => r.status).sort();
      // Either one wins and the other is refused (409) or, having been demoted or deleted first,
      // the other caller is no longer an admin (403) or no longer exists (401).
      expect(outcomes[0]).toBe(200);
      expect([401, 403, 409]).toContain(outcomes[1]);
      const refused = [ab, ba].find((r) => r.status === 409);
      if (refused) expect(refused.body.message).toBe(LAST_ADMIN);
      expect(await adminCount()).toBe(1);
    }
  });
});
