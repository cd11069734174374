/**
 * The database ceiling: the SQL an endpoint runs, recorded while the real app answers it once, then
 * sent straight through the driver's pool (no HTTP, no JSON) as fast as it will go; and the EXPLAIN of
 * each list query, to show its index use.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { ZodApp } from '../src/app-context';
import type { DB } from '../src/db/schema';
import { type Measured, runLoop } from './load';

export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
  /** When it was sent and when its answer came (performance.now(), ms). */
  startedAt: number;
  endedAt: number;
}

/** Records every query the app runs while `work` runs. */
export class QueryRecorder {
  private recording: RecordedQuery[] | null = null;

  readonly onQuery = (query: { sql: string; parameters: readonly unknown[] }, durationMs: number) => {
    const endedAt = performance.now();
    this.recording?.push({ sql: query.sql, parameters: [...query.parameters], startedAt: endedAt - durationMs, endedAt });
  };

  async record(work: () => Promise<unknown>): Promise<RecordedQuery[]> {
    this.recording = [];
    try {
      await work();
      return this.recording;
    } finally {
      this.recording = null;
    }
  }
}

/** What one request of an endpoint sends to the database, found with app.inject (twice: the first warms up). */
export async function recordEndpointQueries(
  app: ZodApp,
  recorder: QueryRecorder,
  path: string,
  token: string,
  status = 200,
): Promise<RecordedQuery[]> {
  const send = async () => {
    const response = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== status) throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  };
  // What the production server does once it listens for user changes: the signed-in user from memory, not a query.
  for (let waited = 0; !app.signedInUsers.isListening && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  await send();
  return recorder.record(send);
}

/**
 * The recorded queries in the steps the route ran them: a query sent before the ones of the step so far
 * had all answered ran beside them (the routes send their independent reads together).
 */
export function querySteps(queries: RecordedQuery[]): RecordedQuery[][] {
  const steps: RecordedQuery[][] = [];
  for (const query of [...queries].sort((a, b) => a.startedAt - b.startedAt)) {
    const step = steps.at(-1);
    if (step && query.startedAt < Math.max(...step.map((q) => q.endedAt))) step.push(query);
    else steps.push([query]);
  }
  return steps;
}

/** Replays an endpoint's queries as the route runs them: step by step, the queries of a step at once. */
export function sqlCeiling(db: Kysely<DB>, queries: RecordedQuery[], seconds: number, concurrency = 10): Promise<Measured> {
  const steps = querySteps(queries).map((step) => step.map((q) => CompiledQuery.raw(q.sql, [...q.parameters])));
  return runLoop(
    async () => {
      for (const step of steps) await Promise.all(step.map((q) => db.executeQuery(q)));
    },
    seconds,
    concurrency,
  );
}

/** EXPLAIN of each query the endpoint ran: the plan's lines. */
export async function explain(db: Kysely<DB>, queries: RecordedQuery[]): Promise<string[][]> {
  const plans: string[][] = [];
  for (const query of queries) {
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    plans.push(result.rows.map((row) => row['QUERY PLAN']));
  }
  return plans;
}
