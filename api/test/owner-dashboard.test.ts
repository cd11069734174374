/**
 * GET /api/owner/dashboard beyond its basic shape (dashboards.test.ts): each store's trend over the last
 * 6 calendar months, the ratings table's sorts, the store filter, validation and paging with filters.
 * Ratings are placed in known months relative to today (UTC), so the trend is worked out here from the
 * inputs alone.
 */
import { averageOf, expectedOrder } from './support/expected';
import { insertRating } from './support/fixtures';
import { ENGINES, startTestServer, type CreatedUser, type TestServer } from './support/test-server';

/** The first instant (UTC) of the calendar month `back` months before the current one. */
function monthStart(back: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}
const monthKey = (back: number) => monthStart(back).toISOString().slice(0, 7);
const MINUTE = 60_000;

interface Seeded {
  id: number;
  user: CreatedUser;
  store: { id: number; name: string };
  rating: number;
  at: Date;
}

type Trend = Array<{ month: string; count: number; average: number | null }>;

/** The expected trend of `ratings`: the 6 months oldest first, counted by the month of `at` (UTC). */
function expectedTrend(ratings: Seeded[]): Trend {
  return [5, 4, 3, 2, 1, 0].map((back) => {
    const month = monthKey(back);
    const inMonth = ratings.filter((r) => r.at.toISOString().slice(0, 7) === month).map((r) => r.rating);
    return { month, count: inMonth.length, average: inMonth.length ? averageOf(inMonth) : null };
  });
}

