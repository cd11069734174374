/**
 * Concurrency (issue 7, part 3): many clients writing at the same moment, through the HTTP API as
 * clients would, and every DESIGN.md §8 invariant holding afterwards.
 *
 * - hundreds of customers rating one store at once;
 * - one customer in several tabs creating, changing and deleting the same rating at once;
 * - ratings written, changed and deleted while an admin deletes their store;
 * - a customer deleted by an admin while their own ratings are in flight.
 *
 * In the last two, clients keep clicking (one request after another, all clients side by side) and the
 * admin's deletion is sent once a number of their requests have been answered, so it lands in the
 * middle of the traffic: an answer received before the deletion was sent must be a success, a request
 * sent after the deletion answered must be refused, and one overlapping it may be either.
 *
 * Every answer must be a success or a clean refusal (404 for what is gone, 401 for a deleted account),
 * never a 5xx (a deadlock that was not retried, say) and never a 409 from a unique violation. After each scenario `expectEveryInvariant`
 * checks the database directly: kept figures equal COUNT/SUM over the ratings, one rating per user and
 * store, no rating of a missing user or store, every rating 1..5, and the dashboards' kept counters
 * equal to counting the tables.
 *
 * PGlite runs one statement at a time, so there the races are between requests; on PostgreSQL
 * (TEST_DATABASE_URL) they reach the database as well, over a pool of 10 connections.
 */
import { invariantViolations } from '../src/db/invariants';
import { seededRandom } from '../src/db/seed/prng';
import { statsOf } from './support/expected';
import { countsToldOutOfStep, insertRating, storeStatsFromApi } from './support/fixtures';
import { type CreatedUser, ENGINES, type HttpResult, startTestServer, type TestServer } from './support/test-server';

const STORE_NOT_FOUND = 'Store not found';
const RATING_NOT_FOUND = 'Rating not found';
const INVALID_TOKEN = 'Invalid or expired token';

/** A 2xx whatever the body. */
const OK = null;

/** A request to start at once with the others, and the answers it may get: status → required message (OK: any body). */
interface Call {
  label: string;
  allowed: Record<number, string | null>;
  run: () => Promise<HttpResult>;
}

/** Starts every call at the same moment and waits for all of them. */
function together(calls: Call[]): Promise<HttpResult[]> {
  return Promise.all(calls.map((c) => c.run()));
}

/** The answers that were not among those allowed for their call, one line each: [] when all were. */
function unexpectedAnswers(calls: Call[], results: HttpResult[]): string[] {
  return results.flatMap((res, i) => {
    const allowed = calls[i].allowed;
    if (!(res.status in allowed)) return [`${calls[i].label}: ${res.status} ${res.text}`];
    const message = allowed[res.status];
    if (message !== null && res.body?.message !== message) return [`${calls[i].label}: ${res.status} ${res.text}`];
    return [];
  });
}

/** A request of a client that keeps clicking: what it may get before the strike, and after it. */
interface Step {
  label: string;
  /** Allowed when the request was answered before the strike was sent. */
  success: Record<number, string | null>;
  /**
   * Allowed, besides `success`, when the request and the strike overlapped; the only answers once the
   * strike has answered. null: a request the strike does not concern, `success` at every moment.
   */
  refusal: Record<number, string | null> | null;
  run: () => Promise<HttpResult>;
}

interface LogEntry {
  call: Step;
  res: HttpResult;
  /** Causally before the strike (answered before it was sent), after it (sent once it had answered), or overlapping. */
  when: 'before' | 'during' | 'after';
}

/** A client: sends its requests one after another through `send` until `send` answers null. */
type Client = (send: (call: Step) => Promise<HttpResult | null>) => Promise<void>;

const MAX_STEPS_BEFORE_STRIKE = 25;

/**
 * Runs the clients side by side, each sending one request after another (a person clicking on), and
 * sends `strike` once `after` of their requests have been answered, so it lands in the middle of the
 * traffic. Each client stops after the first request it sent once the strike had answered; a client
 * that has sent MAX_STEPS_BEFORE_STRIKE requests waits for the strike's answer before its last one.
 */
