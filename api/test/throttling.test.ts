/**
 * Throttling of sign-in and sign-up (DESIGN.md §9): failed sign-ins counted per account and per client
 * address, sign-ups per address and per email; past a limit a 429 with Retry-After until the window
 * ends; a successful sign-in clears its account's count. With Redis (TEST_REDIS_URL) several API
 * processes share the counters.
 *
 * Servers are started with small limits and short windows. Emails are random per run, so counters
 * kept in a shared Redis never collide between runs or engines; the per-address limit of the Redis
 * servers is kept high because every test process reaches the API from 127.0.0.1.
 */
import type { Role } from 'shared-contracts';
import { uniqueEmails } from './support/fixtures';
import { ENGINES, type HttpResult, startTestServer, type TestServer } from './support/test-server';

const TOO_MANY_LOGINS = { message: 'Too many failed sign-in attempts. Please try again later.' };
const TOO_MANY_SIGNUPS = { message: 'Too many sign-up attempts. Please try again later.' };
const INVALID_CREDENTIALS = { message: 'Invalid credentials' };
const WRONG_PASSWORD = 'Wrong@1234';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const uniqueEmail = uniqueEmails('throttle-test.example');

function login(server: TestServer, email: string, password: string, role: Role = 'normal_user'): Promise<HttpResult> {
  return server.post('/api/auth/login', { body: { email, password, role } });
}

async function failLogins(server: TestServer, email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await login(server, email, WRONG_PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_CREDENTIALS);
  }
}

/** Fires `count` wrong-password sign-ins at once (split over the given servers) and tallies the answers. */
async function parallelFailures(servers: TestServer[], emailFor: (i: number) => string, count: number) {
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => login(servers[i % servers.length], emailFor(i), WRONG_PASSWORD)),
  );
  for (const res of results) {
    if (res.status === 401) expect(res.body).toEqual(INVALID_CREDENTIALS);
    else expect(res.body).toEqual(TOO_MANY_LOGINS);
  }
  return {
    checked: results.filter((r) => r.status === 401).length,
    refused: results.filter((r) => r.status === 429).length,
  };
}

function register(server: TestServer, email: string, headers?: Record<string, string>): Promise<HttpResult> {
  return server.post('/api/auth/register', {
    headers,
    body: { name: 'Throttled Registering Customer', email, address: '5 Throttle Street, Test City', password: 'Secret@123' },
  });
}

/** A 429 with the given body and a Retry-After of whole seconds within the window. */
function expectThrottled(res: HttpResult, body: { message: string }, windowMs: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(body);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
}

