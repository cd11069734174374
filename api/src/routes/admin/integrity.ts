/**
 * The admin dashboard's system health. The number of administrators is read live (an index answers
 * it). The two integrity checks read whole tables (every store against its owner's role, the store
 * figures against the ratings table), so they run in the background at most every
 * `integrityCheckMaxAgeMs` and a request answers the last result at once.
 */
import { type Kysely, sql } from 'kysely';
import type { HealthStatus } from 'shared-contracts';
import type { DB } from '../../db/schema';

export interface SystemHealth {
  user_health: HealthStatus;
  store_health: HealthStatus;
  rating_health: HealthStatus;
}

/**
 * `compute`'s value, at most `maxAgeMs` old: the first call waits for it; later calls get the last
 * value at once and, when it is older than `maxAgeMs`, start one refresh in the background (a failed
 * refresh keeps the last value). With `maxAgeMs` 0 every call computes afresh.
 */
export function refreshedInBackground<T>(compute: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now): () => Promise<T> {
  let last: { at: number; value: T } | undefined;
  let running: Promise<T> | undefined;
  const refresh = (): Promise<T> =>
    (running ??= compute()
      .then((value) => {
        last = { at: now(), value };
        return value;
      })
      .finally(() => {
        running = undefined;
      }));
  return async () => {
    if (maxAgeMs === 0 || !last) return refresh();
    if (now() - last.at > maxAgeMs) refresh().catch(() => undefined);
    return last.value;
  };
}

async function integrityChecks(db: Kysely<DB>): Promise<Pick<SystemHealth, 'store_health' | 'rating_health'>> {
  const [misownedRow, ratingsRow, figuresRow] = await Promise.all([
    db
      .selectFrom('stores')
      .innerJoin('users', 'users.id', 'stores.owner_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('users.role', '<>', 'store_owner')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ratings')
      .select(sql<number>`count(*)`.as('n'))
      // The figures count visible ratings only: a hidden one is out of them on purpose.
      .where('ratings.hidden_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('store_figures')
      .select(sql<number>`coalesce(sum(rating_count), 0)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const misowned = Number(misownedRow.n);
  const ratings = Number(ratingsRow.n);
  const figures = Number(figuresRow.n);
  return {
    store_health:
      misowned === 0
        ? { status: 'healthy', detail: 'Every store belongs to a store owner' }
        : { status: 'warning', detail: `${misowned} store${misowned === 1 ? '' : 's'} owned by an account that is not a store owner` },
    rating_health:
      ratings === figures
        ? { status: 'healthy', detail: `Store figures match all ${ratings} ratings` }
        : { status: 'warning', detail: `Store figures count ${figures} ratings, the ratings table holds ${ratings}` },
  };
}

async function userHealth(db: Kysely<DB>): Promise<HealthStatus> {
  const admins = await db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    // A literal, so the plan is made once for it (db/prepared-statements.ts).
    .where('role', '=', sql.lit('system_admin'))
    .executeTakeFirstOrThrow();
  const adminCount = Number(admins.n);
  return adminCount > 0
    ? { status: 'healthy', detail: `${adminCount} system administrator${adminCount === 1 ? '' : 's'}` }
    : { status: 'warning', detail: 'No system administrator' };
}

/** The system health of the admin dashboard, with the integrity checks at most `maxAgeMs` old. */
export function createSystemHealth(db: Kysely<DB>, maxAgeMs: number): () => Promise<SystemHealth> {
  const integrity = refreshedInBackground(() => integrityChecks(db), maxAgeMs);
  return async () => {
    const [user_health, checks] = await Promise.all([userHealth(db), integrity()]);
    return { user_health, ...checks };
  };
}
