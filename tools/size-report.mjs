#!/usr/bin/env node
// `npm run size`: the page weight of a production build, read from each app's dist (build first:
// `npx nx run-many -t build`). For every app: its JavaScript and CSS, raw and gzip -9, in all and for
// its own code alone; then the first-visit totals the browser suite last measured. Prints a table and
// writes e2e/reports/size-report.json.
//
//   node tools/size-report.mjs           table + JSON file
//   node tools/size-report.mjs --check   the same, and exit 1 when a budget (tools/size-budgets.json) is exceeded
//   node tools/size-report.mjs --json    the report as JSON on stdout only (what the tests read)
//
// A remote's own code is its remoteEntry.js and every chunk that holds a module of its src/ (found from
// the chunk's source map); the other chunks are the shared libraries (react, react-dom, axios, the
// toaster, shared-contracts with the router inside it), which the shell normally provides. Sizes are
// deterministic for a given build, so the budgets are a check, not a timing.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = require('./apps.js');
const budgets = JSON.parse(readFileSync(join(root, 'tools', 'size-budgets.json'), 'utf8'));
const KB = 1000;
const REPORT_DIR = join(root, 'e2e', 'reports');

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes) => (bytes / KB).toFixed(1);
const empty = () => ({ files: 0, rawBytes: 0, gzipBytes: 0 });
function add(total, file) {
  total.files += 1;
  total.rawBytes += file.rawBytes;
  total.gzipBytes += file.gzipBytes;
}

/**
 * The modules a built file was made from, by its source map (webpack://<app>/./src/x.tsx → ./src/x.tsx).
 * Webpack writes no map for a chunk that maps no source line (a module that only re-exports another,
 * e.g. react-router-dom's index): such a chunk holds none of the app's code.
 */
function sourcesOf(dist, name) {
  const map = join(dist, `${name}.map`);
  if (!existsSync(map)) return [];
  return JSON.parse(readFileSync(map, 'utf8')).sources.map((s) => s.replace(/^webpack:\/\/[^/]*\//, ''));
}

/** One app's dist: every .js and .css file, each marked as the app's own code or a shared library's. */
export function measureApp(folder, kind) {
  const dist = join(root, folder, 'dist');
  if (!existsSync(dist)) throw new Error(`${folder} is not built: run \`npx nx run-many -t build\` first`);
  const files = readdirSync(dist)
    .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(dist, name));
      const type = name.endsWith('.js') ? 'js' : 'css';
      const own = name === 'remoteEntry.js' || sourcesOf(dist, name).some((s) => s.startsWith('./src/'));
      return { name, type, own, rawBytes: bytes.length, gzipBytes: gzipSize(bytes) };
    });
  if (!files.some((file) => existsSync(join(dist, `${file.name}.map`)))) {
    throw new Error(
      `${folder}/dist has no source maps: production builds must emit them (devtool 'hidden-source-map') to tell own code from shared libraries`,
    );
  }
  const total = { js: empty(), css: empty() };
  const own = { js: empty(), css: empty() };
  for (const file of files) {
    add(total[file.type], file);
    if (file.own) add(own[file.type], file);
  }
  return { folder, kind, js: total.js, css: total.css, own, files };
}

export function sizeReport() {
  const measured = [measureApp('shell', 'host'), ...apps.remotes.map((remote) => measureApp(remote.folder, 'remote'))];
  const failures = [];
  for (const app of measured) {
    if (app.kind !== 'remote') continue;
    app.ownJsBudgetBytes = budgets.remoteOwnJsGzipKB * KB;
    if (app.own.js.gzipBytes > app.ownJsBudgetBytes) {
      failures.push(
        `${app.folder}: its own JavaScript is ${kb(app.own.js.gzipBytes)} KB gzip, over the ${budgets.remoteOwnJsGzipKB} KB budget`,
      );
    }
  }
  // The route totals come from the browser (what a cold visit really downloads): the last run of
  // e2e/tests/first-visit.e2e.test.ts, which asserts them against the same budgets.
  const firstVisitFile = join(REPORT_DIR, 'first-visit.json');
  const firstVisit = existsSync(firstVisitFile) ? JSON.parse(readFileSync(firstVisitFile, 'utf8')) : {};
  const routes = Object.entries(budgets.firstVisitJsGzipKB).map(([route, budgetKB]) => ({
    route,
    budgetBytes: budgetKB * KB,
    measured: firstVisit[route]?.javascript ?? null,
  }));
  return { kilobyte: KB, budgets, apps: measured, routes, failures };
}

function printTable(report) {
  const rows = [
    ['app', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'own JS raw', 'own JS gzip', 'own CSS gzip', 'budget (own JS gzip)'],
    ...report.apps.map((app) => [
      app.folder,
      kb(app.js.rawBytes),
      kb(app.js.gzipBytes),
      kb(app.css.rawBytes),
      kb(app.css.gzipBytes),
      kb(app.own.js.rawBytes),
      kb(app.own.js.gzipBytes),
      kb(app.own.css.gzipBytes),
      app.ownJsBudgetBytes ? `${kb(app.ownJsBudgetBytes)} ${app.own.js.gzipBytes > app.ownJsBudgetBytes ? 'OVER' : 'ok'}` : '-',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log('Page weight of the production build, KB (1000 bytes); gzip = gzip -9 of the file bytes');
  console.log('(all files in dist; "own" = remoteEntry.js and the chunks holding the app\'s src/, shared libraries excluded)\n');
  console.log(line(rows[0]));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log('\nFirst visit, JavaScript a cold browser downloads (from e2e/reports/first-visit.json):');
  for (const r of report.routes) {
    if (!r.measured) {
      console.log(
        `  ${r.route.padEnd(8)} not measured yet (cd e2e && npx jest tests/first-visit.e2e.test.ts); budget ${kb(r.budgetBytes)} KB gzip`,
      );
      continue;
    }
    const apps = Object.entries(r.measured.byApp)
      .map(([app, s]) => `${app} ${s.files} files ${kb(s.gzipBytes)}`)
      .join(', ');
    const verdict = r.measured.gzipBytes > r.budgetBytes ? 'OVER' : 'ok';
    console.log(
      `  ${r.route.padEnd(8)} ${kb(r.measured.rawBytes)} KB raw, ${kb(r.measured.gzipBytes)} KB gzip (${apps}); budget ${kb(r.budgetBytes)} ${verdict}`,
    );
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = new Set(process.argv.slice(2));
  const report = sizeReport();
  if (args.has('--json')) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    printTable(report);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, 'size-report.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwritten: ${relative(root, join(REPORT_DIR, 'size-report.json'))}`);
  }
  if (args.has('--check')) {
    for (const failure of report.failures) console.error(`size budget exceeded: ${failure}`);
    if (report.failures.length > 0) process.exit(1);
    if (!args.has('--json')) console.log('size budgets: ok');
  }
}