async function burstThenStrike(clients: Client[], after: number, strike: { label: string; run: () => Promise<HttpResult> }) {
  const entries: Array<{ call: Step; res: HttpResult; sentAt: number; answeredAt: number }> = [];
  let answered = 0;
  let release!: () => void;
  const thresholdReached = new Promise<void>((resolve) => (release = resolve));
  let strikeSentAt = Infinity;
  let strikeAnsweredAt = Infinity;
  const strikeDone = thresholdReached.then(async () => {
    strikeSentAt = performance.now();
    const res = await strike.run();
    strikeAnsweredAt = performance.now();
    return res;
  });

  await Promise.all(
    clients.map((client) => {
      let steps = 0;
      let sentAfterStrike = false;
      return client(async (call) => {
        if (sentAfterStrike) return null;
        if (++steps > MAX_STEPS_BEFORE_STRIKE) await strikeDone;
        const sentAt = performance.now();
        if (sentAt > strikeAnsweredAt) sentAfterStrike = true;
        const res = await call.run();
        entries.push({ call, res, sentAt, answeredAt: performance.now() });
        if (++answered === after) release();
        return res;
      });
    }),
  );
  const res = await strikeDone;
  const log: LogEntry[] = entries.map((e) => ({
    call: e.call,
    res: e.res,
    when: e.answeredAt < strikeSentAt ? 'before' : e.sentAt > strikeAnsweredAt ? 'after' : 'during',
  }));
  return { log, strike: res };
}

/** The answers of a burst that were not allowed at their moment, one line each: [] when all were. */
function unexpectedInBurst(log: LogEntry[]): string[] {
  return log.flatMap(({ call, res, when }) => {
    const allowed =
      !call.refusal || when === 'before' ? call.success : when === 'after' ? call.refusal : { ...call.success, ...call.refusal };
    if (!(res.status in allowed)) return [`${call.label} (${when} the strike): ${res.status} ${res.text}`];
    const message = allowed[res.status];
    if (message !== null && res.body?.message !== message) return [`${call.label} (${when} the strike): ${res.status} ${res.text}`];
    return [];
  });
}

/**
 * Every DESIGN.md §8 invariant, checked with SQL on the whole database: for every store the kept
 * rating_count, rating_sum, per-star counts and average equal those computed from its ratings; no two
 * ratings of one (user, store); no rating whose user or store is gone; every rating within 1..5; the
 * counters kept for the dashboards (row_counts, row_totals, store_months) equal counting the tables.
 */
async function expectEveryInvariant(server: TestServer): Promise<void> {
  expect(await invariantViolations(server.db)).toEqual([]);
}

