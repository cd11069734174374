/** The benchmark's table: printed, and written into BENCHMARKS.md between the engine's markers. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Measured } from './load';

export const BENCHMARKS_FILE = path.resolve(__dirname, '..', '..', 'BENCHMARKS.md');

/** The targets of issue "Performance at scale". */
/** Issue 17's targets: PostgreSQL at 10 connections; PGlite (10k stores / 100k ratings) at 1 connection and at 10. */
export const TARGETS = {
  postgresP99Ms: 25,
  pgliteP99Ms: { oneConnection: 15, tenConnections: 40 },
  ceilingRatio: 0.6,
  upsertsPerSecond: 1000,
} as const;

/** The write target (PostgreSQL only: PGlite is one connection in the server's thread). */
function writesTarget(engine: 'postgres' | 'pglite', rps: number): string {
  if (engine !== 'postgres') return '';
  return ` (target ≥ ${TARGETS.upsertsPerSecond}/s: ${rps >= TARGETS.upsertsPerSecond ? 'met' : '**not met**'})`;
}

/** The p99 a read must stay within on this engine at this many connections. */
export function p99TargetOf(engine: 'postgres' | 'pglite', connections: number): number {
  if (engine === 'postgres') return TARGETS.postgresP99Ms;
  return connections <= 1 ? TARGETS.pgliteP99Ms.oneConnection : TARGETS.pgliteP99Ms.tenConnections;
}

export interface ReadRow {
  name: string;
  bytes: number;
  endpoint: Measured;
  http: Measured;
  sql: Measured;
  plans: string[][];
}

export interface BenchReport {
  engine: 'postgres' | 'pglite';
  engineVersion: string;
  counts: { users: number; stores: number; ratings: number; topStoreRatings: number };
  seconds: number;
  ceilingSeconds: number;
  connections: number;
  machine: string;
  rows: ReadRow[];
  writes: Measured;
  burst: { reads: Measured; logins: Measured };
  aggregates: string;
}

const n0 = (v: number) => Math.round(v).toLocaleString('en');
const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));

/** The plan lines that say how rows are found (scans and joins), without costs. */
function planSummary(plan: string[]): string {
  return plan
    .filter((line) => /Scan|Join|Nested Loop|Limit|Sort|Aggregate|Append/.test(line))
    .map((line) =>
      line
        .replace(/\s+\(cost=.*$/, '')
        .replace(/^\s*->\s*/, '')
        .trim(),
    )
    .join(' → ');
}

export function renderReport(r: BenchReport): string {
  const p99Target = p99TargetOf(r.engine, r.connections);
  const command = r.engine === 'postgres' ? 'DATABASE_URL=postgres://… npm run bench' : 'npm run bench';
  const lines: string[] = [];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\` (${r.connections} connections, ${r.seconds} s per endpoint after a 1 s warm-up, ${r.ceilingSeconds} s per ceiling) on ${r.engineVersion},`,
    `${r.counts.users.toLocaleString('en')} users, ${r.counts.stores.toLocaleString('en')} stores, ${r.counts.ratings.toLocaleString('en')} ratings (the most-rated store has ${r.counts.topStoreRatings.toLocaleString('en')}).`,
    `Machine: ${r.machine}. The load generator (autocannon), the server and the database share its cores.`,
    '',
    `**HTTP ceiling**: the same server answering the endpoint's body as a constant. **SQL ceiling**: the endpoint's queries (recorded from the real route) sent through the driver's pool without HTTP. **Ratio**: the endpoint's requests/s over the lower ceiling. Targets: p99 ≤ ${p99Target} ms${r.engine === 'postgres' ? `, ratio ≥ ${TARGETS.ceilingRatio}` : ''}.`,
    '',
    '| endpoint | body | req/s | p50 ms | p99 ms | HTTP ceiling req/s | SQL ceiling req/s (p99 ms) | ratio | p99 target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:---:|',
  );
  for (const row of r.rows) {
    const lower = Math.min(row.http.rps, row.sql.rps);
    const ratio = row.endpoint.rps / lower;
    const failures = row.endpoint.failures ? ` (${row.endpoint.failures} failed)` : '';
    lines.push(
      `| ${row.name}${failures} | ${(row.bytes / 1024).toFixed(1)} KB | ${n0(row.endpoint.rps)} | ${ms(row.endpoint.p50)} | ${ms(row.endpoint.p99)} | ${n0(row.http.rps)} | ${n0(row.sql.rps)} (${ms(row.sql.p99)}) | ${ratio.toFixed(2)} | ${row.endpoint.p99 <= p99Target ? 'met' : '**not met**'} |`,
    );
  }
  const w = r.writes;
  lines.push(
    '',
    `**Writes**: \`POST /api/ratings/:storeId\` from 2,000 customers on random stores, half of them changing an existing rating: ` +
      `${n0(w.rps)} upserts/s, p50 ${ms(w.p50)} ms, p99 ${ms(w.p99)} ms, ${w.failures} failed${writesTarget(r.engine, w.rps)}. ` +
      `Aggregates afterwards: ${r.aggregates}.`,
    '',
    `**Reads during a login burst**: \`${r.rows[0]?.name}\` while 4 connections sign in without pause (argon2id on libuv's thread pool): ` +
      `${n0(r.burst.reads.rps)} req/s, p99 ${ms(r.burst.reads.p99)} ms (alone: ${n0(r.rows[0]?.endpoint.rps ?? 0)} req/s, p99 ${ms(r.rows[0]?.endpoint.p99 ?? 0)} ms); ` +
      `${r.burst.logins.rps.toFixed(1)} sign-ins/s, p99 ${ms(r.burst.logins.p99)} ms.`,
  );
  const planned = r.rows.filter((row) => row.plans.length);
  if (planned.length) {
    lines.push('', '<details><summary>EXPLAIN of each list query (how its rows are found)</summary>', '');
    for (const row of planned) {
      lines.push(`- **${row.name}**`);
      for (const plan of row.plans) lines.push(`  - ${planSummary(plan)}`);
    }
    lines.push('', '</details>');
  }
  return lines.join('\n');
}

