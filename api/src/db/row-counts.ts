/**
 * Totals and recent growth of users, stores and ratings from the row_totals and row_counts tables
 * (migration 0003), which triggers keep per subject and per UTC day: a few dozen small rows, never a
 * count over the tables.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

/** "Recent" is the last GROWTH_DAYS UTC calendar days, today included. */
export const GROWTH_DAYS = 30;

export interface Tally {
  total: number;
  recent: number;
}

export interface RowCounts {
  users: Tally;
  stores: Tally;
  ratings: Tally & {
    /** Sum of every rating's stars. */
    sum: number;
    /** How many ratings give each number of stars. */
    stars: Record<1 | 2 | 3 | 4 | 5, number>;
  };
}

const SUBJECTS = ['users', 'stores', 'ratings_1', 'ratings_2', 'ratings_3', 'ratings_4', 'ratings_5'];

/**
 * More rows than this in the growth window (past days holding several slots each), and the read that
 * sees them starts row_counts_fold() in the background. Folded, the window holds one row per subject
 * and past day plus today's slots, well under it.
 */
export const FOLD_ABOVE_ROWS = 2 * SUBJECTS.length * GROWTH_DAYS;

/** Where a failed fold is reported (a request's or the server's logger). */
type WarningLog = { warn(details: object, message: string): void };

const folding = new WeakSet<Kysely<DB>>();

/** Folds past days' slots (row_counts_fold) unless this process is already doing so; resolves to how many rows it folded. */
export async function foldRowCounts(db: Kysely<DB>, log?: WarningLog): Promise<number> {
  if (folding.has(db)) return 0;
  folding.add(db);
  try {
    const { rows } = await sql<{ folded: number }>`select row_counts_fold() as folded`.execute(db);
    return Number(rows[0]?.folded ?? 0);
  } catch (error) {
    // The rows stay as they are (still exact); the next read that finds too many tries again.
    log?.warn({ err: error }, 'Could not fold the daily row counts');
    return 0;
  } finally {
    folding.delete(db);
  }
}

export async function readRowCounts(db: Kysely<DB>, log?: WarningLog): Promise<RowCounts> {
  // One round trip: the totals, and the last GROWTH_DAYS days of each subject (ranges of the
  // (subject, day, slot) key), with how many rows the window holds.
  const { rows } = await sql<{ kind: 'total' | 'recent'; subject: string; n: number; rows: number }>`
    select 'total' as kind, subject, sum(n) as n, count(*) as rows from row_totals group by subject
    union all
    select 'recent', subject, sum(n), count(*) from row_counts
      where subject in (${sql.join(SUBJECTS)}) and day > (now() at time zone 'UTC')::date - ${sql.lit(GROWTH_DAYS)}
      group by subject`.execute(db);
  const windowRows = rows.filter((r) => r.kind === 'recent').reduce((sum, r) => sum + Number(r.rows), 0);
  if (windowRows > FOLD_ABOVE_ROWS) void foldRowCounts(db, log);
  const totals = rows.filter((r) => r.kind === 'total');
  const recent = rows.filter((r) => r.kind === 'recent');
  const sumOf = (rows: Array<{ subject: string; n: number }>, subject: string) => Number(rows.find((r) => r.subject === subject)?.n ?? 0);
  const tally = (subject: string): Tally => ({ total: sumOf(totals, subject), recent: sumOf(recent, subject) });
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  const ratings = { total: 0, recent: 0, sum: 0, stars };
  for (const star of [1, 2, 3, 4, 5] as const) {
    const { total, recent: inWindow } = tally(`ratings_${star}`);
    stars[star] = total;
    ratings.total += total;
    ratings.recent += inWindow;
    ratings.sum += star * total;
  }
  return { users: tally('users'), stores: tally('stores'), ratings };
}

/** How many users or stores there are: one subject's slots, through the primary key. */
export async function countRows(db: Kysely<DB>, subject: 'users' | 'stores'): Promise<number> {
  const row = await db
    .selectFrom('row_totals')
    .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Recounts row_counts from the tables (after a bulk load with the triggers off). */
export async function rebuildRowCounts(db: Kysely<DB>): Promise<void> {
  await sql`select row_counts_rebuild()`.execute(db);
}
