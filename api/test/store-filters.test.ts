/**
 * The store category and the store list's filters, over HTTP: GET /api/stores?category=&minRating=
 * (alone and with search, sort and pagination), their validation messages, the category in the store
 * answers, and the category in admin store creation and editing. Each describe block has a fresh database.
 */
import { averageOf } from './support/expected';
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const INVALID_CATEGORY = 'Please select a valid category';
const INVALID_MIN_RATING = 'Minimum rating must be a number from 0 to 5';
const CATEGORIES = ['Grocery', 'Electronics', 'Fashion', 'Restaurants', 'Healthcare', 'Other'] as const;
type Category = (typeof CATEGORIES)[number];

interface FixtureStore {
  id: number;
  name: string;
  category: Category;
  ratings: number[];
  createdAt: Date;
}

const lowerName = (a: FixtureStore, b: FixtureStore) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

describe.each(ENGINES)('GET /api/stores with category and minRating (%s)', (engine) => {
  let server: TestServer;
  let customer: CreatedUser;
  const fixture: FixtureStore[] = [];

  // Averages: 5, 4.5, 4, 3, 0 | 5, 4.67, 2.5 | 4.5, 3.5 | 4.67 | 1.5 | 0 (no category given), 4.33.
  const SPEC: Array<{ name: string; category?: Category; ratings: number[]; dayOffset: number }> = [
    { name: 'Aroma Grocers', category: 'Grocery', ratings: [5, 5], dayOffset: 4 },
    { name: 'Basket Grocery', category: 'Grocery', ratings: [5, 4], dayOffset: 9 },
    { name: 'city Grocery Mart', category: 'Grocery', ratings: [4, 4], dayOffset: 1 },
    { name: 'Daily Greens', category: 'Grocery', ratings: [3], dayOffset: 12 },
    { name: 'evergreen Produce', category: 'Grocery', ratings: [], dayOffset: 6 },
    { name: 'Fusion Electronics', category: 'Electronics', ratings: [5], dayOffset: 2 },
    { name: 'Gizmo Electronics', category: 'Electronics', ratings: [4, 5, 5], dayOffset: 11 },
    { name: 'Hertz Electronics', category: 'Electronics', ratings: [2, 3], dayOffset: 0 },
    { name: 'Ivy Fashion', category: 'Fashion', ratings: [4, 5], dayOffset: 7 },
    { name: 'Jazz Fashion', category: 'Fashion', ratings: [3, 4], dayOffset: 3 },
    { name: 'Kettle Restaurant', category: 'Restaurants', ratings: [5, 5, 4], dayOffset: 13 },
    { name: 'Lotus Healthcare', category: 'Healthcare', ratings: [1, 2], dayOffset: 5 },
    { name: 'Misc Market', ratings: [], dayOffset: 10 },
    { name: 'Nook Corner', category: 'Other', ratings: [4, 4, 5], dayOffset: 8 },
  ];

  const list = (query: string, token = customer.token) => server.get(`/api/stores${query}`, { token });
  const names = (res: { body: { stores: Array<{ name: string }> } }) => res.body.stores.map((s) => s.name);
  const ids = (res: { body: { stores: Array<{ id: number }> } }) => res.body.stores.map((s) => s.id);
  const avg = (s: FixtureStore) => averageOf(s.ratings);
  const where = (predicate: (s: FixtureStore) => boolean) => fixture.filter(predicate);

  beforeAll(async () => {
    server = await startTestServer(engine);
    const owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
    const raters = [await server.createUser('normal_user'), await server.createUser('normal_user'), await server.createUser('normal_user')];
    const base = Date.UTC(2024, 2, 1);
    for (const [i, spec] of SPEC.entries()) {
      const createdAt = new Date(base + spec.dayOffset * 86_400_000);
      const row = await server.createStore(owner.id, {
        name: spec.name,
        address: `${i + 1} Baker Street, Old Town`,
        created_at: createdAt,
      });
      if (spec.category) await server.db.updateTable('stores').set({ category: spec.category }).where('id', '=', row.id).execute();
      for (const [k, rating] of spec.ratings.entries()) await insertRating(server, raters[k].id, row.id, rating);
      fixture.push({ id: row.id, name: spec.name, category: spec.category ?? 'Other', ratings: spec.ratings, createdAt });
    }
  });
  afterAll(() => server.close());

  it('gives every store its category; a store created without one is Other', async () => {
    const res = await list('?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(SPEC.length);
    for (const f of fixture) {
      const store = res.body.stores.find((s: { id: number }) => s.id === f.id);
      expect({ name: store.name, category: store.category }).toEqual({ name: f.name, category: f.category });
    }
    expect(res.body.stores.find((s: { name: string }) => s.name === 'Misc Market').category).toBe('Other');
  });

  it('GET /api/stores/:id carries the category too', async () => {
    const gizmo = fixture.find((s) => s.name === 'Gizmo Electronics')!;
    const res = await server.get(`/api/stores/${gizmo.id}`, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body.store).toMatchObject({ id: gizmo.id, category: 'Electronics', average_rating: 4.67, total_ratings: 3 });
  });

  describe('category', () => {
    it.each(CATEGORIES)('category=%s lists exactly the stores of that category, sorted by name', async (category) => {
      const res = await list(`?category=${category}`);
      expect(res.status).toBe(200);
      const expected = where((s) => s.category === category).sort(lowerName);
      expect(res.body).toMatchObject({ total: expected.length, page: 1, limit: 12, totalPages: Math.ceil(expected.length / 12) });
      expect(names(res)).toEqual(expected.map((s) => s.name));
      for (const store of res.body.stores) expect(store.category).toBe(category);
    });

    it('a search that matches nothing in the category answers an empty page', async () => {
      const res = await list('?category=Healthcare&search=Grocer');
      expect(res.body).toEqual({ stores: [], total: 0, page: 1, limit: 12, totalPages: 0 });
    });

    it('combines with sortBy=rating desc (ties by id descending) and with created_at asc', async () => {
      const byRating = await list('?category=Grocery&sortBy=rating&sortOrder=desc');
      const grocery = where((s) => s.category === 'Grocery');
      expect(ids(byRating)).toEqual([...grocery].sort((a, b) => avg(b) - avg(a) || b.id - a.id).map((s) => s.id));
      expect(names(byRating)).toEqual(['Aroma Grocers', 'Basket Grocery', 'city Grocery Mart', 'Daily Greens', 'evergreen Produce']);

      const byDate = await list('?category=Electronics&sortBy=created_at&sortOrder=asc');
      expect(names(byDate)).toEqual(['Hertz Electronics', 'Fusion Electronics', 'Gizmo Electronics']);
    });

    it('combines with search (name or address) and pagination', async () => {
      const res = await list('?category=Grocery&search=grocer');
      expect(names(res)).toEqual(['Aroma Grocers', 'Basket Grocery', 'city Grocery Mart']);
      expect(res.body.total).toBe(3);

      const address = await list(`?category=Fashion&search=${encodeURIComponent('10 Baker')}`);
      expect(names(address)).toEqual(['Jazz Fashion']);

      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await list(`?category=Grocery&sortBy=name&sortOrder=desc&limit=2&page=${page}`));
      for (const [i, res2] of pages.entries()) expect(res2.body).toMatchObject({ total: 5, page: i + 1, limit: 2, totalPages: 3 });
      expect(pages.flatMap(names)).toEqual(
        where((s) => s.category === 'Grocery')
          .sort(lowerName)
          .reverse()
          .map((s) => s.name),
      );
    });
  });

  describe('minRating', () => {
    it.each([
      ['5', 5],
      ['4.5', 4.5],
      ['4', 4],
      ['3', 3],
      ['0.5', 0.5],
      ['4.67', 4.67],
    ])('minRating=%s keeps the stores whose average is at least it', async (query, bound) => {
      const res = await list(`?minRating=${query}&limit=100`);
      expect(res.status).toBe(200);
      const expected = where((s) => avg(s) >= bound).sort(lowerName);
      expect(res.body.total).toBe(expected.length);
      expect(names(res)).toEqual(expected.map((s) => s.name));
      for (const store of res.body.stores) expect(store.average_rating).toBeGreaterThanOrEqual(bound);
    });

    it("'Top Rated' (4.5) includes averages of exactly 4.5 and excludes 4.33", async () => {
      const res = await list('?minRating=4.5&sortBy=rating&sortOrder=desc');
      expect(names(res)).toEqual([
        'Fusion Electronics',
        'Aroma Grocers',
        'Kettle Restaurant',
        'Gizmo Electronics',
        'Ivy Fashion',
        'Basket Grocery',
      ]);
      expect(res.body.stores.map((s: { average_rating: number }) => s.average_rating)).toEqual([5, 5, 4.67, 4.67, 4.5, 4.5]);
      expect(names(res)).not.toContain('Nook Corner'); // 4.33
    });

    it('5 Stars (minRating=5) lists only perfect averages', async () => {
      const res = await list('?minRating=5');
      expect(names(res)).toEqual(['Aroma Grocers', 'Fusion Electronics']);
    });

    it('minRating=0 keeps every store, unrated ones too; any higher bound drops unrated stores', async () => {
      const zero = await list('?minRating=0&limit=100');
      expect(zero.body.total).toBe(SPEC.length);
      const low = await list('?minRating=0.01&limit=100');
      expect(low.body.total).toBe(SPEC.length - 2);
      expect(names(low)).not.toContain('evergreen Produce');
      expect(names(low)).not.toContain('Misc Market');
    });

    it('accepts 5.0, 4.50 and 0 written in different ways', async () => {
      expect(names(await list('?minRating=5.0'))).toEqual(['Aroma Grocers', 'Fusion Electronics']);
      expect((await list('?minRating=4.50')).body.total).toBe(6);
      expect((await list('?minRating=00')).body.total).toBe(SPEC.length);
    });

    it('combines with category, search, sort and pagination', async () => {
      const both = await list('?category=Grocery&minRating=4&sortBy=rating&sortOrder=asc');
      expect(names(both)).toEqual(['city Grocery Mart', 'Basket Grocery', 'Aroma Grocers']);
      expect(both.body).toMatchObject({ total: 3, totalPages: 1 });

      const paged = await list('?category=Grocery&minRating=4&sortBy=rating&sortOrder=desc&limit=2&page=2');
      expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
      expect(names(paged)).toEqual(['city Grocery Mart']);

      const searched = await list('?minRating=4&search=electronics');
      expect(names(searched)).toEqual(['Fusion Electronics', 'Gizmo Electronics']);

      const topFashion = await list('?category=Fashion&minRating=4.5');
      expect(names(topFashion)).toEqual(['Ivy Fashion']);

      const none = await list('?category=Healthcare&minRating=3');
      expect(none.body).toEqual({ stores: [], total: 0, page: 1, limit: 12, totalPages: 0 });

      const byDate = await list('?minRating=3&sortBy=created_at&sortOrder=desc&limit=3');
      const expected = where((s) => avg(s) >= 3).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      expect(byDate.body.total).toBe(expected.length);
      expect(names(byDate)).toEqual(expected.slice(0, 3).map((s) => s.name));
    });

    it('follows new ratings at once', async () => {
      const rater = await server.createUser('normal_user');
      const daily = fixture.find((s) => s.name === 'Daily Greens')!; // 3 → (3 + 5) / 2 = 4
      expect(names(await list('?category=Grocery&minRating=4'))).not.toContain('Daily Greens');
      const res = await server.post(`/api/ratings/${daily.id}`, { token: rater.token, body: { rating: 5 } });
      expect(res.status).toBe(201);
      expect(names(await list('?category=Grocery&minRating=4'))).toContain('Daily Greens');
      await server.del(`/api/ratings/${res.body.rating.id}`, { token: rater.token });
      expect(names(await list('?category=Grocery&minRating=4'))).not.toContain('Daily Greens');
    });
  });

  describe('invalid filters answer 400 with the field message', () => {
    it.each(['grocery', 'GROCERY', 'Books', '', ' Grocery', 'Grocery&category=Fashion', encodeURIComponent("Grocery' or '1'='1")])(
      'category=%s',
      async (value) => {
        const res = await list(`?category=${value}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(INVALID_CATEGORY);
        expect(res.body.errors[0]).toEqual({ field: 'category', message: INVALID_CATEGORY });
      },
    );

    it.each(['-1', '5.1', '6', '10', 'abc', '', ' 4', '4 ', '1e0', 'NaN', 'Infinity', '4,5', '.5', '4.', '0x4', '3&minRating=4'])(
      'minRating=%s',
      async (value) => {
        const res = await list(`?minRating=${encodeURIComponent(value).replace('%26', '&').replace('%3D', '=')}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(INVALID_MIN_RATING);
        expect(res.body.errors[0]).toEqual({ field: 'minRating', message: INVALID_MIN_RATING });
      },
    );

    it('still needs a token, whatever the filters', async () => {
      const res = await server.get('/api/stores?category=Grocery&minRating=4');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    });
  });

  it('the database refuses a category outside the list (check constraint)', async () => {
    const store = fixture[0];
    await expect(
      server.db
        .updateTable('stores')
        .set({ category: 'Books' as Category })
        .where('id', '=', store.id)
        .execute(),
    ).rejects.toThrow();
    const res = await server.get(`/api/stores/${store.id}`, { token: customer.token });
    expect(res.body.store.category).toBe(store.category);
  });
});

describe.each(ENGINES)('store category in admin store creation and editing (%s)', (engine) => {
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

  let counter = 0;
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: `Category Store ${++counter}`,
    address: '12 Market Street, Test City',
    owner_id: owner.id,
    ...overrides,
  });
  const create = (b: Record<string, unknown>) => server.post('/api/admin/stores', { token: admin.token, body: b });
  const update = (id: number, b: Record<string, unknown>) => server.put(`/api/admin/stores/${id}`, { token: admin.token, body: b });
  const categoryOf = async (id: number) =>
    (await server.db.selectFrom('stores').select('category').where('id', '=', id).executeTakeFirstOrThrow()).category;

  it("creates a store as 'Other' when no category is given", async () => {
    const res = await create(body());
    expect(res.status).toBe(201);
    expect(res.body.store.category).toBe('Other');
    expect(await categoryOf(res.body.store.id)).toBe('Other');
  });

  it.each(CATEGORIES)('creates a store with category %s, which the filtered list then shows', async (category) => {
    const res = await create(body({ category }));
    expect(res.status).toBe(201);
    expect(res.body.store).toMatchObject({ category, owner_id: owner.id, owner_name: owner.name });
    const listed = await server.get(`/api/stores?category=${category}&limit=100`, { token: customer.token });
    expect(listed.body.stores.map((s: { id: number }) => s.id)).toContain(res.body.store.id);
  });

  it.each([['Books'], ['grocery'], [''], [null], [3], [['Grocery']]])(
    'rejects category %p with 400 and creates nothing',
    async (category) => {
      const name = `Rejected Store ${++counter}`;
      const res = await create(body({ name, category }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_CATEGORY);
      expect(res.body.errors).toEqual([{ field: 'category', message: INVALID_CATEGORY }]);
      const rows = await server.db.selectFrom('stores').select('id').where('name', '=', name).execute();
      expect(rows).toHaveLength(0);
    },
  );

  it('the admin store list carries the category of each store', async () => {
    const created = await create(body({ category: 'Healthcare', name: 'Admin List Pharmacy' }));
    const res = await server.get('/api/admin/stores?search=Admin%20List%20Pharmacy', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.stores).toEqual([expect.objectContaining({ id: created.body.store.id, category: 'Healthcare' })]);
  });

  it('changes the category on edit', async () => {
    const created = await create(body({ category: 'Grocery' }));
    const id = created.body.store.id;
    const res = await update(id, body({ name: created.body.store.name, category: 'Restaurants' }));
    expect(res.status).toBe(200);
    expect(res.body.store.category).toBe('Restaurants');
    expect(await categoryOf(id)).toBe('Restaurants');
    const detail = await server.get(`/api/stores/${id}`, { token: customer.token });
    expect(detail.body.store.category).toBe('Restaurants');
  });

  it("keeps the current category when an edit does not send one (older forms don't reset it)", async () => {
    const created = await create(body({ category: 'Electronics' }));
    const id = created.body.store.id;
    const res = await update(id, body({ name: 'Renamed Electronics Shop' }));
    expect(res.status).toBe(200);
    expect(res.body.store).toMatchObject({ name: 'Renamed Electronics Shop', category: 'Electronics' });
  });

  it('rejects an invalid category on edit with 400 and leaves the store unchanged', async () => {
    const created = await create(body({ category: 'Fashion' }));
    const id = created.body.store.id;
    const res = await update(id, body({ name: 'Should Not Change', category: 'Toys' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_CATEGORY);
    const detail = await server.get(`/api/stores/${id}`, { token: customer.token });
    expect(detail.body.store).toMatchObject({ name: created.body.store.name, category: 'Fashion' });
  });

  it('reports the first field message when several fields are wrong, category last', async () => {
    const res = await create({ name: 'ab', address: 'x', owner_id: owner.id, category: 'Toys' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Store name must be between 3-100 characters');
    expect(res.body.errors).toEqual(expect.arrayContaining([{ field: 'category', message: INVALID_CATEGORY }]));
  });

  it('only an admin may set a category', async () => {
    const res = await server.post('/api/admin/stores', { token: owner.token, body: body({ category: 'Grocery' }) });
    expect(res.status).toBe(403);
  });
});

describe.each(ENGINES)('demo data categories (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { seedDemoData: true });
  });
  afterAll(() => server.close());

  it('gives the seeded stores fitting categories, every category used', async () => {
    const rows = await server.db.selectFrom('stores').select(['name', 'category']).execute();
    expect(rows.length).toBeGreaterThan(20);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.category]));
    expect(byName['Green Basket Organic Grocers']).toBe('Grocery');
    expect(byName['TechHub Electronics']).toBe('Electronics');
    expect(byName['Urban Threads Fashion House']).toBe('Fashion');
    expect(byName['Coastal Catch Seafood Restaurant']).toBe('Restaurants');
    expect(byName['CarePlus Pharmacy']).toBe('Healthcare');
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES));
  });
});
