/**
 * Transactions that retry when PostgreSQL aborts them for a deadlock or a serialization failure
 * (two writers touching the same store and rating rows in opposite orders). Errors the work itself
 * throws are passed on untouched.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

/**
 * Runs `work` again when PostgreSQL aborted it for a deadlock or a serialization failure. `work` must
 * be a whole transaction: a `db.transaction()`, or one statement run on its own (its own transaction,
 * rolled back entirely when aborted), such as the rating upsert of POST /api/ratings/:storeId.
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}

export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return retryingConflicts(() => db.transaction().execute(work));
}
