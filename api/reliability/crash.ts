/**
 * Crash safety: runs the API as a child process, streams rating writes at it from many customers,
 * kills it with SIGKILL at a random moment (every `termEvery`-th round it is stopped with SIGTERM
 * instead), opens the database directly to check DESIGN.md §8's invariants, restarts the API and
 * checks through it that every write answered 2xx is there and every store's figures are exact.
 *
 *   npm run reliability:crash -- [--engine pglite|postgres|both] [--rounds 100] [--workers 8]
 *                                [--customers 40] [--stores 6] [--min-ms 200] [--max-ms 1500] [--term-every 4]
 *
 * PostgreSQL: a fresh database is made on the server of DATABASE_URL (or TEST_DATABASE_URL) and
 * dropped after. PGlite: a fresh data directory. `npm test` runs a short version
 * (api/test/crash-recovery.test.ts); RELIABILITY.md has the figures of the last long run.
 */
import { parseArgs } from 'node:util';
import type { Engine } from '../src/db/database';
import { invariantViolations } from '../src/db/invariants';
import { type RunningServer, startServer } from '../scripts/api-process';
import { RatingLedger } from './rating-stream';
import { createWorld } from './world';

export interface CrashOptions {
  engine: Engine;
  postgresUrl?: string;
  rounds: number;
  workers: number;
  customers: number;
  stores: number;
  /** The stop comes at a random moment between these after the writes begin. */
  minMs: number;
  maxMs: number;
  /** Every n-th round ends with SIGTERM (0: never). */
  termEvery: number;
  log?: (line: string) => void;
}

export interface RoundResult {
  round: number;
  signal: 'SIGKILL' | 'SIGTERM';
  /** Milliseconds of writes before the signal. */
  afterMs: number;
  acknowledged: number;
  unanswered: number;
  unansweredBy: Record<string, number>;
  /** SIGTERM rounds: requests refused with 503 while the server drained (none of them applied). */
  refusedWhileStopping: number;
  exitCode: number | null;
  /** From spawning the process to its first answer, after the crash. */
  restartMs: number;
  problems: string[];
}

export interface CrashReport {
  engine: Engine;
  rounds: RoundResult[];
  acknowledged: number;
  unanswered: number;
  ratingsAtEnd: number;
  problems: string[];
  medianRestartMs: number;
}