describe.each(ENGINES)('sign-in throttling per account (%s)', (engine) => {
  const windowMs = 5000;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { throttle: { loginFailuresPerAccount: 3, loginFailuresPerAddress: 1000, windowMs } });
  });
  afterAll(() => server.close());

  it('after 3 failed sign-ins the 4th attempt, even with the right password, is a 429 with Retry-After', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('locked') });
    await failLogins(server, user.email, 3);
    const res = await login(server, user.email, user.password);
    expectThrottled(res, TOO_MANY_LOGINS, windowMs);
    expect(res.body).not.toHaveProperty('token');
    // It stays locked for the rest of the window.
    expectThrottled(await login(server, user.email, user.password), TOO_MANY_LOGINS, windowMs);
  });

  it('does not lock before the limit: the 3rd attempt after 2 failures is still checked', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('almost') });
    await failLogins(server, user.email, 2);
    const res = await login(server, user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  it('does not affect another account', async () => {
    const locked = await server.createUser('normal_user', { email: uniqueEmail('locked') });
    const other = await server.createUser('normal_user', { email: uniqueEmail('other') });
    await failLogins(server, locked.email, 3);
    expectThrottled(await login(server, locked.email, locked.password), TOO_MANY_LOGINS, windowMs);

    const ok = await login(server, other.email, other.password);
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(other.id);
    const wrong = await login(server, other.email, WRONG_PASSWORD);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_CREDENTIALS);
  });

  it('lets the real user sign in again once the window has passed', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('waits') });
    await failLogins(server, user.email, 3);
    expectThrottled(await login(server, user.email, user.password), TOO_MANY_LOGINS, windowMs);
    await sleep(windowMs + 200);
    const res = await login(server, user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  it('does not extend the lock: attempts refused during it, right or wrong, leave the window where it started', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('hammered') });
    const started = Date.now();
    await failLogins(server, user.email, 3);
    // The attacker keeps guessing and the real user keeps trying while locked.
    for (let i = 0; i < 3; i++) {
      expectThrottled(await login(server, user.email, WRONG_PASSWORD), TOO_MANY_LOGINS, windowMs);
      expectThrottled(await login(server, user.email, user.password), TOO_MANY_LOGINS, windowMs);
      await sleep(windowMs / 10);
    }
    // Right after the window that the first failure opened, the real user is in.
    await sleep(Math.max(0, started + windowMs + 200 - Date.now()));
    const res = await login(server, user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  it("clears the account's count on a successful sign-in", async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('resets') });
    await failLogins(server, user.email, 2);
    expect((await login(server, user.email, user.password)).status).toBe(200);
    // Without the reset these two would make 4 failures and lock the account.
    await failLogins(server, user.email, 2);
    const res = await login(server, user.email, user.password);
    expect(res.status).toBe(200);
  });

  it('counts failures of one account together whatever the case of the email', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('cased') });
    await failLogins(server, user.email.toUpperCase(), 1);
    await failLogins(server, user.email, 1);
    await failLogins(server, `  ${user.email.replace(/^./, (c) => c.toUpperCase())}  `, 1);
    expectThrottled(await login(server, user.email, user.password), TOO_MANY_LOGINS, windowMs);
  });

  it('counts a right password with the wrong role as a failure', async () => {
    const owner = await server.createUser('store_owner', { email: uniqueEmail('role-guess') });
    for (const role of ['normal_user', 'system_admin', 'normal_user'] as const) {
      const res = await login(server, owner.email, owner.password, role);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_CREDENTIALS);
    }
    expectThrottled(await login(server, owner.email, owner.password, 'store_owner'), TOO_MANY_LOGINS, windowMs);
  });

  it('locks an unknown email the same way as a real account (no hint which emails exist)', async () => {
    const email = uniqueEmail('nobody');
    await failLogins(server, email, 3);
    expectThrottled(await login(server, email, WRONG_PASSWORD), TOO_MANY_LOGINS, windowMs);
  });

  it('lets no more than 3 guesses through when 12 are sent at once (the count is taken before the password check)', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('burst') });
    const { checked, refused } = await parallelFailures([server], () => user.email, 12);
    expect(checked).toBe(3);
    expect(refused).toBe(9);
    expectThrottled(await login(server, user.email, user.password), TOO_MANY_LOGINS, windowMs);
  });

  it('does not count requests refused by validation (400) as failed sign-ins', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('invalid') });
    for (let i = 0; i < 4; i++) {
      const res = await server.post('/api/auth/login', { body: { email: user.email, role: 'normal_user' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in all fields');
    }
    expect((await login(server, user.email, user.password)).status).toBe(200);
  });
});

describe.each(ENGINES)('sign-in throttling per address (%s)', (engine) => {
  const windowMs = 5000;
  let server: TestServer;
  // A fresh server per test: every request comes from 127.0.0.1, so tests would share the address count.
  beforeEach(async () => {
    server = await startTestServer(engine, { throttle: { loginFailuresPerAccount: 1000, loginFailuresPerAddress: 3, windowMs } });
  });
  afterEach(() => server.close());

  it('after 3 failures across different emails, the address gets 429 even for another account', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('victim') });
    for (const label of ['a', 'b', 'c']) await failLogins(server, uniqueEmail(`spray-${label}`), 1);
    const res = await login(server, user.email, user.password);
    expectThrottled(res, TOO_MANY_LOGINS, windowMs);
  });

  it('lets the real user at that address sign in again once the window has passed', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('neighbour') });
    const started = Date.now();
    for (const label of ['a', 'b', 'c']) await failLogins(server, uniqueEmail(`spray-${label}`), 1);
    expectThrottled(await login(server, user.email, user.password), TOO_MANY_LOGINS, windowMs);
    expectThrottled(await login(server, uniqueEmail('spray-d'), WRONG_PASSWORD), TOO_MANY_LOGINS, windowMs);
    await sleep(Math.max(0, started + windowMs + 200 - Date.now()));
    const res = await login(server, user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  it('does not trust X-Forwarded-For to change the address (no trusted proxy configured)', async () => {
    for (const label of ['a', 'b', 'c']) {
      const res = await server.post('/api/auth/login', {
        headers: { 'x-forwarded-for': `10.0.0.${label.charCodeAt(0)}` },
        body: { email: uniqueEmail(`spray-${label}`), password: WRONG_PASSWORD, role: 'normal_user' },
      });
      expect(res.status).toBe(401);
    }
    const res = await server.post('/api/auth/login', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
      body: { email: uniqueEmail('fresh'), password: WRONG_PASSWORD, role: 'normal_user' },
    });
    expectThrottled(res, TOO_MANY_LOGINS, windowMs);
  });

  it('lets no more than 3 guesses through from one address when 12 are sent at once', async () => {
    const { checked, refused } = await parallelFailures([server], (i) => uniqueEmail(`burst-${i}`), 12);
    expect(checked).toBe(3);
    expect(refused).toBe(9);
  });

  it('does not count successful sign-ins against the address', async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('regular') });
    for (let i = 0; i < 5; i++) expect((await login(server, user.email, user.password)).status).toBe(200);
    await failLogins(server, uniqueEmail('typo-a'), 2);
    expect((await login(server, user.email, user.password)).status).toBe(200);
  });

  it("a successful sign-in does not clear the address's count", async () => {
    const user = await server.createUser('normal_user', { email: uniqueEmail('own-account') });
    await failLogins(server, uniqueEmail('spray-a'), 1);
    await failLogins(server, uniqueEmail('spray-b'), 1);
    expect((await login(server, user.email, user.password)).status).toBe(200);
    await failLogins(server, uniqueEmail('spray-c'), 1);
    expectThrottled(await login(server, uniqueEmail('spray-d'), WRONG_PASSWORD), TOO_MANY_LOGINS, windowMs);
  });
});

