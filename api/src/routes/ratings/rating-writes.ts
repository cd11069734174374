/**
 * The rating upsert of POST /api/ratings/:storeId: rate_stores (db/functions/rate_stores.sql), with the
 * writes that arrive while others run gathered into one statement (db/write-batches.ts). A write alone
 * is a batch of one; under load one statement, its triggers and its commit serve several writes.
 */
import { type Kysely, sql } from 'kysely';
import { batchedWrites } from '../../db/write-batches';
import type { DB } from '../../db/schema';
import { retryingConflicts } from '../../db/transaction';
import type { RatingRow, StoreStatsRow } from '../../http/dto';

export interface RatingWrite {
  userId: number;
  storeId: number;
  rating: number;
  comment: string | null;
}

/** The rating written, whether it is new, and its store's figures after the statement that wrote it. */
export type RatingWritten = RatingRow & StoreStatsRow & { inserted: boolean };

/**
 * Batches running at once: one. While it runs, the writes that arrive wait and go together in the next;
 * on this two-core machine (10 clients, full-size data, `npm run bench -- --only upserts`, alternating)
 * one batch at a time did 885-909 upserts/s with p99 30-35 ms, two 704-748/s with p99 37-45 ms: two
 * batches are each half as big, and PostgreSQL's work per write grows as a batch shrinks. The pool's
 * other connections stay free for reads.
 */
export const RATING_BATCHES_IN_FLIGHT = 1;
/** The most writes in one statement. */
export const RATING_BATCH_MAX = 50;

/**
 * Writes a customer's rating of a store; null when the store does not exist or is the customer's own.
 * A batch PostgreSQL aborts for a deadlock is run again whole (retryingConflicts); any other failure of
 * a batch runs its writes again one by one, so the error reaches only its own request.
 */
export function ratingWriter(db: Kysely<DB>): (write: RatingWrite) => Promise<RatingWritten | null> {
  return batchedWrites<RatingWrite, RatingWritten | null>({
    keyOf: (write) => `${write.userId}:${write.storeId}`,
    inFlight: RATING_BATCHES_IN_FLIGHT,
    maxSize: RATING_BATCH_MAX,
    run: async (writes) => {
      const { rows } = await retryingConflicts(() =>
        sql<RatingWritten & { item: number }>`
          select * from rate_stores(${writes.map((w) => w.userId)}::integer[], ${writes.map((w) => w.storeId)}::integer[],
            ${writes.map((w) => w.rating)}::smallint[], ${writes.map((w) => w.comment)}::text[])`.execute(db),
      );
      const byItem = new Map(rows.map((row) => [row.item, row]));
      return writes.map((_, i) => byItem.get(i + 1) ?? null);
    },
  });
}
