/**
 * `npm run bench -- --compare`: our production server and the naive Express + pg baseline
 * (naive-baseline.ts), each in a process of its own, on the same PostgreSQL database with the same JWT
 * secret, loaded with the same requests in turn: ours, baseline, ours, baseline (`--rounds`), so that
 * their ratio comes from one run on one machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../src/db/schema';
import { startServer } from '../scripts/api-process';
import { type LoadRequest, runLoad } from './load';
import { NAIVE_BASELINE_APPLICATION_NAME, NAIVE_BASELINE_READY } from './naive-baseline';
import { type CompareRow, compareOutcome } from './report';

const BASELINE_FILE = path.resolve(__dirname, 'naive-baseline.ts');
const API_DIR = path.resolve(__dirname, '..');

export interface CompareScenario {
  name: string;
  /** A page of GET /api/stores (held to the store list's target). */
  storeList: boolean;
  path: string | (() => string);
  headers: Record<string, string>;
  /** The status our answers should have (default: any 2xx). */
  status?: number;
  /** The status the baseline's answers should have (default: any 2xx; it has no list window, so no 400 for a deep page). */
  baselineStatus?: number;
}

export interface CompareOptions {
  databaseUrl: string;
  jwtSecret: string;
  /** The environment of our server (as the normal run starts it). */
  serverEnv: Record<string, string>;
  /** A connection to the same database, to see when the baseline's queries have finished. */
  db: Kysely<DB>;
  scenarios: CompareScenario[];
  /** A fresh rating-write load (same generator for both sides); null: no writes this run. */
  writes: (() => LoadRequest) | null;
  seconds: number;
  rounds: number;
  connections: number;
  timeoutSeconds: number;
}

export async function runComparison(options: CompareOptions): Promise<CompareRow[]> {
  const { seconds, rounds, connections, timeoutSeconds, db } = options;
  const load = (url: string, request: LoadRequest, duration: number) => runLoad(url, request, duration, connections, { timeoutSeconds });
  const ours = await startServer(options.serverEnv);
  let baseline: BaselineProcess | undefined;
  const rows: CompareRow[] = [];
  try {
    baseline = await startBaselineProcess(options.databaseUrl, options.jwtSecret);
    const { url: baselineUrl } = baseline;
    console.log(
      `Compare: ours ${ours.url}, naive baseline ${baselineUrl}; ${connections} connections, ${rounds} round${rounds === 1 ? '' : 's'} × ${seconds} s per side, timeout ${timeoutSeconds} s`,
    );

    /** Warms both up, then the rounds, alternating; waits for the baseline's leftovers before each run. */
    const measure = async (name: string, storeList: boolean, oursRequest: () => LoadRequest, baselineRequest: () => LoadRequest) => {
      await load(ours.url, oursRequest(), 1);
      await load(baselineUrl, baselineRequest(), 1);
      await baselineIdle(db);
      const row: CompareRow = { name, storeList, ours: [], baseline: [] };
      for (let round = 0; round < rounds; round++) {
        row.ours.push(await load(ours.url, oursRequest(), seconds));
        await baselineIdle(db);
        row.baseline.push(await load(baselineUrl, baselineRequest(), seconds));
        await baselineIdle(db);
      }
      rows.push(row);
      console.log(`  ${summaryLine(row)}`);
    };

    for (const scenario of options.scenarios) {
      const request = (status: number | undefined) => () => ({ path: scenario.path, headers: scenario.headers, status });
      await measure(scenario.name, scenario.storeList, request(scenario.status), request(scenario.baselineStatus));
    }
    if (options.writes) await measure('rating upserts (POST /api/ratings/:storeId)', false, options.writes, options.writes);
    return rows;
  } finally {
    await baseline?.stop();
    await ours.stop();
  }
}

function summaryLine(row: CompareRow): string {
  const { ours, baseline, ratio } = compareOutcome(row);
  const side = (s: { rps: number; p99: number; failures: number }) =>
    `${s.rps.toFixed(s.rps < 10 ? 1 : 0)}/s p99 ${s.p99} ms${s.failures ? ` FAILURES ${s.failures}` : ''}`;
  const cutOff = baseline.cutOff ? ` (${baseline.cutOff} cut off at the end)` : '';
  return `${row.name}: ours ${side(ours)}; baseline ${side(baseline)}${cutOff}; ${ratio === null ? 'no ratio' : `${ratio.toFixed(1)}×`}`;
}

/**
 * Waits until no connection of the baseline runs a query: autocannon drops its connections at the
 * end of a run, but the baseline's queries go on (a slow store list for a second or more), and the
 * next run must not share the database with them. Three quiet looks in a row, at most 2 minutes.
 */
async function baselineIdle(db: Kysely<DB>): Promise<void> {
  const deadline = Date.now() + 120_000;
  let quiet = 0;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where application_name = ${NAIVE_BASELINE_APPLICATION_NAME} and state = 'active'`.execute(db);
    quiet = rows[0].n === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return;
    await sleep(50);
  }
  console.warn('  (the baseline still had queries running after 2 minutes; going on)');
}

interface BaselineProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The baseline in a process of its own (through tsx, as `npm run bench` runs), like our server: neither shares the load generator's event loop. */
async function startBaselineProcess(databaseUrl: string, jwtSecret: string): Promise<BaselineProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', BASELINE_FILE], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, PORT: '0', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`the naive baseline did not start in 60 s:\n${output}`));
    }, 60_000);
    const poll = setInterval(() => {
      const match = new RegExp(`${NAIVE_BASELINE_READY} (http://\\S+)`).exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1]);
      }
    }, 5);
    void exited.then(() => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the naive baseline exited:\n${output}`));
    });
  });
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      // What it printed besides its address (errors a request met), for the log of the run.
      const rest = output.replace(new RegExp(`^${NAIVE_BASELINE_READY} \\S+\\n`), '').trim();
      if (rest) console.log(`The naive baseline printed:\n${rest.slice(-4000)}`);
    },
  };
}
