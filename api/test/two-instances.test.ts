/**
 * Scale-out (README "Running several instances"): two API processes, started as `npm start` starts
 * one, over one PostgreSQL database and one Redis. Whatever one instance does, the other sees on
 * the very next request: ratings and store figures, a password change revoking older tokens, a role
 * change, a sign-out, a deletion (each instance holds the users it has seen, and drops one when
 * PostgreSQL announces a change of them), failed sign-ins counted towards one throttle. Needs TEST_DATABASE_URL and TEST_REDIS_URL
 * (CI sets both; `.ci/run`). The embedded database, by contrast, refuses a second process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../scripts/api-process';
import { createWorld, type World, WORLD_PASSWORD } from '../reliability/world';
import { openDatabase } from '../src/db/database';
import { killApi, type RunningApi, startApi } from './support/api-process';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// Long enough for the sign-ins below to fit in one window on a loaded machine.
const WINDOW_SECONDS = 10;
const FAILURES_PER_ACCOUNT = 3;

async function call(server: RunningServer, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const login = (server: RunningServer, email: string, password: string, role = 'normal_user') =>
  call(server, 'POST', '/api/auth/login', { body: { email, password, role } });

if (postgresUrl && redisUrl) {
  describe('two API instances over one PostgreSQL and one Redis', () => {
    let world: World;
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      world = await createWorld('postgres', { customers: 120, stores: 4 }, postgresUrl);
      const env = {
        ...world.env,
        REDIS_URL: redisUrl,
        THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
        LOGIN_MAX_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
        // Every test process reaches the API from 127.0.0.1: keep the per-address limit out of the way.
        LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
      };
      const started = await Promise.allSettled([startServer(env), startServer(env)]);
      const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      if (running.length < 2) {
        await Promise.all(running.map((s) => s.kill()));
        throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
      }
      [a, b] = running;
    }, 120_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await world?.destroy();
    });

    it('a rating written through one instance is read through the other, and so are its change and its deletion', async () => {
      const [customer] = world.customers;
      const store = world.storeIds[0];
      const created = await call(a, 'POST', `/api/ratings/${store}`, {
        token: customer.token,
        body: { rating: 4, comment: 'Written through A' },
      });
      expect(created.status).toBe(201);
      const readOnB = await call(b, 'GET', `/api/ratings/user/${store}`, { token: customer.token });
      expect(readOnB.body.rating).toMatchObject({ id: created.body.rating.id, rating: 4, comment: 'Written through A' });
      expect((await call(b, 'GET', `/api/stores/${store}`, { token: customer.token })).body.store).toMatchObject({
        total_ratings: 1,
        average_rating: 4,
      });

      const changed = await call(b, 'PUT', `/api/ratings/${created.body.rating.id}`, {
        token: customer.token,
        body: { rating: 2, comment: 'Changed through B' },
      });
      expect(changed.status).toBe(200);
      expect((await call(a, 'GET', `/api/ratings/user/${store}`, { token: customer.token })).body.rating).toMatchObject({
        rating: 2,
        comment: 'Changed through B',
      });

      expect((await call(a, 'DELETE', `/api/ratings/${created.body.rating.id}`, { token: customer.token })).status).toBe(200);
      expect((await call(b, 'GET', `/api/ratings/user/${store}`, { token: customer.token })).body).toEqual({ rating: null });
      expect((await call(b, 'GET', `/api/stores/${store}`, { token: customer.token })).body.store).toMatchObject({
        total_ratings: 0,
        average_rating: 0,
      });
    });

    it('100 customers rating one store at once, half through each instance: both answer the exact figures', async () => {
      const store = world.storeIds[1];
      const raters = world.customers.slice(10, 110);
      const answers = await Promise.all(
        raters.map((c, i) => call(i % 2 ? b : a, 'POST', `/api/ratings/${store}`, { token: c.token, body: { rating: 1 + (i % 5) } })),
      );
      expect(answers.map((r) => r.status)).toEqual(raters.map(() => 201));
      const expected = { total_ratings: 100, average_rating: 3, rating_distribution: { '1': 20, '2': 20, '3': 20, '4': 20, '5': 20 } };
      for (const server of [a, b])
        expect((await call(server, 'GET', `/api/stores/${store}`, { token: raters[0].token })).body.store).toMatchObject(expected);
    });

    it('a password change through one instance revokes the older token on the other at once; the new token works on both', async () => {
      const customer = world.customers[110];
      const before = await login(b, customer.email, WORLD_PASSWORD);
      expect(before.status).toBe(200);
      const changed = await call(a, 'PUT', '/api/auth/password', {
        token: before.body.token,
        body: { currentPassword: WORLD_PASSWORD, newPassword: 'Changed#2026' },
      });
      expect(changed.status).toBe(200);
      for (const server of [a, b]) {
        expect((await call(server, 'GET', '/api/auth/profile', { token: before.body.token })).status).toBe(401);
        expect((await call(server, 'GET', '/api/auth/profile', { token: customer.token })).status).toBe(401);
        expect((await call(server, 'GET', '/api/auth/profile', { token: changed.body.token })).status).toBe(200);
      }
      expect((await login(b, customer.email, WORLD_PASSWORD)).status).toBe(401);
      expect((await login(b, customer.email, 'Changed#2026')).status).toBe(200);
    });

    it('a role change through one instance takes effect on the other at the next request', async () => {
      const { admin } = world;
      const customer = world.customers[113];
      const { user } = (await call(a, 'GET', `/api/admin/users/${customer.id}`, { token: admin.token })).body;
      const edit = (role: string) => ({ token: admin.token, body: { name: user.name, email: user.email, address: user.address, role } });
      // Both instances know (and hold) the customer before the change.
      expect((await call(a, 'GET', '/api/admin/dashboard', { token: customer.token })).status).toBe(403);
      expect((await call(b, 'GET', '/api/admin/dashboard', { token: customer.token })).status).toBe(403);
      expect((await call(a, 'PUT', `/api/admin/users/${customer.id}`, edit('system_admin'))).status).toBe(200);
      expect((await call(b, 'GET', '/api/admin/dashboard', { token: customer.token })).status).toBe(200);
      expect((await call(b, 'PUT', `/api/admin/users/${customer.id}`, edit('normal_user'))).status).toBe(200);
      expect((await call(a, 'GET', '/api/admin/dashboard', { token: customer.token })).status).toBe(403);
    });

    it('a sign-out through one instance is refused by the other on the very next request; another session of the user goes on', async () => {
      const customer = world.customers[114];
      const session = (await login(a, customer.email, WORLD_PASSWORD)).body.token as string;
      // Both instances know the user (and hold them) before the sign-out.
      for (const server of [a, b]) expect((await call(server, 'GET', '/api/auth/profile', { token: session })).status).toBe(200);
      expect((await call(a, 'POST', '/api/auth/logout', { token: session })).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/profile', { token: session })).status).toBe(401);
      expect((await call(a, 'GET', '/api/auth/profile', { token: session })).status).toBe(401);
      for (const server of [a, b]) expect((await call(server, 'GET', '/api/auth/profile', { token: customer.token })).status).toBe(200);
    });

    it('a user deleted through one instance is refused by the other on the very next request, reads and writes alike', async () => {
      const { admin } = world;
      const customer = world.customers[115];
      for (const server of [a, b]) expect((await call(server, 'GET', '/api/auth/profile', { token: customer.token })).status).toBe(200);
      expect((await call(a, 'DELETE', `/api/admin/users/${customer.id}`, { token: admin.token })).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/profile', { token: customer.token })).status).toBe(401);
      const write = await call(b, 'POST', `/api/ratings/${world.storeIds[1]}`, { token: customer.token, body: { rating: 5 } });
      expect(write.status).toBe(401);
    });

    it('failed sign-ins through both instances add up to one limit; the real user gets in again on both once the window has passed', async () => {
      const customer = world.customers[111];
      const wrong = `Wrong#${randomBytes(3).toString('hex')}`;
      expect((await login(a, customer.email, wrong)).status).toBe(401);
      expect((await login(b, customer.email, wrong)).status).toBe(401);
      expect((await login(a, customer.email, wrong)).status).toBe(401);
      // The limit is reached across the two: even the right password is refused on both.
      for (const server of [b, a]) {
        const refused = await login(server, customer.email, WORLD_PASSWORD);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ message: 'Too many failed sign-in attempts. Please try again later.' });
      }
      // Another account is not affected.
      expect((await login(b, world.customers[112].email, WORLD_PASSWORD)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 300));
      expect((await login(b, customer.email, WORLD_PASSWORD)).status).toBe(200);
      expect((await login(a, customer.email, WORLD_PASSWORD)).status).toBe(200);
    });
  });
}

describe('the embedded database belongs to one instance at a time', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', { customers: 1, stores: 1 });
  });
  afterAll(() => world.destroy());

  it('a second instance on the same PGlite data directory refuses to start, saying why; after a crash of the first, the next one starts', async () => {
    const first = await startServer(world.env);
    try {
      await expect(startServer(world.env)).rejects.toThrow(
        /in use by another process \(pid \d+ on [^)]+\); PGlite serves one process at a time/,
      );
      expect((await call(first, 'GET', '/api/health')).body).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      await first.kill();
    }
    // The lock of a killed process is stale: taken over.
    const next = await startServer(world.env);
    try {
      expect((await call(next, 'GET', '/api/health')).body).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      expect(await next.stop()).toBe(0);
    }
  });

  /** SIGKILL to the server itself under `unshare` (its only child), then waits until both have gone. */
  const killInside = async (api: RunningApi) => {
    const [pid] = readFileSync(`/proc/${api.child.pid}/task/${api.child.pid}/children`, 'utf8').trim().split(/\s+/);
    if (pid) process.kill(Number(pid), 'SIGKILL');
    await killApi(api);
  };
  const canUnshare =
    process.getuid?.() === 0 && spawnSync('unshare', ['--pid', '--fork', '--kill-child', '--mount-proc', 'true']).status === 0;
  (canUnshare ? it : it.skip)(
    'two containers sharing the folder, each server PID 1 with its own /proc: the second is refused while the first lives (its PID 1 is not the same process)',
    async () => {
      const asPid1 = { prefix: ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc'] };
      const env = { ...world.env, SEED_DEMO_DATA: 'false' };
      const first = await startApi(env, asPid1);
      try {
        await expect(startApi(env, asPid1)).rejects.toThrow(
          /in use by another process \(pid 1 on [^)]+\); PGlite serves one process at a time/,
        );
        expect(await (await fetch(`${first.baseUrl}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
      } finally {
        await killInside(first);
      }
      // Killed: the next one (PID 1 again) takes over.
      const next = await startApi(env, asPid1);
      try {
        expect(await (await fetch(`${next.baseUrl}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
      } finally {
        await killInside(next);
      }
    },
    120_000,
  );
});

describe('the lock of the embedded database, in this process', () => {
  let base: string;
  let dataDir: string;
  let lockFile: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(tmpdir(), 'store-ratings-lock-'));
    dataDir = path.join(base, 'pglite');
    lockFile = `${dataDir}.lock`;
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  /** A process's PID and start time as /proc shows them (field 22 of /proc/<pid>/stat), and the boot id: what a lock names. */
  function procIdentity(pid: number | 'self') {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return {
      bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
      procDev: statSync('/proc').dev,
      procPid: Number(stat.split(' ', 1)[0]),
      startTicks: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19],
    };
  }
  const hasProc = existsSync('/proc/self/stat');

  it('a second database on the same folder in the same process is refused; once the first is closed, it opens', async () => {
    const first = await openDatabase({ pgliteDataDir: dataDir });
    try {
      await expect(openDatabase({ pgliteDataDir: dataDir })).rejects.toThrow(
        new RegExp(`in use by another process \\(pid ${process.pid} on `),
      );
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ pgliteDataDir: dataDir });
    await again.close();
  }, 60_000);

  it("a lock an older version left with this very process's PID is stale (this process did not write it): taken over", async () => {
    writeFileSync(lockFile, JSON.stringify({ host: hostname(), pid: process.pid }));
    const database = await openDatabase({ pgliteDataDir: dataDir });
    try {
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ host: hostname(), pid: process.pid });
    } finally {
      await database.close();
    }
  }, 60_000);

  (hasProc ? it : it.skip)(
    'without a socket to ask: a live holder (PID and start time match) is refused; its PID reused by another process (start time differs), ours included, is taken over',
    async () => {
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        const live = { host: hostname(), pid: sleeper.pid!, ...procIdentity(sleeper.pid!) };
        writeFileSync(lockFile, JSON.stringify(live));
        await expect(openDatabase({ pgliteDataDir: dataDir })).rejects.toThrow(
          new RegExp(`in use by another process \\(pid ${sleeper.pid} on `),
        );
        // The same PID, started at another time: another process than the one that wrote the lock.
        for (const reused of [
          { ...live, startTicks: '1' },
          { host: hostname(), pid: process.pid, ...procIdentity('self'), startTicks: '1' },
        ]) {
          writeFileSync(lockFile, JSON.stringify(reused));
          const database = await openDatabase({ pgliteDataDir: dataDir });
          await database.close();
        }
      } finally {
        sleeper.kill('SIGKILL');
      }
    },
    60_000,
  );

  it('a lock held on another host is refused (this host cannot tell whether its holder lives)', async () => {
    writeFileSync(lockFile, JSON.stringify({ host: `not-${hostname()}`, pid: process.pid }));
    await expect(openDatabase({ pgliteDataDir: dataDir })).rejects.toThrow(/in use by another process \(pid \d+ on not-/);
  });
});
