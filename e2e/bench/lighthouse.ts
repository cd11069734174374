/**
 * Lighthouse benchmark (issue 16, DESIGN.md §12): Lighthouse 12.8 on the production site (`node
 * api/dist/main.js` over the built apps, the embedded database with the demo data) for /login (a
 * visitor), /stores and /stores/:id (a customer), /admin (an admin) and /store-owner (an owner), mobile
 * (Lighthouse's default: a simulated 4× slower CPU and slow 4G) and desktop, `--runs` times each
 * (default 3), every run in a new Chromium with an empty cache. Signed-in pages start with the
 * account's token and role hint where the shell keeps them for a returning user (put there from
 * /remotes.json, so nothing of the app is cached), and Lighthouse is told not to clear storage. Medians go to stdout and to the lighthouse
 * section of BENCHMARKS.md (between `<!-- lighthouse:begin -->` and `<!-- lighthouse:end -->`).
 *
 *   npx nx run-many -t build --outputStyle=static   # the production build
 *   npm run bench:lighthouse -- --runs 3            # = npx tsx e2e/bench/lighthouse.ts --runs 3
 *   npm run bench:lighthouse -- --only mobile --pages /login,/stores --no-write
 *
 * The request chain is measured apart from Lighthouse, in one more cold visit of each page in the same
 * Chromium without throttling (e2e/support/request-chain.ts): how many requests stand one behind the other from the HTML to
 * the answer that fills the page.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { apiAs, apiLogin, DEMO, storeSessionInPage } from '../support/app';
import { CHROMIUM_PATH, launchBrowser } from '../support/browser';
import { REPO_ROOT, startSite } from '../support/site';
import { type ChainResult, requestChain } from '../support/request-chain';

const BENCHMARKS_FILE = path.join(REPO_ROOT, 'BENCHMARKS.md');
const SECTION_BEGIN = '<!-- lighthouse:begin -->';
const SECTION_END = '<!-- lighthouse:end -->';
const COMMAND = 'npm run bench:lighthouse';
const LIGHTHOUSE_CLI = require.resolve('lighthouse/cli/index.js');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-sync',
];

type FormFactor = 'mobile' | 'desktop';
type Account = keyof typeof DEMO | null;

interface PageUnderTest {
  /** The route as the table names it. */
  route: string;
  /** The path visited. */
  path: string;
  account: Account;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Main-thread tasks over 50 ms (Lighthouse's long-tasks audit; on mobile, at the simulated 4× slower CPU). */
  longTasks: number;
  longestTaskMs: number;
}

/** One long task: the script Lighthouse attributes it to and how long it ran. */
interface LongTask {
  url: string;
  durationMs: number;
}

interface Run {
  figures: RunFigures;
  longTasks: LongTask[];
}

interface Options {
  runs: number;
  formFactors: FormFactor[];
  routes: string[] | null;
  write: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { runs: 3, formFactors: ['mobile', 'desktop'], routes: null, write: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 3);
    else if (arg === '--only') options.formFactors = [argv[++i] as FormFactor];
    else if (arg === '--pages') options.routes = argv[++i].split(',');
    else if (arg === '--no-write') options.write = false;
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse run of `url` in a new Chromium; `token` (when signed in) is stored first. */
async function runOnce(url: string, token: string | null, formFactor: FormFactor): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (token) {
      await page.goto(new URL('/remotes.json', url).href);
      await page.evaluate(storeSessionInPage, token);
    }
    await browser.disconnect();
    // Lighthouse runs as its own command against this Chromium: run in-process under tsx, its page-side
    // functions carry esbuild's `__name` helper, which the page does not have.
    const args = [
      LIGHTHOUSE_CLI,
      url,
      `--port=${chrome.port}`,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,seo,best-practices',
      ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      // The token must survive; the cache is empty anyway (a new Chromium, a new profile).
      ...(token ? ['--disable-storage-reset'] : []),
    ];
    let output: string;
    try {
      output = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 2 ** 20, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '');
      throw new Error(`Lighthouse failed on ${url}: ${stderr.split('\n').find((line) => line.trim()) ?? (error as Error).message}`, {
        cause: error,
      });
    }
    const lhr = JSON.parse(output) as Result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    const taskItems =
      (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number }> } | undefined)?.items ?? [];
    const longTasks = taskItems
      .map((item) => ({ url: shortUrl(String(item.url ?? ''), url), durationMs: Number(item.duration ?? 0) }))
      .filter((task) => task.durationMs >= 50);
    const figures: RunFigures = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: numeric('speed-index'),
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks.map((task) => task.durationMs)),
    };
    return { figures, longTasks };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses a trace (NO_NAVSTART, "Please run Lighthouse again"): such a run is made again, up to twice. */
