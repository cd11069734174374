/** The benchmark's table: printed, and written into BENCHMARKS.md between the engine's markers. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Measured } from './load';

export const BENCHMARKS_FILE = path.resolve(__dirname, '..', '..', 'BENCHMARKS.md');

/** The targets of issue "Performance at scale". */
export const TARGETS = { postgresP99Ms: 25, pgliteP99Ms: 30, ceilingRatio: 0.6, upsertsPerSecond: 1000 } as const;

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
  const p99Target = r.engine === 'postgres' ? TARGETS.postgresP99Ms : TARGETS.pgliteP99Ms;
  const command = r.engine === 'postgres' ? 'DATABASE_URL=postgres://… npm run bench' : 'npm run bench';
  const lines: string[] = [];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\` (${r.connections} connections, ${r.seconds} s per endpoint after a 1 s warm-up, ${r.ceilingSeconds} s per ceiling) on ${r.engineVersion},`,
    `${r.counts.users.toLocaleString('en')} users, ${r.counts.stores.toLocaleString('en')} stores, ${r.counts.ratings.toLocaleString('en')} ratings (the most-rated store has ${r.counts.topStoreRatings.toLocaleString('en')}).`,
    `Machine: ${r.machine}. The load generator (autocannon), the server and the database share its cores.`,
    '',
    `**HTTP ceiling**: the same server answering the endpoint's body as a constant. **SQL ceiling**: the endpoint's queries (recorded from the real route) sent through the driver's pool without HTTP. **Ratio**: the endpoint's requests/s over the lower ceiling. Targets: p99 < ${p99Target} ms${r.engine === 'postgres' ? `, ratio ≥ ${TARGETS.ceilingRatio}` : ''}.`,
    '',
    '| endpoint | body | req/s | p50 ms | p99 ms | HTTP ceiling req/s | SQL ceiling req/s (p99 ms) | ratio | p99 target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:---:|',
  );
  for (const row of r.rows) {
    const lower = Math.min(row.http.rps, row.sql.rps);
    const ratio = row.endpoint.rps / lower;
    const failures = row.endpoint.failures ? ` (${row.endpoint.failures} failed)` : '';
    lines.push(
      `| ${row.name}${failures} | ${(row.bytes / 1024).toFixed(1)} KB | ${n0(row.endpoint.rps)} | ${ms(row.endpoint.p50)} | ${ms(row.endpoint.p99)} | ${n0(row.http.rps)} | ${n0(row.sql.rps)} (${ms(row.sql.p99)}) | ${ratio.toFixed(2)} | ${row.endpoint.p99 < p99Target ? 'met' : '**not met**'} |`,
    );
  }
  const w = r.writes;
  lines.push(
    '',
    `**Writes**: \`POST /api/ratings/:storeId\` from 2,000 customers on random stores, half of them changing an existing rating: ` +
      `${n0(w.rps)} upserts/s, p50 ${ms(w.p50)} ms, p99 ${ms(w.p99)} ms, ${w.failures} failed (target ≥ ${TARGETS.upsertsPerSecond}/s: ${w.rps >= TARGETS.upsertsPerSecond ? 'met' : '**not met**'}). ` +
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
  const section = `api-${report.engine}${report.connections === 10 ? '' : `-c${report.connections}`}`;
  const begin = `<!-- ${section}:begin -->`;
  const end = `<!-- ${section}:end -->`;
  const file = readFileSync(BENCHMARKS_FILE, 'utf8');
  const start = file.indexOf(begin);
  const stop = file.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${BENCHMARKS_FILE} has no ${begin} … ${end} section`);
  writeFileSync(BENCHMARKS_FILE, `${file.slice(0, start + begin.length)}\n${text}\n${file.slice(stop)}`);
  console.log(`Wrote the ${report.engine} table into ${BENCHMARKS_FILE}`);
}
