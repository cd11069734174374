/** Response shapes of every endpoint (DESIGN.md §7). The API serialises through these; the client is typed by them. */
import { z } from 'zod';
import { REPORT_TARGETS, STORE_CATEGORIES } from '../constants';
import { ROLES } from '../roles';

const timestamp = () => z.string().describe('ISO 8601 date-time');

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  role: z.enum(ROLES),
  created_at: timestamp(),
  updated_at: timestamp(),
  /**
   * Whether the account's email is verified (issue 18): always given with the signed-in user's own account
   * (the sign-in, sign-up and profile answers); absent from other users' records (the admin lists).
   */
  email_verified: z.boolean().optional(),
});

export const ratingDistributionSchema = z.object({
  '1': z.number().int(),
  '2': z.number().int(),
  '3': z.number().int(),
  '4': z.number().int(),
  '5': z.number().int(),
});

export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  owner_id: z.number().int(),
  category: z.enum(STORE_CATEGORIES),
  city: z.string().describe("the store's city; '' when its address names none"),
  average_rating: z.number().describe('rating_sum / rating_count rounded to 2 decimals; 0 without ratings'),
  total_ratings: z.number().int(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const storeDetailSchema = storeSchema.extend({ rating_distribution: ratingDistributionSchema });

export const adminStoreSchema = storeSchema.extend({ owner_name: z.string(), owner_email: z.string() });

export const storeSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  average_rating: z.number(),
  total_ratings: z.number().int(),
});

export const adminUserDetailSchema = userSchema.extend({
  /** For a store owner: the average over every rating of their stores (null without ratings). */
  average_rating: z.number().nullable().optional(),
  total_ratings: z.number().int().optional(),
  stores: z.array(storeSummarySchema).optional(),
});

/** A store owner's reply to a rating, signed with the store's name. */
export const replySchema = z.object({
  body: z.string(),
  store_name: z.string(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const storeRatingSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  user_name: z.string(),
  created_at: timestamp(),
  updated_at: timestamp(),
  reply: replySchema.nullable(),
  helpful_count: z.number().int().describe('how many users marked it helpful'),
  voted_helpful: z.boolean().describe('the caller marked it helpful'),
});

export const ownRatingSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  user_id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
  hidden: z.boolean().describe('an admin hid it: it counts nowhere and only its author sees it'),
});

export const storeStatsSchema = z.object({
  average_rating: z.number(),
  total_ratings: z.number().int(),
  rating_distribution: ratingDistributionSchema,
});

/**
 * `total` counts the matches (up to LIST_WINDOW for a filtered or searched list: then `totalCapped` is
 * true and there are more); `totalPages` is how many pages can be opened (within LIST_WINDOW rows).
 */
const pagination = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  totalCapped: z.boolean().optional(),
};

export const authResponseSchema = z.object({ message: z.string(), token: z.string(), user: userSchema });
export const profileResponseSchema = z.object({ user: userSchema });
export const profileUpdateResponseSchema = z.object({ message: z.string(), user: userSchema });
export const passwordChangeResponseSchema = z.object({ message: z.string(), token: z.string() });

export const activitySchema = z.object({
  type: z.enum(['rating', 'user', 'store']),
  description: z.string(),
  timestamp: timestamp(),
});

export const userDashboardResponseSchema = z.object({
  totalRatings: z.number().int(),
  averageRating: z.number(),
  totalStores: z.number().int(),
  totalUsers: z.number().int().optional(),
  recentActivity: z.array(activitySchema),
});

/** A store of GET /api/stores: with the caller's own stars for it (null when they have not rated it). */
export const storeListItemSchema = storeSchema.extend({
  my_rating: z.number().int().nullable().describe("the caller's own rating of the store, 1-5; null when they have not rated it"),
});
export const storeListResponseSchema = z.object({ stores: z.array(storeListItemSchema), ...pagination });
/** GET /api/stores/cities: the cities of the stores, the most stores first (at most CITIES_LIMIT). */
export const storeCitiesResponseSchema = z.object({ cities: z.array(z.object({ city: z.string(), stores: z.number().int() })) });
export const storeDetailResponseSchema = z.object({ store: storeDetailSchema });
export const storeRatingsResponseSchema = z.object({ ratings: z.array(storeRatingSchema), ...pagination });
export const ownRatingResponseSchema = z.object({ rating: ownRatingSchema.nullable() });
export const ratingWriteResponseSchema = z.object({ message: z.string(), rating: ownRatingSchema, storeStats: storeStatsSchema });
export const replyWriteResponseSchema = z.object({ message: z.string(), reply: replySchema });
export const ratingDeleteResponseSchema = z.object({ message: z.string(), storeStats: storeStatsSchema });