export const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => undefined);
  const world = await createWorld(options.engine, { customers: options.customers, stores: options.stores }, options.postgresUrl);
  const ledger = new RatingLedger(world);
  const rounds: RoundResult[] = [];
  const problems: string[] = [];
  let ratingsAtEnd = 0;
  let server: RunningServer | undefined;
  try {
    let started = Date.now();
    server = await startServer(world.env);
    let restartMs = Date.now() - started;
    for (let round = 1; round <= options.rounds; round++) {
      const signal = options.termEvery > 0 && round % options.termEvery === 0 ? 'SIGTERM' : 'SIGKILL';
      const afterMs = options.minMs + Math.floor(Math.random() * (options.maxMs - options.minMs));
      let stopAt = Infinity;
      let stopping = false;
      // SIGTERM: the writers keep sending while the server drains, so requests are in flight when it stops.
      const running = server;
      const streaming = ledger.stream(running.url, {
        workers: options.workers,
        until: () => Date.now() >= stopAt,
        stopping: () => stopping,
      });
      await sleep(afterMs);
      stopping = true;
      const exitCode = signal === 'SIGKILL' ? await running.kill() : await running.stop();
      stopAt = Date.now();
      const tally = await streaming;
      const roundProblems = tally.unexpected.map((line) => `answer during the run: ${line}`);
      if (signal === 'SIGTERM' && tally.unansweredSentBeforeStop > 0)
        roundProblems.push(
          `SIGTERM: ${tally.unansweredSentBeforeStop} requests sent before the signal got no answer ${JSON.stringify(tally.unansweredBy)}`,
        );
      if (signal === 'SIGTERM' && exitCode !== 0)
        roundProblems.push(`SIGTERM: exit code ${exitCode}, expected 0:\n${running.output().slice(-2000)}`);

      // The database itself, opened fresh after the crash (PGlite recovers its files here).
      const direct = await world.open();
      try {
        roundProblems.push(...(await invariantViolations(direct.db)).map((v) => `invariant: ${v}`));
      } finally {
        await direct.close();
      }

      started = Date.now();
      server = await startServer(world.env);
      restartMs = Date.now() - started;
      const verified = await ledger.verify(server.url);
      roundProblems.push(...verified.problems);
      ratingsAtEnd = verified.ratings;

      const result: RoundResult = {
        round,
        signal,
        afterMs,
        acknowledged: tally.acknowledged,
        unanswered: tally.unanswered,
        unansweredBy: tally.unansweredBy,
        refusedWhileStopping: tally.refusedWhileStopping,
        exitCode,
        restartMs,
        problems: roundProblems,
      };
      rounds.push(result);
      problems.push(...roundProblems.map((p) => `round ${round} (${signal}): ${p}`));
      log(
        `  ${options.engine} round ${round}/${options.rounds}: ${signal} after ${afterMs} ms, ${tally.acknowledged} writes answered 2xx, ` +
          `${tally.unanswered} unanswered ${JSON.stringify(tally.unansweredBy)}${signal === 'SIGTERM' ? `, ${tally.refusedWhileStopping} refused with 503 while draining` : ''}, restart ${restartMs} ms, ${roundProblems.length ? `${roundProblems.length} PROBLEMS, e.g. ${roundProblems.slice(0, 3).join(' | ')}` : 'nothing lost, figures exact'}`,
      );
    }
    await server.stop();
  } finally {
    await server?.kill();
    await world.destroy();
  }
  return {
    engine: options.engine,
    rounds,
    acknowledged: rounds.reduce((n, r) => n + r.acknowledged, 0),
    unanswered: rounds.reduce((n, r) => n + r.unanswered, 0),
    ratingsAtEnd,
    problems,
    medianRestartMs: median(rounds.map((r) => r.restartMs)),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      rounds: { type: 'string', default: '100' },
      workers: { type: 'string', default: '8' },
      customers: { type: 'string', default: '40' },
      stores: { type: 'string', default: '6' },
      'min-ms': { type: 'string', default: '200' },
      'max-ms': { type: 'string', default: '1500' },
      'term-every': { type: 'string', default: '4' },
    },
  });
  const postgresUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const engines: Engine[] = values.engine === 'both' ? (postgresUrl ? ['pglite', 'postgres'] : ['pglite']) : [values.engine as Engine];
  let failed = false;
  for (const engine of engines) {
    const started = Date.now();
    console.log(`crash test on ${engine}:`);
    const report = await runCrashTest({
      engine,
      postgresUrl,
      rounds: Number(values.rounds),
      workers: Number(values.workers),
      customers: Number(values.customers),
      stores: Number(values.stores),
      minMs: Number(values['min-ms']),
      maxMs: Number(values['max-ms']),
      termEvery: Number(values['term-every']),
      log: (line) => console.log(line),
    });
    const kills = report.rounds.filter((r) => r.signal === 'SIGKILL').length;
    console.log(
      `${engine}: ${report.rounds.length} rounds (${kills} SIGKILL, ${report.rounds.length - kills} SIGTERM) in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
        `${report.acknowledged} writes answered 2xx, ${report.unanswered} unanswered at a stop; ${report.ratingsAtEnd} ratings at the end; ` +
        `median restart ${report.medianRestartMs} ms; ${report.problems.length === 0 ? 'every acknowledged write kept, every figure exact' : `${report.problems.length} PROBLEMS`}`,
    );
    if (report.problems.length) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
