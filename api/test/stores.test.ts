/**
 * GET /api/stores, GET /api/stores/:id and GET /api/stores/:id/ratings (DESIGN.md §7), over HTTP.
 * Each describe block runs on a fresh database of its own, so list totals are exact.
 */
import { averageOf } from './support/expected';
import { insertRating } from './support/fixtures';
import { ENGINES, startTestServer, type CreatedUser, type TestServer } from './support/test-server';

const STORE_KEYS = [
  'address',
  'average_rating',
  'category',
  'city',
  'created_at',
  'email',
  'id',
  'name',
  'owner_id',
  'phone',
  'total_ratings',
  'updated_at',
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface FixtureStore {
  id: number;
  name: string;
  address: string;
  createdAt: Date;
  ratings: number[];
}

/** Code-point order of the lower-cased names: what `lower(name) collate "C"` gives for ASCII names. */
const byLowerName = (a: FixtureStore, b: FixtureStore) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

describe.each(ENGINES)('GET /api/stores: list, sort, search, pagination (%s)', (engine) => {
  let server: TestServer;
  let customer: CreatedUser;
  const fixture: FixtureStore[] = [];

  // 15 stores; ratings chosen for exact averages, two ties at 4.5 and nine unrated stores tied at 0.
  // created_at is a permutation that differs from id order.
  const SPEC: Array<{ name: string; address?: string; ratings: number[]; dayOffset: number }> = [
    { name: 'apple Market', ratings: [5, 4], dayOffset: 7 },
    { name: 'Banana Bazaar', ratings: [4, 5], dayOffset: 3 },
    { name: 'cherry Corner', ratings: [4, 4, 5], dayOffset: 11 },
    { name: 'Date Depot', ratings: [2, 3, 3], dayOffset: 1 },
    { name: 'elder Emporium', ratings: [1, 2], dayOffset: 14 },
    { name: 'Fig Foods', ratings: [3], dayOffset: 5 },
    { name: '100% Organic', ratings: [], dayOffset: 9 },
    { name: 'Under_score Outlet', ratings: [], dayOffset: 0 },
    { name: 'abc Shop', ratings: [], dayOffset: 12 },
    { name: 'grape Grocers', ratings: [], dayOffset: 2 },
    { name: 'Honey House', ratings: [], dayOffset: 13 },
    { name: 'iris Interiors', ratings: [], dayOffset: 4 },
    { name: 'Jade Jewels', ratings: [], dayOffset: 10 },
    { name: 'kiwi Kitchen', ratings: [], dayOffset: 6 },
    { name: 'Lemon Lane', address: 'Riverside Promenade 7, Harbour Town', ratings: [], dayOffset: 8 },
  ];

  const list = (query: string, token = customer.token) => server.get(`/api/stores${query}`, { token });
  const names = (res: { body: { stores: Array<{ name: string }> } }) => res.body.stores.map((s) => s.name);

  beforeAll(async () => {
    server = await startTestServer(engine);
    const owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
    const raters = [await server.createUser('normal_user'), await server.createUser('normal_user'), await server.createUser('normal_user')];
    const base = Date.UTC(2024, 0, 1);
    for (const [i, spec] of SPEC.entries()) {
      const createdAt = new Date(base + spec.dayOffset * 86_400_000);
      const row = await server.createStore(owner.id, {
        name: spec.name,
        address: spec.address ?? `${i + 1} Baker Street, Old Town`,
        created_at: createdAt,
      });
      fixture.push({ id: row.id, name: spec.name, address: row.address, createdAt, ratings: spec.ratings });
      for (const [k, rating] of spec.ratings.entries()) {
        const res = await server.post(`/api/ratings/${row.id}`, { token: raters[k].token, body: { rating } });
        if (res.status !== 201) throw new Error(`fixture rating failed: ${res.status} ${res.text}`);
      }
    }
  });
  afterAll(() => server.close());

  it('answers 401 without a token', async () => {
    const res = await server.get('/api/stores');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('defaults to page 1 of 12 stores sorted by name, with {stores, total, page, limit, totalPages}', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['limit', 'page', 'stores', 'total', 'totalPages']);
    expect(res.body).toMatchObject({ total: 15, page: 1, limit: 12, totalPages: 2 });
    expect(res.body.stores).toHaveLength(12);
    expect(names(res)).toEqual(
      [...fixture]
        .sort(byLowerName)
        .slice(0, 12)
        .map((s) => s.name),
    );
    // A list's store also carries the caller's own stars (my_rating).
    for (const store of res.body.stores) expect(Object.keys(store).sort()).toEqual([...STORE_KEYS, 'my_rating'].sort());
  });

  it('reports average_rating and total_ratings as JSON numbers, the average rounded to 2 decimals and 0 without ratings', async () => {
    const res = await list('?limit=100');
    expect(res.status).toBe(200);
    // In the raw JSON the figures are numbers, never quoted strings.
    expect(res.text).not.toMatch(/"average_rating":"/);
    expect(res.text).not.toMatch(/"total_ratings":"/);
    for (const f of fixture) {
      const store = res.body.stores.find((s: { id: number }) => s.id === f.id);
      expect(typeof store.average_rating).toBe('number');
      expect(typeof store.total_ratings).toBe('number');
      expect({ name: store.name, average_rating: store.average_rating, total_ratings: store.total_ratings }).toEqual({
        name: f.name,
        average_rating: averageOf(f.ratings),
        total_ratings: f.ratings.length,
      });
    }
    const byName = (n: string) => res.body.stores.find((s: { name: string }) => s.name === n);
    expect(byName('cherry Corner').average_rating).toBe(4.33); // 13 / 3
    expect(byName('Date Depot').average_rating).toBe(2.67); // 8 / 3
    expect(byName('Lemon Lane').average_rating).toBe(0);
  });

  it('serves each store with its exact fields', async () => {
    const res = await list('?search=Lemon%20Lane');
    const f = fixture.find((s) => s.name === 'Lemon Lane')!;
    expect(res.body.stores).toEqual([
      {
        id: f.id,
        name: 'Lemon Lane',
        address: 'Riverside Promenade 7, Harbour Town',
        phone: '+91 80 1234 5678',
        email: expect.stringMatching(/@test\.example$/),
        owner_id: expect.any(Number),
        category: 'Other',
        city: 'Harbour Town',
        average_rating: 0,
        total_ratings: 0,
        created_at: f.createdAt.toISOString(),
        updated_at: f.createdAt.toISOString(),
        my_rating: null,
      },
    ]);
  });

  describe('pagination', () => {
    it('page 2 holds the remaining 3 stores', async () => {
      const res = await list('?page=2');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 15, page: 2, limit: 12, totalPages: 2 });
      expect(names(res)).toEqual(
        [...fixture]
          .sort(byLowerName)
          .slice(12)
          .map((s) => s.name),
      );
    });

    it('with limit 4 there are 4 pages, the last holding 3, and the pages together list every store once in order', async () => {
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(await list(`?limit=4&page=${page}`));
      for (const [i, res] of pages.entries()) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ total: 15, page: i + 1, limit: 4, totalPages: 4 });
      }
      expect(pages.map((p) => p.body.stores.length)).toEqual([4, 4, 4, 3]);
      expect(pages.flatMap(names)).toEqual([...fixture].sort(byLowerName).map((s) => s.name));
    });

    it('a page past the end is empty but still reports the totals', async () => {
      const res = await list('?page=3');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ stores: [], total: 15, page: 3, limit: 12, totalPages: 2 });
    });

    it('limit 5 gives totalPages 3 and an exactly full last page', async () => {
      const res = await list('?limit=5&page=3');
      expect(res.body).toMatchObject({ total: 15, page: 3, limit: 5, totalPages: 3 });
      expect(res.body.stores).toHaveLength(5);
    });
  });

  describe('sorting', () => {
    it('sortBy=name asc is case-insensitive', async () => {
      const res = await list('?sortBy=name&sortOrder=asc&limit=100');
      expect(res.status).toBe(200);
      expect(names(res).slice(0, 4)).toEqual(['100% Organic', 'abc Shop', 'apple Market', 'Banana Bazaar']);
      expect(names(res)).toEqual([...fixture].sort(byLowerName).map((s) => s.name));
    });

    it('sortBy=name desc is the exact reverse', async () => {
      const res = await list('?sortBy=name&sortOrder=desc&limit=100');
      expect(res.status).toBe(200);
      expect(names(res).slice(0, 3)).toEqual(['Under_score Outlet', 'Lemon Lane', 'kiwi Kitchen']);
      expect(names(res)).toEqual(
        [...fixture]
          .sort(byLowerName)
          .reverse()
          .map((s) => s.name),
      );
    });

    it('sortBy=rating asc orders by average, ties by id ascending', async () => {
      const res = await list('?sortBy=rating&sortOrder=asc&limit=100');
      expect(res.status).toBe(200);
      const expected = [...fixture].sort((a, b) => averageOf(a.ratings) - averageOf(b.ratings) || a.id - b.id);
      expect(res.body.stores.map((s: { id: number }) => s.id)).toEqual(expected.map((s) => s.id));
      // The two stores tied at 4.5 come last, the older id first.
      expect(names(res).slice(-2)).toEqual(['apple Market', 'Banana Bazaar']);
    });

    it('sortBy=rating desc orders by average descending, ties by id descending', async () => {
      const res = await list('?sortBy=rating&sortOrder=desc&limit=100');
      expect(res.status).toBe(200);
      const expected = [...fixture].sort((a, b) => averageOf(b.ratings) - averageOf(a.ratings) || b.id - a.id);
      expect(res.body.stores.map((s: { id: number }) => s.id)).toEqual(expected.map((s) => s.id));
      expect(names(res).slice(0, 6)).toEqual([
        'Banana Bazaar',
        'apple Market',
        'cherry Corner',
        'Fig Foods',
        'Date Depot',
        'elder Emporium',
      ]);
    });

    it('ties in rating are split across pages without repeats or gaps', async () => {
      const all = (await list('?sortBy=rating&sortOrder=desc&limit=100')).body.stores.map((s: { id: number }) => s.id);
      const paged = [];
      for (let page = 1; page <= 5; page++) {
        paged.push(...(await list(`?sortBy=rating&sortOrder=desc&limit=3&page=${page}`)).body.stores.map((s: { id: number }) => s.id));
      }
      expect(paged).toEqual(all);
    });

    it('sortBy=created_at asc and desc follow the creation dates, not the ids', async () => {
      const asc = await list('?sortBy=created_at&sortOrder=asc&limit=100');
      const desc = await list('?sortBy=created_at&sortOrder=desc&limit=100');
      const expected = [...fixture].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((s) => s.name);
      expect(names(asc)).toEqual(expected);
      expect(names(asc)[0]).toBe('Under_score Outlet');
      expect(names(desc)).toEqual([...expected].reverse());
    });

    it('sortOrder defaults to asc', async () => {
      const res = await list('?sortBy=created_at&limit=100');
      expect(names(res)[0]).toBe('Under_score Outlet');
      expect(names(res)[14]).toBe('elder Emporium');
    });
  });

  describe('search', () => {
    it('matches a case-insensitive substring of the name', async () => {
      const res = await list('?search=BAZAAR');
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(['Banana Bazaar']);
      expect(res.body).toMatchObject({ total: 1, page: 1, limit: 12, totalPages: 1 });
    });

    it('matches a substring in the middle of a name', async () => {
      const res = await list('?search=rape%20gro');
      expect(names(res)).toEqual(['grape Grocers']);
    });

    it('matches a case-insensitive substring of the address', async () => {
      const res = await list('?search=riverSIDE%20promenade');
      expect(names(res)).toEqual(['Lemon Lane']);
    });

    it('searches names and addresses together, and sorts and counts the matches', async () => {
      // 'a' is in every store's address ("Baker Street" / "Harbour Town"), so all 15 match; 'old town' only the 14 Baker Street ones.
      const all = await list('?search=a&limit=100');
      expect(all.body.total).toBe(15);
      const baker = await list('?search=OLD%20TOWN&sortBy=name&sortOrder=desc&limit=5');
      expect(baker.body).toMatchObject({ total: 14, page: 1, limit: 5, totalPages: 3 });
      expect(names(baker)).toEqual(
        [...fixture]
          .filter((s) => s.name !== 'Lemon Lane')
          .sort(byLowerName)
          .reverse()
          .slice(0, 5)
          .map((s) => s.name),
      );
    });

    it("'%' matches only a literal percent sign", async () => {
      const res = await list(`?search=${encodeURIComponent('%')}`);
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(['100% Organic']);
    });

    it("'_' matches only a literal underscore", async () => {
      const res = await list(`?search=${encodeURIComponent('_')}`);
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(['Under_score Outlet']);
    });

    it("'a_c' does not match 'abc', while 'abc' does", async () => {
      const wildcard = await list(`?search=${encodeURIComponent('a_c')}`);
      expect(wildcard.status).toBe(200);
      expect(wildcard.body).toEqual({ stores: [], total: 0, page: 1, limit: 12, totalPages: 0 });
      const literal = await list('?search=ABC');
      expect(names(literal)).toEqual(['abc Shop']);
    });

    it("'0%' matches '100% Organic' literally, and a backslash is literal too", async () => {
      expect(names(await list(`?search=${encodeURIComponent('0% o')}`))).toEqual(['100% Organic']);
      const backslash = await list(`?search=${encodeURIComponent('\\')}`);
      expect(backslash.status).toBe(200);
      expect(backslash.body.total).toBe(0);
    });

    it('a search with no match answers an empty page', async () => {
      const res = await list('?search=zzz-no-such-store');
      expect(res.body).toEqual({ stores: [], total: 0, page: 1, limit: 12, totalPages: 0 });
    });

    it('accepts a search of exactly 100 characters', async () => {
      const res = await list(`?search=${'x'.repeat(100)}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
    });

    it('rejects a search longer than 100 characters', async () => {
      const res = await list(`?search=${'x'.repeat(101)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Search must not exceed 100 characters');
    });
  });

  describe('invalid queries answer 400 with the field message', () => {
    it.each([
      ['limit=0', 'Limit must be a whole number from 1 to 100'],
      ['limit=101', 'Limit must be a whole number from 1 to 100'],
      ['limit=abc', 'Limit must be a whole number from 1 to 100'],
      ['page=0', 'Page must be a whole number from 1 to 1000000'],
      ['page=abc', 'Page must be a whole number from 1 to 1000000'],
      ['page=-1', 'Page must be a whole number from 1 to 1000000'],
      ['sortBy=owner_id', 'Unknown sort field'],
      ['sortBy=bogus', 'Unknown sort field'],
      ['sortOrder=up', 'Sort order must be asc or desc'],
    ])('%s', async (query, message) => {
      const res = await list(`?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('limit 100 and limit 1 are accepted', async () => {
      expect((await list('?limit=100')).body.stores).toHaveLength(15);
      const one = await list('?limit=1&page=15');
      expect(one.body).toMatchObject({ total: 15, page: 15, limit: 1, totalPages: 15 });
      expect(one.body.stores).toHaveLength(1);
    });
  });
});

describe.each(ENGINES)('GET /api/stores/:id (%s)', (engine) => {
  let server: TestServer;
  let customer: CreatedUser;
  let owner: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
  });
  afterAll(() => server.close());

  it('answers {store} with every field and the 1..5 rating distribution', async () => {
    const createdAt = new Date('2024-03-04T05:06:07.123Z');
    const store = await server.createStore(owner.id, {
      name: 'Distribution Deli',
      address: '9 Curve Road',
      email: 'deli@test.example',
      phone: null,
      created_at: createdAt,
    });
    const ratings = [5, 5, 4, 2, 1, 5];
    for (const rating of ratings) {
      const rater = await server.createUser('normal_user');
      expect((await server.post(`/api/ratings/${store.id}`, { token: rater.token, body: { rating } })).status).toBe(201);
    }
    const res = await server.get(`/api/stores/${store.id}`, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      store: {
        id: store.id,
        name: 'Distribution Deli',
        address: '9 Curve Road',
        phone: null,
        email: 'deli@test.example',
        owner_id: owner.id,
        category: 'Other',
        city: '',
        average_rating: 3.67, // 22 / 6
        total_ratings: 6,
        created_at: createdAt.toISOString(),
        updated_at: expect.stringMatching(ISO),
        rating_distribution: { '1': 1, '2': 1, '3': 0, '4': 1, '5': 3 },
      },
    });
  });

  it('a store without ratings has average 0, total 0 and an all-zero distribution', async () => {
    const store = await server.createStore(owner.id);
    const res = await server.get(`/api/stores/${store.id}`, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body.store).toMatchObject({
      id: store.id,
      average_rating: 0,
      total_ratings: 0,
      rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    });
    expect(res.body.store.created_at).toMatch(ISO);
  });

  it('answers 404 Store not found for an unknown id', async () => {
    const res = await server.get('/api/stores/987654', { token: customer.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Store not found' });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '2147483648', '1e3', '01'])('answers 400 Invalid id for id %s', async (id) => {
    const res = await server.get(`/api/stores/${id}`, { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid id');
  });

  it('accepts the largest integer id and answers 404 for it', async () => {
    const res = await server.get('/api/stores/2147483647', { token: customer.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Store not found' });
  });

  it('answers 401 without a token, whatever the id', async () => {
    expect((await server.get('/api/stores/1')).status).toBe(401);
    expect((await server.get('/api/stores/abc')).status).toBe(401);
  });
});

describe.each(ENGINES)('GET /api/stores/:id/ratings (%s)', (engine) => {
  let server: TestServer;
  let customer: CreatedUser;
  let owner: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
  });
  afterAll(() => server.close());

  /** Inserts one rating per new customer straight into the database, at the given creation times. */
  async function seedRatings(storeId: number, entries: Array<{ rating: number; comment?: string | null; at: Date }>) {
    const out = [];
    for (const e of entries) {
      const user = await server.createUser('normal_user');
      const id = await insertRating(server, user.id, storeId, e.rating, { comment: e.comment, at: e.at });
      out.push({ id, user, ...e });
    }
    return out;
  }

  it('lists ratings newest first with {id, rating, comment, user_name, created_at, updated_at}', async () => {
    const store = await server.createStore(owner.id);
    const t = (minutes: number) => new Date(Date.UTC(2024, 5, 1, 12, minutes));
    // Inserted in an order that is neither oldest- nor newest-first.
    const seeded = await seedRatings(store.id, [
      { rating: 4, comment: 'Middle one', at: t(20) },
      { rating: 2, comment: null, at: t(40) },
      { rating: 5, comment: 'Oldest', at: t(10) },
    ]);
    // The API's own write path stamps its rating now, so it is the newest.
    const mine = await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 3, comment: 'Fresh' } });
    expect(mine.status).toBe(201);

    const res = await server.get(`/api/stores/${store.id}/ratings`, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ratings: [
        {
          id: mine.body.rating.id,
          rating: 3,
          comment: 'Fresh',
          user_name: customer.name,
          created_at: mine.body.rating.created_at,
          updated_at: mine.body.rating.updated_at,
          reply: null,
          helpful_count: 0,
          voted_helpful: false,
        },
        {
          id: seeded[1].id,
          rating: 2,
          comment: null,
          user_name: seeded[1].user.name,
          created_at: t(40).toISOString(),
          updated_at: t(40).toISOString(),
          reply: null,
          helpful_count: 0,
          voted_helpful: false,
        },
        {
          id: seeded[0].id,
          rating: 4,
          comment: 'Middle one',
          user_name: seeded[0].user.name,
          created_at: t(20).toISOString(),
          updated_at: t(20).toISOString(),
          reply: null,
          helpful_count: 0,
          voted_helpful: false,
        },
        {
          id: seeded[2].id,
          rating: 5,
          comment: 'Oldest',
          user_name: seeded[2].user.name,
          created_at: t(10).toISOString(),
          updated_at: t(10).toISOString(),
          reply: null,
          helpful_count: 0,
          voted_helpful: false,
        },
      ],
      total: 4,
      page: 1,
      limit: 50,
      totalPages: 1,
    });
  });

  it('lists only the ratings of that store', async () => {
    const a = await server.createStore(owner.id);
    const b = await server.createStore(owner.id);
    await seedRatings(a.id, [{ rating: 5, at: new Date() }]);
    await seedRatings(b.id, [
      { rating: 1, at: new Date() },
      { rating: 2, at: new Date() },
    ]);
    const res = await server.get(`/api/stores/${a.id}/ratings`, { token: customer.token });
    expect(res.body.total).toBe(1);
    expect(res.body.ratings.map((r: { rating: number }) => r.rating)).toEqual([5]);
  });

  it('pages 50 at a time by default, and honours page and limit', async () => {
    const store = await server.createStore(owner.id);
    const base = Date.UTC(2024, 0, 1);
    const seeded = await seedRatings(
      store.id,
      Array.from({ length: 55 }, (_, i) => ({ rating: (i % 5) + 1, at: new Date(base + i * 60_000) })),
    );
    const newestFirst = [...seeded].reverse().map((r) => r.id);

    const first = await server.get(`/api/stores/${store.id}/ratings`, { token: customer.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 55, page: 1, limit: 50, totalPages: 2 });
    expect(first.body.ratings.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(0, 50));

    const second = await server.get(`/api/stores/${store.id}/ratings?page=2`, { token: customer.token });
    expect(second.body).toMatchObject({ total: 55, page: 2, limit: 50, totalPages: 2 });
    expect(second.body.ratings.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(50));

    const custom = await server.get(`/api/stores/${store.id}/ratings?limit=20&page=3`, { token: customer.token });
    expect(custom.body).toMatchObject({ total: 55, page: 3, limit: 20, totalPages: 3 });
    expect(custom.body.ratings.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(40, 55));

    const past = await server.get(`/api/stores/${store.id}/ratings?page=4&limit=20`, { token: customer.token });
    expect(past.body).toEqual({ ratings: [], total: 55, page: 4, limit: 20, totalPages: 3 });
  });

  it('a store without ratings answers an empty list', async () => {
    const store = await server.createStore(owner.id);
    const res = await server.get(`/api/stores/${store.id}/ratings`, { token: customer.token });
    expect(res.body).toEqual({ ratings: [], total: 0, page: 1, limit: 50, totalPages: 0 });
  });

  it('answers 404 Store not found for an unknown store', async () => {
    const res = await server.get('/api/stores/987654/ratings', { token: customer.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Store not found' });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 Invalid id for store id %s', async (id) => {
    const res = await server.get(`/api/stores/${id}/ratings`, { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid id');
  });

  it.each([
    ['limit=0', 'Limit must be a whole number from 1 to 100'],
    ['limit=101', 'Limit must be a whole number from 1 to 100'],
    ['page=0', 'Page must be a whole number from 1 to 1000000'],
  ])('answers 400 for %s', async (query, message) => {
    const store = await server.createStore(owner.id);
    const res = await server.get(`/api/stores/${store.id}/ratings?${query}`, { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
