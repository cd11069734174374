/**
 * Test data written straight into a test server's database, and small readers of it, shared by the
 * suites. Writes here skip the API on purpose: they set up a state, the API under test is then asked
 * about it. The ratings trigger still keeps the stores' figures, as for any write.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestServer } from './test-server';

export type Table = 'users' | 'stores' | 'ratings';

/** A function giving short markers no other row contains: `prefix`, the time, and a counter of its own. */
export function uniqueMarkers(prefix: string): () => string {
  let sequence = 0;
  return () => `${prefix}${Date.now().toString(36)}x${(++sequence).toString(36)}`;
}

/** A function giving email addresses at `domain` that no other run, process or test uses: `label`, the process id and random hex. */
export function uniqueEmails(domain: string): (label: string) => string {
  return (label) => `${label}.${process.pid}.${randomBytes(5).toString('hex')}@${domain}`;
}

/** The number of rows in `table`. */
export async function countRows(server: TestServer, table: Table): Promise<number> {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a rating straight into the database (no API round trip) and returns its id. `at` sets created_at and updated_at. */
export async function insertRating(
  server: TestServer,
  userId: number,
  storeId: number,
  rating: number,
  options: { comment?: string | null; at?: Date } = {},
): Promise<number> {
  const row = await server.db
    .insertInto('ratings')
    .values({
      user_id: userId,
      store_id: storeId,
      rating,
      comment: options.comment ?? null,
      ...(options.at ? { created_at: options.at, updated_at: options.at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sets a row's created_at (and updated_at too when `alsoUpdatedAt`) to `at`. created_at is not writable
 * through the typed builder, so this is plain (parameterised) SQL.
 */
export async function setCreatedAt(
  server: TestServer,
  table: Table,
  id: number,
  at: Date | string,
  options: { alsoUpdatedAt?: boolean } = {},
): Promise<void> {
  const moment = typeof at === 'string' ? at : at.toISOString();
  const updatedAt = options.alsoUpdatedAt ? sql`, updated_at = ${moment}::timestamptz` : sql``;
  await sql`update ${sql.table(table)} set created_at = ${moment}::timestamptz${updatedAt} where id = ${id}`.execute(server.db);
}

/** The figures GET /api/stores/:id reports for a store (the shape of a write's `storeStats`); expects a 200. */
export async function storeStatsFromApi(server: TestServer, storeId: number, token: string) {
  const res = await server.get(`/api/stores/${storeId}`, { token });
  expect(res.status).toBe(200);
  const { average_rating, total_ratings, rating_distribution } = res.body.store;
  return { average_rating, total_ratings, rating_distribution };
}

/**
 * The rating counts concurrent writers of new ratings of one store were told, where they disagree with
 * the writes: writes batched into one statement are each told the count after that statement, and the
 * statements of one store follow each other on its lock. So, ascending, the distinct counts told are
 * c1 < c2 < … and exactly c(j) − c(j−1) writers were told c(j): none lost, none counted twice. Empty
 * when they agree; each entry is a count told, by how many writers, and how many it should have been.
 */
export function countsToldOutOfStep(counts: number[]): { count: number; told: number; expected: number }[] {
  const tally = new Map<number, number>();
  for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
  let previous = 0;
  const wrong: { count: number; told: number; expected: number }[] = [];
  for (const [count, told] of [...tally.entries()].sort((a, b) => a[0] - b[0])) {
    if (told !== count - previous) wrong.push({ count, told, expected: count - previous });
    previous = count;
  }
  return wrong;
}
