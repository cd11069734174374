/**
 * GET /api/users/dashboard (figures of the caller's role) and GET /api/owner/dashboard (DESIGN.md §7),
 * with exact figures computed from a dataset built here on a fresh database. Creation times of users,
 * stores and ratings are set explicitly so the "newest first" orders are known.
 */
import { setCreatedAt } from './support/fixtures';
import { ENGINES, startTestServer, type CreatedUser, type TestServer } from './support/test-server';

const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 4, 1); // 2024-05-01T00:00:00Z
const at = (hours: number) => new Date(BASE + hours * HOUR);
const stars = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

interface SeededRating {
  id: number;
  user: CreatedUser;
  store: { id: number; name: string };
  rating: number;
  comment: string | null;
  createdAt: Date;
}

describe.each(ENGINES)('dashboards (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  let o1: CreatedUser; // owns S1, S2
  let o2: CreatedUser; // owns S3..S7
  let o3: CreatedUser; // owns nothing
  let c1: CreatedUser; // rates all seven stores
  let c2: CreatedUser; // rates S1 and S3
  let c3: CreatedUser; // rates nothing
  const stores: Array<{ id: number; name: string; ownerId: number; createdAt: Date }> = [];
  const ratings: SeededRating[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin', { name: 'Dashboard Test Administrator' });
    o1 = await server.createUser('store_owner', { name: 'First Store Owner Person' });
    o2 = await server.createUser('store_owner', { name: 'Second Store Owner Person' });
    o3 = await server.createUser('store_owner', { name: 'Third Owner Without Stores' });
    c1 = await server.createUser('normal_user', { name: 'Customer Number One Here' });
    c2 = await server.createUser('normal_user', { name: 'Customer Number Two Here' });
    c3 = await server.createUser('normal_user', { name: 'Customer Number Three Here' });

    // Everyone joined long before the ratings, except o3 who joined between the 8th and 9th rating.
    const userTimes: Array<[CreatedUser, Date]> = [
      [admin, at(-100)],
      [o1, at(-90)],
      [o2, at(-80)],
      [c1, at(-70)],
      [c2, at(-60)],
      [c3, at(-50)],
      [o3, at(7.5)],
    ];
    for (const [user, createdAt] of userTimes) {
      await setCreatedAt(server, 'users', user.id, createdAt, { alsoUpdatedAt: true });
    }

    // S7 is added last of all, after every rating; the others long before.
    const storeSpec: Array<[string, CreatedUser, Date]> = [
      ['Zeta Bakery', o1, at(-40)], // S1
      ['Alpha Books', o1, at(-39)], // S2 (sorts before S1 by name)
      ['Gamma Garden', o2, at(-38)], // S3
      ['Delta Deli', o2, at(-37)], // S4
      ['Epsilon Eats', o2, at(-36)], // S5
      ['Eta Electronics', o2, at(-35)], // S6
      ['Theta Threads', o2, at(8.5)], // S7
    ];
    for (const [name, owner, createdAt] of storeSpec) {
      const row = await server.createStore(owner.id, { name, created_at: createdAt });
      stores.push({ id: row.id, name, ownerId: owner.id, createdAt });
    }
    const [S1, S2, S3, S4, S5, S6, S7] = stores;

    // Ratings through the API, then their creation times set to a known order: hour k for the k-th.
    const spec: Array<[CreatedUser, (typeof stores)[number], number, string | null]> = [
      [c1, S1, 5, 'Lovely bread'], // 0h
      [c2, S1, 2, null], // 1h
      [c1, S2, 4, 'Good books'], // 2h
      [c1, S3, 3, null], // 3h
      [c2, S3, 5, 'Beautiful plants'], // 4h
      [c1, S4, 2, null], // 5h
      [c1, S5, 1, 'Cold food'], // 6h
      [c1, S6, 5, null], // 7h
      [c1, S7, 4, 'Nice shirts'], // 8h
    ];
    for (const [k, [user, store, rating, comment]] of spec.entries()) {
      const res = await server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating, comment } });
      if (res.status !== 201) throw new Error(`fixture rating failed: ${res.status} ${res.text}`);
      const createdAt = at(k);
      await setCreatedAt(server, 'ratings', res.body.rating.id, createdAt, { alsoUpdatedAt: true });
      ratings.push({ id: res.body.rating.id, user, store, rating, comment, createdAt });
    }
  });
  afterAll(() => server.close());

  const dashboard = (user: CreatedUser) => server.get('/api/users/dashboard', { token: user.token });
  const newestFirst = (list: SeededRating[]) => [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const describeRating = (r: SeededRating) => `${r.user.name} rated ${r.store.name} ${stars(r.rating)}`;

  describe('GET /api/users/dashboard', () => {
    it('answers 401 without a token', async () => {
      const res = await server.get('/api/users/dashboard');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    });

    it('customer: own ratings count and average, all stores, the 5 newest own ratings; no totalUsers', async () => {
      const res = await dashboard(c1);
      expect(res.status).toBe(200);
      const mine = ratings.filter((r) => r.user.id === c1.id);
      expect(mine).toHaveLength(7);
      expect(res.body).toEqual({
        totalRatings: 7,
        averageRating: 3.43, // (5 + 4 + 3 + 2 + 1 + 5 + 4) / 7 = 24 / 7
        totalStores: 7,
        recentActivity: newestFirst(mine)
          .slice(0, 5)
          .map((r) => ({
            type: 'rating',
            description: `You rated ${r.store.name} ${stars(r.rating)}`,
            timestamp: r.createdAt.toISOString(),
          })),
      });
      expect(res.body).not.toHaveProperty('totalUsers');
      expect(res.body.recentActivity.map((a: { description: string }) => a.description)).toEqual([
        'You rated Theta Threads 4 stars',
        'You rated Eta Electronics 5 stars',
        'You rated Epsilon Eats 1 star',
        'You rated Delta Deli 2 stars',
        'You rated Gamma Garden 3 stars',
      ]);
    });

    it("customer: counts only the caller's ratings, not other customers'", async () => {
      const res = await dashboard(c2);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        totalRatings: 2,
        averageRating: 3.5, // (2 + 5) / 2
        totalStores: 7,
        recentActivity: [
          { type: 'rating', description: 'You rated Gamma Garden 5 stars', timestamp: at(4).toISOString() },
          { type: 'rating', description: 'You rated Zeta Bakery 2 stars', timestamp: at(1).toISOString() },
        ],
      });
    });

    it('customer without ratings: zeros, every store, no activity', async () => {
      const res = await dashboard(c3);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ totalRatings: 0, averageRating: 0, totalStores: 7, recentActivity: [] });
    });

    it('owner: figures of their own stores only and activity about their own stores only; no totalUsers', async () => {
      const res = await dashboard(o1);
      expect(res.status).toBe(200);
      const theirs = ratings.filter((r) => r.store.id === stores[0].id || r.store.id === stores[1].id);
      expect(res.body).toEqual({
        totalStores: 2,
        totalRatings: 3,
        averageRating: 3.67, // (5 + 2 + 4) / 3
        recentActivity: newestFirst(theirs).map((r) => ({
          type: 'rating',
          description: describeRating(r),
          timestamp: r.createdAt.toISOString(),
        })),
      });
      expect(res.body).not.toHaveProperty('totalUsers');
      expect(res.body.recentActivity.map((a: { description: string }) => a.description)).toEqual([
        `${c1.name} rated Alpha Books 4 stars`,
        `${c2.name} rated Zeta Bakery 2 stars`,
        `${c1.name} rated Zeta Bakery 5 stars`,
      ]);
    });

    it('owner with more than 5 ratings: exact figures and the 5 newest ratings of their stores', async () => {
      const res = await dashboard(o2);
      expect(res.status).toBe(200);
      const theirs = ratings.filter((r) => stores.slice(2).some((s) => s.id === r.store.id));
      expect(theirs).toHaveLength(6);
      expect(res.body).toEqual({
        totalStores: 5,
        totalRatings: 6,
        averageRating: 3.33, // (3 + 5 + 2 + 1 + 5 + 4) / 6 = 20 / 6
        recentActivity: newestFirst(theirs)
          .slice(0, 5)
          .map((r) => ({ type: 'rating', description: describeRating(r), timestamp: r.createdAt.toISOString() })),
      });
      expect(res.body.recentActivity).toHaveLength(5);
      expect(res.body.recentActivity.some((a: { description: string }) => /Zeta Bakery|Alpha Books/.test(a.description))).toBe(false);
    });

    it('owner without stores: zeros and no activity', async () => {
      const res = await dashboard(o3);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ totalStores: 0, totalRatings: 0, averageRating: 0, recentActivity: [] });
    });

    it('admin: system totals including totalUsers, and the 5 newest events of any kind', async () => {
      const res = await dashboard(admin);
      expect(res.status).toBe(200);
      const sum = ratings.reduce((n, r) => n + r.rating, 0);
      expect(sum).toBe(31);
      expect(res.body).toEqual({
        totalUsers: 7,
        totalStores: 7,
        totalRatings: 9,
        averageRating: 3.44, // 31 / 9
        recentActivity: [
          { type: 'store', description: 'Store Theta Threads was added', timestamp: at(8.5).toISOString() },
          { type: 'rating', description: `${c1.name} rated Theta Threads 4 stars`, timestamp: at(8).toISOString() },
          { type: 'user', description: `${o3.name} joined as Store Owner`, timestamp: at(7.5).toISOString() },
          { type: 'rating', description: `${c1.name} rated Eta Electronics 5 stars`, timestamp: at(7).toISOString() },
          { type: 'rating', description: `${c1.name} rated Epsilon Eats 1 star`, timestamp: at(6).toISOString() },
        ],
      });
      expect(res.body.averageRating).toBe(3.44);
    });

    it('recentActivity never exceeds 5 items for any role', async () => {
      for (const user of [admin, o1, o2, o3, c1, c2, c3]) {
        const res = await dashboard(user);
        expect(res.body.recentActivity.length).toBeLessThanOrEqual(5);
        const times = res.body.recentActivity.map((a: { timestamp: string }) => a.timestamp);
        expect(times).toEqual([...times].sort().reverse());
      }
    });
  });

  describe('GET /api/owner/dashboard', () => {
    const ownerDashboard = (user: CreatedUser, query = '') => server.get(`/api/owner/dashboard${query}`, { token: user.token });

    it('answers 401 without a token', async () => {
      const res = await server.get('/api/owner/dashboard');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    });

    it('answers 403 to a customer and to an admin', async () => {
      for (const user of [c1, admin]) {
        const res = await ownerDashboard(user);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'You do not have permission to do this' });
      }
    });

    it("lists the owner's stores with average, count and distribution, and only their ratings, newest first, with rater name and email", async () => {
      const res = await ownerDashboard(o1);
      expect(res.status).toBe(200);
      const [S1, S2] = stores;
      const storeBody = (s: (typeof stores)[number], avg: number, count: number, dist: Record<string, number>) => ({
        id: s.id,
        name: s.name,
        address: expect.any(String),
        phone: expect.any(String),
        email: expect.any(String),
        owner_id: o1.id,
        category: 'Other',
        city: 'Test City',
        average_rating: avg,
        total_ratings: count,
        created_at: s.createdAt.toISOString(),
        updated_at: expect.any(String),
        rating_distribution: dist,
        monthly_trend: expect.any(Array), // the trend itself: owner-dashboard.test.ts
      });
      const ratingBody = (r: SeededRating) => ({
        id: r.id,
        store_id: r.store.id,
        store_name: r.store.name,
        rating: r.rating,
        comment: r.comment,
        user_name: r.user.name,
        user_email: r.user.email,
        created_at: r.createdAt.toISOString(),
        updated_at: r.createdAt.toISOString(),
        reply: null,
      });
      const theirs = ratings.filter((r) => r.store.id === S1.id || r.store.id === S2.id);
      expect(res.body).toEqual({
        summary: { totalStores: 2, totalRatings: 3, averageRating: 3.67 },
        // Sorted by name: Alpha Books before Zeta Bakery.
        stores: [
          storeBody(S2, 4, 1, { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 }),
          storeBody(S1, 3.5, 2, { '1': 0, '2': 1, '3': 0, '4': 0, '5': 1 }),
        ],
        ratings: newestFirst(theirs).map(ratingBody),
        total: 3,
        page: 1,
        limit: 10,
        totalPages: 1,
      });
    });

    it('pages the ratings: total is the number of ratings of all their stores', async () => {
      const theirs = newestFirst(ratings.filter((r) => r.store.id !== stores[0].id && r.store.id !== stores[1].id)).map((r) => r.id);
      expect(theirs).toHaveLength(6);
      const p1 = await ownerDashboard(o2, '?limit=4');
      const p2 = await ownerDashboard(o2, '?limit=4&page=2');
      const p3 = await ownerDashboard(o2, '?limit=4&page=3');
      expect(p1.status).toBe(200);
      expect(p1.body).toMatchObject({ total: 6, page: 1, limit: 4, totalPages: 2 });
      expect(p2.body).toMatchObject({ total: 6, page: 2, limit: 4, totalPages: 2 });
      expect(p3.body).toMatchObject({ total: 6, page: 3, limit: 4, totalPages: 2, ratings: [] });
      expect(p1.body.ratings.map((r: { id: number }) => r.id)).toEqual(theirs.slice(0, 4));
      expect(p2.body.ratings.map((r: { id: number }) => r.id)).toEqual(theirs.slice(4));
      // Every page carries all the owner's stores and the same summary.
      for (const p of [p1, p2, p3]) {
        expect(p.body.summary).toEqual({ totalStores: 5, totalRatings: 6, averageRating: 3.33 });
        expect(p.body.stores.map((s: { name: string }) => s.name)).toEqual([
          'Delta Deli',
          'Epsilon Eats',
          'Eta Electronics',
          'Gamma Garden',
          'Theta Threads',
        ]);
      }
      const gamma = p1.body.stores.find((s: { name: string }) => s.name === 'Gamma Garden');
      expect(gamma).toMatchObject({ average_rating: 4, total_ratings: 2, rating_distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 1 } });
    });

    it('an owner with no store gets empty lists and zeros', async () => {
      const res = await ownerDashboard(o3);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        summary: { totalStores: 0, totalRatings: 0, averageRating: 0 },
        stores: [],
        ratings: [],
        total: 0,
        page: 1,
        limit: 10,
        totalPages: 0,
      });
    });

    it.each([
      ['limit=0', 'Limit must be a whole number from 1 to 100'],
      ['limit=101', 'Limit must be a whole number from 1 to 100'],
      ['page=0', 'Page must be a whole number from 1 to 1000000'],
    ])('answers 400 for %s', async (query, message) => {
      const res = await ownerDashboard(o1, `?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });
});
