/**
 * The naive Express + pg baseline of `npm run bench -- --compare` (bench/naive-baseline.ts) answers every
 * endpoint the benchmark loads with the same body as our API, on the same data: the same stores in the
 * same order, the same averages, counts, distributions, trends and totals; and a rating written through
 * it leaves the figures our API then reports. That is what makes the comparison a comparison of two
 * servers doing the same work. PostgreSQL only (TEST_DATABASE_URL): the baseline is Express and pg.
 */
import { type NaiveBaseline, startNaiveBaseline } from '../bench/naive-baseline';
import { insertRating, setCreatedAt, storeStatsFromApi } from './support/fixtures';
import { type CreatedUser, type HttpResult, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/test-server';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const describePostgres = TEST_DATABASE_URL ? describe : describe.skip;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, minutes = 0) => new Date(Date.now() - days * DAY - minutes * 60_000);
/** A moment `back` calendar months (UTC) before the current one, on the 10th at noon; this month: a minute ago. */
function monthsAgo(back: number): Date {
  const now = new Date();
  return back === 0 ? daysAgo(0, 1) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12));
}

describePostgres('the naive baseline answers as our API does (postgres)', () => {
  let server: TestServer;
  let baseline: NaiveBaseline;
  let admin: CreatedUser;
  let owner: CreatedUser; // three stores
  let otherOwner: CreatedUser; // one store
  let ownerWithoutStores: CreatedUser;
  const customers: CreatedUser[] = [];
  const stores: Record<string, { id: number; name: string }> = {};

  /** GET on the baseline. */
  async function baselineGet(path: string, token?: string): Promise<HttpResult> {
    const response = await fetch(baseline.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
  }

  async function baselinePost(path: string, token: string, body: unknown): Promise<HttpResult> {
    const response = await fetch(baseline.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
  }

  /** Both answer `path` 200 with equal bodies; returns ours. */
  async function expectSameAnswer(path: string, user: CreatedUser) {
    const [ours, theirs] = await Promise.all([server.get(path, { token: user.token }), baselineGet(path, user.token)]);
    expect({ path, status: ours.status }).toEqual({ path, status: 200 });
    expect({ path, status: theirs.status }).toEqual({ path, status: 200 });
    expect(theirs.body).toEqual(ours.body);
    return ours.body;
  }

  beforeAll(async () => {
    let schema: string | undefined;
    server = await startTestServer('postgres', {
      prepareDatabase: async (_db, s) => {
        schema = s;
      },
    });
    baseline = await startNaiveBaseline({ databaseUrl: TEST_DATABASE_URL!, jwtSecret: TEST_JWT_SECRET, schema });

    admin = await server.createUser('system_admin', { name: 'Administrator Of The Test Site' });
    owner = await server.createUser('store_owner', { name: 'Owner Of Three Stores Here' });
    otherOwner = await server.createUser('store_owner', { name: 'Owner Of One Store Only' });
    ownerWithoutStores = await server.createUser('store_owner', { name: 'Owner Without Any Store Yet' });
    const people = [
      'Hiroshi Alexander Nakamura',
      'Yuki Catherine Nakamura',
      'Olivia Margaret Johnson',
      'Liam Benjamin Williams',
      'emma josephine rodriguez',
      'Noah Theodore Martinez',
    ];
    for (const [i, name] of people.entries()) {
      customers.push(await server.createUser('normal_user', { name, address: `${10 + i} Hill Street, Springfield` }));
    }
    // Older accounts: the 30-day growth has a "before" to compare with.
    await setCreatedAt(server, 'users', customers[2].id, daysAgo(90));
    await setCreatedAt(server, 'users', customers[3].id, daysAgo(45));

    const add = async (key: string, ownerId: number, name: string, address: string, category: string, createdDaysAgo: number) => {
      const row = await server.createStore(ownerId, { name, address, created_at: daysAgo(createdDaysAgo) });
      await server.db
        .updateTable('stores')
        .set({ category: category as 'Other' })
        .where('id', '=', row.id)
        .execute();
      stores[key] = { id: row.id, name };
    };
    await add('bistro', owner.id, 'bravo Bistro', '1 Mill Road, Riverton', 'Restaurants', 400);
    await add('arcade', owner.id, 'Alpha Arcade', '2 Market Street, Lakewood', 'Electronics', 200);
    await add('cafe', owner.id, 'charlie Café', '3 Orchard Lane, Fairview', 'Restaurants', 20);
    await add('bakery', otherOwner.id, 'Golden Bakery', '4 Hillside Avenue, Salem', 'Grocery', 100);
    await add('grill', otherOwner.id, 'Harbor Grill', '5 Station Road, Dover', 'Restaurants', 5);
    await add('empty', otherOwner.id, 'Zephyr Books', '6 Park Place, Milton', 'Other', 1);

    // Ratings in several months (the owner's trend), averages that round (4.33, 2.25, 1.5, 4.67) and one unrated store.
    const rate = (c: number, store: string, stars: number, at: Date, comment: string | null = null) =>
      insertRating(server, customers[c].id, stores[store].id, stars, { at, comment });
    await rate(0, 'bistro', 5, monthsAgo(0), 'Lovely dinner.');
    await rate(1, 'bistro', 4, monthsAgo(0));
    await rate(2, 'bistro', 4, monthsAgo(2), 'Good value.');
    await rate(0, 'arcade', 2, monthsAgo(1));
    await rate(1, 'arcade', 2, monthsAgo(3));
    await rate(2, 'arcade', 3, monthsAgo(8), 'Old rating, outside the trend.');
    await rate(3, 'arcade', 2, monthsAgo(1));
    await rate(4, 'cafe', 1, daysAgo(2));
    await rate(5, 'cafe', 2, daysAgo(3));
    await rate(0, 'bakery', 5, daysAgo(1, 10), 'Best bread in town.');
    await rate(3, 'bakery', 4, daysAgo(1, 20));
    await rate(4, 'bakery', 5, daysAgo(40));
    const sameMoment = daysAgo(0, 5);
    await rate(1, 'grill', 4, sameMoment);
    await rate(5, 'grill', 5, daysAgo(0, 6));
    await rate(2, 'grill', 4, sameMoment); // the same moment as another: ties go by id
  });

  afterAll(async () => {
    await baseline?.close();
    await server?.close();
  });

  it('answers the store list alike: every order, paging, search, category and minimum average', async () => {
    const customer = customers[0];
    const byName = await expectSameAnswer('/api/stores?page=1&limit=12&sortBy=name&sortOrder=asc', customer);
    expect(byName.stores.map((s: { name: string }) => s.name)).toEqual([
      'Alpha Arcade',
      'bravo Bistro',
      'charlie Café',
      'Golden Bakery',
      'Harbor Grill',
      'Zephyr Books',
    ]);
    expect(byName.total).toBe(6);
    const byRating = await expectSameAnswer('/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc', customer);
    // 4.67, then two of 4.33 (the later id first, as the order's tie-break), 2.25, 1.5 and the unrated store's 0.
    expect(byRating.stores.map((s: { name: string; average_rating: number }) => [s.name, s.average_rating])).toEqual([
      ['Golden Bakery', 4.67],
      ['Harbor Grill', 4.33],
      ['bravo Bistro', 4.33],
      ['Alpha Arcade', 2.25],
      ['charlie Café', 1.5],
      ['Zephyr Books', 0],
    ]);
    for (const path of [
      '/api/stores?page=1&limit=12&sortBy=created_at&sortOrder=desc',
      '/api/stores?page=2&limit=2&sortBy=name&sortOrder=desc',
      '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=asc',
      '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc&search=ill',
      '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc&search=Bakery',
      '/api/stores?page=1&limit=12&sortBy=name&sortOrder=asc&search=ROAD',
      '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc&category=Restaurants&minRating=4',
      '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc&category=Restaurants',
      '/api/stores?page=1&limit=12&sortBy=name&sortOrder=asc&minRating=2.25',
      '/api/stores?page=1&limit=12&sortBy=name&sortOrder=asc&minRating=0',
      '/api/stores',
    ]) {
      await expectSameAnswer(path, customer);
    }
  });

  it('answers a page beyond our window (which we refuse) with an empty page', async () => {
    const path = '/api/stores?page=5000&limit=12&sortBy=name&sortOrder=asc';
    expect((await server.get(path, { token: customers[0].token })).status).toBe(400);
    const theirs = await baselineGet(path, customers[0].token);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ stores: [], total: 6, page: 5000, limit: 12 });
  });

  it("answers a store's detail, its ratings and one's own rating alike", async () => {
    for (const store of Object.values(stores)) {
      const body = await expectSameAnswer(`/api/stores/${store.id}`, customers[1]);
      expect(body.store.rating_distribution).toBeDefined();
      await expectSameAnswer(`/api/stores/${store.id}/ratings?page=1&limit=50`, customers[1]);
    }
    await expectSameAnswer(`/api/stores/${stores.arcade.id}/ratings?page=2&limit=2`, customers[1]);
    const mine = await expectSameAnswer(`/api/ratings/user/${stores.bistro.id}`, customers[0]);
    expect(mine.rating).toMatchObject({ rating: 5, comment: 'Lovely dinner.' });
    const none = await expectSameAnswer(`/api/ratings/user/${stores.empty.id}`, customers[0]);
    expect(none.rating).toBeNull();
    expect((await baselineGet('/api/stores/999999', customers[0].token)).status).toBe(404);
    expect((await baselineGet(`/api/ratings/user/999999`, customers[0].token)).status).toBe(404);
  });

  it("answers the owner dashboard alike: stores, trend, the ratings' page and the totals", async () => {
    const body = await expectSameAnswer('/api/owner/dashboard', owner);
    expect(body.stores.map((s: { name: string }) => s.name)).toEqual(['Alpha Arcade', 'bravo Bistro', 'charlie Café']);
    expect(body.total).toBe(9);
    await expectSameAnswer('/api/owner/dashboard?page=2&limit=4', owner);
    await expectSameAnswer('/api/owner/dashboard', otherOwner);
    await expectSameAnswer('/api/owner/dashboard', ownerWithoutStores);
  });

  it('answers the admin user list and the admin dashboard alike', async () => {
    const found = await expectSameAnswer('/api/admin/users?page=1&limit=10&sortBy=email&sortOrder=asc&search=Nakamura', admin);
    expect(found.total).toBe(2);
    for (const path of [
      '/api/admin/users',
      '/api/admin/users?page=1&limit=10&sortBy=name&sortOrder=desc',
      '/api/admin/users?page=2&limit=3&sortBy=created_at&sortOrder=asc',
      '/api/admin/users?sortBy=role&sortOrder=asc&search=hill',
    ]) {
      await expectSameAnswer(path, admin);
    }
    const dashboard = await expectSameAnswer('/api/admin/dashboard', admin);
    expect(dashboard.statistics).toMatchObject({ totalStores: 6, totalRatings: 15 });
    expect(dashboard.analytics.topStores).toHaveLength(5);
  });

  it("answers each role's dashboard alike", async () => {
    await expectSameAnswer('/api/users/dashboard', admin);
    await expectSameAnswer('/api/users/dashboard', owner);
    await expectSameAnswer('/api/users/dashboard', ownerWithoutStores);
    for (const customer of customers) await expectSameAnswer('/api/users/dashboard', customer);
  });

  it('refuses what our API refuses: no token, a bad token, a wrong role', async () => {
    expect((await baselineGet('/api/stores')).status).toBe(401);
    expect((await baselineGet('/api/stores', `${customers[0].token}x`)).status).toBe(401);
    expect((await baselineGet('/api/admin/dashboard', customers[0].token)).status).toBe(403);
    expect((await baselineGet('/api/owner/dashboard', admin.token)).status).toBe(403);
    expect((await baselineGet('/api/admin/users', owner.token)).status).toBe(403);
  });

  it('writes a rating whose figures are the ones our API then reports', async () => {
    const customer = customers[5];
    const ownersNotifications = async () =>
      (await server.get('/api/notifications', { token: otherOwner.token })).body.notifications as Array<{
        kind: string;
        rating_id: number | null;
      }>;
    const before = await ownersNotifications();
    const created = await baselinePost(`/api/ratings/${stores.bakery.id}`, customer.token, { rating: 3, comment: '  Fine.  ' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Rating submitted successfully!');
    expect(created.body.storeStats).toEqual(await storeStatsFromApi(server, stores.bakery.id, customer.token));
    expect(created.body.storeStats).toMatchObject({ average_rating: 4.25, total_ratings: 4 });
    const own = await server.get(`/api/ratings/user/${stores.bakery.id}`, { token: customer.token });
    expect(created.body.rating).toEqual(own.body.rating);
    expect(own.body.rating.comment).toBe('Fine.');
    // The new rating told the store's owner, as our API's does.
    const afterCreate = await ownersNotifications();
    expect(afterCreate).toHaveLength(before.length + 1);
    expect(afterCreate[0]).toMatchObject({ kind: 'new_rating', rating_id: created.body.rating.id });

    const updated = await baselinePost(`/api/ratings/${stores.bakery.id}`, customer.token, { rating: 1, comment: '' });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Rating updated successfully!');
    expect(updated.body.rating).toMatchObject({ id: created.body.rating.id, rating: 1, comment: null });
    expect(updated.body.storeStats).toEqual(await storeStatsFromApi(server, stores.bakery.id, customer.token));
    expect(updated.body.storeStats).toMatchObject({ average_rating: 3.75, total_ratings: 4 });
    // A changed rating tells no one.
    expect(await ownersNotifications()).toHaveLength(afterCreate.length);
    // Our API's figures (kept by triggers) and the baseline's (computed) agree after its writes, everywhere.
    expect(await server.storesWithWrongAggregates()).toEqual([]);
    await expectSameAnswer(`/api/stores/${stores.bakery.id}`, customer);
    await expectSameAnswer('/api/owner/dashboard', otherOwner);

    expect((await baselinePost(`/api/ratings/${stores.grill.id}`, otherOwner.token, { rating: 5 })).status).toBe(403);
    expect((await baselinePost('/api/ratings/999999', customer.token, { rating: 5 })).status).toBe(404);
    expect((await baselinePost(`/api/ratings/${stores.grill.id}`, customer.token, { rating: 6 })).status).toBe(400);
    expect((await baselinePost(`/api/ratings/${stores.grill.id}`, customer.token, { rating: 4, comment: 'x'.repeat(501) })).status).toBe(
      400,
    );
  });
});
