/**
 * What a first visit downloads: for /login (a visitor) and /stores (a signed-in customer) in a cold
 * browser, every response's bytes on the wire, JavaScript raw and gzip-compressed, per app; only the
 * visited route's remote is fetched and no file twice. The figures go to e2e/reports/first-visit.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { apiLogin, DEMO } from '../support/app';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { type Site, startSite } from '../support/site';

interface Download {
  path: string;
  type: string;
  wireBytes: number;
  rawBytes: number;
  gzipBytes: number;
}

let site: Site;
let browser: Browser;
const report: Record<string, unknown> = {};

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  const dir = path.resolve(__dirname, '..', 'reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'first-visit.json'), `${JSON.stringify(report, null, 2)}\n`);
  await browser?.close();
  await site?.stop();
});

/** A cold visit of `url` (fresh context, empty cache), waiting for `ready`; every download recorded. */
async function coldVisit(url: string, ready: string, token?: string): Promise<Download[]> {
  const context = await browser.newContext({ baseURL: site.url, viewport: VIEWPORTS.desktop });
  if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const wire = new Map<string, number>();
  cdp.on('Network.loadingFinished', (event) => wire.set(event.requestId, event.encodedDataLength));
  const requests = new Map<string, { url: string; type: string }>();
  cdp.on('Network.responseReceived', (event) => requests.set(event.requestId, { url: event.response.url, type: event.type }));
  const bodies: Array<Promise<{ url: string; body: Buffer }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().then((body) => ({ url: response.url(), body })));
  });

  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: ready }).waitFor();
  await page.waitForLoadState('networkidle');
  const scripts = new Map((await Promise.all(bodies)).map((b) => [b.url, b.body]));
  const downloads: Download[] = [...requests.entries()].map(([id, request]) => {
    const body = scripts.get(request.url);
    return {
      path: new URL(request.url).pathname,
      type: request.type,
      wireBytes: wire.get(id) ?? 0,
      rawBytes: body?.length ?? 0,
      gzipBytes: body ? gzipSync(body, { level: 9 }).length : 0,
    };
  });
  await context.close();
  return downloads;
}

function summarise(downloads: Download[]) {
  const scripts = downloads.filter((d) => d.type === 'Script');
  const byApp: Record<string, { files: number; rawBytes: number; gzipBytes: number }> = {};
  for (const script of scripts) {
    const app = script.path.startsWith('/mf/') ? `mf-${script.path.split('/')[2]}` : 'shell';
    byApp[app] ??= { files: 0, rawBytes: 0, gzipBytes: 0 };
    byApp[app].files += 1;
    byApp[app].rawBytes += script.rawBytes;
    byApp[app].gzipBytes += script.gzipBytes;
  }
  return {
    requests: downloads.length,
    wireBytes: downloads.reduce((n, d) => n + d.wireBytes, 0),
    javascript: {
      files: scripts.length,
      rawBytes: scripts.reduce((n, d) => n + d.rawBytes, 0),
      gzipBytes: scripts.reduce((n, d) => n + d.gzipBytes, 0),
      byApp,
    },
    css: downloads.filter((d) => d.type === 'Stylesheet').reduce((n, d) => n + d.wireBytes, 0),
    files: downloads.map((d) => `${d.type} ${d.path} ${d.wireBytes}`),
  };
}

const remotesIn = (downloads: Download[]) =>
  [...new Set(downloads.filter((d) => d.path.startsWith('/mf/')).map((d) => d.path.split('/')[2]))].sort();

test('a first visit to /login fetches the shell and the sign-in remote only, each file once', async () => {
  const downloads = await coldVisit('/login', 'Sign In');
  report['/login'] = summarise(downloads);
  expect(remotesIn(downloads)).toEqual(['auth']);
  const paths = downloads.map((d) => d.path);
  expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
});

test('a first visit to /stores, signed in, fetches the shell and the stores remote only, each file once', async () => {
  const token = await apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role);
  const downloads = await coldVisit('/stores', 'Stores', token);
  report['/stores'] = summarise(downloads);
  expect(remotesIn(downloads)).toEqual(['stores']);
  const paths = downloads.filter((d) => !d.path.startsWith('/api/')).map((d) => d.path);
  expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
});
