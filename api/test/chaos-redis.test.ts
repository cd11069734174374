/**
 * The built API with Redis (the shared throttle counters) behind a TCP proxy that refuses,
 * blackholes and resets: sign-in and sign-up keep answering at once, throttling goes on in the
 * process, health names Redis, and the shared counters are back once Redis is. Runs when
 * TEST_REDIS_URL is set (CI); CHAOS_ROUNDS repeats each scenario.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoAccountFor } from 'shared-contracts';
import { type RunningApi, startApi, stopApi } from './support/api-process';
import { ChaosProxy } from './support/chaos-proxy';
import { CHAOS_ROUNDS, getJson, postJson, sleep, TEST_REDIS_URL } from './support/chaos';

const describeRedis = TEST_REDIS_URL ? describe : describe.skip;

const REDIS_TIMEOUT_MS = 300;
/** An answer while Redis is away may take one Redis deadline, plus an argon2 check, plus a busy CI machine. */
const MAX_ANSWER_MS = 2500;
const FAILURES_PER_ACCOUNT = 4;

describeRedis('Redis goes away and comes back (through a chaos proxy)', () => {
  let proxy: ChaosProxy;
  let api: RunningApi;
  let dataDir: string;
  let signUps = 0;
  const customer = demoAccountFor('normal_user');

  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL!);
    proxy = await ChaosProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    dataDir = mkdtempSync(path.join(tmpdir(), 'chaos-redis-'));
    api = await startApi({
      DATA_DIR: dataDir,
      REDIS_URL: proxy.url(TEST_REDIS_URL!),
      REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
      HEALTH_TIMEOUT_MS: '1000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
      // Redis is shared with other suites and earlier runs: sign-ups from this address are not what is tested.
      REGISTER_MAX_PER_ADDRESS: '1000000',
    });
  }, 120_000);

  afterAll(async () => {
    if (api) await stopApi(api);
    await proxy?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = (password = customer.password) =>
    postJson(`${api.baseUrl}/api/auth/login`, { email: customer.email, password, role: 'normal_user' }, undefined, 30_000);
  const signUp = () =>
    postJson(
      `${api.baseUrl}/api/auth/register`,
      {
        name: 'Chaos Redis Customer Name',
        email: `chaos.redis.${process.pid}.${Date.now()}.${++signUps}@example.com`,
        address: '1 Proxy Road',
        password: 'Secret@123',
      },
      undefined,
      30_000,
    );

  async function redisBack(): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < 20_000) {
      const health = await getJson(`${api.baseUrl}/api/health`);
      if (health.status === 200 && health.body?.redis !== 'unreachable') return;
      await sleep(100);
    }
    throw new Error('health did not report Redis back within 20 s');
  }

  for (let round = 1; round <= CHAOS_ROUNDS; round++) {
    for (const failure of ['refuse', 'blackhole', 'reset'] as const) {
      it(`round ${round}, Redis ${failure === 'reset' ? 'connections reset' : failure === 'refuse' ? 'down (refusing)' : 'not answering (blackhole)'}: sign-in and sign-up answer at once, health names Redis and stays 200`, async () => {
        await redisBack();
        if (failure === 'reset') proxy.resetAll();
        else {
          proxy.setMode(failure);
          proxy.resetAll();
        }
        try {
          // A few in a row: the first may pay one Redis deadline, the rest are served from the process's counters.
          for (let i = 0; i < 3; i++) {
            const [login, register] = await Promise.all([signIn(), signUp()]);
            expect({ login: login.status, register: register.status }).toEqual({ login: 200, register: 201 });
            expect(login.ms).toBeLessThan(MAX_ANSWER_MS);
            expect(register.ms).toBeLessThan(MAX_ANSWER_MS);
          }
          if (failure !== 'reset') {
            const health = await getJson(`${api.baseUrl}/api/health`, undefined, 30_000);
            expect(health.status).toBe(200);
            expect(health.body).toEqual({ status: 'ok', database: 'ok', redis: 'unreachable' });
            expect(health.ms).toBeLessThan(MAX_ANSWER_MS);
          }
        } finally {
          proxy.setMode('pass');
        }
        await redisBack();
        expect(api.child.exitCode).toBeNull();
      });
    }

    it(`round ${round}: while Redis is down, wrong passwords are still throttled (in the process), and the right one works again once it is back`, async () => {
      await redisBack();
      proxy.setMode('refuse');
      proxy.resetAll();
      try {
        const account = `chaos.throttle.${round}.${Date.now()}@example.com`;
        const answers = [];
        for (let i = 0; i < FAILURES_PER_ACCOUNT + 2; i++) {
          answers.push(
            (await postJson(`${api.baseUrl}/api/auth/login`, { email: account, password: 'Wrong@1234', role: 'normal_user' })).status,
          );
        }
        expect(answers).toEqual([...Array(FAILURES_PER_ACCOUNT).fill(401), 429, 429]);
      } finally {
        proxy.setMode('pass');
      }
      await redisBack();
      expect((await signIn()).status).toBe(200);
    });
  }
});