/** One of the caller's own ratings, with the store it is about (GET /api/users/ratings). */
export const myRatingSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  store_name: z.string(),
  store_address: z.string(),
  store_average_rating: z.number().describe("the store's current average, rounded to 2 decimals"),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
  reply: replySchema.nullable(),
  hidden: z.boolean().describe('an admin hid it: it counts nowhere and only its author sees it'),
  helpful_count: z.number().int(),
});
export const myRatingsResponseSchema = z.object({ ratings: z.array(myRatingSchema), ...pagination });

/** One calendar month (UTC) of a store's ratings, by the ratings' created_at. */
export const ownerMonthlyTrendPointSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  count: z.number().int(),
  average: z.number().nullable().describe('average of that month rounded to 2 decimals; null without ratings'),
});
export const ownerStoreSchema = storeSchema.extend({
  rating_distribution: ratingDistributionSchema,
  monthly_trend: z.array(ownerMonthlyTrendPointSchema).describe('the last 6 calendar months, oldest first, the current month last'),
});
export const ownerRatingSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  store_name: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  user_name: z.string(),
  user_email: z.string(),
  created_at: timestamp(),
  updated_at: timestamp(),
  reply: replySchema.nullable(),
});
export const ownerDashboardResponseSchema = z.object({
  summary: z.object({ totalStores: z.number().int(), totalRatings: z.number().int(), averageRating: z.number() }),
  stores: z.array(ownerStoreSchema),
  ratings: z.array(ownerRatingSchema),
  ...pagination,
});

export const healthStatusSchema = z.object({ status: z.enum(['healthy', 'warning']), detail: z.string() });
export const adminDashboardResponseSchema = z.object({
  statistics: z.object({
    totalUsers: z.number().int(),
    totalStores: z.number().int(),
    totalRatings: z.number().int(),
    userGrowth: z.number().describe('percent change of the total over the last 30 days'),
    storeGrowth: z.number(),
    ratingGrowth: z.number(),
  }),
  analytics: z.object({
    ratingDistribution: ratingDistributionSchema,
    topStores: z.array(storeSummarySchema),
    systemHealth: z.object({ user_health: healthStatusSchema, store_health: healthStatusSchema, rating_health: healthStatusSchema }),
  }),
  recentActivity: z.array(activitySchema),
});

export const adminUserListResponseSchema = z.object({ users: z.array(userSchema), ...pagination });
export const adminUserResponseSchema = z.object({ message: z.string(), user: userSchema });
export const adminUserDetailResponseSchema = z.object({ user: adminUserDetailSchema });
export const adminStoreListResponseSchema = z.object({ stores: z.array(adminStoreSchema), ...pagination });
export const adminStoreResponseSchema = z.object({ message: z.string(), store: adminStoreSchema });

/** POST /api/ratings/:ratingId/reports: the report is taken. */
export const reportResponseSchema = z.object({ message: z.string() });
/** PUT and DELETE /api/ratings/:ratingId/helpful: the rating's count after the caller's vote. */
export const helpfulVoteResponseSchema = z.object({
  message: z.string(),
  helpful_count: z.number().int(),
  voted_helpful: z.boolean(),
});

