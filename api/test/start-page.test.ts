/**
 * A page's HTML with its first visit's needs written in (issue 16, api/src/http/start-page.ts): the
 * remotes chosen for this browser and the route's remote manifest as start data, preload hints for the
 * shell's start files and the route's remote files, the inline profile check allowed by its hash in the
 * Content-Security-Policy; per browser, so canaries keep working; a shell built without start.json gets
 * its index.html as a file (site.test.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_IN_VERSION, EARLY_PROFILE_SCRIPT, REMOTES_VERSIONS_KEY, START_DATA_ELEMENT_ID, type StartData } from 'shared-contracts';
import { createFakeReleases, defaultRemotesJson, type FakeReleases, type FakeRemoteManifest } from './support/fake-builds';
import { startTestServer, type TestServer } from './support/test-server';

const SHELL_FILES = ['165.0a1b2c3d.js', '850.1a2b3c4d.css', '850.5e6f7a8b.js'];
/** The shared libraries the fake shell provides, by its mf-manifest.json: not shared-contracts/ui. */
const SHELL_SHARES = ['react', 'react/jsx-runtime', 'react-dom', 'react-hot-toast', 'axios', 'shared-contracts', 'shared-contracts/react'];

const browserId = (): string => randomBytes(16).toString('hex');
const asBrowser = (id: string, headers: Record<string, string> = {}) => ({ headers: { cookie: `sr_rollout=${id}`, ...headers } });

