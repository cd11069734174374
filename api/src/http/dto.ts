/** Database rows to API shapes: numbers as numbers, dates as ISO strings, no secrets. */
import type { RatingDistribution, Reply, Role, Store, StoreCategory, StoreStats, User } from 'shared-contracts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export interface UserRow {
  id: number;
  name: string;
  email: string;
  address: string;
  role: Role;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    address: row.address,
    role: row.role,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The signed-in user's own account (the auth answers): the user, and whether their email is verified. */
export function toAccountUser(row: UserRow & { email_verified_at: Date | string | null }): User & { email_verified: boolean } {
  return { ...toUser(row), email_verified: row.email_verified_at !== null };
}

export interface StoreRow {
  id: number;
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  owner_id: number;
  category: StoreCategory;
  city: string;
  average_rating: number | string;
  rating_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toStore(row: StoreRow): Store {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    owner_id: row.owner_id,
    category: row.category,
    city: row.city,
    average_rating: Number(row.average_rating),
    total_ratings: Number(row.rating_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export interface DistributionRow {
  rating_1: number | string;
  rating_2: number | string;
  rating_3: number | string;
  rating_4: number | string;
  rating_5: number | string;
}

export function toDistribution(row: DistributionRow): RatingDistribution {
  return {
    '1': Number(row.rating_1),
    '2': Number(row.rating_2),
    '3': Number(row.rating_3),
    '4': Number(row.rating_4),
    '5': Number(row.rating_5),
  };
}

export type StoreStatsRow = DistributionRow & { average_rating: number | string; rating_count: number | string };

export function toStoreStats(row: StoreStatsRow): StoreStats {
  return {
    average_rating: Number(row.average_rating),
    total_ratings: Number(row.rating_count),
    rating_distribution: toDistribution(row),
  };
}

export interface RatingRow {
  id: number;
  store_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  hidden_at: Date | string | null;
}

export function toRating(row: RatingRow) {
  return {
    id: row.id,
    store_id: row.store_id,
    user_id: row.user_id,
    rating: Number(row.rating),
    comment: row.comment,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    hidden: row.hidden_at !== null,
  };
}

export { iso as toIsoString };

/** A rating's reply columns as the reads select them (all null: no reply). */
export interface ReplyColumns {
  reply_body: string | null;
  reply_created_at: Date | string | null;
  reply_updated_at: Date | string | null;
}

/** The reply of a rating of `storeName`, or null. */
export function toReply(row: ReplyColumns, storeName: string): Reply | null {
  if (row.reply_body === null || row.reply_created_at === null || row.reply_updated_at === null) return null;
  return { body: row.reply_body, store_name: storeName, created_at: iso(row.reply_created_at), updated_at: iso(row.reply_updated_at) };
}

/**
 * round(sum / count, 2), 0 without ratings: the same rule as the store_figures.average_rating column
 * (PostgreSQL's round of an exact numeric: halves go up). Worked in integers, since floating point
 * misses halves: 87 / 40 = 2.175 is 217.49999… hundredths as a double, which Math.round makes 2.17.
 */
export function averageOf(sum: number | string | null, count: number | string | null): number {
  const n = Number(count ?? 0);
  const total = Number(sum ?? 0);
  return n > 0 ? Math.floor((200 * total + n) / (2 * n)) / 100 : 0;
}
