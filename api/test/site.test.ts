/**
 * The site on the API's port (DESIGN.md §2, §5): shell at /, remotes at /mf/<area>/, published
 * versions at /releases/<folder>/<version>/, /remotes.json chosen per browser (the sr_rollout cookie,
 * canaries, `$versions`), the live shell served from its release and switched without a restart,
 * cache headers, the page fallback, 404s for unknown remote files and API routes, and the
 * compressed copies of the site's text files that the build writes (never of the API's answers).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { BUILT_IN_VERSION, REMOTE_APPS, REMOTES_VERSIONS_KEY } from 'shared-contracts';
import { type Releases } from '../src/deployments/releases';
import { precompressDir, precompressFile } from '../../tools/precompress';
import { createFakeReleases, defaultRemotesJson, type FakeReleases, type FakeSite, writeShellBuild } from './support/fake-builds';
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

  it.each(['/login', '/stores/12', '/admin/users', '/some/unknown/page'])(
    'answers the page path %s with the shell, so client routes load',
    async (page) => {
      const res = await server.get(page);
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX_HTML);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves /remotes.json from the shell build’s, with the versions chosen, never cached', async () => {
    const res = await server.get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ mf_auth: '/mf/auth/mf-manifest.json', $versions: { shell: 'dist', mf_auth: 'dist' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reads the shell build’s remotes.json on every request, so repointing a remote needs no restart', async () => {
    writeFileSync(path.join(siteDir, 'shell/dist/remotes.json'), JSON.stringify({ mf_auth: '/mf/auth/v2/mf-manifest.json' }));
    expect((await server.get('/remotes.json')).body).toEqual({
      mf_auth: '/mf/auth/v2/mf-manifest.json',
      $versions: { shell: 'dist', mf_auth: 'dist' },
    });
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

  it.each(['/mf/auth/nope.js', '/mf/unbuilt/remoteEntry.js', '/mf/nothing-here/remoteEntry.js'])(
    'answers an unknown remote file %s with 404',
    async (file) => {
      const res = await server.get(file);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Route not found' });
    },
  );

  it('answers /robots.txt with rules for crawlers, not the app’s page (the API is not for crawling)', async () => {
    const res = await server.get('/robots.txt');
    expect([res.status, res.headers.get('content-type'), res.text]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'User-agent: *\nDisallow: /api/\n',
    ]);
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
    expect((await server.get('/remotes.json')).body).toEqual({
      mf_auth: '/mf/auth/releases/7/mf-manifest.json',
      $versions: { shell: 'dist', mf_auth: 'dist' },
    });
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

/** A browser's id as the sr_rollout cookie carries it. */
const browserId = (): string => randomBytes(16).toString('hex');
const asBrowser = (id: string) => ({ headers: { cookie: `sr_rollout=${id}` } });

