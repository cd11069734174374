/**
 * compiledOnce (db/compiled-once.ts): a query's SQL is built once per database handle and each run puts
 * its own values in the parameters' places, so every run answers for its own parameters; a build that
 * uses a parameter other than as a value, or reads one and never passes it to the SQL, fails on its
 * first run.
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
    const storesOf = compiledOnce((db: Kysely<DB>, p: { ownerId: number; fromId: number; limit: number }) => {
      builds += 1;
      return db
        .selectFrom('stores')
        .select(['id', 'name'])
        .where('owner_id', '=', p.ownerId)
        .where('id', '>=', p.fromId)
        .orderBy('id')
        .limit(p.limit);
    });
    const ownerId = stores[0]!.owner_id;
    expect(await storesOf.execute(server.db, { ownerId, fromId: stores[0]!.id, limit: 10 })).toEqual(
      stores.map(({ id, name }) => ({ id, name })),
    );
    expect(await storesOf.execute(server.db, { ownerId, fromId: stores[1]!.id, limit: 1 })).toEqual([
      { id: stores[1]!.id, name: 'Birch Books' },
    ]);
    expect(await storesOf.executeTakeFirst(server.db, { limit: 5, fromId: stores[2]!.id, ownerId })).toEqual({
      id: stores[2]!.id,
      name: 'Cedar Cafe',
    });
    expect(await storesOf.executeTakeFirst(server.db, { ownerId: ownerId + 1000, fromId: 1, limit: 5 })).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('keeps the constants the build wrote into the query', async () => {
    const named = compiledOnce((db: Kysely<DB>, p: { ownerId: number }) =>
      db.selectFrom('stores').select('name').where('owner_id', '=', p.ownerId).where('name', 'like', '%Books'),
    );
    expect(await named.execute(server.db, { ownerId: stores[0]!.owner_id })).toEqual([{ name: 'Birch Books' }]);
  });

  it('takes a parameter used twice from the same value', async () => {
    const both = compiledOnce((db: Kysely<DB>, p: { id: number }) =>
      db.selectFrom('stores').select('name').where('id', '=', p.id).where('id', '<=', p.id),
    );
    expect(await both.execute(server.db, { id: stores[2]!.id })).toEqual([{ name: 'Cedar Cafe' }]);
  });

  it('refuses a build that computes with a parameter', async () => {
    const shifted = compiledOnce((db: Kysely<DB>, p: { id: number }) =>
      db
        .selectFrom('stores')
        .select('id')
        .where('id', '=', p.id + 1),
    );
    await expect(shifted.execute(server.db, { id: 1 })).rejects.toThrow('parameter "id" is used in an expression');
  });

  it('refuses a build that reads a parameter and never passes it to the SQL', async () => {
    const unused = compiledOnce((db: Kysely<DB>, p: { id: number }) => {
      const query = db.selectFrom('stores').select('id');
      return p.id ? query : query;
    });
    await expect(unused.execute(server.db, { id: 1 })).rejects.toThrow('parameter "id" never reaches the SQL');
  });
});
