/**
 * Sustained load: the API as a child process takes a steady rate of requests from many users for
 * minutes, a realistic mix of reads (store lists, searches, store pages, ratings, dashboards) and
 * rating writes, sent at fixed times whatever the answers' speed (open loop, so a slow server is
 * seen as latency, not hidden by fewer requests). Every few seconds it records the requests, errors,
 * latency percentiles and the server's resident memory; at the end it checks that every write
 * answered 2xx is kept and every figure exact, and the database invariants of DESIGN.md §8.
 *
 *   npm run reliability:soak -- [--engine pglite|postgres] [--seconds 600] [--rate 100]
 *                               [--customers 300] [--stores 40] [--sample 10]
 *
 * Passing means: no error at all, nothing lost, and no memory growth trend (see memoryTrend).
 * `npm test` runs a short version (api/test/soak.test.ts); RELIABILITY.md has the last long run.
 */
import { parseArgs } from 'node:util';
import type { Engine } from '../src/db/database';
import { invariantViolations } from '../src/db/invariants';
import { type RunningServer, startServer } from '../scripts/api-process';
import { median } from './crash';
import { RatingLedger } from './rating-stream';
import { createWorld, type World } from './world';

export interface SoakOptions {
  engine: Engine;
  postgresUrl?: string;
  seconds: number;
  /** Requests per second, sent at fixed intervals. */
  rate: number;
  customers: number;
  stores: number;
  /** Seconds per sample. */
  sampleSeconds: number;
  log?: (line: string) => void;
}

export interface Sample {
  /** Seconds since the load began, at the end of the sample. */
  at: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  rssMb: number;
}

export interface MemoryTrend {
  /** Least-squares slope of resident memory after the warm-up, MB per minute. */
  slopeMbPerMinute: number;
  /** Median resident memory of the first and the second half after the warm-up. */
  firstHalfMb: number;
  secondHalfMb: number;
  /** True when memory does not keep growing: the second half is within 15% (and 20 MB) of the first. */
  flat: boolean;
}

export interface SoakReport {
  engine: Engine;
  seconds: number;
  rate: number;
  requests: number;
  /** Requests that got an answer (all of them, unless the server stopped answering). */
  answered: number;
  writes: number;
  errors: number;
  errorExamples: string[];
  samples: Sample[];
  overall: { p50: number; p99: number; max: number };
  memory: MemoryTrend;
  problems: string[];
}

type Read = (world: World) => { path: string; token: string };

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
const WORDS = ['store', 'market', 'road', 'reliability', '1', 'mart', 'zzz'];

/** The reads of the mix, with their weights (writes take the rest, WRITE_SHARE). */
const READS: Array<[weight: number, read: Read]> = [
  [
    30,
    (w) => ({
      path: `/api/stores?page=${1 + Math.floor(Math.random() * 3)}&sortBy=${pick(['name', 'rating', 'created_at'])}&sortOrder=${pick(['asc', 'desc'])}`,
      token: pick(w.customers).token,
    }),
  ],
  [8, (w) => ({ path: `/api/stores?search=${pick(WORDS)}`, token: pick(w.customers).token })],
  [15, (w) => ({ path: `/api/stores/${pick(w.storeIds)}`, token: pick(w.customers).token })],
  [10, (w) => ({ path: `/api/stores/${pick(w.storeIds)}/ratings`, token: pick(w.customers).token })],
  [10, (w) => ({ path: `/api/ratings/user/${pick(w.storeIds)}`, token: pick(w.customers).token })],
  [5, (w) => ({ path: '/api/users/dashboard', token: pick(w.customers).token })],
  [2, (w) => ({ path: '/api/owner/dashboard', token: w.owner.token })],
];
const WRITE_SHARE = 0.2;
const READ_WEIGHT = READS.reduce((n, [weight]) => n + weight, 0);

