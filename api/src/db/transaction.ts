/**
 * Transactions that retry when PostgreSQL aborts them for a deadlock or a serialization failure
 * (two writers touching the same store and rating rows in opposite orders). Errors the work itself
 * throws are passed on untouched.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
