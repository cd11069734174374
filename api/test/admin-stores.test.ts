/**
 * Admin store management over HTTP (DESIGN.md §7 admin store rows, §8; spec §5, §8):
 * list with owners (paging, search, sorting), create, edit (including a new owner) and delete.
 */
import { averageOf, expectedOrder } from './support/expected';
import { countRows, insertRating, uniqueMarkers } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const FILL_REQUIRED = 'Please fill in all required fields';
const STORE_NAME_LENGTH = 'Store name must be between 3-100 characters';
const ADDRESS_MAX = 'Address must not exceed 400 characters';
const INVALID_EMAIL = 'Please enter a valid email address';
const INVALID_PHONE = 'Please enter a valid phone number';
const NOT_AN_OWNER = 'The selected owner is not a store owner';
const STORE_NOT_FOUND = 'Store not found';

const unique = uniqueMarkers('s');

describe.each(ENGINES)('admin stores (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  let owner: CreatedUser;
  let otherOwner: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
    owner = await server.createUser('store_owner');
    otherOwner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
  });
  afterAll(() => server.close());

  const list = (query: string) => server.get(`/api/admin/stores${query}`, { token: admin.token });
  const create = (body: Record<string, unknown>) => server.post('/api/admin/stores', { token: admin.token, body });
  const validStore = (overrides: Record<string, unknown> = {}) => ({
    name: `Store ${unique()}`,
    address: '12 Market Street, Test City',
    phone: '+91 80 1234 5678',
    email: `shop.${unique()}@test.example`,
    owner_id: owner.id,
    ...overrides,
  });

  describe('GET /api/admin/stores', () => {
    it('pages by 10 by default and gives each store its owner id, name and email', async () => {
      const marker = unique();
      for (let i = 0; i < 11; i++) await server.createStore(i % 2 ? owner.id : otherOwner.id, { address: `${i} ${marker} Avenue` });

      const first = await list(`?search=${marker}`);
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['limit', 'page', 'stores', 'total', 'totalPages']);
      expect(first.body).toMatchObject({ total: 11, page: 1, limit: 10, totalPages: 2 });
      expect(first.body.stores).toHaveLength(10);
      const second = await list(`?search=${marker}&page=2`);
      expect(second.body.stores).toHaveLength(1);

      for (const store of [...first.body.stores, ...second.body.stores]) {
        const expectedOwner = store.owner_id === owner.id ? owner : otherOwner;
        expect([owner.id, otherOwner.id]).toContain(store.owner_id);
        expect(store.owner_name).toBe(expectedOwner.name);
        expect(store.owner_email).toBe(expectedOwner.email);
        expect(Object.keys(store).sort()).toEqual(
          [
            'address',
            'average_rating',
            'category',
            'city',
            'created_at',
            'email',
            'id',
            'name',
            'owner_email',
            'owner_id',
            'owner_name',
            'phone',
            'total_ratings',
            'updated_at',
          ].sort(),
        );
      }

      const unfiltered = await list('');
      expect(unfiltered.body.limit).toBe(10);
      expect(unfiltered.body.stores).toHaveLength(10);
      expect(unfiltered.body.total).toBe(await countRows(server, 'stores'));
    });

    it('rejects a limit over 100 with 400', async () => {
      const res = await list('?limit=101');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Limit must be a whole number from 1 to 100');
    });

    it('searches name, address and email case-insensitively, with % and _ literal', async () => {
      const marker = unique();
      const byName = await server.createStore(owner.id, { name: `Name ${marker} Shop` });
      const byAddress = await server.createStore(owner.id, { address: `1 ${marker} Road` });
      const byEmail = await server.createStore(owner.id, { email: `${marker}@shops.example` });
      const literal = await server.createStore(owner.id, { name: `Deal ${marker}_50% off` });
      await server.createStore(owner.id, { name: `Deal ${marker}X50Y off` });

      const all = await list(`?search=${marker.toUpperCase()}&sortBy=created_at&limit=100`);
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(5);
      expect(all.body.stores.slice(0, 3).map((s: { id: number }) => s.id)).toEqual([byName.id, byAddress.id, byEmail.id]);

      const exact = await list(`?search=${encodeURIComponent(`${marker}_50%`)}`);
      expect(exact.status).toBe(200);
      expect(exact.body.stores.map((s: { id: number }) => s.id)).toEqual([literal.id]);
    });

    describe('sorting', () => {
      const marker = unique();
      let rows: Array<{
        id: number;
        name: string;
        email: string;
        address: string;
        owner_id: number;
        rating: number;
        count: number;
        created_at: string;
      }>;

      beforeAll(async () => {
        const owners = [owner, otherOwner, await server.createUser('store_owner')];
        const raters = [await server.createUser('normal_user'), await server.createUser('normal_user')];
        const specs: Array<[string, string, string, number, number[], string]> = [
          ['bravo Books', 'delta@shops.example', `3 ${marker} Cedar Street`, 2, [4, 5], '2022-03-01T00:00:00.000Z'],
          ['Alpha Apparel', 'Charlie@shops.example', `1 ${marker} Apple Street`, 0, [1], '2022-01-01T00:00:00.000Z'],
          ['charlie Chemist', 'alpha@shops.example', `2 ${marker} beech street`, 1, [], '2022-05-01T00:00:00.000Z'],
          ['alpha Antiques', 'bravo@shops.example', `5 ${marker} Elm Street`, 0, [3, 4], '2022-02-01T00:00:00.000Z'],
          ['Delta Deli', 'echo@shops.example', `4 ${marker} Dogwood Street`, 2, [5], '2022-04-01T00:00:00.000Z'],
        ];
        rows = [];
        for (const [name, email, address, ownerIndex, ratings, created] of specs) {
          const s = await server.createStore(owners[ownerIndex].id, { name, email, address, created_at: new Date(created) });
          for (let i = 0; i < ratings.length; i++) await insertRating(server, raters[i].id, s.id, ratings[i]);
          rows.push({
            id: s.id,
            name,
            email,
            address,
            owner_id: owners[ownerIndex].id,
            rating: averageOf(ratings),
            count: ratings.length,
            created_at: created,
          });
        }
      });

      const keys: Record<string, (r: (typeof rows)[number]) => string | number> = {
        name: (r) => r.name.toLowerCase(),
        email: (r) => r.email.toLowerCase(),
        address: (r) => r.address.toLowerCase(),
        rating: (r) => r.rating,
        owner_id: (r) => r.owner_id,
        created_at: (r) => r.created_at,
      };

      it.each(
        (['name', 'email', 'address', 'rating', 'owner_id', 'created_at'] as const).flatMap((field) =>
          (['asc', 'desc'] as const).map((order) => [field, order] as const),
        ),
      )('sortBy=%s sortOrder=%s', async (sortBy, sortOrder) => {
        const res = await list(`?search=${marker}&sortBy=${sortBy}&sortOrder=${sortOrder}`);
        expect(res.status).toBe(200);
        expect(res.body.stores.map((s: { id: number }) => s.id)).toEqual(expectedOrder(rows, keys[sortBy], sortOrder));
      });

      it('gives each store its exact average and count', async () => {
        const res = await list(`?search=${marker}&sortBy=rating&sortOrder=desc`);
        expect(res.status).toBe(200);
        const got = Object.fromEntries(
          res.body.stores.map((s: { id: number; average_rating: number; total_ratings: number }) => [
            s.id,
            [s.average_rating, s.total_ratings],
          ]),
        );
        expect(got).toEqual(Object.fromEntries(rows.map((r) => [r.id, [r.rating, r.count]])));
      });

      it('rejects an unknown sortBy with 400', async () => {
        const res = await list('?sortBy=owner_name');
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Unknown sort field');
      });
    });
  });

  describe('POST /api/admin/stores', () => {
    it('creates a store and answers 201 with it and its owner', async () => {
      const body = validStore();
      const before = await countRows(server, 'stores');
      const res = await create(body);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Store created successfully!');
      expect(res.body.store).toEqual({
        id: expect.any(Number),
        name: body.name,
        address: body.address,
        phone: body.phone,
        email: body.email,
        owner_id: owner.id,
        owner_name: owner.name,
        owner_email: owner.email,
        category: 'Other',
        city: 'Test City',
        average_rating: 0,
        total_ratings: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await countRows(server, 'stores')).toBe(before + 1);

      const detail = await server.get(`/api/stores/${res.body.store.id}`, { token: customer.token });
      expect(detail.status).toBe(200);
      expect(detail.body.store).toMatchObject({ name: body.name, owner_id: owner.id });
    });

    it.each(['name', 'address', 'owner_id'])('rejects a body without %s: "Please fill in all required fields"', async (field) => {
      const body: Record<string, unknown> = validStore();
      delete body[field];
      const before = await countRows(server, 'stores');
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: FILL_REQUIRED, errors: [{ field, message: FILL_REQUIRED }] });
      expect(await countRows(server, 'stores')).toBe(before);
    });

    it.each([
      ['name', '   '],
      ['address', ''],
      ['owner_id', null],
      ['owner_id', ''],
    ])('rejects a blank %s (%p): "Please fill in all required fields"', async (field, value) => {
      const res = await create(validStore({ [field]: value }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FILL_REQUIRED);
    });

    it('accepts names of 3 and 100 characters and rejects 2 and 101', async () => {
      for (const name of ['abc', 'n'.repeat(100)]) {
        const res = await create(validStore({ name }));
        expect(res.status).toBe(201);
        expect(res.body.store.name).toBe(name);
      }
      for (const name of ['ab', 'n'.repeat(101), '  ab  ']) {
        const res = await create(validStore({ name }));
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(STORE_NAME_LENGTH);
      }
    });

    it('accepts an address of 400 characters and rejects 401', async () => {
      const ok = await create(validStore({ address: 'a'.repeat(400) }));
      expect(ok.status).toBe(201);
      expect(ok.body.store.address).toHaveLength(400);
      const tooLong = await create(validStore({ address: 'a'.repeat(401) }));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toBe(ADDRESS_MAX);
    });

    it.each(['not-an-email', 'shop@', '@shops.example', 'a b@shops.example', 'shop@localhost'])('rejects the email %p', async (email) => {
      const res = await create(validStore({ email }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_EMAIL);
    });

    it.each(['phone', '12', 'call me maybe', '+91 80 1234 5678 9999 0000', '1234#5678'])('rejects the phone %p', async (phone) => {
      const res = await create(validStore({ phone }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_PHONE);
    });

    it.each([
      ['email', 'sh\u0000op@shops.example'],
      ['phone', '+91 80\u0000 1234'],
      ['name', 'Nul\u0000Store'],
      ['address', '1 Nul\u0000 Road'],
    ])('rejects a NUL byte in the %s with 400 and creates nothing', async (field, value) => {
      const before = await countRows(server, 'stores');
      const res = await create(validStore({ [field]: value }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(field === 'phone' ? INVALID_PHONE : 'Text contains characters that are not allowed');
      expect(await countRows(server, 'stores')).toBe(before);
    });

    it.each([
      ['blank', '', '   '],
      ['null', null, null],
    ])('stores a %s phone and email as null', async (_label, phone, email) => {
      const res = await create(validStore({ phone, email }));
      expect(res.status).toBe(201);
      expect(res.body.store).toMatchObject({ phone: null, email: null });
      const row = await server.db
        .selectFrom('stores')
        .select(['phone', 'email'])
        .where('id', '=', res.body.store.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ phone: null, email: null });
    });

    it('stores a missing phone and email as null', async () => {
      const { phone: _p, email: _e, ...body } = validStore();
      const res = await create(body);
      expect(res.status).toBe(201);
      expect(res.body.store).toMatchObject({ phone: null, email: null });
    });

    it('rejects an owner who is a customer, an admin or unknown: "The selected owner is not a store owner"', async () => {
      const before = await countRows(server, 'stores');
      for (const ownerId of [customer.id, admin.id, 2147483647]) {
        const res = await create(validStore({ owner_id: ownerId }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: NOT_AN_OWNER, errors: [{ field: 'owner_id', message: NOT_AN_OWNER }] });
      }
      expect(await countRows(server, 'stores')).toBe(before);
    });

    it.each([0, -1, 1.5, 'abc', '0x10', true, 2147483648])('rejects the owner_id %p: "Please select a store owner"', async (ownerId) => {
      const res = await create(validStore({ owner_id: ownerId }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select a store owner');
    });

    it('accepts owner_id as a numeric string (form selects send strings)', async () => {
      const res = await create(validStore({ owner_id: String(otherOwner.id) }));
      expect(res.status).toBe(201);
      expect(res.body.store.owner_id).toBe(otherOwner.id);
      expect(res.body.store.owner_name).toBe(otherOwner.name);
    });

    it('ignores fields that are not part of the request (id, rating figures, created_at)', async () => {
      const res = await create(
        validStore({ id: 777777, rating_count: 9, rating_sum: 45, average_rating: 5, created_at: '2000-01-01T00:00:00.000Z' }),
      );
      expect(res.status).toBe(201);
      expect(res.body.store.id).not.toBe(777777);
      expect(res.body.store).toMatchObject({ average_rating: 0, total_ratings: 0 });
      expect(res.body.store.created_at).not.toBe('2000-01-01T00:00:00.000Z');
      expect(await server.storesWithWrongAggregates()).toEqual([]);
    });
  });

  describe('PUT /api/admin/stores/:id', () => {
    it("updates every field, including a new owner, and keeps the store's ratings", async () => {
      const store = await server.createStore(owner.id);
      await insertRating(server, customer.id, store.id, 4);
      const body = {
        name: 'Renamed Store',
        address: '99 New Street',
        phone: '(080) 555-0101',
        email: 'renamed@shops.example',
        owner_id: otherOwner.id,
      };

      const res = await server.put(`/api/admin/stores/${store.id}`, { token: admin.token, body });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Store updated successfully!');
      expect(res.body.store).toMatchObject({
        id: store.id,
        ...body,
        owner_name: otherOwner.name,
        owner_email: otherOwner.email,
        average_rating: 4,
        total_ratings: 1,
      });

      const ownerDashboard = await server.get('/api/owner/dashboard', { token: otherOwner.token });
      expect(ownerDashboard.body.stores.map((s: { id: number }) => s.id)).toContain(store.id);
      const previous = await server.get('/api/owner/dashboard', { token: owner.token });
      expect(previous.body.stores.map((s: { id: number }) => s.id)).not.toContain(store.id);
    });

    it('clears phone and email when they are sent blank', async () => {
      const store = await server.createStore(owner.id);
      const res = await server.put(`/api/admin/stores/${store.id}`, {
        token: admin.token,
        body: { name: 'Plain Store', address: '1 Road', phone: '', email: '', owner_id: owner.id },
      });
      expect(res.status).toBe(200);
      expect(res.body.store).toMatchObject({ phone: null, email: null });
    });

    it('validates like creation and leaves the store unchanged on failure', async () => {
      const store = await server.createStore(owner.id, { name: 'Unchanged Store' });
      const valid = { name: 'Changed Store', address: '1 Road', owner_id: owner.id };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'ab' }, STORE_NAME_LENGTH],
        [{ address: 'a'.repeat(401) }, ADDRESS_MAX],
        [{ email: 'bad' }, INVALID_EMAIL],
        [{ phone: 'bad' }, INVALID_PHONE],
        [{ owner_id: undefined }, FILL_REQUIRED],
        [{ owner_id: customer.id }, NOT_AN_OWNER],
      ];
      for (const [override, message] of cases) {
        const res = await server.put(`/api/admin/stores/${store.id}`, { token: admin.token, body: { ...valid, ...override } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const row = await server.db.selectFrom('stores').select(['name', 'owner_id']).where('id', '=', store.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Unchanged Store', owner_id: owner.id });
    });

    it('answers 404 "Store not found" for an unknown id', async () => {
      const res = await server.put('/api/admin/stores/2147483647', { token: admin.token, body: validStore() });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: STORE_NOT_FOUND });
    });

    it('answers 400 "Invalid id" for an id that is not a positive integer', async () => {
      const res = await server.put('/api/admin/stores/0', { token: admin.token, body: validStore() });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid id');
    });
  });

  describe('DELETE /api/admin/stores/:id', () => {
    it('deletes the store and its ratings; other stores keep theirs', async () => {
      const store = await server.createStore(owner.id);
      const kept = await server.createStore(owner.id);
      const rater = await server.createUser('normal_user');
      await insertRating(server, customer.id, store.id, 5);
      await insertRating(server, rater.id, store.id, 3);
      await insertRating(server, rater.id, kept.id, 2);

      const res = await server.del(`/api/admin/stores/${store.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Store deleted successfully!' });

      expect(await server.db.selectFrom('ratings').select('id').where('store_id', '=', store.id).execute()).toEqual([]);
      expect(await server.db.selectFrom('ratings').select('rating').where('store_id', '=', kept.id).execute()).toEqual([{ rating: 2 }]);
      const gone = await server.get(`/api/stores/${store.id}`, { token: customer.token });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ message: STORE_NOT_FOUND });
      const own = await server.get(`/api/ratings/user/${store.id}`, { token: customer.token });
      expect(own.status).toBe(404);
      // The raters themselves stay.
      expect((await server.get('/api/auth/profile', { token: rater.token })).status).toBe(200);
      expect(await server.storesWithWrongAggregates()).toEqual([]);
    });

    it('lets the owner be deleted once their last store is gone', async () => {
      const lonely = await server.createUser('store_owner');
      const store = await server.createStore(lonely.id);
      expect((await server.del(`/api/admin/users/${lonely.id}`, { token: admin.token })).status).toBe(409);
      expect((await server.del(`/api/admin/stores/${store.id}`, { token: admin.token })).status).toBe(200);
      expect((await server.del(`/api/admin/users/${lonely.id}`, { token: admin.token })).status).toBe(200);
    });

    it('answers 404 "Store not found" for an unknown id, and for one already deleted', async () => {
      const res = await server.del('/api/admin/stores/2147483647', { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: STORE_NOT_FOUND });

      const store = await server.createStore(owner.id);
      expect((await server.del(`/api/admin/stores/${store.id}`, { token: admin.token })).status).toBe(200);
      const again = await server.del(`/api/admin/stores/${store.id}`, { token: admin.token });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: STORE_NOT_FOUND });
    });
  });
});