describe.each(ENGINES)('sign-up throttling (%s)', (engine) => {
  const windowMs = 2000;

  describe('per address', () => {
    let server: TestServer;
    beforeEach(async () => {
      server = await startTestServer(engine, { throttle: { registrationsPerAddress: 2, windowMs } });
    });
    afterEach(() => server.close());

    it('refuses the third sign-up from one address with 429 and creates no account', async () => {
      expect((await register(server, uniqueEmail('first'))).status).toBe(201);
      expect((await register(server, uniqueEmail('second'))).status).toBe(201);
      const email = uniqueEmail('third');
      const res = await register(server, email);
      expectThrottled(res, TOO_MANY_SIGNUPS, windowMs);
      const row = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('does not trust X-Forwarded-For to change the address', async () => {
      expect((await register(server, uniqueEmail('first'), { 'x-forwarded-for': '198.51.100.1' })).status).toBe(201);
      expect((await register(server, uniqueEmail('second'), { 'x-forwarded-for': '198.51.100.2' })).status).toBe(201);
      expectThrottled(await register(server, uniqueEmail('third'), { 'x-forwarded-for': '198.51.100.3' }), TOO_MANY_SIGNUPS, windowMs);
    });

    it('lets no more than 2 sign-ups through when 6 are sent at once', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => register(server, uniqueEmail(`burst-${i}`))));
      expect(results.filter((r) => r.status === 201)).toHaveLength(2);
      const refused = results.filter((r) => r.status === 429);
      expect(refused).toHaveLength(4);
      for (const res of refused) expect(res.body).toEqual(TOO_MANY_SIGNUPS);
      const created = await server.db.selectFrom('users').select('id').where('email', 'like', '%@throttle-test.example').execute();
      expect(created).toHaveLength(2);
    });

    it('allows sign-ups again once the window has passed', async () => {
      expect((await register(server, uniqueEmail('first'))).status).toBe(201);
      expect((await register(server, uniqueEmail('second'))).status).toBe(201);
      expectThrottled(await register(server, uniqueEmail('third')), TOO_MANY_SIGNUPS, windowMs);
      await sleep(windowMs + 200);
      expect((await register(server, uniqueEmail('later'))).status).toBe(201);
    });

    it('does not block sign-in from the same address', async () => {
      const first = uniqueEmail('first');
      expect((await register(server, first)).status).toBe(201);
      expect((await register(server, uniqueEmail('second'))).status).toBe(201);
      expectThrottled(await register(server, uniqueEmail('third')), TOO_MANY_SIGNUPS, windowMs);
      const res = await login(server, first, 'Secret@123');
      expect(res.status).toBe(200);
    });
  });

  describe('per email', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(engine, { throttle: { registrationsPerAccount: 2, registrationsPerAddress: 1000, windowMs } });
    });
    afterAll(() => server.close());

    it('refuses the third sign-up attempt for one email (any case) with 429; other emails go on', async () => {
      const email = uniqueEmail('repeat');
      expect((await register(server, email)).status).toBe(201);
      const taken = await register(server, email.toUpperCase());
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Email is already registered');
      expectThrottled(await register(server, email), TOO_MANY_SIGNUPS, windowMs);
      expect((await register(server, uniqueEmail('another'))).status).toBe(201);
    });
  });
});

