/** Table types for Kysely: the shape of the database as migrations leave it. */
import type { ColumnType, Generated } from 'kysely';
import type { Role, StoreCategory } from 'shared-contracts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, never, never>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** As typed, in its NFKC form (shared-contracts' normalizeEmail). */
  email: string;
  /**
   * shared-contracts' emailKey(email), unique (migration 0005): what every lookup compares with
   * emailKey(input). Always written with the email, from JavaScript.
   */
  email_key: string;
  address: string;
  password_hash: string;
  role: Role;
  token_version: ColumnType<number, number | undefined, number>;
  /** When the account's email was verified (a verification link used); null until then (migration 0011). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Generated: lower(name), lower(email), lower(address) joined by chr(31), for the admin search. */
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StoresTable {
  id: Generated<number>;
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  owner_id: number;
  /** One of STORE_CATEGORIES (check constraint); 'Other' by default. */
  category: ColumnType<StoreCategory, StoreCategory | undefined, StoreCategory>;
  /** '' when its address names none (migration 0010). */
  city: Generated<string>;
  /** Generated: lower(name) and lower(address) joined by chr(31), for the store search. */
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * A store's rating figures, one row per store (migration 0008), kept by triggers only: created with the
 * store, updated by every rating write (db/functions/store_aggregates.sql), gone with the store.
 */
export interface StoreFiguresTable {
  store_id: number;
  /** The store's category, copied by a trigger, for the category's rating order. */
  category: ColumnType<StoreCategory, never, never>;
  rating_count: Counter;
  rating_sum: Counter;
  rating_1: Counter;
  rating_2: Counter;
  rating_3: Counter;
  rating_4: Counter;
  rating_5: Counter;
  /** Generated: round(rating_sum / rating_count, 2), 0 without ratings. */
  average_rating: ColumnType<number, never, never>;
}

export interface RatingsTable {
  id: Generated<number>;
  user_id: number;
  store_id: number;
  rating: number;
  comment: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Set while an admin hides it (migration 0012): out of the store's figures and of others' lists. */
  hidden_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Its helpful votes, kept by a trigger on rating_votes (migration 0012). */
  helpful_count: Counter;
}

/** One user's "helpful" vote on one rating (migration 0012). */
export interface RatingVotesTable {
  rating_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** One user's report of a rating or of its reply, open until an admin acts on it (migration 0012). */
export interface RatingReportsTable {
  id: Generated<number>;
  rating_id: number;
  /** The rating's id when the report is of its reply (the reply takes the report with it). */
  reply_rating_id: number | null;
  target: 'rating' | 'reply';
  reporter_id: number;
  reason: string;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolution: 'hidden' | 'restored' | 'dismissed' | null;
}

/** A store owner's reply to a rating of their store, one per rating (migration 0009). */
export interface RatingRepliesTable {
  rating_id: number;
  /** Who wrote it; null once that account is deleted. */
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Rows created per UTC day and connection slot, kept by triggers (migration 0003). */
export interface RowCountsTable {
  /** 'users', 'stores', or 'ratings_1' … 'ratings_5'. */
  subject: string;
  day: ColumnType<Date, string, string>;
  slot: number;
  n: number;
}

/** Each store's ratings per UTC calendar month of their creation, kept by triggers (migration 0003). */
export interface StoreMonthsTable {
  store_id: number;
  /** The first day of the month. */
  month: ColumnType<Date, string, string>;
  n: number;
  /** Sum of the stars of those ratings. */
  stars: number;
}

/** Rows per subject and connection slot (the totals), kept with row_counts. */
export interface RowTotalsTable {
  subject: string;
  slot: number;
  n: number;
}

/** The shell's health reports summed per UTC minute, app and version (migration 0004; deployments/health-store.ts). */
export interface RemoteHealthTable {
  /** The start of the minute (UTC). */
  bucket: Date;
  app: string;
  version: string;
  loads: number;
  load_failures: number;
  render_errors: number;
  failed_timeout: number;
  failed_not_found: number;
  failed_server_error: number;
  failed_network: number;
  failed_other: number;
  /** Loads per time-to-first-render bin (RENDER_MS_BIN_BOUNDS). */
  render_ms_bins: number[];
}

/** Signed-out tokens until they expire (migration 0006). */
export interface RevokedTokensTable {
  jti: string;
  user_id: number;
  expires_at: Date;
}

/** The links sent by mail (migration 0011): a password reset or an email verification, single use. */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: AccountTokenPurpose;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export type AccountTokenPurpose = 'reset_password' | 'verify_email';

/** Which version (sha256) of each db/functions/*.sql file the database has (migration 0007). */
export interface DatabaseFunctionsTable {
  file: string;
  sha256: string;
  applied_at: Generated<Date>;
}

/** A user's notification (migration 0013): written in the transaction of what it tells of; the newest 200 per user are kept. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'new_rating' | 'reply' | 'report';
  store_id: number;
  rating_id: number | null;
  /** For a report: what was reported, the rating or its reply; null otherwise. */
  about: 'rating' | 'reply' | null;
  created_at: CreatedAt;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DB {
  account_tokens: AccountTokensTable;
  database_functions: DatabaseFunctionsTable;
  remote_health: RemoteHealthTable;
  revoked_tokens: RevokedTokensTable;
  row_counts: RowCountsTable;
  row_totals: RowTotalsTable;
  store_figures: StoreFiguresTable;
  store_months: StoreMonthsTable;
  users: UsersTable;
  stores: StoresTable;
  ratings: RatingsTable;
  rating_replies: RatingRepliesTable;
  rating_votes: RatingVotesTable;
  rating_reports: RatingReportsTable;
  notifications: NotificationsTable;
}
