/** Store reads shared by the store, rating, owner and admin routes. */
import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

/**
 * The stores joined with their figures (store_figures, one row per store): every read of a store's
 * average, count or distribution starts here.
 */
export function storesWithFigures(db: Kysely<DB>) {
  return db.selectFrom('stores').innerJoin('store_figures', 'store_figures.store_id', 'stores.id');
}

/** A store as the API shows it (with storesWithFigures). */
export const STORE_COLUMNS = [
  'stores.id',
  'stores.name',
  'stores.address',
  'stores.phone',
  'stores.email',
  'stores.owner_id',
  'stores.category',
  'stores.city',
  'store_figures.average_rating',
  'store_figures.rating_count',
  'stores.created_at',
  'stores.updated_at',
] as const;

export const DISTRIBUTION_COLUMNS = [
  'store_figures.rating_1',
  'store_figures.rating_2',
  'store_figures.rating_3',
  'store_figures.rating_4',
  'store_figures.rating_5',
] as const;

/** A store with its 1-5 counts (GET /api/stores/:id). */
export function storeWithDistributionQuery(db: Kysely<DB>, p: { storeId: number }) {
  return storesWithFigures(db)
    .select([...STORE_COLUMNS, ...DISTRIBUTION_COLUMNS])
    .where('stores.id', '=', p.storeId);
}
export const storeWithDistribution = compiledOnce(storeWithDistributionQuery);

export function storeStatsRow(db: Kysely<DB>, storeId: number) {
  return db
    .selectFrom('store_figures')
    .select(['store_figures.average_rating', 'store_figures.rating_count', ...DISTRIBUTION_COLUMNS])
    .where('store_figures.store_id', '=', storeId)
    .executeTakeFirst();
}

/** Sort expressions matching the sort indexes of the migrations (rating: store_figures' own). */
export const STORE_SORT_KEYS = {
  name: sql`lower(stores.name) collate "C"`,
  email: sql`lower(stores.email) collate "C"`,
  address: sql`lower(stores.address) collate "C"`,
  city: sql`lower(stores.city) collate "C"`,
  rating: sql`store_figures.average_rating`,
  owner_id: sql`stores.owner_id`,
  created_at: sql`stores.created_at`,
} as const;

/**
 * The lock order of rating writes: the store row first, then the rating, then its figures row. The
 * aggregates trigger updates the store's figures after each rating write, and deleting a store
 * cascades from the store row to its ratings; a write that held a rating while waiting for the store row would deadlock with a
 * deletion of that store holding the store row while waiting for the rating. So every rating write
 * locks its store row first (rate_store itself, PUT and DELETE through this), and a user's
 * deletion locks the stores of their ratings (`lockStoresRatedBy`) before the cascade takes the ratings.
 */
export function lockStoreOfRating(trx: Kysely<DB>, ratingId: number) {
  return trx
    .selectFrom('stores')
    .select('stores.id')
    .where('stores.id', '=', (eb) => eb.selectFrom('ratings').select('ratings.store_id').where('ratings.id', '=', ratingId))
    .forNoKeyUpdate()
    .execute();
}

/** Locks the store rows of every rating of `userId`, in id order (see `lockStoreOfRating`). */
export function lockStoresRatedBy(trx: Kysely<DB>, userId: number) {
  return trx
    .selectFrom('stores')
    .select('stores.id')
    .where('stores.id', 'in', (eb) => eb.selectFrom('ratings').select('ratings.store_id').where('ratings.user_id', '=', userId))
    .orderBy('stores.id')
    .forNoKeyUpdate()
    .execute();
}