/** A script's path on the site (its file name is enough: the hash tells the build), or what Lighthouse called it. */
function shortUrl(taskUrl: string, pageUrl: string): string {
  try {
    const parsed = new URL(taskUrl);
    return parsed.origin === new URL(pageUrl).origin ? parsed.pathname : taskUrl;
  } catch {
    return taskUrl || 'unattributed';
  }
}

async function runMeasured(url: string, token: string | null, formFactor: FormFactor): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, token, formFactor);
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (attempt >= 3 || !/NO_NAVSTART|run Lighthouse again/i.test(message)) throw error;
      console.log(`${url} ${formFactor}: Lighthouse lost the trace, running again`);
    }
  }
}

interface Row {
  page: PageUnderTest;
  formFactor: FormFactor;
  runs: RunFigures[];
  medians: RunFigures;
  /** The long tasks of the run whose blocking time is the median. */
  medianRunTasks: LongTask[];
}

function mediansOf(runs: RunFigures[]): RunFigures {
  const keys = Object.keys(runs[0]) as Array<keyof RunFigures>;
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as RunFigures;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const range = (values: number[], format: (n: number) => string) =>
  values.length > 1 ? ` (${format(Math.min(...values))}–${format(Math.max(...values))})` : '';

/** Targets (DESIGN.md §12) for mobile: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.02, accessibility and SEO 100. */
function mobileMisses(m: RunFigures): string[] {
  const misses: string[] = [];
  if (m.performance < 90) misses.push('performance');
  if (m.lcpMs > 2500) misses.push('LCP');
  if (m.tbtMs > 200) misses.push('TBT');
  if (m.cls > 0.02) misses.push('CLS');
  if (m.accessibility < 100) misses.push('accessibility');
  if (m.seo < 100) misses.push('SEO');
  return misses;
}

function table(rows: Row[], chains: Map<string, ChainResult>): string {
  const lines = [
    '| page | form factor | performance | LCP | TBT | long tasks (longest) | CLS | FCP | speed index | accessibility | SEO | best practices | request chain | targets |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
  ];
  for (const row of rows) {
    const m = row.medians;
    const perf = row.runs.map((run) => run.performance);
    const lcp = row.runs.map((run) => run.lcpMs);
    const tbt = row.runs.map((run) => run.tbtMs);
    const chain = chains.get(row.page.route);
    const misses = row.formFactor === 'mobile' ? mobileMisses(m) : [];
    const chainMiss = chain && chain.steps > 3 ? ['chain'] : [];
    const verdict =
      row.formFactor === 'mobile'
        ? [...misses, ...chainMiss].length
          ? `**not met**: ${[...misses, ...chainMiss].join(', ')}`
          : 'met'
        : '';
    lines.push(
      [
        '',
        `\`${row.page.route}\``,
        row.formFactor,
        `${m.performance}${range(perf, String)}`,
        `${seconds(m.lcpMs)}${range(lcp, (n) => (n / 1000).toFixed(1))}`,
        `${Math.round(m.tbtMs)} ms${range(tbt, (n) => String(Math.round(n)))}`,
        `${m.longTasks} (${Math.round(m.longestTaskMs)} ms)`,
        m.cls.toFixed(3),
        seconds(m.fcpMs),
        seconds(m.speedIndexMs),
        String(m.accessibility),
        String(m.seo),
        String(m.bestPractices),
        chain ? String(chain.steps) : '',
        verdict,
        '',
      ]
        .join(' | ')
        .trim(),
    );
  }
  return lines.join('\n');
}

function longTaskNotes(rows: Row[]): string {
  return rows
    .filter((row) => row.formFactor === 'mobile')
    .map((row) => {
      const tasks = row.medianRunTasks.map((task) => `${task.url} ${Math.round(task.durationMs)} ms`).join(', ');
      return `- \`${row.page.route}\`: ${tasks || 'none'}`;
    })
    .join('\n');
}

function chainNotes(chains: Map<string, ChainResult>): string {
  return [...chains.entries()].map(([route, chain]) => `- \`${route}\`: ${chain.path.join(' → ')}`).join('\n');
}

function writeSection(markdown: string): void {
  const current = readFileSync(BENCHMARKS_FILE, 'utf8');
  const begin = current.indexOf(SECTION_BEGIN);
  const end = current.indexOf(SECTION_END);
  if (begin === -1 || end === -1) throw new Error(`BENCHMARKS.md has no ${SECTION_BEGIN} … ${SECTION_END} section`);
  writeFileSync(BENCHMARKS_FILE, `${current.slice(0, begin + SECTION_BEGIN.length)}\n${markdown}\n${current.slice(end)}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const site = await startSite();
  try {
    const tokens: Record<keyof typeof DEMO, string> = {
      admin: await apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, 'system_admin'),
      owner: await apiLogin(site.url, DEMO.owner.email, DEMO.owner.password, 'store_owner'),
      customer: await apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, 'normal_user'),
    };
    const { stores } = await apiAs<{ stores: Array<{ id: number }> }>(site.url, tokens.customer, 'GET', '/api/stores?limit=1');
    const pages: PageUnderTest[] = [
      { route: '/login', path: '/login', account: null },
      { route: '/stores', path: '/stores', account: 'customer' },
      { route: '/stores/:id', path: `/stores/${stores[0].id}`, account: 'customer' },
      { route: '/admin', path: '/admin', account: 'admin' },
      { route: '/store-owner', path: '/store-owner', account: 'owner' },
    ].filter((page) => !options.routes || options.routes.includes(page.route)) as PageUnderTest[];

    const chains = new Map<string, ChainResult>();
    const browser = await launchBrowser();
    try {
      for (const page of pages) {
        const chain = await requestChain(browser, site.url, page.path, page.account ? tokens[page.account] : null);
        chains.set(page.route, chain);
        console.log(`${page.route}: request chain ${chain.steps} (${chain.path.join(' → ')})`);
      }
    } finally {
      await browser.close();
    }

    const rows: Row[] = [];
    for (const formFactor of options.formFactors) {
      for (const page of pages) {
        const runs: Run[] = [];
        // Alternating pages run by run would spread a noisy minute over all of them; runs of one page
        // follow each other here, and the spread (min–max) is in the table.
        for (let run = 0; run < options.runs; run++) {
          const measured = await runMeasured(`${site.url}${page.path}`, page.account ? tokens[page.account] : null, formFactor);
          runs.push(measured);
          const { figures } = measured;
          console.log(
            `${page.route} ${formFactor} run ${run + 1}: performance ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, a11y ${figures.accessibility}, SEO ${figures.seo}`,
          );
          console.log(
            `  long tasks: ${measured.longTasks.map((task) => `${task.url} ${Math.round(task.durationMs)} ms`).join(', ') || 'none'}`,
          );
        }
        const byTbt = [...runs].sort((a, b) => a.figures.tbtMs - b.figures.tbtMs);
        const figures = runs.map((run) => run.figures);
        rows.push({
          page,
          formFactor,
          runs: figures,
          medians: mediansOf(figures),
          medianRunTasks: byTbt[Math.floor((byTbt.length - 1) / 2)].longTasks,
        });
      }
    }

    const cpu = os.cpus();
    const markdown = [
      `Measured ${new Date().toISOString().slice(0, 10)} with \`${COMMAND} -- --runs ${options.runs}\` (Lighthouse 12.8.2, Chromium ${chromiumVersion()}; mobile: Lighthouse's default simulated throttling, 4× CPU slowdown and slow 4G; desktop: its desktop preset). Medians of ${options.runs} runs, min–max in brackets; every run in a new Chromium with an empty cache. Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; the site (\`node api/dist/main.js\`, embedded database, demo data) and Chromium share its cores.`,
      '',
      'Targets (DESIGN.md §12), for mobile: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.02, accessibility and SEO 100, a request chain of at most 3.',
      '',
      table(rows, chains),
      '',
      'The long tasks of each mobile page (the run with the median blocking time; Lighthouse attributes a task to the script that ran it):',
      '',
      longTaskNotes(rows),
      '',
      'The request chain of each page (a cold visit, no throttling): the requests that stand one behind the other from the HTML to the answer that fills the page.',
      '',
      chainNotes(chains),
    ].join('\n');
    console.log(`\n${markdown}`);
    if (options.write && options.routes === null && options.formFactors.length === 2) writeSection(markdown);
  } finally {
    await site.stop();
  }
}

function chromiumVersion(): string {
  return (
    /([\d.]+)/.exec(execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[1] ?? 'unknown'
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
