/**
 * Sustained load, the short version of `npm run reliability:soak` (api/reliability/soak.ts): the API
 * as a child process takes a steady 25 requests a second (a fifth of them rating writes) from 200
 * customers for SOAK_SECONDS (default 20) per engine. No request may fail, every write answered 2xx
 * is kept with exact store figures, the invariants of DESIGN.md §8 hold, SIGTERM ends it with exit
 * code 0. Twenty seconds are too short to judge a memory trend (warm-up dominates): here resident
 * memory only must not balloon; the trend is judged by the long run (minutes), by flag:
 * `npm run reliability:soak -- --seconds 600`, whose figures are in RELIABILITY.md.
 */
import { runSoak, soakMarkdown } from '../reliability/soak';
import { ENGINES } from './support/test-server';

const SECONDS = Number(process.env.SOAK_SECONDS || 20);
const RATE = 25;
const SAMPLE_SECONDS = 2;

describe.each(ENGINES)('soak (%s)', (engine) => {
  it(
    `answers ${RATE} requests a second for ${SECONDS} s without an error, losing nothing, memory bounded`,
    async () => {
      const report = await runSoak({
        engine,
        postgresUrl: process.env.TEST_DATABASE_URL,
        seconds: SECONDS,
        rate: RATE,
        customers: 200,
        stores: 30,
        sampleSeconds: SAMPLE_SECONDS,
      });
      const summary = soakMarkdown(report);
      expect({ problems: report.problems, errors: report.errors }).toEqual({ problems: [], errors: 0 });
      // Every scheduled request was sent (how fast they were answered is the long run's report, not a test).
      expect(report.requests).toBeGreaterThanOrEqual(RATE * SECONDS * 0.95);
      expect(report.writes).toBeGreaterThan(RATE * SECONDS * 0.1);
      expect(report.samples.length).toBeGreaterThanOrEqual(Math.floor(SECONDS / SAMPLE_SECONDS) - 1);
      expect(report.samples.every((s) => s.rssMb > 0)).toBe(true);
      const steady = report.samples.slice(Math.floor(report.samples.length / 5)).map((s) => s.rssMb);
      if (Math.max(...steady) > steady[0] + 150) throw new Error(`resident memory grew by more than 150 MB in ${SECONDS} s:\n${summary}`);
    },
    (SECONDS + 120) * 1000,
  );
});
