/**
 * The API as a process, the way `npm start` runs it: configuration errors, demo data on an empty
 * database, persistence across restarts, graceful shutdown, and two instances starting together.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runApi, type RunningApi, startApi, stopApi } from './support/api-process';

const run = runApi;
const start = startApi;
const stop = stopApi;
type Running = RunningApi;

async function login(baseUrl: string, email: string, password: string, role: string) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function getJson(baseUrl: string, urlPath: string, token?: string) {
  const res = await fetch(baseUrl + urlPath, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

describe('configuration errors stop the process with a clear message', () => {
  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number from 0 to 65535/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL must be a URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  ])('%j', async (env, message) => {
    const proc = run(env as Record<string, string>);
    const code = await proc.exited;
    expect(code).not.toBe(0);
    expect(proc.output()).toMatch(message);
  });
});

describe('on the embedded database (PGlite in DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-ratings-process-'));
  let api: Running;

  beforeAll(async () => {
    // At debug the server logs each request as it arrives: the in-flight test below waits for those lines.
    api = await start({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
  }, 120_000);
  afterAll(async () => {
    if (api && api.child.exitCode === null) await stop(api);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers GET /api/health with a database round trip', async () => {
    expect(await getJson(api.baseUrl, '/api/health')).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
  });

  it.each([
    ['admin@example.com', 'Admin@1234', 'system_admin'],
    ['owner@example.com', 'Owner@1234', 'store_owner'],
    ['customer@example.com', 'Customer@1234', 'normal_user'],
  ])('seeds the demo account %s, which signs in with its role', async (email, password, role) => {
    const res = await login(api.baseUrl, email, password, role);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, role });
  });

  it('seeds at least 30 stores and a few hundred ratings, the demo owner owning several', async () => {
    const { body: auth } = await login(api.baseUrl, 'admin@example.com', 'Admin@1234', 'system_admin');
    const dashboard = await getJson(api.baseUrl, '/api/admin/dashboard', auth.token);
    expect(dashboard.body.statistics.totalStores).toBeGreaterThanOrEqual(30);
    expect(dashboard.body.statistics.totalRatings).toBeGreaterThanOrEqual(200);
    expect(dashboard.body.statistics.totalUsers).toBeGreaterThanOrEqual(10);
    const { body: owner } = await login(api.baseUrl, 'owner@example.com', 'Owner@1234', 'store_owner');
    const ownerDashboard = await getJson(api.baseUrl, '/api/owner/dashboard', owner.token);
    expect(ownerDashboard.body.stores.length).toBeGreaterThanOrEqual(3);
    expect(ownerDashboard.body.summary.totalRatings).toBeGreaterThan(0);
  });

  it('keeps a generated JWT secret in DATA_DIR, readable by its owner only', () => {
    const mode = statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('finishes in-flight requests on SIGTERM, exits 0, and keeps the data for the next start without seeding again', async () => {
    // Registration hashes a password (tens of ms each on the thread pool), so these are in flight together.
    const emails = Array.from({ length: 8 }, (_, i) => `inflight.${i}.${randomBytes(3).toString('hex')}@test.example`);
    const requests = emails.map((email) =>
      fetch(`${api.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'In Flight Request Tester', email, address: '1 Test Road', password: 'Flight@123' }),
      }).then((r) => r.status),
    );
    // Signal once the server has received every one of them (its request log says so), not before:
    // a connection whose request has not arrived yet is not in flight.
    const received = () => (api.output().match(/"url":"\/api\/auth\/register"[^\n]*"msg":"incoming request"/g) ?? []).length;
    while (received() < emails.length) await new Promise((r) => setTimeout(r, 2));
    api.child.kill('SIGTERM');
    const statuses = await Promise.all(requests);
    expect(statuses).toEqual(emails.map(() => 201));
    expect(await api.exited).toBe(0);
    expect(api.output()).toMatch(/shutting down/);

    const again = await start({ DATA_DIR: dataDir });
    try {
      for (const email of emails) expect((await login(again.baseUrl, email, 'Flight@123', 'normal_user')).status).toBe(200);
      const { body: auth } = await login(again.baseUrl, 'admin@example.com', 'Admin@1234', 'system_admin');
      const users = await getJson(again.baseUrl, '/api/admin/users?limit=1000&search=admin%40example.com', auth.token);
      expect(users.body.total).toBe(1);
      expect(again.output()).not.toMatch(/seeded demo data/);
    } finally {
      expect(await stop(again)).toBe(0);
    }
  }, 180_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  describe('on PostgreSQL (DATABASE_URL)', () => {
    const dbName = `store_ratings_proc_${randomBytes(4).toString('hex')}`;
    const url = new URL(postgresUrl);
    url.pathname = `/${dbName}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-ratings-process-pg-'));

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
    });
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('two instances starting together on an empty database migrate once, seed once, and share the data', async () => {
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
      const [a, b] = await Promise.all([start(env), start(env)]);
      try {
        const { body: auth } = await login(a.baseUrl, 'admin@example.com', 'Admin@1234', 'system_admin');
        const users = await getJson(b.baseUrl, '/api/admin/users?limit=1000', auth.token);
        expect(users.status).toBe(200);
        expect(users.body.users.filter((u: { email: string }) => u.email === 'admin@example.com')).toHaveLength(1);
        const seededLines = (a.output() + b.output()).match(/seeded demo data/g) ?? [];
        expect(seededLines).toHaveLength(1);
      } finally {
        expect(await stop(a)).toBe(0);
        expect(await stop(b)).toBe(0);
      }
    }, 180_000);
  });
}
