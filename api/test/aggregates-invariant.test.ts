/**
 * The DESIGN.md §8 invariant: for every store, the kept rating_count, rating_sum, per-star counts and
 * average equal those recomputed from its ratings, after any sequence of writes, concurrent ones
 * included, and after cascades (a user or a store deleted). The same holds for the counters the
 * dashboards read (row_counts, row_totals, store_months). Writes go through the API over HTTP.
 */
import { sql } from 'kysely';
import { seededRandom } from '../src/db/seed/prng';
import { statsOf } from './support/expected';
import { countsToldOutOfStep, storeStatsFromApi } from './support/fixtures';
import { ENGINES, startTestServer, type CreatedUser, type HttpResult, type TestServer } from './support/test-server';

describe.each(ENGINES)('store aggregates invariant (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
  });
  afterAll(() => server.close());

  /** Ratings per (user, store) pair that occur more than once: must always be none. */
  const duplicatePairs = () =>
    server.db
      .selectFrom('ratings')
      .select(['user_id', 'store_id', sql<number>`count(*)`.as('n')])
      .groupBy(['user_id', 'store_id'])
      .having(sql`count(*)`, '>', 1)
      .execute();

  /** The figures GET /api/stores/:id reports. */
  const apiStats = (storeId: number) => storeStatsFromApi(server, storeId, admin.token);

  async function ratingsOf(storeId: number) {
    const rows = await server.db.selectFrom('ratings').select('rating').where('store_id', '=', storeId).execute();
    return rows.map((r) => Number(r.rating));
  }

  it('a seeded random sequence of sequential and concurrent writes keeps every store exact, one rating per user and store', async () => {
    const rng = seededRandom(20240501);
    const int = (n: number) => Math.floor(rng() * n);
    const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];

    const owners = [await server.createUser('store_owner'), await server.createUser('store_owner')];
    const customers: CreatedUser[] = [];
    for (let i = 0; i < 10; i++) customers.push(await server.createUser('normal_user'));
    const stores: Array<{ id: number; ownerId: number }> = [];
    for (let i = 0; i < 5; i++) {
      const row = await server.createStore(owners[i % 2].id, { name: `Invariant Store ${i + 1}` });
      stores.push({ id: row.id, ownerId: row.owner_id });
    }
    // Owners rate too (other owners' stores; their own gives 403).
    const raters = [...customers, ...owners];
    const byId = new Map(raters.map((u) => [u.id, u]));

    // What the database should hold: (user, store) -> {id, rating}.
    const model = new Map<string, { id: number; userId: number; storeId: number; rating: number }>();
    const key = (userId: number, storeId: number) => `${userId}:${storeId}`;
    const modelRatingsOf = (storeId: number) => [...model.values()].filter((r) => r.storeId === storeId).map((r) => r.rating);
    const storeIds = stores.map((s) => s.id);

    async function resyncModel() {
      const rows = await server.db
        .selectFrom('ratings')
        .select(['id', 'user_id', 'store_id', 'rating'])
        .where('store_id', 'in', storeIds)
        .execute();
      model.clear();
      for (const r of rows)
        model.set(key(r.user_id, r.store_id), { id: r.id, userId: r.user_id, storeId: r.store_id, rating: Number(r.rating) });
    }

    let operations = 0;
    const statuses = new Map<number, number>();
    const count = (res: HttpResult) => {
      operations++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      return res;
    };

    /** One write, issued alone: the exact status and figures are known in advance. */
    async function sequentialStep() {
      const roll = rng();
      const existing = [...model.values()];
      if (roll < 0.45 || existing.length === 0) {
        const user = pick(raters);
        const store = pick(stores);
        const rating = 1 + int(5);
        const comment = rng() < 0.5 ? `Visit ${operations}` : undefined;
        const res = count(await server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating, comment } }));
        if (store.ownerId === user.id) {
          expect(res.status).toBe(403);
          return;
        }
        const before = model.get(key(user.id, store.id));
        expect(res.status).toBe(before ? 200 : 201);
        if (before) expect(res.body.rating.id).toBe(before.id);
        model.set(key(user.id, store.id), { id: res.body.rating.id, userId: user.id, storeId: store.id, rating });
        expect(res.body.storeStats).toEqual(statsOf(modelRatingsOf(store.id)));
      } else if (roll < 0.65) {
        const target = pick(existing);
        const rating = 1 + int(5);
        if (rng() < 0.15) {
          // Someone else tries to change it.
          const intruder = pick(customers.filter((c) => c.id !== target.userId));
          const res = count(await server.put(`/api/ratings/${target.id}`, { token: intruder.token, body: { rating } }));
          expect(res.status).toBe(404);
          return;
        }
        const res = count(
          await server.put(`/api/ratings/${target.id}`, {
            token: byId.get(target.userId)!.token,
            body: { rating, comment: 'Changed my mind' },
          }),
        );
        expect(res.status).toBe(200);
        target.rating = rating;
        expect(res.body.storeStats).toEqual(statsOf(modelRatingsOf(target.storeId)));
      } else if (roll < 0.95) {
        const target = pick(existing);
        const roll2 = rng();
        const actor = roll2 < 0.7 ? byId.get(target.userId)! : roll2 < 0.9 ? admin : pick(customers.filter((c) => c.id !== target.userId));
        const res = count(await server.del(`/api/ratings/${target.id}`, { token: actor.token }));
        if (actor !== admin && actor.id !== target.userId) {
          expect(res.status).toBe(404);
          return;
        }
        expect(res.status).toBe(200);
        model.delete(key(target.userId, target.storeId));
        expect(res.body.storeStats).toEqual(statsOf(modelRatingsOf(target.storeId)));
      } else {
        // An owner tries to rate their own store.
        const store = pick(stores);
        const res = count(await server.post(`/api/ratings/${store.id}`, { token: byId.get(store.ownerId)!.token, body: { rating: 5 } }));
        expect(res.status).toBe(403);
      }
    }

    /** The same users submitting to the same stores from several tabs at once: POSTs only. */
    async function concurrentSubmissions() {
      const pairs: Array<{ user: CreatedUser; storeId: number; hadRating: boolean; tabs: number }> = [];
      const seen = new Set<string>();
      let requests = 0;
      const target = 10 + int(21);
      while (requests < target) {
        const user = pick(customers);
        const store = pick(stores);
        if (seen.has(key(user.id, store.id))) continue;
        seen.add(key(user.id, store.id));
        const tabs = Math.min(1 + int(4), target - requests);
        pairs.push({ user, storeId: store.id, hadRating: model.has(key(user.id, store.id)), tabs });
        requests += tabs;
      }
      const calls = pairs.flatMap((p) =>
        Array.from({ length: p.tabs }, () => {
          const rating = 1 + int(5);
          return {
            pair: p,
            rating,
            run: () => server.post(`/api/ratings/${p.storeId}`, { token: p.user.token, body: { rating, comment: 'From another tab' } }),
          };
        }),
      );
      const results = await Promise.all(calls.map((c) => c.run().then(count)));
      await resyncModel();
      for (const p of pairs) {
        const mine = results.filter((_, i) => calls[i].pair === p);
        expect(mine.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true);
        // Exactly one tab created the rating when there was none; every tab answered the same rating.
        expect(mine.filter((r) => r.status === 201)).toHaveLength(p.hadRating ? 0 : 1);
        const kept = model.get(key(p.user.id, p.storeId));
        expect(kept).toBeDefined();
        expect(new Set(mine.map((r) => r.body.rating.id))).toEqual(new Set([kept!.id]));
        // The kept value is one of those submitted.
        expect(calls.filter((c) => c.pair === p).map((c) => c.rating)).toContain(kept!.rating);
      }
    }

    /** Creates, updates and deletes mixed together, some on the same ratings. */
    async function concurrentMixed() {
      const size = 10 + int(21);
      const existing = [...model.values()];
      const calls: Array<{ kind: string; run: () => Promise<HttpResult> }> = [];
      for (let i = 0; i < size; i++) {
        const roll = rng();
        if (roll < 0.4 || existing.length === 0) {
          const user = pick(raters);
          const store = pick(stores);
          const body = { rating: 1 + int(5) };
          calls.push({
            kind: store.ownerId === user.id ? 'own' : 'post',
            run: () => server.post(`/api/ratings/${store.id}`, { token: user.token, body }),
          });
        } else if (roll < 0.7) {
          const t = pick(existing);
          const body = { rating: 1 + int(5) };
          calls.push({ kind: 'put', run: () => server.put(`/api/ratings/${t.id}`, { token: byId.get(t.userId)!.token, body }) });
        } else {
          const t = pick(existing);
          const token = rng() < 0.8 ? byId.get(t.userId)!.token : admin.token;
          calls.push({ kind: 'delete', run: () => server.del(`/api/ratings/${t.id}`, { token }) });
        }
      }
      const results = await Promise.all(calls.map((c) => c.run().then(count)));
      const allowed: Record<string, number[]> = { post: [200, 201], own: [403], put: [200, 404], delete: [200, 404] };
      results.forEach((res, i) =>
        expect({ kind: calls[i].kind, status: allowed[calls[i].kind].includes(res.status) ? 'ok' : res.status }).toEqual({
          kind: calls[i].kind,
          status: 'ok',
        }),
      );
      await resyncModel();
    }

    for (let round = 0; round < 10; round++) {
      const steps = 15 + int(10);
      for (let i = 0; i < steps; i++) await sequentialStep();
      if (round % 2 === 0) await concurrentSubmissions();
      else await concurrentMixed();
      expect(await server.storesWithWrongAggregates()).toEqual([]);
      expect(await server.keptCountsThatDisagree()).toEqual([]);
      expect(await duplicatePairs()).toEqual([]);
      for (const id of storeIds) expect(await apiStats(id)).toEqual(statsOf(modelRatingsOf(id)));
    }

    // A few hundred operations, with creates, updates, deletes and refusals all exercised.
    expect(operations).toBeGreaterThanOrEqual(300);
    for (const status of [200, 201, 403, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    expect(await server.storesWithWrongAggregates()).toEqual([]);
    expect(await server.keptCountsThatDisagree()).toEqual([]);
    expect(await duplicatePairs()).toEqual([]);
  });

  it('50 different users rating one store at once: count 50, exact sum and distribution', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const rng = seededRandom(7);
    const users: CreatedUser[] = [];
    for (let i = 0; i < 50; i++) users.push(await server.createUser('normal_user'));
    const values = users.map(() => 1 + Math.floor(rng() * 5));

    const results = await Promise.all(
      users.map((u, i) => server.post(`/api/ratings/${store.id}`, { token: u.token, body: { rating: values[i] } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    // Each writer was told the store's figures right after the statement that wrote its rating (several
    // writes may share one, db/write-batches.ts): every write counted once, none lost, the last told 50.
    const told = results.map((r) => r.body.storeStats.total_ratings as number);
    expect(countsToldOutOfStep(told)).toEqual([]);
    expect(Math.max(...told)).toBe(50);

    const row = await server.db
      .selectFrom('store_figures')
      .select(['rating_count', 'rating_sum'])
      .where('store_id', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.rating_count)).toBe(50);
    expect(Number(row.rating_sum)).toBe(values.reduce((a, b) => a + b, 0));
    expect(await apiStats(store.id)).toEqual(statsOf(values));
    expect(await server.storesWithWrongAggregates()).toEqual([]);
    expect(await server.keptCountsThatDisagree()).toEqual([]);
  });

  it('the same user submitting 20 times at once to one store leaves one rating and a count of 1', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const user = await server.createUser('normal_user');
    const values = Array.from({ length: 20 }, (_, i) => (i % 5) + 1);
    const results = await Promise.all(
      values.map((rating) => server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    const kept = await ratingsOf(store.id);
    expect(kept).toHaveLength(1);
    expect(await apiStats(store.id)).toEqual(statsOf(kept));
    expect(await server.storesWithWrongAggregates()).toEqual([]);
    expect(await server.keptCountsThatDisagree()).toEqual([]);
  });

  describe('cascades', () => {
    async function twoStoresRatedBy(leaver: CreatedUser, stayer: CreatedUser) {
      const owner = await server.createUser('store_owner');
      const x = await server.createStore(owner.id);
      const y = await server.createStore(owner.id);
      for (const [user, storeId, rating] of [
        [leaver, x.id, 5],
        [leaver, y.id, 1],
        [stayer, x.id, 2],
        [stayer, y.id, 4],
      ] as const) {
        expect((await server.post(`/api/ratings/${storeId}`, { token: user.token, body: { rating } })).status).toBe(201);
      }
      expect(await apiStats(x.id)).toEqual(statsOf([5, 2]));
      expect(await apiStats(y.id)).toEqual(statsOf([1, 4]));
      return { owner, x, y };
    }

    it("deleting a user in the database removes their ratings and the stores' figures follow", async () => {
      const leaver = await server.createUser('normal_user');
      const stayer = await server.createUser('normal_user');
      const { x, y } = await twoStoresRatedBy(leaver, stayer);

      await server.db.deleteFrom('users').where('id', '=', leaver.id).execute();

      expect(await server.db.selectFrom('ratings').select('id').where('user_id', '=', leaver.id).execute()).toEqual([]);
      expect(await apiStats(x.id)).toEqual(statsOf([2]));
      expect(await apiStats(y.id)).toEqual(statsOf([4]));
      expect(await server.storesWithWrongAggregates()).toEqual([]);
      expect(await server.keptCountsThatDisagree()).toEqual([]);
    });

    it("deleting a user through DELETE /api/admin/users/:id removes their ratings and the stores' figures follow", async () => {
      const leaver = await server.createUser('normal_user');
      const stayer = await server.createUser('normal_user');
      const { x, y } = await twoStoresRatedBy(leaver, stayer);

      const res = await server.del(`/api/admin/users/${leaver.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'User deleted successfully!' });

      expect(await server.db.selectFrom('ratings').select('id').where('user_id', '=', leaver.id).execute()).toEqual([]);
      expect(await apiStats(x.id)).toEqual(statsOf([2]));
      expect(await apiStats(y.id)).toEqual(statsOf([4]));
      const ratingsList = await server.get(`/api/stores/${x.id}/ratings`, { token: stayer.token });
      expect(ratingsList.body.total).toBe(1);
      expect(ratingsList.body.ratings.map((r: { user_name: string }) => r.user_name)).toEqual([stayer.name]);
      // The deleted user's token no longer works.
      expect((await server.get('/api/stores', { token: leaver.token })).status).toBe(401);
      expect(await server.storesWithWrongAggregates()).toEqual([]);
      expect(await server.keptCountsThatDisagree()).toEqual([]);
    });

    it('deleting a store through DELETE /api/admin/stores/:id removes its ratings and leaves other stores as they were', async () => {
      const a = await server.createUser('normal_user');
      const b = await server.createUser('normal_user');
      const { x, y } = await twoStoresRatedBy(a, b);

      const res = await server.del(`/api/admin/stores/${x.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Store deleted successfully!' });

      expect(await server.db.selectFrom('ratings').select('id').where('store_id', '=', x.id).execute()).toEqual([]);
      expect((await server.get(`/api/stores/${x.id}`, { token: a.token })).status).toBe(404);
      expect(await apiStats(y.id)).toEqual(statsOf([1, 4]));
      // The raters' own lookups follow: nothing for the deleted store, their rating of the other one kept.
      expect((await server.get(`/api/ratings/user/${y.id}`, { token: a.token })).body.rating).toMatchObject({ rating: 1 });
      expect(await server.storesWithWrongAggregates()).toEqual([]);
      expect(await server.keptCountsThatDisagree()).toEqual([]);
    });

    it('a user deleted while others rate concurrently leaves every store exact', async () => {
      const owner = await server.createUser('store_owner');
      const shops = [await server.createStore(owner.id), await server.createStore(owner.id), await server.createStore(owner.id)];
      const leaver = await server.createUser('normal_user');
      const others: CreatedUser[] = [];
      for (let i = 0; i < 8; i++) others.push(await server.createUser('normal_user'));
      for (const [i, s] of shops.entries()) {
        expect((await server.post(`/api/ratings/${s.id}`, { token: leaver.token, body: { rating: i + 3 } })).status).toBe(201);
      }
      const writes = others.flatMap((u, i) =>
        shops.map((s, j) => () => server.post(`/api/ratings/${s.id}`, { token: u.token, body: { rating: ((i + j) % 5) + 1 } })),
      );
      const results = await Promise.all([
        ...writes.slice(0, 12).map((w) => w()),
        server.del(`/api/admin/users/${leaver.id}`, { token: admin.token }),
        ...writes.slice(12).map((w) => w()),
      ]);
      expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
      for (const s of shops) {
        const kept = await ratingsOf(s.id);
        expect(kept).toHaveLength(8);
        expect(await apiStats(s.id)).toEqual(statsOf(kept));
      }
      expect(await server.storesWithWrongAggregates()).toEqual([]);
      expect(await server.keptCountsThatDisagree()).toEqual([]);
    });
  });
});