describe.each(ENGINES)('owner dashboard: trend, sorting, store filter (%s)', (engine) => {
  let server: TestServer;
  let owner: CreatedUser; // owns bravo Bistro, Alpha Arcade, charlie Cafe
  let otherOwner: CreatedUser; // owns Other Owner Outlet
  let ownerWithoutStores: CreatedUser;
  let admin: CreatedUser;
  const customers: CreatedUser[] = [];
  let bistro: { id: number; name: string };
  let arcade: { id: number; name: string };
  let cafe: { id: number; name: string };
  let outlet: { id: number; name: string };
  const seeded: Seeded[] = [];

  const get = (user: CreatedUser, query = '') => server.get(`/api/owner/dashboard${query}`, { token: user.token });
  const mine = () => seeded.filter((r) => r.store.id !== outlet.id);
  const ids = (body: { ratings: Array<{ id: number }> }) => body.ratings.map((r) => r.id);

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner', { name: 'Owner Of Three Stores Here' });
    otherOwner = await server.createUser('store_owner', { name: 'Owner Of Another Store' });
    ownerWithoutStores = await server.createUser('store_owner', { name: 'Owner Without Any Store' });
    admin = await server.createUser('system_admin', { name: 'Administrator Of The Site' });
    // Mixed case on purpose: names sort case-insensitively.
    for (const name of [
      'alice Archer Customer',
      'Bob Baker Customer',
      'carol Cooper Customer',
      'Dan Dyer Customer',
      'eve Evans Customer',
      'Fay Fisher Customer',
      'gus Gray Customer',
      'Hal Hunt Customer',
    ]) {
      customers.push(await server.createUser('normal_user', { name }));
    }
    bistro = await server.createStore(owner.id, { name: 'bravo Bistro' });
    arcade = await server.createStore(owner.id, { name: 'Alpha Arcade' });
    cafe = await server.createStore(owner.id, { name: 'charlie Cafe' });
    outlet = await server.createStore(otherOwner.id, { name: 'Other Owner Outlet' });

    const [c1, c2, c3, c4, c5, c6, c7, c8] = customers;
    const lastDayOf = (back: number) => new Date(monthStart(back - 1).getTime() - 30 * MINUTE); // 23:30 UTC on its last day
    const spec: Array<[CreatedUser, { id: number; name: string }, number, Date]> = [
      [c1, bistro, 4, monthStart(5)], // the first instant of the oldest month: in
      [c2, bistro, 2, new Date(monthStart(5).getTime() + 3 * MINUTE)],
      [c3, bistro, 5, new Date(monthStart(5).getTime() - 1)], // the last instant before the window: out
      [c4, bistro, 5, new Date(monthStart(3).getTime() + 10 * MINUTE)],
      [c5, bistro, 4, new Date(monthStart(3).getTime() + 20 * MINUTE)],
      [c6, bistro, 4, new Date(monthStart(3).getTime() + 20 * MINUTE)], // same time as the one before: ties by id
      [c7, bistro, 1, lastDayOf(2)], // late on a month's last day (UTC): still that month
      [c8, bistro, 3, new Date(monthStart(0).getTime() + 5 * MINUTE)],
      [c1, arcade, 5, new Date(monthStart(1).getTime() + 7 * MINUTE)],
      [c3, arcade, 2, new Date(monthStart(1).getTime() + 9 * MINUTE)],
      [c2, arcade, 1, new Date(monthStart(24).getTime() + 11 * MINUTE)], // two years ago: out
      [c1, outlet, 3, new Date(monthStart(0).getTime() + 1 * MINUTE)], // another owner's
    ];
    for (const [user, store, rating, at] of spec) {
      const id = await insertRating(server, user.id, store.id, rating, { comment: `${user.name} on ${store.name}`, at });
      seeded.push({ id, user, store, rating, at });
    }
  });
  afterAll(() => server.close());

  describe('who may call it', () => {
    it('answers 403 to a customer and to an admin, whatever the query', async () => {
      for (const user of [customers[0], admin]) {
        for (const query of ['', `?storeId=${bistro.id}&sortBy=rating`, '?sortBy=nope']) {
          const res = await get(user, query);
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ message: 'You do not have permission to do this' });
        }
      }
    });
  });

  describe('monthly_trend', () => {
    it('gives each store the last 6 calendar months, oldest first, with count and 2-decimal average; empty months have 0 and null', async () => {
      const res = await get(owner);
      expect(res.status).toBe(200);
      const byName = Object.fromEntries(res.body.stores.map((s: { name: string; monthly_trend: Trend }) => [s.name, s.monthly_trend]));
      const keys = [5, 4, 3, 2, 1, 0].map(monthKey);

      expect(byName['bravo Bistro']).toEqual([
        { month: keys[0], count: 2, average: 3 }, // 4 and 2; the one a millisecond earlier is not counted
        { month: keys[1], count: 0, average: null },
        { month: keys[2], count: 3, average: 4.33 }, // 5, 4, 4
        { month: keys[3], count: 1, average: 1 }, // 23:30 UTC on the month's last day
        { month: keys[4], count: 0, average: null },
        { month: keys[5], count: 1, average: 3 },
      ]);
      expect(byName['Alpha Arcade']).toEqual([
        ...keys.slice(0, 4).map((month) => ({ month, count: 0, average: null })),
        { month: keys[4], count: 2, average: 3.5 },
        { month: keys[5], count: 0, average: null },
      ]);
      expect(byName['charlie Cafe']).toEqual(keys.map((month) => ({ month, count: 0, average: null })));
      // Worked out independently from the seeded ratings as well.
      expect(byName['bravo Bistro']).toEqual(expectedTrend(seeded.filter((r) => r.store.id === bistro.id)));
      expect(byName['Alpha Arcade']).toEqual(expectedTrend(seeded.filter((r) => r.store.id === arcade.id)));
    });

    it("counts only the store's own ratings: another owner's store has its own trend", async () => {
      const res = await get(otherOwner);
      expect(res.status).toBe(200);
      expect(res.body.stores).toHaveLength(1);
      expect(res.body.stores[0].monthly_trend).toEqual(expectedTrend(seeded.filter((r) => r.store.id === outlet.id)));
      expect(res.body.stores[0].monthly_trend.at(-1)).toEqual({ month: monthKey(0), count: 1, average: 3 });
    });

    it('the months end with the current UTC month and are consecutive', async () => {
      const res = await get(owner);
      for (const store of res.body.stores as Array<{ monthly_trend: Trend }>) {
        expect(store.monthly_trend.map((p) => p.month)).toEqual([5, 4, 3, 2, 1, 0].map(monthKey));
      }
    });

    it('the trend, the stores and the summary do not depend on the sort, the page or the store filter', async () => {
      const plain = await get(owner);
      const filtered = await get(owner, `?storeId=${arcade.id}&sortBy=user_name&sortOrder=asc&page=2&limit=1`);
      expect(filtered.status).toBe(200);
      expect(filtered.body.stores).toEqual(plain.body.stores);
      expect(filtered.body.summary).toEqual(plain.body.summary);
      expect(plain.body.summary).toEqual({ totalStores: 3, totalRatings: 11, averageRating: averageOf(mine().map((r) => r.rating)) });
    });
  });

  describe('sorting the ratings table', () => {
    const keys = {
      created_at: (r: Seeded) => r.at.getTime(),
      rating: (r: Seeded) => r.rating,
      user_name: (r: Seeded) => r.user.name.toLowerCase(),
      store_name: (r: Seeded) => r.store.name.toLowerCase(),
    } as const;

    it('by default: newest first (created_at desc), ties by id desc', async () => {
      const res = await get(owner, '?limit=100');
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual(expectedOrder(mine(), keys.created_at, 'desc'));
      expect(res.body).toMatchObject({ total: 11, page: 1, limit: 100, totalPages: 1 });
    });

    it.each([
      ['created_at', 'asc'],
      ['created_at', 'desc'],
      ['rating', 'asc'],
      ['rating', 'desc'],
      ['user_name', 'asc'],
      ['user_name', 'desc'],
      ['store_name', 'asc'],
      ['store_name', 'desc'],
    ] as const)('sortBy=%s&sortOrder=%s: that order, ties broken by id in the same direction', async (sortBy, sortOrder) => {
      const res = await get(owner, `?limit=100&sortBy=${sortBy}&sortOrder=${sortOrder}`);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual(expectedOrder(mine(), keys[sortBy], sortOrder));
      expect(res.body.total).toBe(11);
    });

    it('sortOrder alone sorts by date; sortBy alone sorts descending', async () => {
      const oldestFirst = await get(owner, '?limit=100&sortOrder=asc');
      expect(ids(oldestFirst.body)).toEqual(expectedOrder(mine(), keys.created_at, 'asc'));
      const bestFirst = await get(owner, '?limit=100&sortBy=rating');
      expect(ids(bestFirst.body)).toEqual(expectedOrder(mine(), keys.rating, 'desc'));
    });

    it('names sort case-insensitively: alice before Bob, bravo Bistro after Alpha Arcade', async () => {
      const byUser = await get(owner, '?limit=100&sortBy=user_name&sortOrder=asc');
      const userNames: string[] = byUser.body.ratings.map((r: { user_name: string }) => r.user_name);
      expect(userNames.slice(0, 3)).toEqual(['alice Archer Customer', 'alice Archer Customer', 'Bob Baker Customer']);
      const byStore = await get(owner, '?limit=100&sortBy=store_name&sortOrder=asc');
      const storeNames: string[] = byStore.body.ratings.map((r: { store_name: string }) => r.store_name);
      expect(storeNames).toEqual([...Array(3).fill('Alpha Arcade'), ...Array(8).fill('bravo Bistro')]);
    });
  });

  describe('storeId', () => {
    it("gives only that store's ratings, and total follows the filter", async () => {
      const res = await get(owner, `?storeId=${bistro.id}&limit=100`);
      expect(res.status).toBe(200);
      const bistroRatings = seeded.filter((r) => r.store.id === bistro.id);
      expect(ids(res.body)).toEqual(expectedOrder(bistroRatings, (r) => r.at.getTime(), 'desc'));
      expect(res.body).toMatchObject({ total: 8, page: 1, limit: 100, totalPages: 1 });
      expect(
        res.body.ratings.every(
          (r: { store_id: number; store_name: string }) => r.store_id === bistro.id && r.store_name === 'bravo Bistro',
        ),
      ).toBe(true);
    });

    it('rows keep every field: rater name and email, stars, comment, dates', async () => {
      const res = await get(owner, `?storeId=${arcade.id}&sortBy=rating&sortOrder=desc`);
      const [c1, c2, c3] = customers;
      const row = (user: CreatedUser, rating: number, at: Date) => ({
        id: seeded.find((r) => r.user.id === user.id && r.store.id === arcade.id)!.id,
        store_id: arcade.id,
        store_name: 'Alpha Arcade',
        rating,
        comment: `${user.name} on Alpha Arcade`,
        user_name: user.name,
        user_email: user.email,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        reply: null,
      });
      expect(res.body.ratings).toEqual([
        row(c1, 5, new Date(monthStart(1).getTime() + 7 * MINUTE)),
        row(c3, 2, new Date(monthStart(1).getTime() + 9 * MINUTE)),
        row(c2, 1, new Date(monthStart(24).getTime() + 11 * MINUTE)),
      ]);
      expect(res.body).toMatchObject({ total: 3, totalPages: 1 });
    });

    it('a store of theirs without ratings: an empty table, total 0', async () => {
      const res = await get(owner, `?storeId=${cafe.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ratings: [], total: 0, page: 1, limit: 10, totalPages: 0 });
      expect(res.body.stores).toHaveLength(3);
    });

    it("another owner's store → 404 'Store not found', and nothing of it leaks", async () => {
      const res = await get(owner, `?storeId=${outlet.id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Store not found' });
      const back = await get(otherOwner, `?storeId=${bistro.id}`);
      expect(back.status).toBe(404);
      expect(back.body).toEqual({ message: 'Store not found' });
    });

    it('a store that does not exist, or any store for an owner without stores → 404', async () => {
      const missing = await get(owner, '?storeId=2147483647');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Store not found' });
      const none = await get(ownerWithoutStores, `?storeId=${bistro.id}`);
      expect(none.status).toBe(404);
      const plain = await get(ownerWithoutStores);
      expect(plain.status).toBe(200);
      expect(plain.body).toMatchObject({ stores: [], ratings: [], total: 0, totalPages: 0 });
    });
  });

  describe('paging with filters', () => {
    it('pages one store sorted by rating ascending: the pages together are the whole ordered list', async () => {
      const bistroRatings = seeded.filter((r) => r.store.id === bistro.id);
      const expected = expectedOrder(bistroRatings, (r) => r.rating, 'asc');
      const base = `?storeId=${bistro.id}&sortBy=rating&sortOrder=asc&limit=3`;
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        const res = await get(owner, `${base}&page=${page}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ total: 8, page, limit: 3, totalPages: 3 });
        pages.push(ids(res.body));
      }
      expect(pages[0]).toHaveLength(3);
      expect(pages[1]).toHaveLength(3);
      expect(pages[2]).toHaveLength(2);
      expect(pages[3]).toEqual([]);
      expect(pages.flat()).toEqual(expected);
    });

    it('pages all their stores sorted by rater name descending', async () => {
      const expected = expectedOrder(mine(), (r) => r.user.name.toLowerCase(), 'desc');
      const p1 = await get(owner, '?sortBy=user_name&sortOrder=desc&limit=5');
      const p2 = await get(owner, '?sortBy=user_name&sortOrder=desc&limit=5&page=2');
      const p3 = await get(owner, '?sortBy=user_name&sortOrder=desc&limit=5&page=3');
      for (const p of [p1, p2, p3]) expect(p.body).toMatchObject({ total: 11, totalPages: 3 });
      expect([...ids(p1.body), ...ids(p2.body), ...ids(p3.body)]).toEqual(expected);
    });
  });

  describe('validation', () => {
    it.each([
      ['sortBy=nope', 'Unknown sort field', 'sortBy'],
      ['sortBy=name', 'Unknown sort field', 'sortBy'],
      ['sortBy=RATING', 'Unknown sort field', 'sortBy'],
      ['sortBy=rating&sortBy=created_at', 'Unknown sort field', 'sortBy'],
      ['sortOrder=sideways', 'Sort order must be asc or desc', 'sortOrder'],
      ['sortOrder=DESC', 'Sort order must be asc or desc', 'sortOrder'],
      ['sortOrder=', 'Sort order must be asc or desc', 'sortOrder'],
      ['storeId=abc', 'Invalid id', 'storeId'],
      ['storeId=0', 'Invalid id', 'storeId'],
      ['storeId=-3', 'Invalid id', 'storeId'],
      ['storeId=1.5', 'Invalid id', 'storeId'],
      ['storeId=', 'Invalid id', 'storeId'],
      ['storeId=99999999999', 'Invalid id', 'storeId'],
      ['storeId=1&storeId=2', 'Invalid id', 'storeId'],
      ['limit=0&sortBy=rating', 'Limit must be a whole number from 1 to 100', 'limit'],
      ['page=0&storeId=1', 'Page must be a whole number from 1 to 1000000', 'page'],
    ])('%s → 400 %p', async (query, message, field) => {
      const res = await get(owner, `?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
    });

    it('every value of the allowlists is accepted', async () => {
      for (const sortBy of ['created_at', 'rating', 'user_name', 'store_name']) {
        for (const sortOrder of ['asc', 'desc']) {
          expect((await get(owner, `?sortBy=${sortBy}&sortOrder=${sortOrder}&storeId=${arcade.id}`)).status).toBe(200);
        }
      }
    });
  });
});
