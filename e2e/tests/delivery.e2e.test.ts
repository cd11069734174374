/**
 * Delivery that cannot break the site (DESIGN.md §5, issue 13 part 7), in a real browser against the
 * production server, with the release commands run as a team runs them:
 *  (a) a remote built against a newer minor contract version than the live shell provides is refused by
 *      the gate, and the site keeps serving the old one;
 *  (b) once a shell built with that version is published, the same remote publishes and works, and every
 *      older remote still works beside the newer shell;
 *  (f) a remote built one (patch) contract version newer than the live shell is accepted and works, and
 *      the older shell cannot come back while a remote needs more than it provides;
 *  (c) a canary at 50% serves both versions to different browsers, and one version to one browser across
 *      reloads;
 *  (e) the admin's deployments screen shows the loads the browsers reported;
 *  (d) a canary whose remote fails to load in browsers is aborted automatically, and the next visits get
 *      the live version.
 * The newer builds come from a scratch copy of the workspace with shared-contracts at a newer version
 * and a store list that uses an export only that version has (support/scratch-workspace.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DeploymentsResponse } from 'shared-contracts';
import { apiAs, apiLogin, DEMO, signInWithToken } from '../support/app';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from '../support/browser';
import { createScratchWorkspace, type ScratchWorkspace } from '../support/scratch-workspace';
import { REPO_ROOT, type Site, sleep, startSite } from '../support/site';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const DEPLOY = path.join(REPO_ROOT, 'api', 'scripts', 'deploy.ts');
const RELEASE_NOTE = 'New in this release: stores rated this week come first.';
const FALLBACK_TITLE = 'This part of Store Ratings is not available right now';

const work = mkdtempSync(path.join(tmpdir(), 'store-ratings-delivery-'));
const releasesDir = path.join(work, 'releases');
const current = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared-contracts', 'package.json'), 'utf8')) as { version: string }).version;
const [major, minor] = current.split('.').map(Number) as [number, number];
const nextMinor = `${major}.${minor + 1}.0`;
const nextPatch = `${major}.${minor + 1}.1`;

let site: Site;
let browser: Browser;
let scratch: ScratchWorkspace;
const builds = { shellNext: '', storesNext: '', storesPatch: '', storesBroken: '' };
const tokens = { customer: '', owner: '', admin: '' };
/** mf_stores loads this file caused, by version, as the browsers saw them. */
const storeLoads = new Map<string, number>();

function deploy(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(TSX, [DEPLOY, ...args, '--releases-dir', releasesDir, '--by', 'e2e'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A command that must succeed: its output is in the failure message when it does not. */
function expectSuccess(result: { status: number | null; output: string }): void {
  if (result.status !== 0) throw new Error(`the command exited ${result.status}:\n${result.output}`);
}

function keep(dist: string, name: string): string {
  const target = path.join(work, name);
  cpSync(dist, target, { recursive: true });
  return target;
}

function listing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: false }).map(String).sort();
}

interface Visit {
  /** The mf_stores version the browser loaded ('dist' for /mf/stores/), from the remoteEntry.js it fetched. */
  storesVersion: string | null;
  /** Whether the store list rendered (else the remote's fallback showed). */
  rendered: boolean;
  page: Page;
}

/** Opens /stores as the demo customer in `page` and reads which mf_stores it got and whether it rendered. */
async function openStores(page: Page): Promise<Visit> {
  let storesVersion: string | null = null;
  const onResponse = (response: { url(): string }) => {
    const url = new URL(response.url()).pathname;
    // The manifest comes written into the page (api/src/http/start-page.ts); the entry is fetched.
    const match = /^\/releases\/mf-stores\/([^/]+)\/remoteEntry\.js$/.exec(url);
    if (match) storesVersion = match[1]!;
    else if (url === '/mf/stores/remoteEntry.js') storesVersion = 'dist';
  };
  page.on('response', onResponse);
  await page.goto('/stores');
  const list = page.getByRole('heading', { level: 1, name: 'Stores' });
  const fallback = page.getByRole('heading', { name: FALLBACK_TITLE });
  await list.or(fallback).first().waitFor();
  const rendered = await list.isVisible();
  if (rendered) await page.locator('article').first().waitFor();
  page.off('response', onResponse);
  if (rendered && storesVersion) storeLoads.set(storesVersion, (storeLoads.get(storesVersion) ?? 0) + 1);
  return { storesVersion, rendered, page };
}

