/**
 * Headers every answer carries, as a client and the caches between it and the server see them
 * (issue 14): API answers, which carry personal data (profile, users, dashboards, tokens), are never
 * stored by a browser or a proxy (`Cache-Control: no-store`) unless a route sets its own; the site's
 * files keep theirs. Strict-Transport-Security only on answers to requests that came over HTTPS, as a
 * trusted proxy tells it (`X-Forwarded-Proto`), never over plain HTTP.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ZodApp } from '../src/app-context';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { type CreatedUser, ENGINES, type HttpResult, startTestServer, testConfig, type TestServer } from './support/test-server';

const cacheControlOf = (res: HttpResult) => res.headers.get('cache-control');

describe.each(ENGINES)('Cache-Control on API answers (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
    owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
    await server.createStore(owner.id);
  });
  afterAll(() => server.close());

  it.each([
    ['the profile', 'GET', '/api/auth/profile', 'customer', 200],
    ['the admin users list', 'GET', '/api/admin/users', 'admin', 200],
    ['a user as the admin sees it', 'GET', '/api/admin/users/:customer', 'admin', 200],
    ['the admin dashboard', 'GET', '/api/admin/dashboard', 'admin', 200],
    ['the owner dashboard', 'GET', '/api/owner/dashboard', 'owner', 200],
    ['the users dashboard', 'GET', '/api/users/dashboard', 'customer', 200],
    ['my ratings', 'GET', '/api/users/ratings', 'customer', 200],
    ['the store list', 'GET', '/api/stores', 'customer', 200],
    ['a 401 (no token)', 'GET', '/api/auth/profile', 'nobody', 401],
    ['a 403 (wrong role)', 'GET', '/api/admin/users', 'customer', 403],
    ['a 404 of an unknown API route', 'GET', '/api/no-such-thing', 'customer', 404],
    ['health', 'GET', '/api/health', 'nobody', 200],
  ])('%s: Cache-Control: no-store', async (_label, method, urlPath, who, status) => {
    const token = { admin, owner, customer, nobody: undefined }[who as 'admin' | 'owner' | 'customer' | 'nobody']?.token;
    const res = await server.request(method, urlPath.replace(':customer', String(customer.id)), { token });
    expect(res.status).toBe(status);
    expect(cacheControlOf(res)).toBe('no-store');
  });

  it('a sign-in, which answers a token: Cache-Control: no-store, also for a wrong password and a 400', async () => {
    const ok = await server.post('/api/auth/login', { body: { email: customer.email, password: customer.password, role: 'normal_user' } });
    expect(ok.status).toBe(200);
    expect(cacheControlOf(ok)).toBe('no-store');
    const wrong = await server.post('/api/auth/login', { body: { email: customer.email, password: 'Wrong@1234', role: 'normal_user' } });
    expect(wrong.status).toBe(401);
    expect(cacheControlOf(wrong)).toBe('no-store');
    const invalid = await server.post('/api/auth/login', { rawBody: '{"email":' });
    expect(invalid.status).toBe(400);
    expect(cacheControlOf(invalid)).toBe('no-store');
  });
});

describe('the site’s files keep their own Cache-Control', () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'store-ratings-headers-site-'));
  let server: TestServer;

  beforeAll(async () => {
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
      writeFileSync(path.join(siteDir, file), content);
    };
    write('shell/dist/index.html', '<!doctype html><html><body><div id="root"></div></body></html>');
    write('shell/dist/main.js', 'console.log("shell")');
    write('shell/dist/176.5fc74d5c.js', 'console.log("chunk")');
    write('shell/dist/remotes.json', JSON.stringify({ mf_auth: '/mf/auth/mf-manifest.json' }));
    write('mf-auth/dist/remoteEntry.js', 'console.log("remote entry")');
    write('mf-auth/dist/__federation_expose_LoginPage.94b2d430.js', 'console.log("login")');
    server = await startTestServer('pglite', { siteDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'no-cache'],
    ['/stores/12', 'no-cache'],
    ['/main.js', 'no-cache'],
    ['/176.5fc74d5c.js', 'public, max-age=31536000, immutable'],
    ['/mf/auth/remoteEntry.js', 'no-cache'],
    ['/mf/auth/__federation_expose_LoginPage.94b2d430.js', 'public, max-age=31536000, immutable'],
    ['/remotes.json', 'no-store'],
  ])('%s: %s', async (urlPath, cacheControl) => {
    const res = await server.get(urlPath);
    expect(res.status).toBe(200);
    expect(cacheControlOf(res)).toBe(cacheControl);
  });

  it('while the API beside them answers no-store', async () => {
    const res = await server.get('/api/health');
    expect(cacheControlOf(res)).toBe('no-store');
  });
});

/** TRUST_PROXY as config.ts reads it, trusting the address this test connects from (127.0.0.1) as the proxy. */
const trustingThisMachine = (): Config['trustProxy'] => loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy;

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-ratings-hsts-'));
  const servers: ZodApp[] = [];

  /** The API on PGlite in memory, with `trustProxy`; its base URL. */
  async function start(trustProxy: Config['trustProxy']): Promise<string> {
    const app = await buildApp({ config: { ...testConfig(dataDir), trustProxy }, database: await openDatabase({}), logger: false });
    servers.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
  const hstsOf = async (baseUrl: string, urlPath: string, headers: Record<string, string> = {}) => {
    const res = await fetch(baseUrl + urlPath, { headers });
    await res.text();
    return { status: res.status, hsts: res.headers.get('strict-transport-security'), nosniff: res.headers.get('x-content-type-options') };
  };

  let direct: string;
  let behindProxy: string;
  beforeAll(async () => {
    direct = await start(loadConfig({}).trustProxy);
    behindProxy = await start(trustingThisMachine());
  });
  afterAll(async () => {
    for (const app of servers) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['/api/health', '/api/auth/profile', '/api/no-such-thing'])(
    'is not sent over plain HTTP (%s), the other security headers are',
    async (urlPath) => {
      const res = await hstsOf(direct, urlPath);
      expect(res.hsts).toBeNull();
      expect(res.nosniff).toBe('nosniff');
    },
  );

  it('is not sent when a client that is not a trusted proxy says X-Forwarded-Proto: https', async () => {
    expect((await hstsOf(direct, '/api/health', { 'x-forwarded-proto': 'https' })).hsts).toBeNull();
  });

  it.each(['/api/health', '/api/auth/profile', '/api/no-such-thing'])(
    'is sent when a trusted proxy says the request came over HTTPS (%s)',
    async (urlPath) => {
      const res = await hstsOf(behindProxy, urlPath, { 'x-forwarded-proto': 'https' });
      expect(res.hsts).toBe(HSTS);
      expect(res.nosniff).toBe('nosniff');
    },
  );

  it('is not sent when the trusted proxy says plain HTTP, or says nothing', async () => {
    expect((await hstsOf(behindProxy, '/api/health', { 'x-forwarded-proto': 'http' })).hsts).toBeNull();
    expect((await hstsOf(behindProxy, '/api/health')).hsts).toBeNull();
  });
});
