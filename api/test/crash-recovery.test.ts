/**
 * Crash safety, the short version of `npm run reliability:crash` (api/reliability/crash.ts): the API
 * as a child process takes a stream of rating writes from 40 customers and is killed with SIGKILL
 * at a random moment, or stopped with SIGTERM, again and again. After every stop the database,
 * opened directly, keeps every invariant of DESIGN.md §8, and through the restarted API every write
 * that was answered 2xx is there and every store's figures are exact. After a SIGTERM, every request
 * sent before the signal was answered and the process exited 0.
 *
 * CRASH_ROUNDS sets the rounds per engine (default 4, half of them SIGTERM); the long run is
 * `npm run reliability:crash -- --rounds 100`.
 */
import { runCrashTest } from '../reliability/crash';
import { ENGINES } from './support/test-server';

const ROUNDS = Number(process.env.CRASH_ROUNDS || 4);

describe.each(ENGINES)('crash recovery (%s)', (engine) => {
  it(
    `keeps every acknowledged write and exact figures through ${ROUNDS} kills and stops under load`,
    async () => {
      const report = await runCrashTest({
        engine,
        postgresUrl: process.env.TEST_DATABASE_URL,
        rounds: ROUNDS,
        workers: 8,
        customers: 40,
        stores: 6,
        minMs: 600,
        maxMs: 1500,
        termEvery: 2,
      });
      expect(report.problems).toEqual([]);
      expect(report.rounds).toHaveLength(ROUNDS);
      // The runs did write: the checks above are about real data.
      expect(report.acknowledged).toBeGreaterThan(ROUNDS * 5);
      expect(report.ratingsAtEnd).toBeGreaterThan(0);
      for (const round of report.rounds) {
        if (round.signal === 'SIGTERM') expect(round.exitCode).toBe(0);
        else expect(round.exitCode).toBeNull();
      }
    },
    ROUNDS * 60_000,
  );
});
