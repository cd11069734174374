/**
 * A store's city over HTTP: set or read from the address on admin create and update, in every store
 * answer, the store list's and the admin list's `city` filter (case-insensitive, with search and sort),
 * GET /api/stores/cities; and migration 0010 filling existing stores' cities by the same rule as
 * cityFromAddress.
 */
import { cityFromAddress } from 'shared-contracts';
import { openDatabase } from '../src/db/database';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

describe.each(ENGINES)('store city (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
    owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
  });
  afterAll(() => server.close());

  const create = (body: Record<string, unknown>) =>
    server.post('/api/admin/stores', { token: admin.token, body: { owner_id: owner.id, ...body } });

  it('takes the city given, trimmed; without one, or blank, reads it from the address', async () => {
    const given = await create({ name: 'City Given Store', address: '1 Lake Road, Springfield', city: '  Shelbyville ' });
    expect(given.status).toBe(201);
    expect(given.body.store.city).toBe('Shelbyville');
    const absent = await create({ name: 'City Absent Store', address: '14 Residency Road, Bengaluru, Karnataka 560025' });
    expect(absent.body.store.city).toBe('Bengaluru');
    const blank = await create({ name: 'City Blank Store', address: '12 Linking Road, Khar West, Mumbai 400052', city: '' });
    expect(blank.body.store.city).toBe('Mumbai');
    const none = await create({ name: 'No City Store', address: '1 Matrix Road' });
    expect(none.body.store.city).toBe('');
    const read = await server.get(`/api/stores/${given.body.store.id}`, { token: customer.token });
    expect(read.body.store.city).toBe('Shelbyville');
  });

  it('refuses a city over 100 characters', async () => {
    const res = await create({ name: 'Long City Store', address: '1 Lake Road, Springfield', city: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'City must not exceed 100 characters',
      errors: [{ field: 'city', message: 'City must not exceed 100 characters' }],
    });
  });

  it('on update: absent keeps the city, given changes it, blank reads it from the (new) address', async () => {
    const { id } = (await create({ name: 'Moving Store', address: '2 Hill Road, Pune 411004', city: 'Pune' })).body.store;
    const base = { name: 'Moving Store', owner_id: owner.id };
    const kept = await server.put(`/api/admin/stores/${id}`, {
      token: admin.token,
      body: { ...base, address: '3 Hill Road, Pune 411004' },
    });
    expect(kept.body.store.city).toBe('Pune');
    const changed = await server.put(`/api/admin/stores/${id}`, {
      token: admin.token,
      body: { ...base, address: '3 Hill Road', city: 'Nashik' },
    });
    expect(changed.body.store.city).toBe('Nashik');
    const derived = await server.put(`/api/admin/stores/${id}`, {
      token: admin.token,
      body: { ...base, address: '28 Anna Salai, Teynampet, Chennai 600018', city: ' ' },
    });
    expect(derived.body.store.city).toBe('Chennai');
  });

  describe('filters and the cities', () => {
    let filterOwner: CreatedUser;
    beforeAll(async () => {
      filterOwner = await server.createUser('store_owner');
      for (const [name, city] of [
        ['Alpha Kolkata Books', 'Kolkata'],
        ['Beta Kolkata Tea', 'kolkata'],
        ['Gamma Kolkata Sweets', 'Kolkata'],
        ['Delta Jaipur Crafts', 'Jaipur'],
      ]) {
        await server.post('/api/admin/stores', {
          token: admin.token,
          body: { name, address: '1 Some Street, Somewhere', owner_id: filterOwner.id, city },
        });
      }
    });

    const names = (res: { body: { stores: Array<{ name: string }> } }) => res.body.stores.map((s) => s.name);

    it('the store list keeps only the stores of a city, whatever its case, with search and sort, and counts them', async () => {
      const res = await server.get('/api/stores?city=KOLKATA&sortBy=name', { token: customer.token });
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(['Alpha Kolkata Books', 'Beta Kolkata Tea', 'Gamma Kolkata Sweets']);
      expect(res.body.total).toBe(3);
      const searched = await server.get('/api/stores?city=kolkata&search=tea', { token: customer.token });
      expect(names(searched)).toEqual(['Beta Kolkata Tea']);
      expect(searched.body.total).toBe(1);
      const byRating = await server.get('/api/stores?city=Jaipur&sortBy=rating&sortOrder=desc', { token: customer.token });
      expect(names(byRating)).toEqual(['Delta Jaipur Crafts']);
      expect((await server.get('/api/stores?city=Atlantis', { token: customer.token })).body).toMatchObject({ stores: [], total: 0 });
    });

    it.each([
      ['', 'City must not be blank'],
      ['%20%20', 'City must not be blank'],
      ['x'.repeat(101), 'City must not exceed 100 characters'],
    ])('the store list refuses city=%j: 400 "%s"', async (city, message) => {
      const res = await server.get(`/api/stores?city=${city}`, { token: customer.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('the admin list filters by city and sorts by it', async () => {
      const res = await server.get('/api/admin/stores?city=kolkata&limit=100', { token: admin.token });
      expect(res.status).toBe(200);
      expect(names(res).sort()).toEqual(['Alpha Kolkata Books', 'Beta Kolkata Tea', 'Gamma Kolkata Sweets']);
      expect(res.body.total).toBe(3);
      const sorted = await server.get('/api/admin/stores?sortBy=city&limit=100', { token: admin.token });
      const cities = sorted.body.stores.map((s: { city: string }) => s.city.toLowerCase());
      expect(cities).toEqual([...cities].sort());
    });

    it('GET /api/stores/cities: each city once (case folded), with its number of stores, the most first; none for a store without one', async () => {
      const res = await server.get('/api/stores/cities', { token: customer.token });
      expect(res.status).toBe(200);
      const byCity = Object.fromEntries(res.body.cities.map((c: { city: string; stores: number }) => [c.city.toLowerCase(), c.stores]));
      expect(byCity.kolkata).toBe(3);
      expect(byCity.jaipur).toBe(1);
      expect(res.body.cities.find((c: { city: string }) => c.city.toLowerCase() === 'kolkata').city).toBe('Kolkata');
      expect(res.body.cities.some((c: { city: string }) => c.city === '')).toBe(false);
      const counts = res.body.cities.map((c: { stores: number }) => c.stores);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect((await server.get('/api/stores/cities')).status).toBe(401);
    });
  });
});

describe('migration 0010 on existing stores', () => {
  const ADDRESSES = [
    '14 Residency Road, Bengaluru, Karnataka 560025',
    '3 MG Road, Ernakulam, Kochi, Kerala 682016',
    '5 Park Street, Kolkata, West Bengal 700016',
    '12 Linking Road, Khar West, Mumbai 400052',
    '4 Khan Market, New Delhi 110003',
    '42 Baker Street, Old Town',
    '  7 Quay Lane ,  Harbour Town  ',
    '9 Main Road, Springfield, 62704',
    '1 Matrix Road',
    `1 Road, ${'y'.repeat(150)}`,
  ];

  it('fills each city by the rule of cityFromAddress', async () => {
    const database = await openDatabase({});
    try {
      await migrateUpTo(database.db, '0009_rating_replies');
      const { id: ownerId } = await database.db
        .insertInto('users')
        .values({
          name: 'Existing Owner Of Stores',
          email: 'owner@city.example',
          email_key: 'owner@city.example',
          address: 'Old Town',
          role: 'store_owner',
          password_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('stores')
        .values(ADDRESSES.map((address, i) => ({ name: `Existing Store ${i}`, address, owner_id: ownerId })))
        .execute();
      await migrateToLatest(database.db);
      const rows = await database.db.selectFrom('stores').select(['address', 'city']).orderBy('id').execute();
      expect(rows).toEqual(ADDRESSES.map((address) => ({ address, city: cityFromAddress(address) })));
    } finally {
      await database.close();
    }
  });
});
