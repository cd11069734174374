/**
 * Rating writes in batches over HTTP (routes/ratings/rating-writes.ts, db/functions/rate_stores.sql):
 * POSTs that arrive together share statements, and each caller still gets its own answer: its own
 * rating, 201 or 200, the refusals of its own write, and its store's exact figures; each new rating
 * tells its owner once.
 */
import { MESSAGES } from 'shared-contracts';
import { countsToldOutOfStep } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

describe.each(ENGINES)('rating writes in batches (%s)', (engine) => {
  let server: TestServer;
  const statements: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, { onQuery: (query) => statements.push(query.sql) });
  });
  afterAll(() => server.close());

  const rateStoresStatements = () => statements.filter((text) => text.includes('rate_stores(')).length;
  async function customers(n: number): Promise<CreatedUser[]> {
    const users: CreatedUser[] = [];
    for (let i = 0; i < n; i++) users.push(await server.createUser('normal_user'));
    return users;
  }
  const unread = async (user: CreatedUser) =>
    (await server.get('/api/notifications/unread-count', { token: user.token })).body.unread as number;

  it('30 customers rating 30 stores at once: fewer statements than writes, each told of its own rating and store', async () => {
    const owner = await server.createUser('store_owner');
    const stores: Awaited<ReturnType<TestServer['createStore']>>[] = [];
    for (let i = 0; i < 30; i++) stores.push(await server.createStore(owner.id));
    const users = await customers(30);

    statements.length = 0;
    const results = await Promise.all(
      users.map((user, i) =>
        server.post(`/api/ratings/${stores[i].id}`, { token: user.token, body: { rating: 1 + (i % 5), comment: `Visit ${i}` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(rateStoresStatements()).toBeGreaterThanOrEqual(1);
    // On PostgreSQL the writes that come while a batch runs wait and go together. Not checked on PGlite:
    // it runs each statement on this process's own thread, where this test's client also runs, so each
    // request is sent, read and written before the next (a client in another process gets batches:
    // BENCHMARKS.md).
    if (engine === 'postgres') expect(rateStoresStatements()).toBeLessThan(30);
    results.forEach((res, i) => {
      expect(res.body.message).toBe(MESSAGES.ratingSubmitted);
      expect(res.body.rating).toMatchObject({ user_id: users[i].id, store_id: stores[i].id, rating: 1 + (i % 5), comment: `Visit ${i}` });
      expect(res.body.storeStats).toMatchObject({ total_ratings: 1, average_rating: 1 + (i % 5) });
    });
    expect(await unread(owner)).toBe(30);
    expect(await server.storesWithWrongAggregates()).toEqual([]);
    expect(await server.keptCountsThatDisagree()).toEqual([]);
  });

  it('new and changed ratings, an owner rating their own store and a missing store, all at once: each gets its own answer', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const users = await customers(6);
    for (const user of users.slice(0, 3)) {
      expect((await server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating: 1 } })).status).toBe(201);
    }
    const before = await unread(owner);

    const [changed1, changed2, changed3, new1, new2, new3, own, missing] = await Promise.all([
      ...users.map((user) => server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating: 5 } })),
      server.post(`/api/ratings/${store.id}`, { token: owner.token, body: { rating: 5 } }),
      server.post('/api/ratings/999999999', { token: users[0].token, body: { rating: 5 } }),
    ]);
    for (const res of [changed1, changed2, changed3]) expect([res.status, res.body.message]).toEqual([200, MESSAGES.ratingUpdated]);
    for (const res of [new1, new2, new3]) expect([res.status, res.body.message]).toEqual([201, MESSAGES.ratingSubmitted]);
    expect([own.status, own.body.message]).toEqual([403, MESSAGES.cannotRateOwnStore]);
    expect([missing.status, missing.body.message]).toEqual([404, MESSAGES.storeNotFound]);
    // Three new ratings told the owner of three; the changed ones of nothing.
    expect((await unread(owner)) - before).toBe(3);
    const figures = (await server.get(`/api/stores/${store.id}`, { token: users[0].token })).body.store;
    expect(figures).toMatchObject({ total_ratings: 6, average_rating: 5 });
    expect(await server.storesWithWrongAggregates()).toEqual([]);
  });

  it('one customer rating one store five times at once: one rating, one write new, the others changes applied in turn', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const [user] = await customers(1);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.rating.id)).size).toBe(1);
    // Each was told of its own write; they applied one after the other, so the last one applied stands.
    expect(results.map((r) => r.body.rating.rating)).toEqual([1, 2, 3, 4, 5]);
    const last = [...results].sort((a, b) => Date.parse(a.body.rating.updated_at) - Date.parse(b.body.rating.updated_at)).at(-1);
    const rows = await server.db.selectFrom('ratings').select('rating').where('store_id', '=', store.id).execute();
    expect(rows.map((r) => Number(r.rating))).toEqual([last?.body.rating.rating]);
    expect(results.map((r) => r.body.storeStats.total_ratings)).toEqual([1, 1, 1, 1, 1]);
  });

  it('40 customers rating one store at once: every write counted once in the figures each was told', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const users = await customers(40);
    const results = await Promise.all(
      users.map((user, i) => server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating: 1 + (i % 5) } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    const told = results.map((r) => r.body.storeStats.total_ratings as number);
    expect(countsToldOutOfStep(told)).toEqual([]);
    expect(Math.max(...told)).toBe(40);
    expect(await server.storesWithWrongAggregates()).toEqual([]);
  });
});
