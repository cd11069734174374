/**
 * Independent deployment (DESIGN.md §2, §5): one team publishes a changed build of its remote into a
 * versioned folder and points remotes.json at it; the site serves the new remote at once, while the
 * shell's and every other remote's files stay byte-for-byte the same; a rollback points it back.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { apiLogin, DEMO, signInWithToken } from '../support/app';
import { launchBrowser, openPage } from '../support/browser';
import { REPO_ROOT, type Site, startSite } from '../support/site';

const RELEASE = `2.0.0-e2e.${Date.now()}`;
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const DEPLOY = path.join(REPO_ROOT, 'api', 'scripts', 'deploy.ts');
const OTHER_APPS = ['shell', 'mf-auth', 'mf-admin', 'mf-owner', 'mf-customer'];

const work = mkdtempSync(path.join(tmpdir(), 'store-ratings-deploy-'));
const releasesDir = path.join(work, 'releases');
const changedBuild = path.join(work, 'mf-stores-next');
let site: Site;
let browser: Browser;
let customerToken: string;

function releaseTool(...args: string[]) {
  const run = spawnSync(TSX, [DEPLOY, ...args, '--releases-dir', releasesDir], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const COMPRESSED_COPY = /\.(br|gz)$/;

/** Every file of the shell and the other remotes, as the site serves it (url -> sha256), and as it lies on disk. */
async function otherAppsFingerprint(): Promise<{ served: Record<string, string>; onDisk: Record<string, string> }> {
  const served: Record<string, string> = {};
  const onDisk: Record<string, string> = {};
  for (const app of OTHER_APPS) {
    const dist = path.join(REPO_ROOT, app, 'dist');
    const mount = app === 'shell' ? '/' : `/mf/${app.slice(3)}/`;
    for (const file of filesOf(dist)) {
      onDisk[`${app}/${file}`] = sha256(readFileSync(path.join(dist, file)));
      const url = `${mount}${file}`;
      if (url === '/remotes.json') continue; // the deployment pointer itself: served from the releases
      if (COMPRESSED_COPY.test(file)) continue; // a file's .br or .gz (tools/precompress.js): sent for it, never asked for
      const response = await fetch(`${site.url}${url}`);
      // Source maps stay on disk and are never served (api/src/http/site.ts).
      const expected = url.endsWith('.map') ? 404 : 200;
      expect(`${url} ${response.status}`).toBe(`${url} ${expected}`);
      if (expected === 200) served[url] = sha256(new Uint8Array(await response.arrayBuffer()));
    }
  }
  // The page itself carries what the site chose to deploy (the remotes and the route's hints, which a
  // publish changes by design, api/src/http/start-page.ts): the shell's own page is what is around them.
  const page = await (await fetch(`${site.url}/`)).text();
  served['/'] = sha256(
    new TextEncoder().encode(page.replace(/<script id="start-data"[^]*?<\/script><script>[^]*?<\/script>(<link rel="preload"[^>]*>)*/, '')),
  );
  return { served, onDisk };
}

