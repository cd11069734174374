/**
 * A rating write touches only what it changes (issue "An API that beats a plain Express server",
 * migration 0008): the store's figures live in store_figures, so writing, changing and deleting a
 * rating writes a new version of that narrow row and never of the stores row (whose many indexes,
 * trigram ones included, would each get a new entry). PostgreSQL writes a new version of a row exactly
 * when its system column xmin changes; a row lock alone (the write's lock order) leaves xmin as it was.
 */
import { sql } from 'kysely';
import { ENGINES, startTestServer, type TestServer } from './support/test-server';

describe.each(ENGINES)('what a rating write writes (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server.close();
  });

  /** The transaction id that wrote the row's current version. */
  const versionOf = async (table: 'stores' | 'store_figures', key: 'id' | 'store_id', id: number) =>
    (await sql<{ v: string }>`select xmin::text as v from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(server.db)).rows[0]?.v;

  it('a new rating, a changed one and a deletion rewrite the store figures, never the store row', async () => {
    const owner = await server.createUser('store_owner');
    const customer = await server.createUser('normal_user');
    const store = await server.createStore(owner.id);
    const storeVersion = await versionOf('stores', 'id', store.id);
    let figuresVersion = await versionOf('store_figures', 'store_id', store.id);
    expect(storeVersion).toBeDefined();
    expect(figuresVersion).toBeDefined();

    const steps = [
      () => server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 4 } }),
      () => server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 2, comment: 'Changed my mind.' } }),
    ];
    for (const step of steps) {
      expect((await step()).status).toBeLessThan(300);
      const now = await versionOf('store_figures', 'store_id', store.id);
      expect(now).not.toBe(figuresVersion);
      figuresVersion = now;
      expect(await versionOf('stores', 'id', store.id)).toBe(storeVersion);
    }
    const rating = (await server.get(`/api/ratings/user/${store.id}`, { token: customer.token })).body.rating;
    expect((await server.put(`/api/ratings/${rating.id}`, { token: customer.token, body: { rating: 5 } })).status).toBe(200);
    expect(await versionOf('stores', 'id', store.id)).toBe(storeVersion);
    expect((await server.request('DELETE', `/api/ratings/${rating.id}`, { token: customer.token })).status).toBe(200);
    expect(await versionOf('stores', 'id', store.id)).toBe(storeVersion);
    expect(await versionOf('store_figures', 'store_id', store.id)).not.toBe(figuresVersion);
    expect(await server.storesWithWrongAggregates()).toEqual([]);
    expect(await server.keptCountsThatDisagree()).toEqual([]);
  });

  it('a comment-only change rewrites neither the figures nor the store row', async () => {
    const owner = await server.createUser('store_owner');
    const customer = await server.createUser('normal_user');
    const store = await server.createStore(owner.id);
    expect((await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 3 } })).status).toBe(201);
    const before = [await versionOf('stores', 'id', store.id), await versionOf('store_figures', 'store_id', store.id)];
    const res = await server.post(`/api/ratings/${store.id}`, {
      token: customer.token,
      body: { rating: 3, comment: 'Only the words change.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.storeStats).toMatchObject({ total_ratings: 1, average_rating: 3 });
    expect([await versionOf('stores', 'id', store.id), await versionOf('store_figures', 'store_id', store.id)]).toEqual(before);
  });

  it('a new store starts with figures of zero in its category, and a category change follows it there', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const figures = () =>
      server.db
        .selectFrom('store_figures')
        .select(['category', 'rating_count', 'average_rating'])
        .where('store_id', '=', store.id)
        .executeTakeFirst();
    expect(await figures()).toEqual({ category: 'Other', rating_count: 0, average_rating: 0 });
    await server.db.updateTable('stores').set({ category: 'Restaurants' }).where('id', '=', store.id).execute();
    expect((await figures())?.category).toBe('Restaurants');
    expect(await server.storesWithWrongAggregates()).toEqual([]);
  });
});
