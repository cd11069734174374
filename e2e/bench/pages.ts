/**
 * Page benchmark (issue 6): what /login (a visitor), /stores and /stores/:id (a signed-in customer)
 * cost in headless Chromium against the production site (`node api/dist/main.js` over the built apps),
 * for a cold visit (fresh browser context: empty cache, no connections) and a warm one (the same
 * context navigating to the same URL again): requests, bytes on the wire, JavaScript on the wire
 * and decoded, and the Largest Contentful Paint. Every visit is repeated `--runs` times (default 7)
 * and reported as median and min–max; the table goes to stdout and to the pages section of
 * BENCHMARKS.md (between `<!-- pages:begin -->` and `<!-- pages:end -->`, the rest left as is).
 *
 *   npx nx run-many -t build --outputStyle=static   # the production build
 *   npm run bench:pages -- --runs 7                  # = npx tsx e2e/bench/pages.ts --runs 7
 *
 * Sizes come from the Chrome DevTools Protocol (Network.loadingFinished encodedDataLength: the bytes
 * received for a request, headers included, 0 for an answer from the browser's cache;
 * Network.dataReceived dataLength: the decoded body). Playwright's `request.sizes()` is not used: in
 * playwright-core 1.65.1 with Chromium 156 it gives negative body sizes for answers from the cache.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { apiLogin, DEMO } from '../support/app';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { REPO_ROOT, type Site, startSite } from '../support/site';

const BENCHMARKS_FILE = path.join(REPO_ROOT, 'BENCHMARKS.md');
const SECTION_BEGIN = '<!-- pages:begin -->';
const SECTION_END = '<!-- pages:end -->';
const COMMAND = 'npm run bench:pages';

// ---------------------------------------------------------------------------------------------
// What one visit records
// ---------------------------------------------------------------------------------------------

interface RequestRecord {
  url: string;
  type: string;
  /** Served by the browser's memory or disk cache: nothing went to the server. */
  fromCache: boolean;
  /** The status on the wire (304 for a revalidation; the page itself sees the cached 200). */
  wireStatus?: number;
  contentEncoding?: string;
  /** Bytes received for the request, headers included (0 from the cache). */
  wireBytes: number;
  /** Decoded body bytes handed to the page (from the network or the cache). */
  decodedBytes: number;
  finished: boolean;
}

interface VisitFigures {
  requests: number;
  toServer: number;
  revalidated: number;
  fromCache: number;
  wireBytes: number;
  jsWireBytes: number;
  jsDecodedBytes: number;
  lcpMs: number | null;
  /** Content-Encoding of the answers that came over the network, counted. */
  encodings: Record<string, number>;
  acceptEncoding?: string;
  /** Paths (no query) by what happened to them. */
  paths: { fromCache: string[]; revalidated: string[]; full: string[] };
}

/** Follows one page's network through CDP; `reset()` before each navigation. */
class NetworkRecorder {
  private records = new Map<string, RequestRecord>();
  private wire = new Map<string, { status: number; contentEncoding?: string }>();
  acceptEncoding?: string;

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!/^https?:/.test(event.request.url)) return;
      this.records.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        fromCache: false,
        wireBytes: 0,
        decodedBytes: 0,
        finished: false,
      });
    });
    cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
      const value = headerValue(event.headers, 'accept-encoding');
      if (value) this.acceptEncoding = value;
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const record = this.records.get(event.requestId);
      if (record) record.fromCache = true;
    });
    // The raw answer on the wire (a 304 stays a 304 here, unlike in responseReceived).
    cdp.on('Network.responseReceivedExtraInfo', (event) => {
      this.wire.set(event.requestId, { status: event.statusCode, contentEncoding: headerValue(event.headers, 'content-encoding') });
    });
    cdp.on('Network.responseReceived', (event) => {
      const record = this.records.get(event.requestId);
      if (!record) return;
      record.type = event.type;
      if (event.response.fromDiskCache || event.response.fromPrefetchCache) record.fromCache = true;
    });
    cdp.on('Network.dataReceived', (event) => {
      const record = this.records.get(event.requestId);
      if (record) record.decodedBytes += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const record = this.records.get(event.requestId);
      if (!record) return;
      record.wireBytes = event.encodedDataLength;
      record.finished = true;
    });
    cdp.on('Network.loadingFailed', (event) => {
      const record = this.records.get(event.requestId);
      if (record) record.finished = true;
    });
  }

  reset(): void {
    this.records.clear();
    this.wire.clear();
  }

  snapshot(): RequestRecord[] {
    return [...this.records.entries()].map(([id, record]) => {
      const wire = this.wire.get(id);
      return {
        ...record,
        fromCache: record.fromCache && record.wireBytes === 0,
        wireStatus: wire?.status,
        contentEncoding: wire?.contentEncoding,
      };
    });
  }
}

