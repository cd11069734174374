/**
 * GET /api/users/ratings: the caller's own ratings with their stores, over HTTP. Only the caller's
 * ratings, newest first by default, sortable by created_at, rating and store name, paginated, with
 * each store's current average; 401 anonymous, 400 for a bad query. A fresh database per engine.
 */
import { averageOf, expectedOrder } from './support/expected';
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 5, 1);
const at = (hours: number) => new Date(BASE + hours * HOUR);
const ITEM_KEYS = [
  'comment',
  'created_at',
  'helpful_count',
  'hidden',
  'id',
  'rating',
  'reply',
  'store_address',
  'store_average_rating',
  'store_id',
  'store_name',
  'updated_at',
];

interface MyFixtureRating {
  id: number;
  storeId: number;
  storeName: string;
  storeAddress: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
}

describe.each(ENGINES)('GET /api/users/ratings (%s)', (engine) => {
  let server: TestServer;
  let me: CreatedUser;
  let other: CreatedUser;
  let nobody: CreatedUser;
  let owner: CreatedUser;
  const mine: MyFixtureRating[] = [];
  /** Every rating of each store, mine and the other customer's, for the expected averages. */
  const storeRatings = new Map<number, number[]>();
  let otherOnly: { id: number; ratingId: number };

  // Twelve stores I rated (more than one page of 10), at hours that differ from id order; names in mixed case.
  const SPEC: Array<{ name: string; rating: number; hour: number; comment?: string; otherRates?: number }> = [
    { name: 'banyan Bakery', rating: 4, hour: 5, comment: 'Warm bread', otherRates: 2 },
    { name: 'Anchor Hardware', rating: 2, hour: 11 },
    { name: 'copper Kettle Cafe', rating: 5, hour: 1, otherRates: 5 },
    { name: 'Delta Pharmacy', rating: 3, hour: 9, comment: 'Quick' },
    { name: 'ember Electronics', rating: 5, hour: 3 },
    { name: 'Fern Florist', rating: 1, hour: 12, comment: 'Wilted', otherRates: 4 },
    { name: 'gully Groceries', rating: 4, hour: 7 },
    { name: 'Harbor Books', rating: 3, hour: 2 },
    { name: 'indigo Textiles', rating: 2, hour: 10, otherRates: 3 },
    { name: 'Juniper Juice Bar', rating: 5, hour: 8 },
    { name: 'kiln Pottery', rating: 4, hour: 6 },
    { name: 'Lantern Lights', rating: 1, hour: 4 },
  ];

  const get = (query: string, token = me.token) => server.get(`/api/users/ratings${query}`, { token });
  const ids = (res: { body: { ratings: Array<{ id: number }> } }) => res.body.ratings.map((r) => r.id);
  const lowerName = (r: MyFixtureRating) => r.storeName.toLowerCase();

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner');
    me = await server.createUser('normal_user');
    other = await server.createUser('normal_user');
    nobody = await server.createUser('normal_user');
    for (const [i, spec] of SPEC.entries()) {
      const store = await server.createStore(owner.id, { name: spec.name, address: `${i + 1} Lake Road, Riverside` });
      const createdAt = at(spec.hour);
      const id = await insertRating(server, me.id, store.id, spec.rating, { comment: spec.comment ?? null, at: createdAt });
      mine.push({
        id,
        storeId: store.id,
        storeName: spec.name,
        storeAddress: store.address,
        rating: spec.rating,
        comment: spec.comment ?? null,
        createdAt,
      });
      storeRatings.set(store.id, [spec.rating]);
      if (spec.otherRates) {
        await insertRating(server, other.id, store.id, spec.otherRates, { at: at(spec.hour + 0.5) });
        storeRatings.get(store.id)!.push(spec.otherRates);
      }
    }
    // A store only the other customer rated.
    const store = await server.createStore(owner.id, { name: 'Only Others Rated This' });
    otherOnly = { id: store.id, ratingId: await insertRating(server, other.id, store.id, 5, { at: at(20) }) };
  });
  afterAll(() => server.close());

  it('answers 401 without a token, and with an invalid one', async () => {
    const anonymous = await server.get('/api/users/ratings');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Authentication required' });
    const invalid = await server.get('/api/users/ratings', { headers: { authorization: 'Bearer not.a.token' } });
    expect(invalid.status).toBe(401);
  });

  it('defaults to page 1 of 10, newest first, with {ratings, total, page, limit, totalPages}', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['limit', 'page', 'ratings', 'total', 'totalPages']);
    expect(res.body).toMatchObject({ total: 12, page: 1, limit: 10, totalPages: 2 });
    expect(ids(res)).toEqual(expectedOrder(mine, (r) => r.createdAt.getTime(), 'desc').slice(0, 10));
    expect(res.body.ratings[0]).toMatchObject({ store_name: 'Fern Florist', rating: 1, comment: 'Wilted' });
  });

  it('serves each rating with its store: name, address and current average (every rater counted)', async () => {
    const res = await get('?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.ratings).toHaveLength(12);
    expect(res.text).not.toMatch(/"store_average_rating":"/);
    for (const item of res.body.ratings) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    const byId = new Map(res.body.ratings.map((r: { id: number }) => [r.id, r]));
    for (const f of mine) {
      expect(byId.get(f.id)).toEqual({
        id: f.id,
        store_id: f.storeId,
        store_name: f.storeName,
        store_address: f.storeAddress,
        store_average_rating: averageOf(storeRatings.get(f.storeId)!),
        rating: f.rating,
        comment: f.comment,
        created_at: f.createdAt.toISOString(),
        updated_at: f.createdAt.toISOString(),
        reply: null,
        hidden: false,
        helpful_count: 0,
      });
    }
    const banyan = res.body.ratings.find((r: { store_name: string }) => r.store_name === 'banyan Bakery');
    expect(banyan.store_average_rating).toBe(3); // my 4 and the other customer's 2
  });

  it("lists only the caller's ratings: never another customer's, even on stores both rated", async () => {
    const mineRes = await get('?limit=100');
    expect(ids(mineRes).sort((a, b) => a - b)).toEqual(mine.map((r) => r.id).sort((a, b) => a - b));
    expect(mineRes.body.ratings.map((r: { store_id: number }) => r.store_id)).not.toContain(otherOnly.id);

    const theirs = await get('?limit=100', other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(5);
    expect(theirs.body.ratings.map((r: { store_name: string }) => r.store_name)).toEqual([
      'Only Others Rated This',
      'Fern Florist',
      'indigo Textiles',
      'banyan Bakery',
      'copper Kettle Cafe',
    ]);
    expect(theirs.body.ratings.map((r: { rating: number }) => r.rating)).toEqual([5, 4, 3, 2, 5]);
    for (const id of ids(theirs)) expect(mine.map((r) => r.id)).not.toContain(id);
  });

  it("the shared client's users.ratings(query) reaches it with the same answer", async () => {
    const result = await server.client(me.token).users.ratings({ page: 2, limit: 5, sortBy: 'store_name', sortOrder: 'asc' });
    expect(result).toMatchObject({ total: 12, page: 2, limit: 5, totalPages: 3 });
    expect(result.ratings.map((r) => r.id)).toEqual(expectedOrder(mine, lowerName, 'asc').slice(5, 10));
  });

  it('answers an empty first page to a caller with no ratings', async () => {
    const res = await get('', nobody.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ratings: [], total: 0, page: 1, limit: 10, totalPages: 0 });
  });

  it('works for every role: a store owner and an admin get their own ratings too', async () => {
    const otherOwner = await server.createUser('store_owner');
    const admin = await server.createUser('system_admin');
    const ownerRating = await insertRating(server, otherOwner.id, mine[0].storeId, 5, { comment: 'From an owner' });
    const ownerRes = await get('', otherOwner.token);
    expect(ownerRes.status).toBe(200);
    expect(ownerRes.body.total).toBe(1);
    expect(ownerRes.body.ratings[0]).toMatchObject({ id: ownerRating, store_id: mine[0].storeId, rating: 5, comment: 'From an owner' });
    const adminRes = await get('', admin.token);
    expect(adminRes.status).toBe(200);
    expect(adminRes.body).toEqual({ ratings: [], total: 0, page: 1, limit: 10, totalPages: 0 });
    await server.db.deleteFrom('ratings').where('id', '=', ownerRating).execute();
  });

  describe('sorting', () => {
    it('created_at asc is oldest first', async () => {
      const res = await get('?sortBy=created_at&sortOrder=asc&limit=100');
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(expectedOrder(mine, (r) => r.createdAt.getTime(), 'asc'));
      expect(res.body.ratings[0].store_name).toBe('copper Kettle Cafe');
    });

    it('sortBy alone keeps the default descending order', async () => {
      const res = await get('?sortBy=created_at&limit=100');
      expect(ids(res)).toEqual(expectedOrder(mine, (r) => r.createdAt.getTime(), 'desc'));
    });

    it.each(['asc', 'desc'] as const)('rating %s orders by my stars, ties by id in the same order', async (order) => {
      const res = await get(`?sortBy=rating&sortOrder=${order}&limit=100`);
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(expectedOrder(mine, (r) => r.rating, order));
      const stars = res.body.ratings.map((r: { rating: number }) => r.rating);
      expect(stars).toEqual([...stars].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    });

    it('store_name asc is case-insensitive, and desc is its exact reverse', async () => {
      const asc = await get('?sortBy=store_name&sortOrder=asc&limit=100');
      expect(asc.status).toBe(200);
      expect(asc.body.ratings.map((r: { store_name: string }) => r.store_name).slice(0, 4)).toEqual([
        'Anchor Hardware',
        'banyan Bakery',
        'copper Kettle Cafe',
        'Delta Pharmacy',
      ]);
      expect(ids(asc)).toEqual(expectedOrder(mine, lowerName, 'asc'));
      const desc = await get('?sortBy=store_name&sortOrder=desc&limit=100');
      expect(ids(desc)).toEqual([...ids(asc)].reverse());
    });
  });

  describe('pagination', () => {
    it('page 2 of the default size holds the 2 oldest', async () => {
      const res = await get('?page=2');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 12, page: 2, limit: 10, totalPages: 2 });
      expect(ids(res)).toEqual(expectedOrder(mine, (r) => r.createdAt.getTime(), 'desc').slice(10));
    });

    it('limit 5 makes 3 pages that together list every rating once, in order', async () => {
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await get(`?sortBy=rating&sortOrder=desc&limit=5&page=${page}`));
      expect(pages.map((p) => p.body.ratings.length)).toEqual([5, 5, 2]);
      for (const [i, p] of pages.entries()) expect(p.body).toMatchObject({ total: 12, page: i + 1, limit: 5, totalPages: 3 });
      expect(pages.flatMap(ids)).toEqual(expectedOrder(mine, (r) => r.rating, 'desc'));
    });

    it('a page past the end is empty but still reports the totals', async () => {
      const res = await get('?page=4&limit=5');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ratings: [], total: 12, page: 4, limit: 5, totalPages: 3 });
    });
  });

  it('follows writes: an update shows the new stars and store average, a delete drops the row', async () => {
    const who = await server.createUser('normal_user');
    const store = await server.createStore(owner.id, { name: 'Write Through Store' });
    await insertRating(server, other.id, store.id, 2);
    const created = await server.post(`/api/ratings/${store.id}`, { token: who.token, body: { rating: 4, comment: 'First visit' } });
    expect(created.status).toBe(201);
    const before = await get('', who.token);
    expect(before.body.ratings).toEqual([
      expect.objectContaining({ id: created.body.rating.id, rating: 4, comment: 'First visit', store_average_rating: 3 }),
    ]);

    const updated = await server.put(`/api/ratings/${created.body.rating.id}`, {
      token: who.token,
      body: { rating: 5, comment: 'Even better' },
    });
    expect(updated.status).toBe(200);
    const after = await get('', who.token);
    expect(after.body.ratings).toEqual([
      expect.objectContaining({ id: created.body.rating.id, rating: 5, comment: 'Even better', store_average_rating: 3.5 }),
    ]);

    expect((await server.del(`/api/ratings/${created.body.rating.id}`, { token: who.token })).status).toBe(200);
    expect((await get('', who.token)).body).toEqual({ ratings: [], total: 0, page: 1, limit: 10, totalPages: 0 });
  });

  it.each([
    ['?sortBy=name', 'Unknown sort field'],
    ['?sortBy=created_at;drop', 'Unknown sort field'],
    ['?sortOrder=sideways', 'Sort order must be asc or desc'],
    ['?page=0', 'Page must be a whole number from 1 to 1000000'],
    ['?limit=101', 'Limit must be a whole number from 1 to 100'],
    ['?limit=abc', 'Limit must be a whole number from 1 to 100'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