function startDataOf(html: string): StartData {
  const match = new RegExp(`<script id="${START_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  if (!match) throw new Error(`no start data in ${html}`);
  return JSON.parse(match[1]) as StartData;
}

const preloadsOf = (html: string): string[] =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(script|style)">/g)].map((m) => `${m[2]} ${m[1]}`);

describe('a page’s start data and hints', () => {
  let fake: FakeReleases;
  let server: TestServer;
  let storesManifest: FakeRemoteManifest;

  beforeAll(async () => {
    fake = createFakeReleases({ name: 'start-page' });
    const shellDir = path.join(fake.siteDir, 'shell', 'dist');
    const pages = {
      '/login': { remote: 'mf_auth', module: 'LoginPage', title: 'Sign In', skeleton: 'auth', access: 'signed-out' },
      '/stores': { remote: 'mf_stores', module: 'StoreListPage', title: 'Stores', skeleton: 'cards', access: 'signed-in' },
      '/stores/:id': { remote: 'mf_stores', module: 'StoreDetailPage', title: 'Store', skeleton: 'detail', access: 'signed-in' },
    };
    writeFileSync(path.join(shellDir, 'start.json'), JSON.stringify({ files: SHELL_FILES, pages }));
    writeFileSync(path.join(shellDir, 'mf-manifest.json'), JSON.stringify({ shared: SHELL_SHARES.map((name) => ({ name })) }));
    // The stores remote's manifest with a file of its own per shared library and per page.
    storesManifest = fake.site.remotes.mf_stores.manifest;
    const assets = (js: string[], css: string[] = []) => ({ js: { async: ['999.async.js'], sync: js }, css: { async: [], sync: css } });
    storesManifest.shared = storesManifest.shared.map((shared) => ({
      ...shared,
      assets: assets([`shared-${shared.name.replace(/\W/g, '-')}.js`]),
    }));
    storesManifest.exposes = storesManifest.exposes.map((expose) => ({
      ...expose,
      assets: assets([`${expose.name}.js`], [`${expose.name}.css`]),
    }));
    writeFileSync(path.join(fake.siteDir, 'mf-stores', 'dist', 'mf-manifest.json'), JSON.stringify(storesManifest));
    server = await startTestServer('pglite', { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });
  beforeEach(() => fake.clearReleases());

  it('writes this browser’s remotes and the route’s remote manifest into the page, as /remotes.json gives them', async () => {
    const id = browserId();
    const page = await server.get('/stores/12', asBrowser(id));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const data = startDataOf(page.text);
    expect(data.remotes).toEqual((await server.get('/remotes.json', asBrowser(id))).body);
    expect(data.manifests).toEqual({ '/mf/stores/mf-manifest.json': storesManifest });
    // The shell's page is all there around it.
    expect(page.text).toMatch(/<div id="root">.*<\/div><script src="\/main.js"><\/script><\/body><\/html>$/);
  });

  it('paints the route’s layout in grey before any script runs, hidden from screen readers, and names the tab', async () => {
    const root = (html: string) => /<div id="root">(.*)<\/div><script/.exec(html)![1];
    const stores = await server.get('/stores', asBrowser(browserId()));
    expect(root(stores.text)).toMatch(/^<div class="sr-boot" aria-hidden="true"><div class="sr-boot-bar">.*Store Ratings.*sr-boot-grid/);
    expect(stores.text).toContain('<title>Stores · Store Ratings</title>');
    expect(stores.text).toMatch(/<style>body\{margin:0;background:#f6f7fb;.*<\/style>/);
    // A signed-out page has no bar.
    const login = await server.get('/login', asBrowser(browserId()));
    expect(root(login.text)).toMatch(/^<div class="sr-boot sr-boot-auth" aria-hidden="true">/);
    expect(login.text).toContain('<title>Sign In · Store Ratings</title>');
    // A path of the shell's own: a dashboard's layout, the site's name.
    const home = await server.get('/dashboard', asBrowser(browserId()));
    expect(root(home.text)).toContain('sr-boot-grid');
    expect(home.text).toContain('<title>Store Ratings</title>');
  });

  it('hints the shell’s start files, and gives the page the route’s remote files (entry, page, shared libraries the shell lacks) with who may open it', async () => {
    const page = await server.get('/stores/12', asBrowser(browserId()));
    expect(preloadsOf(page.text)).toEqual(['script /165.0a1b2c3d.js', 'style /850.1a2b3c4d.css', 'script /850.5e6f7a8b.js']);
    // The area's own files are the inline script's to preload, only for a visitor the guard lets in.
    expect(startDataOf(page.text).route).toEqual({
      access: 'signed-in',
      preload: [
        { href: '/mf/stores/remoteEntry.js', as: 'script' },
        { href: '/mf/stores/StoreDetailPage.js', as: 'script' },
        { href: '/mf/stores/StoreDetailPage.css', as: 'style' },
        { href: '/mf/stores/shared-shared-contracts-ui.js', as: 'script' },
      ],
    });
    // The list page names its own page module; the sign-in page is for signed-out visitors.
    expect(startDataOf((await server.get('/stores', asBrowser(browserId()))).text).route?.preload).toContainEqual({
      href: '/mf/stores/StoreListPage.js',
      as: 'script',
    });
    expect(startDataOf((await server.get('/login', asBrowser(browserId()))).text).route?.access).toBe('signed-out');
  });

  it('writes no manifest and hints only the shell on a path no remote renders', async () => {
    for (const urlPath of ['/', '/dashboard', '/some/unknown/page', '/stores/12/more']) {
      const page = await server.get(urlPath, asBrowser(browserId()));
      expect([urlPath, startDataOf(page.text).manifests, startDataOf(page.text).route]).toEqual([urlPath, {}, undefined]);
      expect([urlPath, preloadsOf(page.text)]).toEqual([
        urlPath,
        ['script /165.0a1b2c3d.js', 'style /850.1a2b3c4d.css', 'script /850.5e6f7a8b.js'],
      ]);
    }
  });

  it('names a new browser with the rollout cookie, and keeps the id a browser has', async () => {
    const fresh = await server.get('/login');
    const cookie = fresh.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sr_rollout=[0-9a-f]{32}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
    const id = browserId();
    expect((await server.get('/login', asBrowser(id))).headers.get('set-cookie')).toBeNull();
  });

  it('gives each browser of a canary the version it is in, with that version’s manifest and files', async () => {
    fake.publishRemote('mf_stores', 'v1');
    fake.publishRemote('mf_stores', 'v2', { canaryPercent: 50 });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const id = browserId();
      const data = startDataOf((await server.get('/stores', asBrowser(id))).text);
      const version = (data.remotes[REMOTES_VERSIONS_KEY] as Record<string, string>).mf_stores;
      seen.add(version);
      const location = `/releases/mf-stores/${version}/mf-manifest.json`;
      expect(data.remotes.mf_stores).toBe(location);
      expect(Object.keys(data.manifests)).toEqual([location]);
      expect((data.manifests[location] as FakeRemoteManifest).metaData.buildInfo.buildVersion).toBe('1.0.0');
      // The same browser gets the same version again, as from /remotes.json.
      expect((await server.get('/remotes.json', asBrowser(id))).body[REMOTES_VERSIONS_KEY].mf_stores).toBe(version);
      const page = await server.get('/stores', asBrowser(id));
      expect(startDataOf(page.text).route?.preload).toContainEqual({ href: `/releases/mf-stores/${version}/remoteEntry.js`, as: 'script' });
    }
    expect(seen).toEqual(new Set(['v1', 'v2']));
  });

  it('lets the inline profile check run by its hash in the Content-Security-Policy, and no other inline script', async () => {
    const page = await server.get('/login', asBrowser(browserId()));
    expect(page.text).toContain(`<script>${EARLY_PROFILE_SCRIPT}</script>`);
    const hash = createHash('sha256').update(EARLY_PROFILE_SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(page.headers.get('content-security-policy')!)![1];
    expect(scriptSrc.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    // Other answers keep helmet's policy as it was.
    expect(/script-src ([^;]*)/.exec((await server.get('/api/health')).headers.get('content-security-policy')!)![1]).toBe("'self'");
  });

  it('escapes the start data so no value can close its script element', async () => {
    const remotes = { mf_auth: '/mf/auth/mf-manifest.json?x=</script><script>alert(1)</script>' };
    writeFileSync(path.join(fake.siteDir, 'shell', 'dist', 'remotes.json'), JSON.stringify(remotes));
    try {
      const page = await server.get('/register', asBrowser(browserId()));
      expect(page.text.match(/<\/script>/g)).toHaveLength(3);
      expect(startDataOf(page.text).remotes.mf_auth).toBe(remotes.mf_auth);
    } finally {
      writeFileSync(path.join(fake.siteDir, 'shell', 'dist', 'remotes.json'), JSON.stringify(defaultRemotesJson()));
    }
  });

  it('is revalidated (no-cache), compressed when accepted, and answers its ETag with 304', async () => {
    const id = browserId();
    const page = await server.get('/stores', asBrowser(id, { 'accept-encoding': 'br' }));
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('vary')).toBe('Accept-Encoding');
    const etag = page.headers.get('etag')!;
    const again = await server.get('/stores', asBrowser(id, { 'accept-encoding': 'br', 'if-none-match': etag }));
    expect([again.status, again.text]).toEqual([304, '']);
    const gzip = await server.get('/stores', asBrowser(id, { 'accept-encoding': 'gzip' }));
    expect([gzip.headers.get('content-encoding'), gzip.text]).toEqual(['gzip', page.text]);
    expect(gzip.headers.get('etag')).not.toBe(etag);
    const plain = await server.get('/stores', asBrowser(id, { 'accept-encoding': 'identity' }));
    expect([plain.headers.get('content-encoding'), plain.text]).toEqual([null, page.text]);
  });

  it('answers HEAD like GET, without a body', async () => {
    const id = browserId();
    const head = await server.request('HEAD', '/stores', asBrowser(id, { 'accept-encoding': 'identity' }));
    const get = await server.get('/stores', asBrowser(id, { 'accept-encoding': 'identity' }));
    expect([head.status, head.text, head.headers.get('content-length')]).toEqual([200, '', String(Buffer.byteLength(get.text))]);
  });

  it('names every app built in while nothing is published', async () => {
    const data = startDataOf((await server.get('/login', asBrowser(browserId()))).text);
    expect(data.remotes[REMOTES_VERSIONS_KEY]).toMatchObject({ shell: BUILT_IN_VERSION, mf_auth: BUILT_IN_VERSION });
  });
});