describe('published remote versions', () => {
  let fake: FakeReleases;
  let server: TestServer;

  beforeAll(async () => {
    fake = createFakeReleases({ name: 'site-published' });
    fake.releases.publish('mf_auth', { version: '1.0.0-abc123', by: 'test' });
    server = await startTestServer('pglite', { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });

  it('serves a published file at /releases/<remote>/<version>/, cached for good (versions never change)', async () => {
    const res = await server.get('/releases/mf-auth/1.0.0-abc123/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe(fake.site.remotes.mf_auth.remoteEntry);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/releases/mf-auth/1.0.0-abc123/nope.js',
    '/releases/mf-auth/9.9.9/remoteEntry.js',
    '/releases/deployments.json',
    '/releases/mf-auth/..%2F..%2Fshell%2Fdist/index.html',
    '/releases/mf-auth/1.0.0-abc123/..%2F..%2Fdeployments.json',
    '/releases/mf-auth/1.0.0-abc123/..%2F..%2F..%2Fshell%2Fdist%2Findex.html',
    '/releases/shell/1/index.html',
  ])('answers %s with a 4xx, never a file outside a published version nor the shell', async (url) => {
    const res = await server.get(url);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain('<html');
    expect(res.text).not.toContain('"apps"');
  });

  it('points /remotes.json at the published version', async () => {
    const res = await server.get('/remotes.json');
    expect(res.body.mf_auth).toBe('/releases/mf-auth/1.0.0-abc123/mf-manifest.json');
    expect(res.body[REMOTES_VERSIONS_KEY].mf_auth).toBe('1.0.0-abc123');
  });
});

describe('/remotes.json per browser', () => {
  let fake: FakeReleases;
  let releases: Releases;
  let server: TestServer;
  /** A remote build of mf_stores of its own (all fit the site's shell). */
  const storesBuild = (name: string) => fake.remoteBuild(name, { app: 'mf_stores', marker: name });
  const allDist = Object.fromEntries(['shell', ...REMOTE_APPS].map((app) => [app, BUILT_IN_VERSION]));

  beforeAll(async () => {
    fake = createFakeReleases({ name: 'site-rollout' });
    releases = fake.releases;
    server = await startTestServer('pglite', { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });
  // Each test starts with nothing published (the server reads the state on every request).
  beforeEach(() => fake.clearReleases());

  it('is never cached, and names a new browser with an sr_rollout cookie (HttpOnly, SameSite=Lax, Path=/)', async () => {
    const res = await server.get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sr_rollout=[0-9a-f]{32}; /);
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax', 'HttpOnly']));
    expect(attributes.find((attribute) => attribute.startsWith('Max-Age='))).toBe('Max-Age=31536000');
    expect(attributes).not.toContain('Secure');
  });

  it('keeps the id a browser already has, among its other cookies', async () => {
    const id = browserId();
    for (const cookie of [`sr_rollout=${id}`, `theme=dark; sr_rollout=${id}; lang=en`]) {
      const res = await server.get('/remotes.json', { headers: { cookie } });
      expect([cookie, res.headers.get('set-cookie')]).toEqual([cookie, null]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('replaces an id that is not one it gave', async () => {
    for (const bad of ['nothex', 'ABCDEF0123456789ABCDEF0123456789', `${browserId()}00`, '']) {
      const res = await server.get('/remotes.json', { headers: { cookie: `sr_rollout=${bad}` } });
      expect([bad, res.headers.get('set-cookie')]).toEqual([bad, expect.stringMatching(/^sr_rollout=[0-9a-f]{32}; /)]);
    }
  });

  it('gives two new browsers two different ids', async () => {
    const first = (await server.get('/remotes.json')).headers.get('set-cookie')!.split(';')[0];
    const second = (await server.get('/remotes.json')).headers.get('set-cookie')!.split(';')[0];
    expect(first).not.toBe(second);
  });

  it('names every app’s version under $versions: dist while nothing is published', async () => {
    const res = await server.get('/remotes.json', asBrowser(browserId()));
    expect(res.body).toEqual({ ...defaultRemotesJson(), [REMOTES_VERSIONS_KEY]: allDist });
  });

  it('points a published remote at its version’s manifest, which the site serves for good', async () => {
    releases.publish('mf_stores', { from: storesBuild('v1'), version: 'v1', by: 'test' });
    const res = await server.get('/remotes.json', asBrowser(browserId()));
    expect(res.body).toEqual({
      ...defaultRemotesJson(),
      mf_stores: '/releases/mf-stores/v1/mf-manifest.json',
      [REMOTES_VERSIONS_KEY]: { ...allDist, mf_stores: 'v1' },
    });
    const manifest = await server.get('/releases/mf-stores/v1/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body.name).toBe('mf_stores');
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('splits browsers about evenly under a 50% canary, each browser always getting the same version', async () => {
    releases.publish('mf_stores', { from: storesBuild('v1'), version: 'v1', by: 'test' });
    releases.publish('mf_stores', { from: storesBuild('v2'), version: 'v2', canaryPercent: 50, by: 'test' });
    const ids = Array.from({ length: 300 }, browserId);
    const versionOf = async (id: string): Promise<string> => {
      const res = await server.get('/remotes.json', asBrowser(id));
      const version = res.body[REMOTES_VERSIONS_KEY].mf_stores as string;
      // What it loads is the version it is told it has.
      expect(res.body.mf_stores).toBe(`/releases/mf-stores/${version}/mf-manifest.json`);
      expect(res.body[REMOTES_VERSIONS_KEY].mf_auth).toBe(BUILT_IN_VERSION);
      return version;
    };
    const first = new Map<string, string>();
    for (const id of ids) first.set(id, await versionOf(id));
    for (const id of ids) expect([id, await versionOf(id)]).toEqual([id, first.get(id)]);

    expect(new Set(first.values())).toEqual(new Set(['v1', 'v2']));
    const share = [...first.values()].filter((version) => version === 'v2').length / ids.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
  });

  it('gives everyone the live version once the canary is aborted, and the canary once it is promoted', async () => {
    releases.publish('mf_stores', { from: storesBuild('v1'), version: 'v1', by: 'test' });
    releases.publish('mf_stores', { from: storesBuild('v2'), version: 'v2', canaryPercent: 50, by: 'test' });
    const ids = Array.from({ length: 100 }, browserId);
    const versions = async () =>
      Promise.all(ids.map(async (id) => (await server.get('/remotes.json', asBrowser(id))).body[REMOTES_VERSIONS_KEY].mf_stores as string));
    expect(new Set(await versions())).toEqual(new Set(['v1', 'v2']));

    releases.abort('mf_stores', 'test');
    expect(new Set(await versions())).toEqual(new Set(['v1']));

    releases.publish('mf_stores', { from: storesBuild('v3'), version: 'v3', canaryPercent: 50, by: 'test' });
    releases.promote('mf_stores', 'test');
    expect(new Set(await versions())).toEqual(new Set(['v3']));
  });

  it('starts from the live shell’s remotes.json, and names the live shell under $versions', async () => {
    const remotes = { ...defaultRemotesJson(), mf_auth: '/mf/auth/next/mf-manifest.json' };
    releases.publish('shell', { from: fake.shellBuild('shell-s2', { marker: 's2', remotes }), version: 's2', by: 'test' });
    const res = await server.get('/remotes.json', asBrowser(browserId()));
    expect(res.body).toEqual({ ...remotes, [REMOTES_VERSIONS_KEY]: { ...allDist, shell: 's2' } });
    // The shell's own build again after a rollback.
    releases.rollback('shell', 'test');
    expect((await server.get('/remotes.json', asBrowser(browserId()))).body).toEqual({
      ...defaultRemotesJson(),
      [REMOTES_VERSIONS_KEY]: allDist,
    });
  });
});

describe('/remotes.json with REMOTES_FILE', () => {
  const fromFile = {
    ...defaultRemotesJson(),
    mf_auth: 'https://cdn.example/auth/mf-manifest.json',
    mf_stores: 'https://cdn.example/stores/mf-manifest.json',
  };
  let fake: FakeReleases;
  let server: TestServer;

  beforeAll(async () => {
    fake = createFakeReleases({ name: 'site-remotes-file' });
    const remotesFile = path.join(fake.root, 'deployed-remotes.json');
    writeFileSync(remotesFile, JSON.stringify(fromFile));
    server = await startTestServer('pglite', { siteDir: fake.siteDir, releasesDir: fake.releasesDir, remotesFile });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });

  it('starts from REMOTES_FILE instead of the live shell’s remotes.json, published versions laid over it', async () => {
    expect((await server.get('/remotes.json', asBrowser(browserId()))).body).toMatchObject(fromFile);

    fake.releases.publish('mf_stores', { from: fake.remoteBuild('v1', { app: 'mf_stores' }), version: 'v1', by: 'test' });
    fake.releases.publish('shell', {
      from: fake.shellBuild('shell', { marker: 's2', remotes: { mf_auth: '/from/the/shell.json' } }),
      version: 's2',
      by: 'test',
    });
    const res = await server.get('/remotes.json', asBrowser(browserId()));
    expect(res.body).toEqual({
      ...fromFile,
      mf_stores: '/releases/mf-stores/v1/mf-manifest.json',
      [REMOTES_VERSIONS_KEY]: { shell: 's2', mf_auth: 'dist', mf_stores: 'v1', mf_admin: 'dist', mf_owner: 'dist', mf_customer: 'dist' },
    });
  });
});

describe('the live shell from its release', () => {
  let fake: FakeReleases;
  let site: FakeSite;
  let releases: Releases;
  let server: TestServer;
  /** A shell build of its own in the builds folder, published as version `name`. */
  const publishShell = (name: string) => {
    const build = writeShellBuild(path.join(fake.buildsDir, name), { marker: name, buildVersion: name });
    releases.publish('shell', { from: build.dir, version: name, by: 'test' });
    return build;
  };

  beforeAll(async () => {
    fake = createFakeReleases({ name: 'site-shell' });
    site = fake.site;
    releases = fake.releases;
    server = await startTestServer('pglite', { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });
  beforeEach(() => fake.clearReleases());

  it('serves the published shell at / and for page paths, its entry points revalidated', async () => {
    const s2 = publishShell('s2');
    expect(s2.indexHtml).not.toBe(site.shell.indexHtml);
    for (const page of ['/', '/login', '/stores/12', '/admin/deployments']) {
      const res = await server.get(page);
      expect([page, res.status, res.text, res.headers.get('cache-control')]).toEqual([page, 200, s2.indexHtml, 'no-cache']);
    }
    const main = await server.get('/main.js');
    expect([main.text, main.headers.get('cache-control')]).toEqual([s2.mainJs, 'no-cache']);
    const provides = await server.get('/provides.json');
    expect([provides.body, provides.headers.get('cache-control')]).toEqual([s2.provides, 'no-cache']);
  });

  it('serves the published shell’s hashed chunks for good', async () => {
    const s2 = publishShell('s2');
    const res = await server.get(`/${s2.chunk}`);
    expect([res.status, res.text, res.headers.get('cache-control')]).toEqual([200, s2.chunkJs, 'public, max-age=31536000, immutable']);
  });

  it('still serves the hashed chunks of the shell versions before it (pages loaded before the switch)', async () => {
    const s2 = publishShell('s2');
    const s3 = publishShell('s3');
    expect(new Set([site.shell.chunk, s2.chunk, s3.chunk]).size).toBe(3);
    for (const { chunk, chunkJs } of [site.shell, s2, s3]) {
      const res = await server.get(`/${chunk}`);
      expect([chunk, res.status, res.text, res.headers.get('cache-control')]).toEqual([
        chunk,
        200,
        chunkJs,
        'public, max-age=31536000, immutable',
      ]);
    }
    // Only hashed chunks come from other versions: the entry points are the live shell's.
    expect((await server.get('/main.js')).text).toBe(s3.mainJs);
  });

  it('answers a hashed chunk no shell version has with a 404, not the shell page (the chunk load fails clearly)', async () => {
    publishShell('s2');
    for (const url of ['/176.deadbeef.js', '/744.0badc0de.css']) {
      const res = await server.get(url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.text).not.toContain('<html');
    }
  });

  it('serves the shell before it again after a rollback, without a restart', async () => {
    const s2 = publishShell('s2');
    expect((await server.get('/')).text).toBe(s2.indexHtml);
    releases.rollback('shell', 'test');
    expect((await server.get('/')).text).toBe(site.shell.indexHtml);
    expect((await server.get('/stores')).text).toBe(site.shell.indexHtml);
    expect((await server.get('/main.js')).text).toBe(site.shell.mainJs);
    expect((await server.get('/provides.json')).body).toEqual(site.shell.provides);
    // A page of the rolled-back version still finds its chunks.
    expect((await server.get(`/${s2.chunk}`)).text).toBe(s2.chunkJs);
  });

  it('answers HEAD for the live shell like GET, without a body', async () => {
    const s2 = publishShell('s2');
    const head = await server.request('HEAD', '/');
    expect([head.status, head.text, head.headers.get('content-length')]).toEqual([200, '', String(Buffer.byteLength(s2.indexHtml))]);
  });
});

// ---------------------------------------------------------------------------------------------
// Compression of the site's text files (brotli or gzip by Accept-Encoding, identity otherwise), sent
// from the .br and .gz files the build writes beside them (tools/precompress.js, which these use too).
// These talk raw HTTP (node:http), because fetch would ask for and undo the compression itself.
// ---------------------------------------------------------------------------------------------

interface RawResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function rawRequest(
  baseUrl: string,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(urlPath, baseUrl), { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(result: RawResult): Buffer {
  const encoding = result.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(result.body);
  if (encoding === 'gzip') return gunzipSync(result.body);
  if (encoding === undefined) return result.body;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

/** Compressible text of about `lines` × 40 bytes, different for each `seed`. */
function sourceText(seed: string, lines = 600): string {
  return Array.from({ length: lines }, (_, i) => `export const ${seed}${i} = "${'abcdefghij'.repeat(1 + (i % 3))}";`).join('\n');
}

const IMMUTABLE_CC = 'public, max-age=31536000, immutable';

/** The compressed file beside a file, per Content-Encoding. */
const SIBLING = { br: '.br', gzip: '.gz' } as const;

/** The ETag @fastify/send gives the file it sends (size and mtime): a compressed file has its own. */
function etagOf(file: string): string {
  const stat = statSync(file);
  return `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
}

describe('compression of the site’s text files', () => {
  const siteDir = makeSite();
  const releasesDir = path.join(siteDir, 'releases');
  const file = (name: string) => path.join(siteDir, name);
  const BIG_INDEX_HTML = `<!doctype html><html><head><title>Store Ratings</title></head><body><div id="root"></div>\n<!-- ${sourceText('pad', 60)} -->\n<script src="/main.js"></script></body></html>`;
  let server: TestServer;

  beforeAll(async () => {
    const write = (name: string, content: string | Buffer) => {
      mkdirSync(path.dirname(file(name)), { recursive: true });
      writeFileSync(file(name), content);
    };
    write('shell/dist/index.html', BIG_INDEX_HTML);
    write('shell/dist/main.js', sourceText('shell'));
    write('shell/dist/478.0a1b2c3d.js', sourceText('vendor', 2000));
    write(
      'shell/dist/744.5345a2b5.css',
      Array.from({ length: 300 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)};margin:${i}px}`).join(
        '\n',
      ),
    );
    write(
      'shell/dist/logo.svg',
      `<svg xmlns="http://www.w3.org/2000/svg">${Array.from({ length: 100 }, (_, i) => `<circle cx="${i}" cy="${i}" r="${i}"/>`).join('')}</svg>`,
    );
    write('shell/dist/small.js', 'console.log("small")');
    write('shell/dist/photo.png', randomBytes(4096));
    write('shell/dist/font.0f1e2d3c.woff2', randomBytes(4096));
    write('shell/dist/data.json.gz', gzipSync(sourceText('data')));
    write('mf-auth/dist/remoteEntry.js', sourceText('remoteEntryV1'));
    write(
      'mf-auth/dist/mf-manifest.json',
      JSON.stringify({ name: 'mf_auth', exposes: Array.from({ length: 40 }, (_, i) => ({ id: `mf_auth:Page${i}`, path: `./Page${i}` })) }),
    );
    write('releases/mf-auth/2.0.0-abc/remoteEntry.js', sourceText('published'));
    // Compressed as every build does; then a file of a build made before that (nothing beside it).
    await precompressDir(siteDir);
    write('shell/dist/older-build.js', sourceText('older'));
    server = await startTestServer('pglite', { siteDir, releasesDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const get = (urlPath: string, headers: Record<string, string> = {}) => rawRequest(server.baseUrl, urlPath, { headers });

  describe.each<[string, keyof typeof SIBLING]>([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
  ])('Accept-Encoding: %s', (acceptEncoding, expected) => {
    it.each([
      ['/main.js', 'shell/dist/main.js', 'application/javascript; charset=utf-8', 'no-cache'],
      ['/478.0a1b2c3d.js', 'shell/dist/478.0a1b2c3d.js', 'application/javascript; charset=utf-8', IMMUTABLE_CC],
      ['/744.5345a2b5.css', 'shell/dist/744.5345a2b5.css', 'text/css; charset=utf-8', IMMUTABLE_CC],
      ['/logo.svg', 'shell/dist/logo.svg', 'image/svg+xml', 'no-cache'],
      ['/', 'shell/dist/index.html', 'text/html; charset=utf-8', 'no-cache'],
      ['/stores/12', 'shell/dist/index.html', 'text/html; charset=utf-8', 'no-cache'],
      ['/mf/auth/remoteEntry.js', 'mf-auth/dist/remoteEntry.js', 'application/javascript; charset=utf-8', 'no-cache'],
      ['/mf/auth/mf-manifest.json', 'mf-auth/dist/mf-manifest.json', 'application/json; charset=utf-8', 'no-cache'],
      [
        '/releases/mf-auth/2.0.0-abc/remoteEntry.js',
        'releases/mf-auth/2.0.0-abc/remoteEntry.js',
        'application/javascript; charset=utf-8',
        IMMUTABLE_CC,
      ],
    ])(
      `sends %s as ${expected}, with Vary, its own ETag and the usual Cache-Control`,
      async (urlPath, onDisk, contentType, cacheControl) => {
        const res = await get(urlPath, { 'accept-encoding': acceptEncoding });
        const original = readFileSync(file(onDisk));
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(expected);
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(res.headers['content-type']).toBe(contentType);
        expect(res.headers['cache-control']).toBe(cacheControl);
        expect(res.headers.etag).toBe(etagOf(file(onDisk) + SIBLING[expected]));
        expect(res.headers.etag).not.toBe(etagOf(file(onDisk)));
        expect(res.headers['last-modified']).toBe(statSync(file(onDisk)).mtime.toUTCString());
        expect(res.headers['accept-ranges']).toBe('bytes');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(res.body.length).toBeLessThan(original.length);
        expect(decode(res).equals(original)).toBe(true);
      },
    );
  });

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate'])(
    'sends the file’s own bytes for Accept-Encoding %s, still with Vary',
    async (acceptEncoding) => {
      const res = await get('/478.0a1b2c3d.js', acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
      const original = readFileSync(file('shell/dist/478.0a1b2c3d.js'));
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CC);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(Number(res.headers['content-length'])).toBe(original.length);
      expect(res.body.equals(original)).toBe(true);
    },
  );

  it('gives each encoding its own ETag and answers If-None-Match with 304 only for the representation it names', async () => {
    const etags: Record<string, string> = {};
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': encoding });
      etags[encoding] = String(res.headers.etag);
    }
    expect(new Set(Object.values(etags)).size).toBe(3);

    for (const encoding of ['br', 'gzip', 'identity']) {
      const notModified = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': encoding, 'if-none-match': etags[encoding] });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(etags[encoding]);
      expect(notModified.headers.vary).toBe('Accept-Encoding');
      expect(notModified.headers['cache-control']).toBe('no-cache');
      // @fastify/static names the encoding of the representation that is still fresh.
      expect(notModified.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);

      // Another representation's ETag does not match: the full answer in this encoding.
      const other = encoding === 'br' ? 'gzip' : 'br';
      const full = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': encoding, 'if-none-match': etags[other] });
      expect(full.status).toBe(200);
      expect(full.headers.etag).toBe(etags[encoding]);
      expect(full.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decode(full).equals(readFileSync(file('mf-auth/dist/remoteEntry.js')))).toBe(true);
    }

    // A list, weak or not, matches when one of its tags does.
    const listed = await get('/mf/auth/remoteEntry.js', {
      'accept-encoding': 'br',
      'if-none-match': `"nope", ${etags.br.replace(/^W\//, '')}`,
    });
    expect(listed.status).toBe(304);
  });

  it('answers If-Modified-Since with 304 in every encoding, and a reload (Cache-Control: no-cache) in full', async () => {
    const lastModified = statSync(file('shell/dist/main.js')).mtime.toUTCString();
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const res = await get('/main.js', { 'accept-encoding': encoding, 'if-modified-since': lastModified });
      expect(res.status).toBe(304);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers.etag).toBe(etagOf(file('shell/dist/main.js') + (encoding === 'identity' ? '' : SIBLING[encoding])));
    }
    const reload = await get('/main.js', { 'accept-encoding': 'br', 'if-modified-since': lastModified, 'cache-control': 'no-cache' });
    expect(reload.status).toBe(200);
    expect(reload.headers['content-encoding']).toBe('br');
  });

  it.each([
    ['br', '/478.0a1b2c3d.js'],
    ['gzip', '/478.0a1b2c3d.js'],
    ['identity', '/478.0a1b2c3d.js'],
    ['br', '/'],
    ['gzip', '/mf/auth/mf-manifest.json'],
    ['br', '/login'],
  ])('answers HEAD with %s for %s: the headers of GET, no body', async (encoding, urlPath) => {
    const getRes = await get(urlPath, { 'accept-encoding': encoding });
    const head = await rawRequest(server.baseUrl, urlPath, { method: 'HEAD', headers: { 'accept-encoding': encoding } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const header of ['content-encoding', 'content-length', 'content-type', 'etag', 'last-modified', 'cache-control', 'vary']) {
      expect([header, head.headers[header]]).toEqual([header, getRes.headers[header]]);
    }
    expect(Number(head.headers['content-length'])).toBe(getRes.body.length);
  });

  it('answers a Range request with a range of the representation it sends: the compressed file’s bytes, or the file’s own', async () => {
    const onDisk = file('shell/dist/478.0a1b2c3d.js');
    const original = readFileSync(onDisk);
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const representation = readFileSync(onDisk + (encoding === 'identity' ? '' : SIBLING[encoding]));
      const res = await get('/478.0a1b2c3d.js', { 'accept-encoding': encoding, range: 'bytes=100-299' });
      expect(res.status).toBe(206);
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers['content-range']).toBe(`bytes 100-299/${representation.length}`);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.equals(representation.subarray(100, 300))).toBe(true);
    }
    const unsatisfiable = await get('/478.0a1b2c3d.js', { 'accept-encoding': 'br', range: `bytes=${original.length + 10}-` });
    expect(unsatisfiable.status).toBe(416);
    // If-Range with a compressed ETag is not the identity representation: the whole file, as is.
    const compressed = await get('/478.0a1b2c3d.js', { 'accept-encoding': 'br' });
    const stale = await get('/478.0a1b2c3d.js', {
      'accept-encoding': 'identity',
      range: 'bytes=0-9',
      'if-range': String(compressed.headers.etag),
    });
    expect(stale.status).toBe(200);
    expect(stale.headers['content-encoding']).toBeUndefined();
    expect(stale.body.equals(original)).toBe(true);
  });

  it('sends a file’s new compressed bytes once it is compressed again (a remote rebuilt in place), the same ones until then', async () => {
    const entry = file('mf-auth/dist/remoteEntry.js');
    const before = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': 'br' });
    const again = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(again.body.equals(before.body)).toBe(true);

    // New content of another size.
    writeFileSync(entry, sourceText('remoteEntryV2', 700));
    utimesSync(entry, new Date(), new Date(Date.now() + 10_000));
    await precompressFile(entry);
    for (const encoding of ['br', 'gzip']) {
      const after = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': encoding });
      expect(after.status).toBe(200);
      expect(decode(after).toString()).toBe(sourceText('remoteEntryV2', 700));
      expect(after.headers.etag).not.toBe(before.headers.etag);
    }
    const oldTag = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': 'br', 'if-none-match': String(before.headers.etag) });
    expect(oldTag.status).toBe(200);

    // New content of the same size: the mtime tells.
    const sameSize = sourceText('remoteEntryV3', 700);
    expect(sameSize.length).toBe(sourceText('remoteEntryV2', 700).length);
    writeFileSync(entry, sameSize);
    utimesSync(entry, new Date(), new Date(Date.now() + 20_000));
    await precompressFile(entry);
    const latest = await get('/mf/auth/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(decode(latest).toString()).toBe(sameSize);

    // index.html too, through the page fallback.
    const html = BIG_INDEX_HTML.replace('Store Ratings', 'Store Ratings v2');
    writeFileSync(file('shell/dist/index.html'), html);
    utimesSync(file('shell/dist/index.html'), new Date(), new Date(Date.now() + 10_000));
    await precompressFile(file('shell/dist/index.html'));
    expect(decode(await get('/stores', { 'accept-encoding': 'gzip' })).toString()).toBe(html);
  });

  it.each([
    ['/small.js', 'a text file under 1 KiB'],
    ['/photo.png', 'an image'],
    ['/font.0f1e2d3c.woff2', 'a font'],
    ['/data.json.gz', 'an already compressed file'],
    ['/older-build.js', 'a text file of a build made before the build compressed them'],
  ])('sends %s (%s) as it is: nothing compressed lies beside it', async (urlPath) => {
    const beside = readdirSync(file('shell/dist')).filter((name) => name.startsWith(`${urlPath.slice(1)}.`));
    expect(beside).toEqual([]);
    const res = await get(urlPath, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.equals(readFileSync(file(`shell/dist${urlPath}`)))).toBe(true);
  });

  // @fastify/static's choice: the acceptable one of br and gzip with the higher q (brotli on a tie), `*` as gzip.
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0.1', 'gzip'],
    ['br;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', 'identity'],
    ['x-gzip', 'identity'],
    ['GZIP', 'gzip'],
    ['deflate, identity', 'identity'],
    ['br ; q=0.5', 'br'],
    ['br;q=abc', 'identity'],
  ])('answers Accept-Encoding %p with %s', async (acceptEncoding, expected) => {
    const res = await get('/478.0a1b2c3d.js', acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding'] ?? 'identity').toBe(expected);
    expect(decode(res).equals(readFileSync(file('shell/dist/478.0a1b2c3d.js')))).toBe(true);
  });

  it('answers a request for a compressed file itself with its bytes as they are, under its file’s cache rule', async () => {
    for (const [urlPath, cacheControl] of [
      ['/478.0a1b2c3d.js.br', IMMUTABLE_CC],
      ['/main.js.gz', 'no-cache'],
      ['/mf/auth/remoteEntry.js.br', 'no-cache'],
    ]) {
      const res = await get(urlPath, { 'accept-encoding': 'br, gzip' });
      expect([urlPath, res.status, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([
        urlPath,
        200,
        undefined,
        cacheControl,
      ]);
      const onDisk = urlPath.startsWith('/mf/auth/') ? `mf-auth/dist/${urlPath.slice('/mf/auth/'.length)}` : `shell/dist${urlPath}`;
      expect(res.body.equals(readFileSync(file(onDisk)))).toBe(true);
    }
    // One of a hashed chunk no shell version has is a 404, like the chunk.
    expect((await get('/176.deadbeef.js.br', { 'accept-encoding': 'br' })).status).toBe(404);
  });

  it.each(['/api/health', '/api/docs/json', '/api/nope'])('leaves the API answer %s uncompressed', async (urlPath) => {
    const res = await get(urlPath, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(() => JSON.parse(res.body.toString())).not.toThrow();
  });

  it('answers unknown files with the same 404s as without compression', async () => {
    expect((await get('/mf/auth/nope.js', { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await get('/releases/mf-auth/2.0.0-abc/nope.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('a published version', () => {
  let fake: FakeReleases;
  let server: TestServer;
  const VERSION = '3.0.0-compressed';

  beforeAll(async () => {
    fake = createFakeReleases({ name: 'site-published-compressed' });
    const build = fake.remoteBuild('auth-compressed', { app: 'mf_auth', marker: 'compressed' });
    await precompressDir(build);
    fake.releases.publish('mf_auth', { from: build, version: VERSION, by: 'test' });
    server = await startTestServer('pglite', { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });

  it('keeps the compressed files of its build, and the site sends them', async () => {
    const onDisk = path.join(fake.releasesDir, 'mf-auth', VERSION, 'mf-manifest.json');
    for (const encoding of ['br', 'gzip'] as const) {
      expect(statSync(onDisk + SIBLING[encoding]).isFile()).toBe(true);
      const res = await rawRequest(server.baseUrl, `/releases/mf-auth/${VERSION}/mf-manifest.json`, {
        headers: { 'accept-encoding': encoding },
      });
      expect([res.status, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([200, encoding, IMMUTABLE_CC]);
      expect(decode(res).equals(readFileSync(onDisk))).toBe(true);
    }
  });
});

describe('the build’s compression (tools/precompress.js)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-ratings-precompress-'));
  const at = (name: string) => path.join(dir, name);
  const write = (name: string, content: string | Buffer) => {
    mkdirSync(path.dirname(at(name)), { recursive: true });
    writeFileSync(at(name), content);
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a .br and a .gz beside each text file of 1 KiB or more, when smaller, with the file’s mtime', async () => {
    const text = ['a.js', 'page.html', 'styles.css', 'data.json', 'logo.svg', 'nested/deeper/b.mjs', 'LICENSE.txt'];
    for (const name of text) write(name, sourceText(name.replace(/\W/g, '')));
    write('small.js', 'console.log("small")');
    write('noise.js', randomBytes(4096));
    write('photo.png', randomBytes(4096));
    write('a.js.map', sourceText('map'));

    const written = await precompressDir(dir);
    expect(written.map((name) => path.relative(dir, name)).sort()).toEqual(text.flatMap((name) => [`${name}.br`, `${name}.gz`]).sort());
    for (const name of text) {
      expect(brotliDecompressSync(readFileSync(at(`${name}.br`))).equals(readFileSync(at(name)))).toBe(true);
      expect(gunzipSync(readFileSync(at(`${name}.gz`))).equals(readFileSync(at(name)))).toBe(true);
      for (const sibling of [`${name}.br`, `${name}.gz`]) {
        expect([sibling, statSync(at(sibling)).mtime.toUTCString()]).toEqual([sibling, statSync(at(name)).mtime.toUTCString()]);
      }
    }
    expect(readdirSync(dir).filter((name) => name.endsWith('.br') || name.endsWith('.gz')).length).toBe(12);
  });

  it('replaces them when the file changes, and removes them once the file is too small or gone', async () => {
    const target = at('c.js');
    write('c.js', sourceText('c1'));
    await precompressFile(target);
    write('c.js', sourceText('c2'));
    await precompressFile(target);
    expect(brotliDecompressSync(readFileSync(`${target}.br`)).toString()).toBe(sourceText('c2'));
    expect(gunzipSync(readFileSync(`${target}.gz`)).toString()).toBe(sourceText('c2'));

    write('c.js', 'small now');
    expect(await precompressFile(target)).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.startsWith('c.js.'))).toEqual([]);

    write('d.js', sourceText('d'));
    await precompressFile(at('d.js'));
    rmSync(at('d.js'));
    await precompressFile(at('d.js'));
    expect(readdirSync(dir).filter((name) => name.startsWith('d.js'))).toEqual([]);
  });
});

describe('source maps are not served', () => {
  const MAP = JSON.stringify({ version: 3, sources: ['webpack://app/./src/secret-internals.ts'], names: [], mappings: 'AAAA' });
  let fake: FakeReleases;
  let server: TestServer;
  const AUTH_RELEASE = '2.0.0-maps';
  let releasedAuthChunk = '';

  /** Writes `<file>.map` next to each file in `dir` (which must be there). */
  const addMaps = (dir: string, files: string[]) => {
    for (const file of files) {
      statSync(path.join(dir, file));
      writeFileSync(path.join(dir, `${file}.map`), MAP);
    }
  };

  /** Every path answers 404 (GET and HEAD) without the map, while the file the map sits next to is served. */
  async function expectMapsRefused(paths: string[]) {
    for (const url of paths) {
      const file = await server.get(url.replace(/\.map$/, ''));
      expect([url, 'file', file.status]).toEqual([url, 'file', 200]);
      for (const variant of [url, url.replace(/\.map$/, '.%6Dap'), url.replace(/\.map$/, '%2Emap')]) {
        const res = await server.get(variant);
        expect([variant, res.status]).toEqual([variant, 404]);
        expect(res.text).not.toContain('mappings');
        expect(res.text).not.toContain('<html');
        expect((await server.request('HEAD', variant)).status).toBe(404);
      }
    }
  }

  beforeAll(async () => {
    fake = createFakeReleases({ name: 'site-maps' });
    const { shell, remotes } = fake.site;
    addMaps(shell.dir, [shell.chunk, 'main.js']);
    addMaps(remotes.mf_auth.dir, [remotes.mf_auth.chunk, 'remoteEntry.js']);
    const authBuild = fake.remoteBuild('auth-maps', { app: 'mf_auth', marker: 'maps' });
    releasedAuthChunk = readdirSync(authBuild).find((name) => /\.[0-9a-f]{8}\.js$/.test(name))!;
    addMaps(authBuild, [releasedAuthChunk, 'remoteEntry.js']);
    fake.releases.publish('mf_auth', { from: authBuild, version: AUTH_RELEASE, by: 'test' });
    statSync(path.join(fake.releasesDir, 'mf-auth', AUTH_RELEASE, `${releasedAuthChunk}.map`));
    server = await startTestServer('pglite', { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });

  it('answers 404 for a .map next to the shell’s and a remote’s files, and next to a published remote version’s', async () => {
    const { shell, remotes } = fake.site;
    await expectMapsRefused([
      `/${shell.chunk}.map`,
      '/main.js.map',
      `/mf/auth/${remotes.mf_auth.chunk}.map`,
      '/mf/auth/remoteEntry.js.map',
      `/releases/mf-auth/${AUTH_RELEASE}/${releasedAuthChunk}.map`,
      `/releases/mf-auth/${AUTH_RELEASE}/remoteEntry.js.map`,
    ]);
  });

  it('answers 404 for a .map next to a published shell’s files, and next to the chunks of the shell before it', async () => {
    const build = writeShellBuild(path.join(fake.buildsDir, 'shell-maps'), { marker: 'maps', buildVersion: 'maps' });
    addMaps(build.dir, [build.chunk, 'main.js']);
    fake.releases.publish('shell', { from: build.dir, version: 'maps', by: 'test' });
    expect((await server.get('/main.js')).text).toBe(build.mainJs);
    await expectMapsRefused([`/${build.chunk}.map`, '/main.js.map', `/${fake.site.shell.chunk}.map`]);
  });
});
