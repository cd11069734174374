/** Store reads shared by the store, rating, owner and admin routes. */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export const STORE_COLUMNS = [
  'stores.id',
  'stores.name',
  'stores.address',
  'stores.phone',
  'stores.email',
  'stores.owner_id',
  'stores.category',
  'stores.average_rating',
  'stores.rating_count',
  'stores.created_at',
  'stores.updated_at',
] as const;

export const DISTRIBUTION_COLUMNS = [
  'stores.rating_1',
  'stores.rating_2',
  'stores.rating_3',
  'stores.rating_4',
  'stores.rating_5',
] as const;

export function findStoreWithDistribution(db: Kysely<DB>, storeId: number) {
  return db
    .selectFrom('stores')
    .select([...STORE_COLUMNS, ...DISTRIBUTION_COLUMNS])
    .where('stores.id', '=', storeId)
    .executeTakeFirst();
}

export function storeStatsRow(db: Kysely<DB>, storeId: number) {
  return db
    .selectFrom('stores')
    .select(['stores.average_rating', 'stores.rating_count', ...DISTRIBUTION_COLUMNS])
    .where('stores.id', '=', storeId)
    .executeTakeFirst();
}

/** Sort expressions matching the sort indexes of the migrations. */
export const STORE_SORT_KEYS = {
  name: sql`lower(stores.name) collate "C"`,
  email: sql`lower(stores.email) collate "C"`,
  address: sql`lower(stores.address) collate "C"`,
  rating: sql`stores.average_rating`,
  owner_id: sql`stores.owner_id`,
  created_at: sql`stores.created_at`,
} as const;
