/**
 * GET /api/admin/dashboard over HTTP (DESIGN.md §7, §10): exact totals, growth over the last
 * 30 days, rating distribution, top stores, computed system health and recent activity.
 * Every test starts from empty tables so each figure can be predicted exactly.
 */
import { sql } from 'kysely';
import { insertRating, type Table } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

/** Moves a row's created_at to `daysAgo` days (and `minutesAgo` minutes) before now. */
async function age(server: TestServer, table: Table, id: number, daysAgo: number, minutesAgo = 0) {
  await sql`update ${sql.table(table)} set created_at = now() - make_interval(days => ${daysAgo}, mins => ${minutesAgo}) where id = ${id}`.execute(
    server.db,
  );
}

describe.each(ENGINES)('admin dashboard (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  // Each test starts from empty tables and one admin.
  beforeEach(async () => {
    await server.db.deleteFrom('ratings').execute();
    await server.db.deleteFrom('stores').execute();
    await server.db.deleteFrom('users').execute();
    admin = await server.createUser('system_admin', { name: 'The Dashboard Administrator' });
  });

  const dashboard = async () => {
    const res = await server.get('/api/admin/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('answers the documented shape on an almost empty system', async () => {
    const body = await dashboard();
    expect(body).toEqual({
      statistics: { totalUsers: 1, totalStores: 0, totalRatings: 0, userGrowth: 100, storeGrowth: 0, ratingGrowth: 0 },
      analytics: {
        ratingDistribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
        topStores: [],
        systemHealth: {
          user_health: { status: 'healthy', detail: expect.any(String) },
          store_health: { status: 'healthy', detail: expect.any(String) },
          rating_health: { status: 'healthy', detail: expect.any(String) },
        },
      },
      recentActivity: [
        { type: 'user', description: 'The Dashboard Administrator joined as System Administrator', timestamp: expect.any(String) },
      ],
    });
  });

  it('counts users, stores and ratings exactly, and sums the rating distribution over every store', async () => {
    const owners = [await server.createUser('store_owner'), await server.createUser('store_owner')];
    const customers = [
      await server.createUser('normal_user'),
      await server.createUser('normal_user'),
      await server.createUser('normal_user'),
    ];
    const stores = [
      await server.createStore(owners[0].id),
      await server.createStore(owners[0].id),
      await server.createStore(owners[1].id),
      await server.createStore(owners[1].id),
    ];
    // store 0: 5, 5, 4   store 1: 1, 2   store 2: 3   store 3: none
    await insertRating(server, customers[0].id, stores[0].id, 5);
    await insertRating(server, customers[1].id, stores[0].id, 5);
    await insertRating(server, customers[2].id, stores[0].id, 4);
    await insertRating(server, customers[0].id, stores[1].id, 1);
    await insertRating(server, owners[1].id, stores[1].id, 2);
    await insertRating(server, customers[1].id, stores[2].id, 3);

    const body = await dashboard();
    expect(body.statistics).toMatchObject({ totalUsers: 6, totalStores: 4, totalRatings: 6 });
    expect(body.analytics.ratingDistribution).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1, '5': 2 });

    // A rating written through the API moves the figures too.
    const res = await server.post(`/api/ratings/${stores[3].id}`, { token: customers[2].token, body: { rating: 5 } });
    expect(res.status).toBe(201);
    const after = await dashboard();
    expect(after.statistics.totalRatings).toBe(7);
    expect(after.analytics.ratingDistribution).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1, '5': 3 });
  });

  it('computes growth over the last 30 days: new rows against the total before the window', async () => {
    // Users: the admin (new) and two created 60 days ago: 1 new on 2 before = 50%.
    const owner = await server.createUser('store_owner');
    const customer = await server.createUser('normal_user');
    await age(server, 'users', owner.id, 60);
    await age(server, 'users', customer.id, 60);
    // Stores: three old, one new: 1 on 3 = 33.3%.
    const stores = [];
    for (let i = 0; i < 4; i++) stores.push(await server.createStore(owner.id));
    for (const s of stores.slice(0, 3)) await age(server, 'stores', s.id, 60);
    // Ratings: four old, one new: 1 on 4 = 25%.
    const ratingIds = [];
    for (const s of stores) ratingIds.push(await insertRating(server, customer.id, s.id, 4));
    ratingIds.push(await insertRating(server, admin.id, stores[0].id, 2));
    for (const id of ratingIds.slice(0, 4)) await age(server, 'ratings', id, 60);

    const body = await dashboard();
    expect(body.statistics).toEqual({
      totalUsers: 3,
      totalStores: 4,
      totalRatings: 5,
      userGrowth: 50,
      storeGrowth: 33.3,
      ratingGrowth: 25,
    });
  });

  it('puts the window boundary at 30 days: 29 days ago is new, 31 days ago is not', async () => {
    const recent = await server.createUser('normal_user');
    const old1 = await server.createUser('normal_user');
    const old2 = await server.createUser('normal_user');
    const old3 = await server.createUser('normal_user');
    await age(server, 'users', recent.id, 29);
    for (const u of [old1, old2, old3]) await age(server, 'users', u.id, 31);
    // New: admin + recent = 2; before: 3 → 66.7%.
    const body = await dashboard();
    expect(body.statistics.totalUsers).toBe(5);
    expect(body.statistics.userGrowth).toBe(66.7);
  });

  it('shows no growth when nothing is new, and the figure changes as rows arrive', async () => {
    await age(server, 'users', admin.id, 90);
    const owner = await server.createUser('store_owner');
    await age(server, 'users', owner.id, 90);
    const store = await server.createStore(owner.id);
    await age(server, 'stores', store.id, 90);

    const quiet = await dashboard();
    expect(quiet.statistics).toMatchObject({ totalUsers: 2, userGrowth: 0, totalStores: 1, storeGrowth: 0, ratingGrowth: 0 });

    await server.createUser('normal_user');
    await server.createStore(owner.id);
    const busier = await dashboard();
    expect(busier.statistics).toMatchObject({ totalUsers: 3, userGrowth: 50, totalStores: 2, storeGrowth: 100 });
  });

  it('lists at most 5 top stores, rated ones only, by average descending', async () => {
    const owner = await server.createUser('store_owner');
    const raters: CreatedUser[] = [];
    for (let i = 0; i < 3; i++) raters.push(await server.createUser('normal_user'));
    // Averages: 3, 4.67, 1, 2.5, 5, 4, 3.5; one unrated store.
    const plans: Array<[string, number[]]> = [
      ['Three', [3]],
      ['Four point six seven', [5, 5, 4]],
      ['One', [1, 1]],
      ['Two and a half', [2, 3]],
      ['Five', [5]],
      ['Four', [4, 4, 4]],
      ['Three and a half', [3, 4]],
    ];
    const ids: Record<string, number> = {};
    for (const [name, ratings] of plans) {
      const s = await server.createStore(owner.id, { name });
      ids[name] = s.id;
      for (let i = 0; i < ratings.length; i++) await insertRating(server, raters[i].id, s.id, ratings[i]);
    }
    await server.createStore(owner.id, { name: 'Unrated' });

    const body = await dashboard();
    expect(body.analytics.topStores).toEqual([
      { id: ids['Five'], name: 'Five', average_rating: 5, total_ratings: 1 },
      { id: ids['Four point six seven'], name: 'Four point six seven', average_rating: 4.67, total_ratings: 3 },
      { id: ids['Four'], name: 'Four', average_rating: 4, total_ratings: 3 },
      { id: ids['Three and a half'], name: 'Three and a half', average_rating: 3.5, total_ratings: 2 },
      { id: ids['Three'], name: 'Three', average_rating: 3, total_ratings: 1 },
    ]);
  });

  it('leaves unrated stores out of the top stores even when fewer than 5 are rated', async () => {
    const owner = await server.createUser('store_owner');
    const rater = await server.createUser('normal_user');
    const rated = await server.createStore(owner.id, { name: 'Rated Once' });
    await server.createStore(owner.id, { name: 'Never Rated' });
    await insertRating(server, rater.id, rated.id, 2);
    const body = await dashboard();
    expect(body.analytics.topStores).toEqual([{ id: rated.id, name: 'Rated Once', average_rating: 2, total_ratings: 1 }]);
  });

  it('reports healthy users, stores and ratings on consistent data', async () => {
    const owner = await server.createUser('store_owner');
    const rater = await server.createUser('normal_user');
    const store = await server.createStore(owner.id);
    await insertRating(server, rater.id, store.id, 4);
    await insertRating(server, admin.id, store.id, 2);
    await server.createUser('system_admin');

    const { systemHealth } = (await dashboard()).analytics;
    expect(Object.keys(systemHealth).sort()).toEqual(['rating_health', 'store_health', 'user_health']);
    expect(systemHealth.user_health).toEqual({ status: 'healthy', detail: '2 system administrators' });
    expect(systemHealth.store_health).toEqual({ status: 'healthy', detail: 'Every store belongs to a store owner' });
    expect(systemHealth.rating_health).toEqual({ status: 'healthy', detail: 'Store figures match all 2 ratings' });
  });

  it('warns when a store belongs to an account that is no longer a store owner', async () => {
    const owner = await server.createUser('store_owner');
    await server.createStore(owner.id);
    // The API refuses this change; a direct edit of the database is what the check exists for.
    await server.db.updateTable('users').set({ role: 'normal_user' }).where('id', '=', owner.id).execute();

    const { systemHealth } = (await dashboard()).analytics;
    expect(systemHealth.store_health).toEqual({ status: 'warning', detail: '1 store owned by an account that is not a store owner' });
    expect(systemHealth.user_health.status).toBe('healthy');
    expect(systemHealth.rating_health.status).toBe('healthy');
  });

  it("warns when the stores' kept figures disagree with the ratings table", async () => {
    const owner = await server.createUser('store_owner');
    const rater = await server.createUser('normal_user');
    const store = await server.createStore(owner.id);
    await insertRating(server, rater.id, store.id, 3);
    expect((await dashboard()).analytics.systemHealth.rating_health.status).toBe('healthy');

    await sql`update store_figures set rating_count = rating_count + 2, rating_sum = rating_sum + 6 where store_id = ${store.id}`.execute(
      server.db,
    );
    const { systemHealth } = (await dashboard()).analytics;
    expect(systemHealth.rating_health).toEqual({ status: 'warning', detail: 'Store figures count 3 ratings, the ratings table holds 1' });
  });

  it('gives at most 5 recent activity items, newest first, across users, stores and ratings', async () => {
    await age(server, 'users', admin.id, 10);
    const owner = await server.createUser('store_owner', { name: 'Olivia Owner' });
    const customer = await server.createUser('normal_user', { name: 'Carl Customer' });
    const later = await server.createUser('normal_user', { name: 'Lena Latecomer' });
    const store = await server.createStore(owner.id, { name: 'Corner Shop' });
    const other = await server.createStore(owner.id, { name: 'Second Shop' });
    const r1 = await insertRating(server, customer.id, store.id, 1);
    const r2 = await insertRating(server, customer.id, other.id, 4);
    // A fixed timeline, minutes apart (newest last): owner, customer, Corner Shop, r1, Second Shop, later, r2.
    await age(server, 'users', owner.id, 0, 70);
    await age(server, 'users', customer.id, 0, 60);
    await age(server, 'stores', store.id, 0, 50);
    await age(server, 'ratings', r1, 0, 40);
    await age(server, 'stores', other.id, 0, 30);
    await age(server, 'users', later.id, 0, 20);
    await age(server, 'ratings', r2, 0, 10);

    const { recentActivity } = await dashboard();
    expect(recentActivity.map((a: { type: string; description: string }) => [a.type, a.description])).toEqual([
      ['rating', 'Carl Customer rated Second Shop 4 stars'],
      ['user', 'Lena Latecomer joined as Customer'],
      ['store', 'Store Second Shop was added'],
      ['rating', 'Carl Customer rated Corner Shop 1 star'],
      ['store', 'Store Corner Shop was added'],
    ]);
    const times = recentActivity.map((a: { timestamp: string }) => Date.parse(a.timestamp));
    expect(times.every((t: number) => Number.isFinite(t))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('is for system administrators only', async () => {
    const customer = await server.createUser('normal_user');
    const owner = await server.createUser('store_owner');
    expect((await server.get('/api/admin/dashboard')).status).toBe(401);
    for (const user of [customer, owner]) {
      const res = await server.get('/api/admin/dashboard', { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to do this' });
    }
  });
});