/** One reported rating or reply in the moderation queue, with its reports counted by reason. */
export const moderationItemSchema = z.object({
  rating_id: z.number().int(),
  target: z.enum(REPORT_TARGETS),
  store_id: z.number().int(),
  store_name: z.string(),
  author_name: z.string().describe("the rating's author (for a reply too: whose rating it answers)"),
  rating: z.number().int(),
  comment: z.string().nullable(),
  rating_created_at: timestamp(),
  reply: z.object({ body: z.string(), created_at: timestamp() }).nullable(),
  hidden: z.boolean().describe('the rating is hidden'),
  reports: z.number().int().describe('reports of this item in the listed status'),
  reasons: z
    .object({
      spam: z.number().int(),
      offensive: z.number().int(),
      off_topic: z.number().int(),
      fake: z.number().int(),
      personal: z.number().int(),
    })
    .describe('reports of this item by reason (REPORT_REASONS)'),
  first_reported_at: timestamp(),
  last_reported_at: timestamp(),
  resolution: z.enum(['hidden', 'restored', 'dismissed']).nullable().describe('the last action (resolved items)'),
  resolved_at: timestamp().nullable(),
});
export const moderationQueueResponseSchema = z.object({
  items: z.array(moderationItemSchema),
  open_reports: z.number().int().describe('every open report'),
  open_items: z.number().int().describe('every rating or reply with an open report'),
  ...pagination,
});
export const moderationActionResponseSchema = z.object({ message: z.string(), storeStats: storeStatsSchema.optional() });

/**
 * `status` is 'ok' while this instance can serve (200), 'error' when the database does not answer within
 * the health deadline, 'draining' while shutting down (both 503). `redis` is there when REDIS_URL is set:
 * 'unreachable' means the shared throttle counters fell back to per-process ones (still serving).
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error', 'draining']),
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'unreachable']).optional(),
});

// ---------- inferred types ----------

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type User = z.infer<typeof userSchema>;
export type RatingDistribution = z.infer<typeof ratingDistributionSchema>;
export type Store = z.infer<typeof storeSchema>;
export type StoreListItem = z.infer<typeof storeListItemSchema>;
export type StoreDetail = z.infer<typeof storeDetailSchema>;
export type AdminStore = z.infer<typeof adminStoreSchema>;
export type StoreSummary = z.infer<typeof storeSummarySchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export type StoreRating = z.infer<typeof storeRatingSchema>;
export type ReportResponse = z.infer<typeof reportResponseSchema>;
export type HelpfulVoteResponse = z.infer<typeof helpfulVoteResponseSchema>;
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export type ModerationQueueResponse = z.infer<typeof moderationQueueResponseSchema>;
export type ModerationActionResponse = z.infer<typeof moderationActionResponseSchema>;
export type Rating = z.infer<typeof ownRatingSchema>;
export type Reply = z.infer<typeof replySchema>;
export type ReplyWriteResponse = z.infer<typeof replyWriteResponseSchema>;
export type StoreStats = z.infer<typeof storeStatsSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;
export type Activity = z.infer<typeof activitySchema>;
export type UserDashboardResponse = z.infer<typeof userDashboardResponseSchema>;
export type StoreListResponse = z.infer<typeof storeListResponseSchema>;
export type StoreCitiesResponse = z.infer<typeof storeCitiesResponseSchema>;
export type StoreDetailResponse = z.infer<typeof storeDetailResponseSchema>;
export type StoreRatingsResponse = z.infer<typeof storeRatingsResponseSchema>;
export type OwnRatingResponse = z.infer<typeof ownRatingResponseSchema>;
export type RatingWriteResponse = z.infer<typeof ratingWriteResponseSchema>;
export type RatingDeleteResponse = z.infer<typeof ratingDeleteResponseSchema>;
export type MyRating = z.infer<typeof myRatingSchema>;
export type MyRatingsResponse = z.infer<typeof myRatingsResponseSchema>;
export type OwnerMonthlyTrendPoint = z.infer<typeof ownerMonthlyTrendPointSchema>;
export type OwnerStore = z.infer<typeof ownerStoreSchema>;
export type OwnerRating = z.infer<typeof ownerRatingSchema>;
export type OwnerDashboardResponse = z.infer<typeof ownerDashboardResponseSchema>;
export type HealthStatus = z.infer<typeof healthStatusSchema>;
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponseSchema>;
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponseSchema>;
export type AdminStoreListResponse = z.infer<typeof adminStoreListResponseSchema>;
export type AdminStoreResponse = z.infer<typeof adminStoreResponseSchema>;
export type HealthResponse = z.infer<typeof healthResponseSchema>;