function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return String(value);
  return undefined;
}

function summarise(records: RequestRecord[], lcpMs: number | null, acceptEncoding: string | undefined): VisitFigures {
  const scripts = records.filter((record) => record.type === 'Script');
  const sum = (list: RequestRecord[], key: 'wireBytes' | 'decodedBytes') => list.reduce((total, record) => total + record[key], 0);
  const encodings: Record<string, number> = {};
  for (const record of records) {
    if (record.fromCache || record.wireStatus === undefined || record.wireStatus === 304) continue;
    const encoding = record.contentEncoding ?? 'none';
    encodings[encoding] = (encodings[encoding] ?? 0) + 1;
  }
  return {
    requests: records.length,
    toServer: records.filter((record) => !record.fromCache).length,
    revalidated: records.filter((record) => record.wireStatus === 304).length,
    fromCache: records.filter((record) => record.fromCache).length,
    wireBytes: sum(records, 'wireBytes'),
    jsWireBytes: sum(scripts, 'wireBytes'),
    jsDecodedBytes: sum(scripts, 'decodedBytes'),
    lcpMs,
    encodings,
    acceptEncoding,
    paths: {
      fromCache: records.filter((record) => record.fromCache).map(pathOf),
      revalidated: records.filter((record) => record.wireStatus === 304).map(pathOf),
      full: records.filter((record) => !record.fromCache && record.wireStatus !== 304).map(pathOf),
    },
  };
}

const pathOf = (record: RequestRecord): string => new URL(record.url).pathname;

/** The last Largest Contentful Paint candidate of the current document (buffered), in ms from navigation start. */
async function largestContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          const entries = list.getEntries();
          observer.disconnect();
          resolve(entries.length ? entries[entries.length - 1].startTime : null);
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(null);
        }, 3000);
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// The pages
// ---------------------------------------------------------------------------------------------

interface Scenario {
  path: string;
  who: string;
  token?: string;
  /** Resolves once the page shows its content. */
  ready: (page: Page) => Promise<void>;
}