describe.each(ENGINES)('concurrency (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
  });
  afterAll(() => server.close());

  /** The figures GET /api/stores/:id reports. */
  const apiStats = (storeId: number) => storeStatsFromApi(server, storeId, admin.token);

  async function ratingRowsOf(where: { storeId?: number; userId?: number }) {
    let query = server.db.selectFrom('ratings').select(['id', 'user_id', 'store_id', 'rating', 'comment']).orderBy('id');
    if (where.storeId !== undefined) query = query.where('store_id', '=', where.storeId);
    if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
    return (await query.execute()).map((r) => ({ ...r, rating: Number(r.rating) }));
  }

  async function customers(n: number): Promise<CreatedUser[]> {
    const users: CreatedUser[] = [];
    for (let i = 0; i < n; i++) users.push(await server.createUser('normal_user'));
    return users;
  }

  it('300 different customers rating one store at the same moment: all 201, count 300, exact sum and distribution, one row each', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const users = await customers(300);
    const rng = seededRandom(300);
    const values = users.map(() => 1 + Math.floor(rng() * 5));

    const calls: Call[] = users.map((u, i) => ({
      label: `customer ${i} POST`,
      allowed: { 201: OK },
      run: () => server.post(`/api/ratings/${store.id}`, { token: u.token, body: { rating: values[i], comment: `Customer ${i}` } }),
    }));
    const results = await together(calls);
    expect(unexpectedAnswers(calls, results)).toEqual([]);
    // Each writer was told the store's figures right after the statement that wrote its rating (several
    // writes may share one, db/write-batches.ts): every write counted once, none lost, the last told 300.
    const told = results.map((r) => r.body.storeStats.total_ratings as number);
    expect(countsToldOutOfStep(told)).toEqual([]);
    expect(Math.max(...told)).toBe(300);

    const row = await server.db
      .selectFrom('store_figures')
      .select(['rating_count', 'rating_sum'])
      .where('store_id', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.rating_count)).toBe(300);
    expect(Number(row.rating_sum)).toBe(values.reduce((a, b) => a + b, 0));
    expect(await apiStats(store.id)).toEqual(statsOf(values));
    // One row per customer, with the value that customer sent.
    const rows = await ratingRowsOf({ storeId: store.id });
    expect(rows.map((r) => [r.user_id, r.rating]).sort((a, b) => a[0] - b[0])).toEqual(users.map((u, i) => [u.id, values[i]]));
    await expectEveryInvariant(server);
  });

  it('one customer in several tabs: POST, PUT and DELETE of the same rating at once leave at most one row and the value of one answer', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const user = await server.createUser('normal_user');
    // Other customers' ratings, so the store's figures are not just this customer's.
    const background = [5, 1, 4];
    for (const value of background) await insertRating(server, (await server.createUser('normal_user')).id, store.id, value);

    const rng = seededRandom(4242);
    const int = (n: number) => Math.floor(rng() * n);
    const statuses = new Map<string, number>();
    let lastKnownId: number | undefined;

    // Which outcome a tab gets depends on how the requests interleave, which the machine's load decides: 12
    // rounds, then more (up to 48) until every kind of outcome has happened at least once.
    const OUTCOMES = ['POST 201', 'POST 200', 'PUT 200', 'PUT 404', 'DELETE 200', 'DELETE 404'];
    const allSeen = () => OUTCOMES.every((outcome) => (statuses.get(outcome) ?? 0) > 0);
    for (let round = 0; round < 12 || (round < 48 && !allSeen()); round++) {
      let current = (await ratingRowsOf({ storeId: store.id, userId: user.id }))[0];
      // Even rounds start from an existing rating (PUT and DELETE race for it); odd ones from whatever is left.
      if (!current && round % 2 === 0) {
        const created = await server.post(`/api/ratings/${store.id}`, {
          token: user.token,
          body: { rating: 3, comment: `Start of round ${round}` },
        });
        expect(created.status).toBe(201);
        current = (await ratingRowsOf({ storeId: store.id, userId: user.id }))[0];
      }
      const target = current?.id ?? lastKnownId;

      // Each write carries a comment of its own, so the row left over names the request that wrote it.
      const calls: Array<Call & { kind: 'POST' | 'PUT' | 'DELETE'; rating?: number; comment?: string }> = [];
      const tabs = 8 + int(5);
      for (let tab = 0; tab < tabs; tab++) {
        const kind = tab < 3 || target === undefined ? 'POST' : (['POST', 'PUT', 'DELETE'] as const)[int(3)];
        const rating = 1 + int(5);
        const comment = `Round ${round} tab ${tab}`;
        if (kind === 'POST') {
          calls.push({
            kind,
            rating,
            comment,
            label: `${comment} POST`,
            allowed: { 200: OK, 201: OK },
            run: () => server.post(`/api/ratings/${store.id}`, { token: user.token, body: { rating, comment } }),
          });
        } else if (kind === 'PUT') {
          calls.push({
            kind,
            rating,
            comment,
            label: `${comment} PUT ${target}`,
            allowed: { 200: OK, 404: RATING_NOT_FOUND },
            run: () => server.put(`/api/ratings/${target}`, { token: user.token, body: { rating, comment } }),
          });
        } else {
          calls.push({
            kind,
            label: `${comment} DELETE ${target}`,
            allowed: { 200: OK, 404: RATING_NOT_FOUND },
            run: () => server.del(`/api/ratings/${target}`, { token: user.token }),
          });
        }
      }
      const results = await together(calls);
      expect(unexpectedAnswers(calls, results)).toEqual([]);
      results.forEach((res, i) =>
        statuses.set(`${calls[i].kind} ${res.status}`, (statuses.get(`${calls[i].kind} ${res.status}`) ?? 0) + 1),
      );

      // What the clients were told: every successful write, with the figures right after it.
      const told: Array<{ id: number; rating: number; comment: string | null }> = [];
      results.forEach((res, i) => {
        if (res.status >= 300) return;
        const call = calls[i];
        if (call.kind === 'DELETE') {
          expect(res.body.storeStats).toEqual(statsOf(background));
        } else {
          expect(res.body.rating).toMatchObject({ rating: call.rating, comment: call.comment, user_id: user.id, store_id: store.id });
          expect(res.body.storeStats).toEqual(statsOf([...background, call.rating!]));
          told.push({ id: res.body.rating.id, rating: res.body.rating.rating, comment: res.body.rating.comment });
        }
      });

      const mine = await ratingRowsOf({ storeId: store.id, userId: user.id });
      expect(mine.length).toBeLessThanOrEqual(1);
      if (mine.length === 1) {
        // The row left is exactly what one of the tabs was told it wrote.
        expect(told).toContainEqual({ id: mine[0].id, rating: mine[0].rating, comment: mine[0].comment });
        lastKnownId = mine[0].id;
      } else {
        // No row: the last word was a delete that said so.
        expect(results.some((res, i) => calls[i].kind === 'DELETE' && res.status === 200)).toBe(true);
      }
      expect(await apiStats(store.id)).toEqual(statsOf([...background, ...mine.map((r) => r.rating)]));
      const own = await server.get(`/api/ratings/user/${store.id}`, { token: user.token });
      expect(own.status).toBe(200);
      expect(own.body.rating === null ? null : own.body.rating.id).toBe(mine[0]?.id ?? null);
      await expectEveryInvariant(server);
    }

    // Each kind of outcome happened at least once: the races were real.
    for (const outcome of OUTCOMES) {
      expect({ outcome, seen: (statuses.get(outcome) ?? 0) > 0 }).toEqual({ outcome, seen: true });
    }
  });

  it('ratings written, changed and deleted by many customers while an admin deletes the store: clean answers, no orphans, other stores exact', async () => {
    const raters = await customers(16);
    const rng = seededRandom(99);
    const int = (n: number) => Math.floor(rng() * n);

    for (let round = 0; round < 3; round++) {
      const owner = await server.createUser('store_owner');
      const doomed = await server.createStore(owner.id, { name: `Doomed store ${round}` });
      const kept = [await server.createStore(owner.id), await server.createStore(owner.id)];
      // Half the customers have rated the doomed store already.
      const existing = new Map<number, number>();
      for (const [i, u] of raters.entries()) if (i % 2 === 0) existing.set(u.id, await insertRating(server, u.id, doomed.id, 1 + int(5)));
      // What the kept stores must hold afterwards: per customer, the value of their last write.
      const expectedKept = new Map<number, Map<number, number>>(kept.map((s) => [s.id, new Map()]));

      // Each customer clicks on: rates the doomed store, changes or deletes that rating, rates a kept store.
      const clients: Client[] = raters.map((u, i) => async (send) => {
        let mine = existing.get(u.id);
        for (let step = 0; ; step++) {
          const roll = int(4);
          if (roll === 0 || (roll < 3 && mine === undefined)) {
            const rating = 1 + int(5);
            const res = await send({
              label: `customer ${i} POST doomed`,
              success: { 200: OK, 201: OK },
              refusal: { 404: STORE_NOT_FOUND },
              run: () => server.post(`/api/ratings/${doomed.id}`, { token: u.token, body: { rating, comment: `Step ${step}` } }),
            });
            if (!res) return;
            if (res.status < 300) mine = res.body.rating.id;
          } else if (roll === 1) {
            const id = mine!;
            const res = await send({
              label: `customer ${i} PUT doomed rating ${id}`,
              success: { 200: OK },
              refusal: { 404: RATING_NOT_FOUND },
              run: () => server.put(`/api/ratings/${id}`, { token: u.token, body: { rating: 1 + int(5) } }),
            });
            if (!res) return;
          } else if (roll === 2) {
            const id = mine!;
            const res = await send({
              label: `customer ${i} DELETE doomed rating ${id}`,
              success: { 200: OK },
              refusal: { 404: RATING_NOT_FOUND },
              run: () => server.del(`/api/ratings/${id}`, { token: u.token }),
            });
            if (!res) return;
            mine = undefined;
          } else {
            const store = kept[int(2)];
            const rating = 1 + int(5);
            const res = await send({
              label: `customer ${i} POST kept ${store.id}`,
              success: { 200: OK, 201: OK },
              refusal: null,
              run: () => server.post(`/api/ratings/${store.id}`, { token: u.token, body: { rating } }),
            });
            if (!res) return;
            if (res.status < 300) expectedKept.get(store.id)!.set(u.id, rating);
          }
        }
      });

      const { log, strike } = await burstThenStrike(clients, raters.length * (round + 1), {
        label: `admin DELETE store ${doomed.id}`,
        run: () => server.del(`/api/admin/stores/${doomed.id}`, { token: admin.token }),
      });
      expect({ status: strike.status, body: strike.body }).toEqual({ status: 200, body: { message: 'Store deleted successfully!' } });
      expect(unexpectedInBurst(log)).toEqual([]);
      // The deletion really fell in the middle of the writes.
      expect(log.filter((e) => e.when === 'before' && e.call.label.includes('doomed') && e.res.status < 300).length).toBeGreaterThan(0);
      expect(log.filter((e) => e.when === 'after' && e.call.label.includes('doomed')).length).toBeGreaterThan(0);

      expect(await ratingRowsOf({ storeId: doomed.id })).toEqual([]);
      expect(await server.db.selectFrom('stores').select('id').where('id', '=', doomed.id).executeTakeFirst()).toBeUndefined();
      const gone = await server.get(`/api/stores/${doomed.id}`, { token: raters[0].token });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ message: STORE_NOT_FOUND });
      for (const s of kept) {
        const want = [...expectedKept.get(s.id)!.entries()].sort((a, b) => a[0] - b[0]);
        expect((await ratingRowsOf({ storeId: s.id })).map((r) => [r.user_id, r.rating]).sort((a, b) => a[0] - b[0])).toEqual(want);
        expect(await apiStats(s.id)).toEqual(statsOf(want.map(([, rating]) => rating)));
      }
      await expectEveryInvariant(server);
    }
  });

  it('a customer deleted by an admin while rating several stores in several tabs: clean answers, none of theirs survive, every store exact', async () => {
    const owner = await server.createUser('store_owner');
    const stores: Array<{ id: number }> = [];
    for (let i = 0; i < 6; i++) stores.push(await server.createStore(owner.id));
    const others = await customers(8);
    const rng = seededRandom(1234);
    const int = (n: number) => Math.floor(rng() * n);
    // What every store must hold at the end: the other customers' ratings only, the last value each wrote.
    const expected = new Map<number, Map<number, number>>(stores.map((s) => [s.id, new Map()]));
    for (const [i, u] of others.entries()) {
      const s = stores[i % stores.length];
      const value = 1 + int(5);
      await insertRating(server, u.id, s.id, value);
      expected.get(s.id)!.set(u.id, value);
    }

    for (let round = 0; round < 3; round++) {
      const victim = await server.createUser('normal_user');
      // The customer has rated half the stores already.
      const theirs = new Map<number, number>();
      for (const s of stores.slice(0, 3)) theirs.set(s.id, await insertRating(server, victim.id, s.id, 1 + int(5)));

      // One tab per store: rating it, then changing that rating, again and again.
      const tabs: Client[] = stores.map((s) => async (send) => {
        let mine = theirs.get(s.id);
        for (;;) {
          const id = mine;
          const res =
            id === undefined || int(2) === 0
              ? await send({
                  label: `victim POST ${s.id}`,
                  success: { 200: OK, 201: OK },
                  refusal: { 401: INVALID_TOKEN },
                  run: () => server.post(`/api/ratings/${s.id}`, { token: victim.token, body: { rating: 1 + int(5) } }),
                })
              : await send({
                  label: `victim PUT ${id}`,
                  success: { 200: OK },
                  refusal: { 401: INVALID_TOKEN, 404: RATING_NOT_FOUND },
                  run: () => server.put(`/api/ratings/${id}`, { token: victim.token, body: { rating: 1 + int(5) } }),
                });
          if (!res) return;
          if (res.status < 300) mine = res.body.rating.id;
        }
      });
      // Other customers rate at the same time.
      const bystanders: Client[] = others.map((u, i) => async (send) => {
        for (;;) {
          const s = stores[int(stores.length)];
          const value = 1 + int(5);
          const res = await send({
            label: `customer ${i} POST ${s.id}`,
            success: { 200: OK, 201: OK },
            refusal: null,
            run: () => server.post(`/api/ratings/${s.id}`, { token: u.token, body: { rating: value } }),
          });
          if (!res) return;
          if (res.status < 300) expected.get(s.id)!.set(u.id, value);
        }
      });

      const { log, strike } = await burstThenStrike([...tabs, ...bystanders], (tabs.length + bystanders.length) * (round + 1), {
        label: `admin DELETE user ${victim.id}`,
        run: () => server.del(`/api/admin/users/${victim.id}`, { token: admin.token }),
      });
      expect({ status: strike.status, body: strike.body }).toEqual({ status: 200, body: { message: 'User deleted successfully!' } });
      expect(unexpectedInBurst(log)).toEqual([]);
      expect(log.filter((e) => e.when === 'before' && e.call.label.startsWith('victim') && e.res.status < 300).length).toBeGreaterThan(0);
      expect(log.filter((e) => e.when === 'after' && e.call.label.startsWith('victim')).length).toBeGreaterThan(0);

      expect(await ratingRowsOf({ userId: victim.id })).toEqual([]);
      expect(await server.db.selectFrom('users').select('id').where('id', '=', victim.id).executeTakeFirst()).toBeUndefined();
      for (const s of stores) {
        const want = [...expected.get(s.id)!.entries()].sort((a, b) => a[0] - b[0]);
        expect((await ratingRowsOf({ storeId: s.id })).map((r) => [r.user_id, r.rating]).sort((a, b) => a[0] - b[0])).toEqual(want);
        expect(await apiStats(s.id)).toEqual(statsOf(want.map(([, rating]) => rating)));
      }
      await expectEveryInvariant(server);
    }
  });
});