/** Opens /stores as the demo customer in a fresh browser and returns where mf_stores came from. */
async function visitStores(): Promise<{ storeRequests: string[]; manifest: { metaData: { buildInfo: { buildVersion: string } } } }> {
  const { page, context, errors } = await openPage(browser, site.url);
  const storeRequests: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/mf/stores/') || url.pathname.startsWith('/releases/mf-stores/')) storeRequests.push(url.pathname);
  });
  await signInWithToken(page, customerToken, '/stores');
  await page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
  await page.locator('article').first().waitFor();
  expect(errors).toEqual([]);
  // The manifest the page used comes written into it, under the location its remotes name (api/src/http/start-page.ts).
  const manifest = await page.evaluate(() => {
    const data = JSON.parse(document.getElementById('start-data')!.textContent!) as {
      remotes: Record<string, string>;
      manifests: Record<string, unknown>;
    };
    return data.manifests[data.remotes.mf_stores] as { metaData: { buildInfo: { buildVersion: string } } };
  });
  await context.close();
  return { storeRequests, manifest };
}

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ env: { RELEASES_DIR: releasesDir } }), launchBrowser()]);
  customerToken = await apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('publishing one remote', () => {
  let before: Awaited<ReturnType<typeof otherAppsFingerprint>>;
  let publishedVersion: string;

  test('before any publish the site serves the stores remote from the built /mf/stores/', async () => {
    const visit = await visitStores();
    expect(visit.storeRequests.length).toBeGreaterThan(2);
    expect(visit.storeRequests.every((p) => p.startsWith('/mf/stores/'))).toBe(true);
    before = await otherAppsFingerprint();
  });

  test('a changed build of mf-stores alone is built (named by APP_RELEASE, so every chunk name changes)', () => {
    const build = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', changedBuild], {
      cwd: path.join(REPO_ROOT, 'mf-stores'),
      env: { ...process.env, APP_RELEASE: RELEASE },
      encoding: 'utf8',
    });
    expect(build.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(changedBuild, 'mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.buildInfo.buildVersion).toBe(RELEASE);
    const current = new Set(filesOf(path.join(REPO_ROOT, 'mf-stores', 'dist')));
    const changedChunks = filesOf(changedBuild).filter((f) => /\.[0-9a-f]{8}\.js$/.test(f));
    expect(changedChunks.length).toBeGreaterThan(0);
    expect(changedChunks.filter((f) => current.has(f))).toEqual([]);
  }, 600_000);

  test('publish copies it into a versioned folder and points remotes.json at it', async () => {
    const result = releaseTool('publish', 'mf-stores', '--from', changedBuild);
    expect(result.output).toContain('mf_stores is live at ');
    expect(result.output).toContain('(was dist)');
    expect(result.status).toBe(0);
    publishedVersion = /mf_stores is live at (\S+) /.exec(result.output)![1]!;
    expect(existsSync(path.join(releasesDir, 'mf-stores', publishedVersion, 'remoteEntry.js'))).toBe(true);

    const remotes = await (await fetch(`${site.url}/remotes.json`)).json();
    expect(remotes.mf_stores).toBe(`/releases/mf-stores/${publishedVersion}/mf-manifest.json`);
    expect(remotes.mf_auth).toBe('/mf/auth/mf-manifest.json');
  });

  test('the site serves the new remote at once: a new visit loads mf-stores from the published version only', async () => {
    const visit = await visitStores();
    expect(visit.manifest.metaData.buildInfo.buildVersion).toBe(RELEASE);
    expect(visit.storeRequests.length).toBeGreaterThan(2);
    expect(visit.storeRequests.filter((p) => !p.startsWith(`/releases/mf-stores/${publishedVersion}/`))).toEqual([]);
    const served = await fetch(`${site.url}/releases/mf-stores/${publishedVersion}/remoteEntry.js`);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(readFileSync(path.join(changedBuild, 'remoteEntry.js'))));
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test("the shell's and the other remotes' files are byte-for-byte unchanged, on disk and as served", async () => {
    const after = await otherAppsFingerprint();
    expect(Object.keys(after.served).length).toBeGreaterThan(20);
    expect(after.served).toEqual(before.served);
    expect(after.onDisk).toEqual(before.onDisk);
  });

  test('publishing the same build again reuses the version; other files under the same version are refused', () => {
    const again = releaseTool('publish', 'mf-stores', '--from', changedBuild);
    expect(again.status).toBe(0);
    expect(again.output).toContain(`already published`);
    const clash = releaseTool('publish', 'mf-stores', '--version', publishedVersion);
    expect(clash.status).toBe(1);
    expect(clash.output).toContain(`version ${publishedVersion} of mf-stores is already published with other files`);
  });

  test("a build of another remote is refused as this remote's release, and an unknown remote is named", () => {
    const wrong = releaseTool('publish', 'mf-stores', '--from', path.join(REPO_ROOT, 'mf-auth', 'dist'));
    expect(wrong.status).toBe(1);
    expect(wrong.output).toContain('is the build of mf_auth, not of mf_stores');
    const unknown = releaseTool('publish', 'mf-nothing');
    expect(unknown.status).toBe(1);
    expect(unknown.output).toContain('unknown app "mf-nothing"');
  });

  test('rollback points remotes.json back, and the next visit loads the built /mf/stores/ again', async () => {
    const result = releaseTool('rollback', 'mf-stores');
    expect(result.status).toBe(0);
    expect(result.output).toContain(`mf_stores dist is live again (was ${publishedVersion})`);
    const remotes = await (await fetch(`${site.url}/remotes.json`)).json();
    expect(remotes.mf_stores).toBe('/mf/stores/mf-manifest.json');

    const visit = await visitStores();
    expect(visit.manifest.metaData.buildInfo.buildVersion).not.toBe(RELEASE);
    expect(visit.storeRequests.filter((p) => !p.startsWith('/mf/stores/'))).toEqual([]);
    expect((await otherAppsFingerprint()).served).toEqual(before.served);
  });

  test('a second rollback has nothing to go back to and says so', () => {
    const result = releaseTool('rollback', 'mf-stores');
    expect(result.status).toBe(1);
    expect(result.output).toContain('nothing to roll back to');
  });
});