export function writeReport(report: BenchReport): void {
  const text = renderReport(report);
  console.log(`\n${text}\n`);
  // One section per engine, and one more per engine for a run at another number of connections.
  writeSection(`api-${report.engine}${report.connections === 10 ? '' : `-c${report.connections}`}`, text);
  console.log(`Wrote the ${report.engine} table into ${BENCHMARKS_FILE}`);
}

/** Replaces what BENCHMARKS.md holds between `<!-- section:begin -->` and `<!-- section:end -->`. */
function writeSection(section: string, text: string): void {
  const begin = `<!-- ${section}:begin -->`;
  const end = `<!-- ${section}:end -->`;
  const file = readFileSync(BENCHMARKS_FILE, 'utf8');
  const start = file.indexOf(begin);
  const stop = file.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${BENCHMARKS_FILE} has no ${begin} … ${end} section`);
  writeFileSync(BENCHMARKS_FILE, `${file.slice(0, start + begin.length)}\n${text}\n${file.slice(stop)}`);
}

// ---------- `npm run bench -- --compare`: our API against the naive Express + pg baseline ----------

/** DESIGN.md §12: every endpoint at least twice the naive baseline; issue 17: the store list at least 100 times. */
export const COMPARE_TARGETS = { ratio: 2, storeListRatio: 100 } as const;

export interface CompareRow {
  name: string;
  /** A page of GET /api/stores: held to the store list's target. */
  storeList: boolean;
  /** One measurement per round, in the order they ran (ours and the baseline's alternating). */
  ours: Measured[];
  baseline: Measured[];
}

export interface CompareReport {
  engineVersion: string;
  counts: BenchReport['counts'];
  seconds: number;
  rounds: number;
  connections: number;
  timeoutSeconds: number;
  machine: string;
  rows: CompareRow[];
  aggregates: string;
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One side's figures over its rounds: median requests/s and median p99, failures and timeouts summed;
 * `upperRps`, the median requests/s had every request still running at the end of a run been answered
 * right then (what the ratio divides by for the baseline: cutting off its slow requests must not flatter ours).
 */
export function summarize(runs: Measured[]) {
  return {
    rps: median(runs.map((m) => m.rps)),
    upperRps: median(runs.map((m) => (m.seconds ? (m.total + (m.cutOff ?? 0)) / m.seconds : m.rps))),
    p99: median(runs.map((m) => m.p99)),
    failures: runs.reduce((n, m) => n + m.failures, 0),
    timeouts: runs.reduce((n, m) => n + (m.timeouts ?? 0), 0),
    cutOff: runs.reduce((n, m) => n + (m.cutOff ?? 0), 0),
    answered: runs.reduce((n, m) => n + m.total, 0),
  };
}

/**
 * Ours over the baseline (its requests cut off at the end of a run counted as answered), the target it
 * is held to and whether it is met (ratio null: the baseline sent nothing, no ratio).
 */
export function compareOutcome(row: CompareRow) {
  const ours = summarize(row.ours);
  const baseline = summarize(row.baseline);
  const target = row.storeList ? COMPARE_TARGETS.storeListRatio : COMPARE_TARGETS.ratio;
  const ratio = baseline.upperRps > 0 ? ours.rps / baseline.upperRps : null;
  return { ours, baseline, target, ratio, met: ratio !== null && ratio >= target && ours.failures === 0 };
}

const times = (ratio: number) => `${ratio < 10 ? ratio.toFixed(1) : n0(ratio)}×`;

export function renderCompareReport(r: CompareReport): string {
  const lines: string[] = [];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} with \`DATABASE_URL=postgres://… npm run bench -- --compare\` (${r.connections} connections; per endpoint a 1 s warm-up of each side, then ${r.rounds} round${r.rounds === 1 ? '' : 's'} of ${r.seconds} s per side, ours then the baseline${r.rounds > 1 ? ', alternating' : ''}; a request unanswered after ${r.timeoutSeconds} s counts as failed) on ${r.engineVersion},`,
    `${r.counts.users.toLocaleString('en')} users, ${r.counts.stores.toLocaleString('en')} stores, ${r.counts.ratings.toLocaleString('en')} ratings (the most-rated store has ${r.counts.topStoreRatings.toLocaleString('en')}).`,
    `Machine: ${r.machine}. The load generator, both servers and the database share its cores; only one server is under load at a time, and each run starts once the baseline's last queries have finished.`,
    '',
    `Requests/s and p99 are medians over the rounds. **Ratio**: our requests/s over the baseline's, counting each baseline request still running when its run ended as answered (at most one per connection; autocannon cuts them off, which would flatter ours where the baseline takes seconds). Targets: ≥ ${COMPARE_TARGETS.ratio}× for every endpoint (DESIGN.md §12), ≥ ${COMPARE_TARGETS.storeListRatio}× for the store list (issue 17); met when the ratio reaches it and none of our requests failed.`,
    '',
    '| endpoint | ours req/s | ours p99 ms | baseline req/s | baseline p99 ms | ratio | target |',
    '|---|---:|---:|---:|---:|---:|:---:|',
  );
  for (const row of r.rows) {
    const { ours, baseline, target, ratio, met } = compareOutcome(row);
    const failed = [
      ours.failures ? `ours: ${ours.failures} failed` : '',
      baseline.failures
        ? `baseline: ${baseline.failures} failed${baseline.timeouts ? `, ${baseline.timeouts} of them timed out` : ''}`
        : '',
    ].filter(Boolean);
    const name = failed.length ? `${row.name} (${failed.join('; ')})` : row.name;
    const baselineRps = baseline.rps > 0 && baseline.rps < 10 ? baseline.rps.toFixed(1) : n0(baseline.rps);
    lines.push(
      `| ${name} | ${n0(ours.rps)} | ${ms(ours.p99)} | ${baselineRps} | ${baseline.answered ? ms(baseline.p99) : '–'} | ${ratio === null ? 'n/a' : times(ratio)} | ≥ ${target}×: ${met ? 'met' : ratio === null ? '**not measured**' : '**not met**'} |`,
    );
  }
  lines.push(
    '',
    'Notes: the baseline is [api/bench/naive-baseline.ts](api/bench/naive-baseline.ts), started in a process of its own beside ours (`node api/dist/main.js`), on the same database with the same JWT secret, so the same tokens and requests go to both. ' +
      'Where ours refuses a page beyond its window (400), the baseline has no window and answers it (200): each side is held to its own expected status. ' +
      "The database's triggers that keep our counters (stores' figures, `row_counts`, `row_totals`, `store_months`) also fire on the baseline's rating writes, since both write the same tables: that cost is on both sides' writes, unavoidable with shared data. Both sides tell the store's owner of a new rating (a `notifications` row, as the product does). " +
      'Latencies are those of answered requests: where the baseline takes seconds, the requests cut off at the end of a run are missing from its p99, which is then a lower bound. ' +
      `Aggregates after both sides' writes: ${r.aggregates}.`,
  );
  return lines.join('\n');
}

export function writeCompareReport(report: CompareReport): void {
  writeSection('api-compare', renderCompareReport(report));
  console.log(`Wrote the comparison table into ${BENCHMARKS_FILE}`);
}
