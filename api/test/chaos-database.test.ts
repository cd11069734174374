/**
 * The built API on PostgreSQL through a TCP proxy that resets, refuses and blackholes its
 * connections: the process survives, answers 503 (never hangs, never a 500) while the database is
 * away, health names the database within its deadline, and everything works again once it is back.
 * PostgreSQL only (TEST_DATABASE_URL); CHAOS_ROUNDS repeats each scenario.
 */
import { ChaosProxy } from './support/chaos-proxy';
import { type RunningApi, startApi, stopApi } from './support/api-process';
import { CHAOS_ROUNDS, demoToken, getJson, readersLoop, scratchDatabase, sleep, TEST_DATABASE_URL } from './support/chaos';

const describePostgres = TEST_DATABASE_URL ? describe : describe.skip;

/** The deadlines the suite runs with (short, so a hang shows within the test's time). */
const SETTINGS = { DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '1500', HEALTH_TIMEOUT_MS: '1000' };
/** The longest any answer may take while the database is away: the longest deadline plus slack for a busy CI machine. */
const MAX_ANSWER_MS = 4000;

describePostgres('the database goes away and comes back (PostgreSQL through a chaos proxy)', () => {
  let proxy: ChaosProxy;
  let api: RunningApi;
  let dropDatabase: () => Promise<void>;
  let token: string;

  let databaseUrl: string;

  beforeAll(async () => {
    const scratch = await scratchDatabase(TEST_DATABASE_URL!);
    dropDatabase = scratch.drop;
    const target = new URL(scratch.url);
    proxy = await ChaosProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    databaseUrl = proxy.url(scratch.url);
  });

  // Each scenario on a running process: a scenario that killed it does not take the next one down too.
  beforeEach(async () => {
    if (api && api.child.exitCode === null && api.child.signalCode === null) return;
    api = await startApi({ DATABASE_URL: databaseUrl, ...SETTINGS });
    token = await demoToken(api.baseUrl, 'normal_user');
  }, 120_000);

  afterAll(async () => {
    if (api) await stopApi(api);
    await proxy?.close();
    await dropDatabase?.();
  });

  /** Waits until health and a store list both answer 200 again; returns how long that took. */
  async function recovery(): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 20_000) {
      const [health, stores] = await Promise.all([getJson(`${api.baseUrl}/api/health`), getJson(`${api.baseUrl}/api/stores`, token)]);
      if (health.status === 200 && stores.status === 200) return Date.now() - started;
      await sleep(100);
    }
    throw new Error('the API did not recover within 20 s of the database coming back');
  }

  function expectAlive(): void {
    expect({ exitCode: api.child.exitCode, signal: api.child.signalCode }).toEqual({ exitCode: null, signal: null });
  }

  for (let round = 1; round <= CHAOS_ROUNDS; round++) {
    it(`round ${round}: connections reset for one second under six readers: the process lives, answers are 200 or 503, then all 200`, async () => {
      const readers = readersLoop(6, (i) =>
        getJson(i % 2 ? `${api.baseUrl}/api/stores/1` : `${api.baseUrl}/api/stores?limit=12`, token, 20_000),
      );
      await sleep(300);
      const resetsBefore = proxy.resets;
      const blipEnds = Date.now() + 1000;
      while (Date.now() < blipEnds) {
        proxy.resetAll();
        await sleep(50);
      }
      await sleep(300);
      const answers = await readers.stop();
      // The blip did cut open connections (the pool's), and the readers went on through it.
      expect(proxy.resets - resetsBefore).toBeGreaterThan(0);
      expect(answers.length).toBeGreaterThan(12);
      expectAlive();
      const statuses = new Set(answers.map((a) => a.status));
      for (const status of statuses) expect([200, 503]).toContain(status);
      for (const answer of answers.filter((a) => a.status === 503)) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      await recovery();
      expectAlive();
    });

    it(`round ${round}: the database stops answering (blackhole): health says 503 naming it within its deadline, requests answer 503 within the statement deadline, all 200 once it is back`, async () => {
      proxy.setMode('blackhole');
      try {
        const [health, stores, store, ...more] = await Promise.all([
          getJson(`${api.baseUrl}/api/health`, undefined, 30_000),
          getJson(`${api.baseUrl}/api/stores`, token, 30_000),
          getJson(`${api.baseUrl}/api/stores/1`, token, 30_000),
          ...Array.from({ length: 20 }, () => getJson(`${api.baseUrl}/api/stores?limit=5`, token, 30_000)),
        ]);
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ status: 'error', database: 'unreachable' });
        expect(health.ms).toBeLessThan(MAX_ANSWER_MS);
        for (const answer of [stores, store, ...more]) {
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual({ message: 'Service is shutting down or unavailable' });
          expect(answer.ms).toBeLessThan(MAX_ANSWER_MS);
        }
        expectAlive();
      } finally {
        proxy.setMode('pass');
      }
      await recovery();
    });

    it(`round ${round}: the database refuses connections: answers are 503 at once, health names it, and all is well once it is back`, async () => {
      proxy.setMode('refuse');
      proxy.resetAll();
      try {
        const [health, stores] = await Promise.all([getJson(`${api.baseUrl}/api/health`), getJson(`${api.baseUrl}/api/stores`, token)]);
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ status: 'error', database: 'unreachable' });
        expect(stores.status).toBe(503);
        expect(stores.ms).toBeLessThan(MAX_ANSWER_MS);
        expectAlive();
      } finally {
        proxy.setMode('pass');
      }
      await recovery();
      expectAlive();
    });
  }
});