/** A new browser (its own cookies, so its own canary draw) visiting /stores signed in; its health report sent. */
async function freshVisit(): Promise<Visit & { close: () => Promise<void> }> {
  const { page, context } = await openPage(browser, site.url);
  await signInWithToken(page, tokens.customer, '/remotes.json');
  const visit = await openStores(page);
  return {
    ...visit,
    close: async () => {
      // What the shell gathered goes out when the page is hidden (pagehide → sendBeacon); sent while the
      // page is still open, and received, before the browser goes (a beacon of a closing browser can be lost).
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      await everyLoadReported();
      await context.close();
    },
  };
}

async function deployments(): Promise<DeploymentsResponse> {
  return apiAs<DeploymentsResponse>(site.url, tokens.admin, 'GET', '/api/admin/deployments');
}

/** The store list loads the API has received, against those the browsers saw, per version. */
async function reportedLoads(): Promise<Record<string, { reported: number | null; seen: number }>> {
  const versions = (await deployments()).apps.find((a) => a.app === 'mf_stores')!.versions;
  return Object.fromEntries(
    [...storeLoads].map(([version, seen]) => [
      version,
      { reported: versions.find((v) => v.version === version)?.lastHour.loads ?? null, seen },
    ]),
  );
}

/** Waits until the API has every store list load the browsers made (live, canary and earlier versions alike). */
async function everyLoadReported(): Promise<void> {
  await waitFor('the reported loads', reportedLoads, (value) =>
    Object.values(value).every((v) => v.reported === null || v.reported === v.seen),
  );
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time; last: ${JSON.stringify(value).slice(0, 2000)}`);
    await sleep(300);
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  // Builds of another team's branch: shared-contracts one minor version ahead, with a new export the
  // store list uses; then the same at the next patch version.
  scratch = createScratchWorkspace(['shell', 'mf-stores']);
  scratch.setContractsVersion(nextMinor);
  scratch.addContractsExport('release-note.ts', `export const STORE_LIST_RELEASE_NOTE = ${JSON.stringify(RELEASE_NOTE)};\n`);
  const listPage = 'mf-stores/src/features/store-list/StoreListPage.tsx';
  scratch.edit(
    listPage,
    "import { formatCount, STORE_PAGE_SIZE, type StoreSortField } from 'shared-contracts';",
    "import { formatCount, STORE_LIST_RELEASE_NOTE, STORE_PAGE_SIZE, type StoreSortField } from 'shared-contracts';",
  );
  scratch.edit(
    listPage,
    'description="Find a store, see what others think, and share your own rating."',
    'description={`Find a store, see what others think, and share your own rating. ${STORE_LIST_RELEASE_NOTE}`}',
  );
  scratch.buildContracts();
  builds.shellNext = keep(scratch.buildApp('shell', `e2e-shell-${nextMinor}`), 'shell-next');
  builds.storesNext = keep(scratch.buildApp('mf-stores', `e2e-stores-${nextMinor}`), 'stores-next');
  scratch.setContractsVersion(nextPatch);
  scratch.buildContracts();
  builds.storesPatch = keep(scratch.buildApp('mf-stores', `e2e-stores-${nextPatch}`), 'stores-patch');
  // A release whose upload lost the store list's chunk: its manifest is fine, browsers cannot load it.
  builds.storesBroken = keep(builds.storesNext, 'stores-broken');
  for (const file of readdirSync(builds.storesBroken).filter((f) => f.startsWith('__federation_expose_StoreListPage'))) {
    rmSync(path.join(builds.storesBroken, file));
  }

  [site, browser] = await Promise.all([
    startSite({ env: { RELEASES_DIR: releasesDir, CANARY_MIN_LOADS: '4', CANARY_MAX_FAILURE_PERCENT: '20' } }),
    launchBrowser(),
  ]);
  tokens.customer = await apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role);
  tokens.owner = await apiLogin(site.url, DEMO.owner.email, DEMO.owner.password, DEMO.owner.role);
  tokens.admin = await apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  scratch?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('(a) a remote needing a newer contract than the live shell provides', () => {
  test('is refused by the gate, naming the package, the range it needs and the version the shell provides; nothing changes', async () => {
    const before = listing(releasesDir);
    const refused = deploy('publish', 'mf-stores', '--from', builds.storesNext);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('the compatibility gate refused mf_stores');
    expect(refused.output).toContain(`shared-contracts: mf_stores`);
    expect(refused.output).toContain(`needs shared-contracts ^${nextMinor}; the live shell (dist) provides ${current}`);
    expect(listing(releasesDir)).toEqual(before);
  });

  test('the site keeps serving the built-in store list, which works', async () => {
    const visit = await freshVisit();
    expect(visit.storesVersion).toBe('dist');
    expect(visit.rendered).toBe(true);
    expect(await visit.page.getByText(RELEASE_NOTE).count()).toBe(0);
    await visit.close();
  });
});

describe('(b) after the shell with that contract version is published', () => {
  test('the new shell passes the gate against every live remote (they need less than it provides)', () => {
    const published = deploy('publish', 'shell', '--from', builds.shellNext);
    expect(published.output).toContain('shell is live at');
    expectSuccess(published);
  });

  test('the same remote now publishes, and a new visit gets it, using the newer contract', async () => {
    const published = deploy('publish', 'mf-stores', '--from', builds.storesNext);
    expectSuccess(published);
    const visit = await freshVisit();
    expect(visit.storesVersion).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(visit.rendered).toBe(true);
    await visit.page.getByText(RELEASE_NOTE).waitFor();
    const served = await (await fetch(`${site.url}/provides.json`)).json();
    expect(served.provides['shared-contracts']).toBe(nextMinor);
    await visit.close();
  });

  test.each([
    ['customer', '/user-dashboard', 'Recommended for you'],
    ['customer', '/profile', 'Edit Profile'],
    ['owner', '/store-owner', /^Your stores/],
    ['admin', '/admin', 'Recent activity'],
  ] as const)('the older %s remote at %s still works beside the newer shell', async (role, route, ready) => {
    const { page, context, errors } = await openPage(browser, site.url);
    await signInWithToken(page, tokens[role], route);
    const target =
      typeof ready === 'string' && ready === 'Edit Profile'
        ? page.getByRole('button', { name: ready })
        : page.getByRole('heading', { name: ready });
    await target.first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('(f) version skew in both directions', () => {
  test('a remote built one patch version newer than the live shell is accepted and works', async () => {
    const published = deploy('publish', 'mf-stores', '--from', builds.storesPatch);
    expectSuccess(published);
    const visit = await freshVisit();
    expect(visit.rendered).toBe(true);
    await visit.page.getByText(RELEASE_NOTE).waitFor();
    await visit.close();
  });

  test('the older shell cannot come back while a live remote needs a newer contract', () => {
    const refused = deploy('rollback', 'shell');
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(`needs shared-contracts ^${nextMinor}; the shell dist provides ${current}`);
    const stillLive = deploy('status');
    expect(stillLive.output).toMatch(/shell\s+live 1\.0\.0-/);
  });
});

describe('(c) a canary at 50%', () => {
  let live = '';
  let canary = '';

  test('serves both versions to different browsers and the same version to one browser across reloads', async () => {
    const published = deploy('publish', 'mf-stores', '--from', builds.storesNext, '--canary', '50');
    expectSuccess(published);
    const state = await deployments();
    const stores = state.apps.find((a) => a.app === 'mf_stores')!;
    live = stores.live.version;
    canary = stores.canary!.version;
    expect(stores.canary!.percent).toBe(50);
    expect(canary).not.toBe(live);

    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const visit = await freshVisit();
      expect(visit.rendered).toBe(true);
      expect([live, canary]).toContain(visit.storesVersion);
      seen.add(visit.storesVersion!);
      if (i < 3) {
        for (let reload = 0; reload < 3; reload += 1) {
          const again = await openStores(visit.page);
          expect(again.storesVersion).toBe(visit.storesVersion);
        }
      }
      await visit.close();
    }
    expect([...seen].sort()).toEqual([live, canary].sort());
  });

  test('(e) the deployments screen shows the loads the browsers reported, per version', async () => {
    const expectedFor = (version: string) => storeLoads.get(version) ?? 0;
    const loads = await waitFor('the reported loads', reportedLoads, (value) =>
      [live, canary].every((v) => value[v]?.reported === value[v]?.seen),
    );
    expect(loads[live]!.reported).toBe(expectedFor(live));
    expect(loads[canary]!.reported).toBe(expectedFor(canary));
    const state = await deployments();
    const versions = state.apps.find((a) => a.app === 'mf_stores')!.versions;
    expect(expectedFor(live)).toBeGreaterThan(0);
    expect(expectedFor(canary)).toBeGreaterThan(0);
    for (const version of versions) expect(version.lastHour.loadFailures).toBe(0);

    const { page, context, errors } = await openPage(browser, site.url);
    await signInWithToken(page, tokens.admin, '/admin/deployments');
    const section = page.getByRole('region', { name: /Store list and store pages/ });
    await section.getByText(canary).first().waitFor();
    for (const version of [live, canary]) {
      // The version's first row is the last hour: the version as its row header, then the period, then the loads.
      const row = section.getByRole('row').filter({ hasText: version }).first();
      await row.waitFor();
      expect(await row.getByRole('rowheader').filter({ hasText: version }).count()).toBe(1);
      expect((await row.getByRole('cell').nth(0).textContent())?.trim()).toBe('Last hour');
      expect((await row.getByRole('cell').nth(1).textContent())?.trim()).toBe(String(expectedFor(version)));
    }
    await screenshot(page, 'admin-deployments-canary', VIEWPORTS.desktop);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('(d) a canary that fails to load in browsers', () => {
  let brokenVersion = '';

  test('is aborted automatically once its failure rate is over the threshold, and the abort is recorded', async () => {
    expectSuccess(deploy('abort', 'mf-stores'));
    const published = deploy('publish', 'mf-stores', '--from', builds.storesBroken, '--version', 'e2e-broken-1', '--canary', '50');
    expectSuccess(published);
    brokenVersion = 'e2e-broken-1';

    let failures = 0;
    for (let i = 0; i < 40; i += 1) {
      const visit = await freshVisit();
      if (visit.storesVersion === brokenVersion) {
        expect(visit.rendered).toBe(false);
        failures += 1;
      } else {
        expect(visit.rendered).toBe(true);
      }
      await visit.close();
      const stores = (await deployments()).apps.find((a) => a.app === 'mf_stores')!;
      if (!stores.canary) break;
    }
    expect(failures).toBeGreaterThanOrEqual(4);
    const stores = await waitFor(
      'the automatic abort',
      deployments,
      (value) => value.apps.find((a) => a.app === 'mf_stores')!.canary === null,
    );
    const entry = stores.apps.find((a) => a.app === 'mf_stores')!.history[0]!;
    expect(entry).toMatchObject({ action: 'auto_abort', version: brokenVersion, by: 'health monitor' });
    expect(entry.note).toMatch(/failed/);
  });

  test('the next visits all get the live version, which works', async () => {
    for (let i = 0; i < 4; i += 1) {
      const visit = await freshVisit();
      expect(visit.storesVersion).not.toBe(brokenVersion);
      expect(visit.rendered).toBe(true);
      await visit.close();
    }
  });

  test('the deployments screen shows the automatic abort in the history', async () => {
    const { page, context } = await openPage(browser, site.url, VIEWPORTS.mobile);
    await signInWithToken(page, tokens.admin, '/admin/deployments');
    const section = page.getByRole('region', { name: /Store list and store pages/ });
    await section
      .getByText(/aborted automatically/)
      .first()
      .waitFor();
    await screenshot(page, 'admin-deployments-auto-abort', VIEWPORTS.mobile);
    await context.close();
  });
});