describe.each(ENGINES)('throttle counters in process memory (%s)', (engine) => {
  const windowMs = 5000;
  const limits = { loginFailuresPerAccount: 3, loginFailuresPerAddress: 1000, windowMs };
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestServer(engine, { throttle: limits }), startTestServer(engine, { throttle: limits })]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('without Redis, each API process counts on its own', async () => {
    const email = uniqueEmail('memory');
    const onA = await a.createUser('normal_user', { email });
    const onB = await b.createUser('normal_user', { email });
    await failLogins(a, email, 3);
    expectThrottled(await login(a, email, onA.password), TOO_MANY_LOGINS, windowMs);
    const res = await login(b, email, onB.password);
    expect(res.status).toBe(200);
  });
});

if (process.env.TEST_REDIS_URL) {
  const redisUrl = process.env.TEST_REDIS_URL;

  describe.each(ENGINES)('throttle counters shared through Redis (%s)', (engine) => {
    const windowMs = 2500;
    // Per-address limits high: every test process in every run shares 127.0.0.1's keys in Redis.
    const limits = {
      loginFailuresPerAccount: 3,
      loginFailuresPerAddress: 1_000_000,
      registrationsPerAccount: 2,
      registrationsPerAddress: 1_000_000,
      windowMs,
    };
    // What is tested here is the sharing. A Redis command that waits past its deadline makes a server
    // count on its own for a while (by design, see chaos-redis.test.ts); on a busy machine with PGlite
    // in this process, the default 500 ms can pass while the event loop is taken.
    const resilience = { redisTimeoutMs: 10_000 };
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      [a, b] = await Promise.all([
        startTestServer(engine, { throttle: limits, redisUrl, resilience }),
        startTestServer(engine, { throttle: limits, redisUrl, resilience }),
      ]);
    });
    afterAll(() => Promise.all([a.close(), b.close()]));

    /** Both servers count in Redis: a test that fails after this did not fail for want of Redis. */
    async function expectBothInRedis() {
      for (const server of [a, b]) expect((await server.get('/api/health')).body).toMatchObject({ redis: 'ok' });
    }

    /** The same account in both servers' databases (each test server has a database of its own). */
    async function accountOnBoth(label: string) {
      await expectBothInRedis();
      const email = uniqueEmail(label);
      const onA = await a.createUser('normal_user', { email });
      await b.createUser('normal_user', { email });
      return { email, password: onA.password };
    }

    it('failures through server A make server B answer 429', async () => {
      const { email, password } = await accountOnBoth('shared');
      await failLogins(a, email, 3);
      expectThrottled(await login(b, email, password), TOO_MANY_LOGINS, windowMs);
      expectThrottled(await login(a, email, password), TOO_MANY_LOGINS, windowMs);
    });

    it('failures split across A and B add up to the limit', async () => {
      const { email, password } = await accountOnBoth('split');
      await failLogins(a, email, 1);
      await failLogins(b, email, 1);
      await failLogins(a, email, 1);
      expectThrottled(await login(b, email, password), TOO_MANY_LOGINS, windowMs);
    });

    it('lets no more than 3 guesses through when 12 are sent at once to A and B together', async () => {
      const { email, password } = await accountOnBoth('burst');
      const { checked, refused } = await parallelFailures([a, b], () => email, 12);
      expect(checked).toBe(3);
      expect(refused).toBe(9);
      expectThrottled(await login(a, email, password), TOO_MANY_LOGINS, windowMs);
    });

    it('another account is not affected on either server', async () => {
      const locked = await accountOnBoth('locked');
      const other = await accountOnBoth('other');
      await failLogins(a, locked.email, 3);
      expectThrottled(await login(b, locked.email, locked.password), TOO_MANY_LOGINS, windowMs);
      expect((await login(a, other.email, other.password)).status).toBe(200);
      expect((await login(b, other.email, other.password)).status).toBe(200);
    });

    it('a successful sign-in on B clears the count that A sees', async () => {
      const { email, password } = await accountOnBoth('reset');
      await failLogins(a, email, 2);
      expect((await login(b, email, password)).status).toBe(200);
      await failLogins(a, email, 2);
      expect((await login(a, email, password)).status).toBe(200);
    });

    it('the lock ends for both servers once the window has passed', async () => {
      const { email, password } = await accountOnBoth('expires');
      await failLogins(b, email, 3);
      expectThrottled(await login(a, email, password), TOO_MANY_LOGINS, windowMs);
      await sleep(windowMs + 200);
      expect((await login(a, email, password)).status).toBe(200);
    });

    it('sign-up attempts for one email are counted across servers too', async () => {
      await expectBothInRedis();
      const email = uniqueEmail('signup');
      expect((await register(a, email)).status).toBe(201);
      // B's database does not have the account, so this one succeeds; it is the second attempt.
      expect((await register(b, email)).status).toBe(201);
      expectThrottled(await register(a, email), TOO_MANY_SIGNUPS, windowMs);
    });
  });
}
