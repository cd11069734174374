/**
 * compiledOnce (db/compiled-once.ts): a query's SQL is built once per database handle and each run puts
 * its own values in the parameters' places, so every run answers for its own parameters; a build that
 * uses a parameter other than as a value, or never passes one to the SQL, fails on its first run.
 */
import type { Kysely } from 'kysely';
import { compiledOnce } from '../src/db/compiled-once';
import type { DB } from '../src/db/schema';
import { startTestServer, type TestServer } from './support/test-server';

describe('compiledOnce', () => {
  let server: TestServer;
  let stores: Array<{ id: number; name: string; owner_id: number }>;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const owner = await server.createUser('store_owner');
    stores = [];
    for (const name of ['Alder Bakery', 'Birch Books', 'Cedar Cafe']) stores.push(await server.createStore(owner.id, { name }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('builds the query once and answers each run for its own parameters', async () => {
    let builds = 0;
    const storesOf = compiledOnce((db: Kysely<DB>, ownerId: number, fromId: number, limit: number) => {
      builds += 1;
      return db
        .selectFrom('stores')
        .select(['id', 'name'])
        .where('owner_id', '=', ownerId)
        .where('id', '>=', fromId)
        .orderBy('id')
        .limit(limit);
    });
    const ownerId = stores[0]!.owner_id;
    expect(await storesOf.execute(server.db, ownerId, stores[0]!.id, 10)).toEqual(stores.map(({ id, name }) => ({ id, name })));
    expect(await storesOf.execute(server.db, ownerId, stores[1]!.id, 1)).toEqual([{ id: stores[1]!.id, name: 'Birch Books' }]);
    expect(await storesOf.executeTakeFirst(server.db, ownerId, stores[2]!.id, 5)).toEqual({ id: stores[2]!.id, name: 'Cedar Cafe' });
    expect(await storesOf.executeTakeFirst(server.db, ownerId + 1000, 1, 5)).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('keeps the constants the build wrote into the query', async () => {
    const named = compiledOnce((db: Kysely<DB>, ownerId: number) =>
      db.selectFrom('stores').select('name').where('owner_id', '=', ownerId).where('name', 'like', '%Books'),
    );
    expect(await named.execute(server.db, stores[0]!.owner_id)).toEqual([{ name: 'Birch Books' }]);
  });

  it('refuses a build that computes with a parameter', async () => {
    const shifted = compiledOnce((db: Kysely<DB>, id: number) =>
      db
        .selectFrom('stores')
        .select('id')
        .where('id', '=', id + 1),
    );
    await expect(shifted.execute(server.db, 1)).rejects.toThrow('parameter 1 is used in an expression');
  });

  it('refuses a build whose SQL never takes one of its parameters', async () => {
    const unused = compiledOnce((db: Kysely<DB>, _id: number) => db.selectFrom('stores').select('id'));
    await expect(unused.execute(server.db, 1)).rejects.toThrow('parameter 1 never reaches the SQL');
  });
});