function randomRead(world: World) {
  let roll = Math.random() * READ_WEIGHT;
  for (const [weight, read] of READS) {
    roll -= weight;
    if (roll < 0) return read(world);
  }
  return READS[0][1](world);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function memoryTrend(samples: Sample[]): MemoryTrend {
  // The first fifth is warm-up (JIT, caches, pools filling).
  const steady = samples.slice(Math.floor(samples.length / 5));
  const xs = steady.map((s) => s.at / 60);
  const ys = steady.map((s) => s.rssMb);
  const n = steady.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / sxx;
  const half = Math.floor(n / 2);
  const firstHalfMb = median(ys.slice(0, half));
  const secondHalfMb = median(ys.slice(half));
  return {
    slopeMbPerMinute: Math.round(slope * 100) / 100,
    firstHalfMb,
    secondHalfMb,
    flat: secondHalfMb <= Math.max(firstHalfMb * 1.15, firstHalfMb + 20),
  };
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const world = await createWorld(options.engine, { customers: options.customers, stores: options.stores }, options.postgresUrl);
  const ledger = new RatingLedger(world);
  let server: RunningServer;
  try {
    server = await startServer(world.env);
  } catch (error) {
    await world.destroy();
    throw error;
  }
  const errors: string[] = [];
  const samples: Sample[] = [];
  const all: number[] = [];
  let window: number[] = [];
  let windowErrors = 0;
  let errorCount = 0;
  let requests = 0;
  let writes = 0;
  const busy = new Set<number>();
  const problems: string[] = [];
  try {
    const fail = (line: string) => {
      windowErrors += 1;
      errorCount += 1;
      if (errors.length < 50) errors.push(line);
    };
    const read = async () => {
      const { path, token } = randomRead(world);
      const started = performance.now();
      try {
        const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) fail(`GET ${path}: ${res.status}`);
      } catch (error) {
        fail(`GET ${path}: no answer (${(error as { cause?: { code?: string } }).cause?.code ?? error})`);
      }
      return performance.now() - started;
    };
    const write = async () => {
      // A customer with nothing in flight (the ledger needs one request at a time per customer).
      let customer = Math.floor(Math.random() * world.customers.length);
      for (let i = 0; busy.has(customer) && i < world.customers.length; i++) customer = (customer + 1) % world.customers.length;
      if (busy.has(customer)) return read();
      busy.add(customer);
      const started = performance.now();
      try {
        const outcome = await ledger.writeOnce(server.url, customer);
        writes += 1;
        if (outcome.kind === 'unexpected') fail(outcome.detail);
        else if (outcome.kind !== 'acknowledged') fail(`write: ${JSON.stringify(outcome)}`);
      } finally {
        busy.delete(customer);
      }
      return performance.now() - started;
    };
    const send = () => {
      requests += 1;
      void (Math.random() < WRITE_SHARE ? write() : read()).then((ms) => {
        window.push(ms);
        all.push(ms);
      });
    };

    // Open loop: requests leave on a fixed schedule, whatever the answers' speed.
    const begun = performance.now();
    const interval = 1000 / options.rate;
    let sent = 0;
    let nextSample = options.sampleSeconds;
    while (true) {
      const elapsed = (performance.now() - begun) / 1000;
      if (elapsed >= options.seconds) break;
      const due = Math.floor((elapsed * 1000) / interval);
      while (sent < due) {
        send();
        sent += 1;
      }
      if (elapsed >= nextSample) {
        const sorted = [...window].sort((a, b) => a - b);
        const sample: Sample = {
          at: Math.round(elapsed),
          requests: window.length,
          errors: windowErrors,
          p50: Math.round(percentile(sorted, 50) * 10) / 10,
          p99: Math.round(percentile(sorted, 99) * 10) / 10,
          max: Math.round((sorted[sorted.length - 1] ?? 0) * 10) / 10,
          rssMb: Math.round((server.rssBytes() ?? 0) / 2 ** 20),
        };
        samples.push(sample);
        log(
          `  ${options.engine} ${sample.at}s: ${sample.requests} answered, ${sample.errors} errors, p50 ${sample.p50} ms, p99 ${sample.p99} ms, RSS ${sample.rssMb} MB`,
        );
        window = [];
        windowErrors = 0;
        nextSample += options.sampleSeconds;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(interval, 10))));
    }
    // Let the last requests finish.
    while (busy.size > 0 || all.length < requests) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if ((performance.now() - begun) / 1000 > options.seconds + 60) {
        problems.push(`${requests - all.length} requests still unanswered 60 s after the last was sent`);
        break;
      }
    }
    const verified = await ledger.verify(server.url);
    problems.push(...verified.problems);
    const exitCode = await server.stop();
    if (exitCode !== 0) problems.push(`the server exited with ${exitCode} on SIGTERM`);
    const direct = await world.open();
    try {
      problems.push(...(await invariantViolations(direct.db)));
    } finally {
      await direct.close();
    }
  } finally {
    await server.kill();
    await world.destroy();
  }
  const sorted = [...all].sort((a, b) => a - b);
  const memory = memoryTrend(samples);
  if (errorCount > 0) problems.push(`${errorCount} errors, e.g. ${errors.slice(0, 3).join(' | ')}`);
  return {
    engine: options.engine,
    seconds: options.seconds,
    rate: options.rate,
    requests,
    answered: all.length,
    writes,
    errors: errorCount,
    errorExamples: errors,
    samples,
    overall: {
      p50: Math.round(percentile(sorted, 50) * 10) / 10,
      p99: Math.round(percentile(sorted, 99) * 10) / 10,
      max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    },
    memory,
    problems,
  };
}

/** The report as Markdown: the summary line and the samples table (for RELIABILITY.md). */
export function soakMarkdown(report: SoakReport): string {
  const lines = [
    `${report.engine}: ${report.seconds} s at ${report.rate} requests/s: ${report.requests} requests (${report.writes} writes), ` +
      `${report.errors} errors; p50 ${report.overall.p50} ms, p99 ${report.overall.p99} ms, max ${report.overall.max} ms; ` +
      `RSS ${report.memory.firstHalfMb} → ${report.memory.secondHalfMb} MB (slope ${report.memory.slopeMbPerMinute} MB/min, ${report.memory.flat ? 'no growth trend' : 'GROWING'}).`,
    '',
    '| at (s) | answered | errors | p50 (ms) | p99 (ms) | max (ms) | RSS (MB) |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...report.samples.map((s) => `| ${s.at} | ${s.requests} | ${s.errors} | ${s.p50} | ${s.p99} | ${s.max} | ${s.rssMb} |`),
  ];
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: process.env.DATABASE_URL || process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
      seconds: { type: 'string', default: '600' },
      rate: { type: 'string', default: '100' },
      customers: { type: 'string', default: '300' },
      stores: { type: 'string', default: '40' },
      sample: { type: 'string', default: '10' },
    },
  });
  const report = await runSoak({
    engine: values.engine as Engine,
    postgresUrl: process.env.DATABASE_URL || process.env.TEST_DATABASE_URL,
    seconds: Number(values.seconds),
    rate: Number(values.rate),
    customers: Number(values.customers),
    stores: Number(values.stores),
    sampleSeconds: Number(values.sample),
    log: (line) => console.log(line),
  });
  console.log(`\n${soakMarkdown(report)}\n`);
  const ok = report.problems.length === 0 && report.memory.flat;
  console.log(
    ok
      ? 'soak: no errors, nothing lost, no memory growth'
      : `soak FAILED: ${report.problems.slice(0, 5).join(' | ')}${report.memory.flat ? '' : ' | memory keeps growing'}`,
  );
  process.exit(ok ? 0 : 1);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