async function mostRatedStore(baseURL: string, token: string): Promise<{ id: number; name: string; total_ratings: number }> {
  type StorePage = { stores: Array<{ id: number; name: string; total_ratings: number }>; totalPages: number };
  let best: { id: number; name: string; total_ratings: number } | undefined;
  for (let page = 1; ; page++) {
    const response = await fetch(`${baseURL}/api/stores?limit=100&page=${page}&sortBy=created_at&sortOrder=asc`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET /api/stores answered ${response.status}`);
    const body = (await response.json()) as StorePage;
    for (const store of body.stores) if (!best || store.total_ratings > best.total_ratings) best = store;
    if (page >= body.totalPages) break;
  }
  if (!best) throw new Error('the demo data has no stores');
  return best;
}

async function newVisitor(
  browser: Browser,
  site: Site,
  token?: string,
): Promise<{ context: BrowserContext; page: Page; recorder: NetworkRecorder; errors: string[] }> {
  // The token goes straight into localStorage (storageState): signing in through a page first would
  // warm the cache the cold visit must find empty.
  const context = await browser.newContext({
    baseURL: site.url,
    viewport: { width: VIEWPORTS.desktop.width, height: VIEWPORTS.desktop.height },
    deviceScaleFactor: 1,
    ...(token ? { storageState: { cookies: [], origins: [{ origin: site.url, localStorage: [{ name: 'token', value: token }] }] } } : {}),
  });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const cdp = await context.newCDPSession(page);
  const recorder = new NetworkRecorder(cdp);
  await cdp.send('Network.enable');
  return { context, page, recorder, errors };
}

async function visit(page: Page, recorder: NetworkRecorder, scenario: Scenario): Promise<VisitFigures> {
  recorder.reset();
  await page.goto(scenario.path);
  await scenario.ready(page);
  // Everything the page fetches on its own (lazy remotes, API calls) is part of the visit.
  await page.waitForLoadState('networkidle');
  const lcp = await largestContentfulPaint(page);
  return summarise(recorder.snapshot(), lcp, recorder.acceptEncoding);
}

/** A cold visit in a fresh context, then a warm one: the same context, the same URL again. */
async function coldThenWarm(browser: Browser, site: Site, scenario: Scenario): Promise<{ cold: VisitFigures; warm: VisitFigures }> {
  const visitor = await newVisitor(browser, site, scenario.token);
  try {
    const cold = await visit(visitor.page, visitor.recorder, scenario);
    const warm = await visit(visitor.page, visitor.recorder, scenario);
    if (visitor.errors.length) console.warn(`  ${scenario.path}: the page reported errors:\n    ${visitor.errors.join('\n    ')}`);
    return { cold, warm };
  } finally {
    await visitor.context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Figures and the report
// ---------------------------------------------------------------------------------------------

interface Spread {
  median: number;
  min: number;
  max: number;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const count = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const ms = (n: number) => `${Math.round(n)} ms`;

/** `median (min–max)`, or just the figure when every run gave the same. */
function cell(values: number[], format: (n: number) => string): string {
  if (!values.length) return 'n/a';
  const { median, min, max } = spread(values);
  return min === max ? format(median) : `${format(median)} (${format(min)}–${format(max)})`;
}

interface Row {
  scenario: Scenario;
  visit: 'cold' | 'warm';
  runs: VisitFigures[];
}

function table(rows: Row[]): string {
  const header = [
    'page',
    'who',
    'visit',
    'requests',
    'to the server',
    '304',
    'from cache',
    'on the wire',
    'JavaScript on the wire',
    'JavaScript decoded',
    'LCP',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i < 3 ? '---' : '---:')).join('|')}|`];
  for (const { scenario, visit, runs } of rows) {
    const pick = (key: 'requests' | 'toServer' | 'revalidated' | 'fromCache' | 'wireBytes' | 'jsWireBytes' | 'jsDecodedBytes') =>
      runs.map((run) => run[key]);
    const lcps = runs.map((run) => run.lcpMs).filter((value): value is number => value !== null);
    lines.push(
      `| ${[
        `\`${scenario.path}\``,
        scenario.who,
        visit,
        cell(pick('requests'), count),
        cell(pick('toServer'), count),
        cell(pick('revalidated'), count),
        cell(pick('fromCache'), count),
        cell(pick('wireBytes'), kB),
        cell(pick('jsWireBytes'), kB),
        cell(pick('jsDecodedBytes'), kB),
        cell(lcps, ms),
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

function machine(browser: Browser): string {
  const cpus = os.cpus();
  let playwright = '';
  try {
    playwright = `, playwright-core ${(JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', 'playwright-core', 'package.json'), 'utf8')) as { version: string }).version}`;
  } catch {
    // not where npm usually puts it: leave the version out
  }
  return [
    `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} CPU${cpus.length === 1 ? '' : 's'}`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    `Chromium ${browser.version()} headless${playwright}`,
    new Date().toISOString().slice(0, 10),
    build(),
  ].join('; ');
}

/** The commit the build was made from, and whether the working tree had changes on top. */
function build(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return `commit ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'commit unknown';
  }
}

function encodingsSeen(rows: Row[]): string {
  const totals: Record<string, number> = {};
  for (const row of rows.filter((r) => r.visit === 'cold')) {
    for (const [encoding, n] of Object.entries(row.runs[0]?.encodings ?? {})) totals[encoding] = (totals[encoding] ?? 0) + n;
  }
  return Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .map(([encoding, n]) => `${n} × ${encoding === 'none' ? 'uncompressed' : encoding}`)
    .join(', ');
}

/** What the warm visits did with each file, from their first run, across the pages. */
function warmPaths(rows: Row[]): { fromCache: string[]; revalidated: string[]; full: string[] } {
  const all = { fromCache: new Set<string>(), revalidated: new Set<string>(), full: new Set<string>() };
  for (const row of rows.filter((r) => r.visit === 'warm')) {
    const paths = row.runs[0]?.paths;
    if (!paths) continue;
    // A store's id is one more path like any other: list the pattern.
    const name = (p: string) => p.replace(/\/\d+(?=\/|$)/g, '/:id');
    for (const key of ['fromCache', 'revalidated', 'full'] as const) for (const p of paths[key]) all[key].add(name(p));
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { fromCache: sorted(all.fromCache), revalidated: sorted(all.revalidated), full: sorted(all.full) };
}

const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

function section(rows: Row[], runs: number, browser: Browser): string {
  const warm = warmPaths(rows);
  const cachedHashed = warm.fromCache.filter((p) => HASHED.test(p)).length;
  const list = (paths: string[]) => (paths.length ? paths.map((p) => `\`${p}\``).join(', ') : 'none');
  const acceptEncoding = rows.find((row) => row.runs[0]?.acceptEncoding)?.runs[0].acceptEncoding ?? 'unknown';
  return [
    `Measured with \`${COMMAND} -- --runs ${runs}\` (\`e2e/bench/pages.ts\`) against the production build`,
    '(`npx nx run-many -t build`, served by `node api/dist/main.js` with the demo data on a throw-away',
    'embedded database) on 127.0.0.1, no network throttling, 1280×800. Each figure is the median of',
    `${runs} run${runs === 1 ? '' : 's'} with min–max in brackets (a single figure: every run gave the same); 1 kB = 1000 bytes.`,
    '"On the wire" is what the browser received, headers included (CDP `Network.loadingFinished`',
    '`encodedDataLength`), so compressed; "JavaScript decoded" is the size of the scripts the page ran.',
    `The customer is ${DEMO.customer.email}; \`/stores/:id\` is the demo store with the most ratings. One`,
    'unmeasured round first lets the server compress each file once (it keeps the result in memory).',
    '',
    table(rows),
    '',
    `Machine: ${machine(browser)}.`,
    '',
    `Chromium asked for \`Accept-Encoding: ${acceptEncoding}\`; the first cold visit of each page got`,
    `${encodingsSeen(rows)} answers (the API's JSON and files under 1 KiB stay uncompressed).`,
    '',
    '**Cold and warm.** A cold visit is a first visit: a fresh browser context, so an empty HTTP cache',
    "and no open connection, and every file of the shell and of the visited route's remote comes over",
    'the network. The warm visit is the same person opening the same URL again in the same context. The',
    'content-hashed chunks and stylesheets (`*.<hash>.js`, `*.<hash>.css`) are served with',
    '`Cache-Control: public, max-age=31536000, immutable`, so Chromium takes them from its cache without',
    'asking the server ("from cache"). The entry points are `no-cache`: the page itself (`index.html`),',
    "`main.js`, `/remotes.json`, each remote's `mf-manifest.json` and `remoteEntry.js` are revalidated",
    'with `If-None-Match` and answered `304 Not Modified`, headers only, so a new deployment is picked up',
    'on the next visit. The API calls (`/api/...`) are fetched again in full. LCP is measured in both',
    'visits; the warm one still parses and runs the same JavaScript, only without downloading it.',
    '',
    `What the warm visits (first run) did, all pages together: ${warm.fromCache.length} files from the cache`,
    `(${cachedHashed} of them content-hashed); revalidated with a 304: ${list(warm.revalidated)}; downloaded again`,
    `in full: ${list(warm.full)}.`,
    ...(warm.revalidated.includes('/favicon.ico') || warm.full.includes('/favicon.ico')
      ? ["The site has no favicon: Chromium's `/favicon.ico` request gets the page fallback (`index.html`)."]
      : []),
  ].join('\n');
}

function writeSection(content: string): void {
  const text = readFileSync(BENCHMARKS_FILE, 'utf8');
  const begin = text.indexOf(SECTION_BEGIN);
  const end = text.indexOf(SECTION_END);
  if (begin < 0 || end < begin) throw new Error(`${BENCHMARKS_FILE} has no ${SECTION_BEGIN} … ${SECTION_END} section`);
  writeFileSync(BENCHMARKS_FILE, `${text.slice(0, begin + SECTION_BEGIN.length)}\n${content}\n${text.slice(end)}`);
}

function parseRuns(argv: string[]): number {
  let runs = 7;
  for (let i = 0; i < argv.length; i++) {
    const match = /^--runs(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new Error(`unknown argument ${argv[i]} (usage: ${COMMAND} -- --runs 7)`);
    const value = match[1] ?? argv[++i];
    runs = Number(value);
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a positive whole number, not ${value}`);
  }
  return runs;
}

async function main(): Promise<void> {
  const runs = parseRuns(process.argv.slice(2));
  const [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  try {
    const token = await apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role);
    const store = await mostRatedStore(site.url, token);
    console.log(
      `site ${site.url}; Chromium ${browser.version()}; ${runs} runs; store ${store.id} "${store.name}" (${store.total_ratings} ratings)`,
    );

    const scenarios: Scenario[] = [
      { path: '/login', who: 'visitor', ready: (page) => page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor() },
      {
        path: '/stores',
        who: 'customer',
        token,
        ready: (page) => page.getByRole('main').getByRole('heading', { level: 3 }).first().waitFor(),
      },
      {
        path: `/stores/${store.id}`,
        who: 'customer',
        token,
        ready: (page) => page.getByRole('heading', { level: 1, name: store.name }).waitFor(),
      },
    ];
    const rows: Row[] = scenarios.flatMap((scenario) => [
      { scenario, visit: 'cold' as const, runs: [] },
      { scenario, visit: 'warm' as const, runs: [] },
    ]);

    for (let run = 0; run <= runs; run++) {
      console.log(run === 0 ? 'warm-up round (not counted)' : `run ${run}/${runs}`);
      for (const scenario of scenarios) {
        const { cold, warm } = await coldThenWarm(browser, site, scenario);
        if (run === 0) continue;
        rows.find((row) => row.scenario === scenario && row.visit === 'cold')!.runs.push(cold);
        rows.find((row) => row.scenario === scenario && row.visit === 'warm')!.runs.push(warm);
      }
    }

    const content = section(rows, runs, browser);
    console.log(`\n${content}\n`);
    writeSection(content);
    console.log(`written to ${path.relative(process.cwd(), BENCHMARKS_FILE) || BENCHMARKS_FILE} (the pages section)`);
  } finally {
    await browser.close();
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
