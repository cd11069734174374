/**
 * The site on the API's port (DESIGN.md §2): shell at /, remotes at /mf/<area>/, remotes.json,
 * cache headers, the page fallback, and 404s for unknown remote files and API routes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './support/test-server';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>';

function makeSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-ratings-site-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  write('shell/dist/index.html', INDEX_HTML);
  write('shell/dist/main.js', 'console.log("shell")');
  write('shell/dist/176.5fc74d5c.js', 'console.log("chunk")');
  write('shell/dist/remotes.json', JSON.stringify({ mf_auth: '/mf/auth/mf-manifest.json' }));
  write('mf-auth/dist/remoteEntry.js', 'console.log("remote entry")');
  write('mf-auth/dist/mf-manifest.json', '{"name":"mf_auth"}');
  write('mf-auth/dist/__federation_expose_LoginPage.94b2d430.js', 'console.log("login")');
  write('mf-auth/dist/403.8d555491.css', 'body{}');
  write('mf-stores/dist/remoteEntry.js', 'console.log("stores entry")');
  write('mf-unbuilt/README.md', 'no dist here');
  return dir;
}

describe('the site next to the API', () => {
  const siteDir = makeSite();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { siteDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('serves the shell at / with no-cache', async () => {
    const res = await server.get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.text).toBe(INDEX_HTML);
  });

  it.each(['/login', '/stores/12', '/admin/users', '/some/unknown/page'])('answers the page path %s with the shell, so client routes load', async (page) => {
    const res = await server.get(page);
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves /remotes.json with no-cache', async () => {
    const res = await server.get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mf_auth: '/mf/auth/mf-manifest.json' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('reads remotes.json on every request, so repointing a remote needs no restart', async () => {
    writeFileSync(path.join(siteDir, 'shell/dist/remotes.json'), JSON.stringify({ mf_auth: '/mf/auth/v2/mf-manifest.json' }));
    expect((await server.get('/remotes.json')).body).toEqual({ mf_auth: '/mf/auth/v2/mf-manifest.json' });
  });

  it.each([
    ['/main.js', 'no-cache'],
    ['/176.5fc74d5c.js', 'public, max-age=31536000, immutable'],
    ['/mf/auth/remoteEntry.js', 'no-cache'],
    ['/mf/auth/mf-manifest.json', 'no-cache'],
    ['/mf/auth/__federation_expose_LoginPage.94b2d430.js', 'public, max-age=31536000, immutable'],
    ['/mf/auth/403.8d555491.css', 'public, max-age=31536000, immutable'],
    ['/mf/stores/remoteEntry.js', 'no-cache'],
  ])('serves %s with Cache-Control %s', async (file, cacheControl) => {
    const res = await server.get(file);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(cacheControl);
  });

  it.each(['/mf/auth/nope.js', '/mf/unbuilt/remoteEntry.js', '/mf/nothing-here/remoteEntry.js'])('answers an unknown remote file %s with 404', async (file) => {
    const res = await server.get(file);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Route not found' });
  });

  it('keeps unknown API routes a JSON 404, not the shell', async () => {
    const res = await server.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Route not found' });
  });

  it('keeps the API working beside the site', async () => {
    expect((await server.get('/api/health')).body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers a page path on another method with 404, not the shell', async () => {
    const res = await server.post('/some/page', { body: {} });
    expect(res.status).toBe(404);
  });
});

describe('REMOTES_FILE', () => {
  const siteDir = makeSite();
  const remotesFile = path.join(siteDir, 'deployed-remotes.json');
  let server: TestServer;

  beforeAll(async () => {
    writeFileSync(remotesFile, JSON.stringify({ mf_auth: '/mf/auth/releases/7/mf-manifest.json' }));
    server = await startTestServer('pglite', { siteDir, remotesFile });
  });
  afterAll(async () => {
    await server.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('serves the configured remotes.json instead of the shell build’s', async () => {
    expect((await server.get('/remotes.json')).body).toEqual({ mf_auth: '/mf/auth/releases/7/mf-manifest.json' });
  });
});

describe('without a built site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('serves the API only: page paths are 404', async () => {
    expect((await server.get('/')).status).toBe(404);
    expect((await server.get('/login')).status).toBe(404);
    expect((await server.get('/api/health')).status).toBe(200);
  });
});

describe('published remote versions', () => {
  const siteDir = makeSite();
  const releasesDir = path.join(siteDir, 'releases');
  let server: TestServer;

  beforeAll(async () => {
    mkdirSync(path.join(releasesDir, 'mf-auth', '1.0.0-abc123'), { recursive: true });
    writeFileSync(path.join(releasesDir, 'mf-auth', '1.0.0-abc123', 'remoteEntry.js'), 'console.log("published entry")');
    writeFileSync(path.join(releasesDir, 'history.json'), '{}');
    server = await startTestServer('pglite', { siteDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('serves the shell build’s remotes.json while nothing is published', async () => {
    expect((await server.get('/remotes.json')).body).toEqual({ mf_auth: '/mf/auth/mf-manifest.json' });
  });

  it('serves a published file at /releases/<remote>/<version>/, cached for good (versions never change)', async () => {
    const res = await server.get('/releases/mf-auth/1.0.0-abc123/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('console.log("published entry")');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/releases/mf-auth/1.0.0-abc123/nope.js',
    '/releases/mf-auth/9.9.9/remoteEntry.js',
    '/releases/history.json',
    '/releases/mf-auth/..%2F..%2Fshell%2Fdist/index.html',
    '/releases/mf-auth/1.0.0-abc123/..%2F..%2Fhistory.json',
    '/releases/shell/1/index.html',
  ])('answers %s with a 4xx, never a file outside a published version nor the shell', async (url) => {
    const res = await server.get(url);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain('<html');
    expect(res.text).not.toBe('{}');
  });

  it('serves the remotes.json publishing wrote, read on every request', async () => {
    writeFileSync(path.join(releasesDir, 'remotes.json'), JSON.stringify({ mf_auth: '/releases/mf-auth/1.0.0-abc123/mf-manifest.json' }));
    expect((await server.get('/remotes.json')).body).toEqual({ mf_auth: '/releases/mf-auth/1.0.0-abc123/mf-manifest.json' });
    rmSync(path.join(releasesDir, 'remotes.json'));
    expect((await server.get('/remotes.json')).body).toEqual({ mf_auth: '/mf/auth/mf-manifest.json' });
  });
});
