/**
 * Path parameters and list queries of every endpoint (DESIGN.md §7): classic zod, validated on the
 * server only. The browser never imports this file (their types are in requests.ts).
 */
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_STORE_SORT_FIELDS,
  ADMIN_USER_SORT_FIELDS,
  ADMIN_USERS_MAX_LIMIT,
  CITY_MAX_LENGTH,
  MAX_ID,
  MAX_LIST_LIMIT,
  MAX_PAGE,
  MIN_RATING_FILTER_MAX,
  MIN_RATING_FILTER_MIN,
  MODERATION_PAGE_SIZE,
  MODERATION_STATUSES,
  MY_RATINGS_PAGE_SIZE,
  MY_RATINGS_SORT_FIELDS,
  OWNER_DASHBOARD_PAGE_SIZE,
  OWNER_RATING_SORT_FIELDS,
  SEARCH_MAX_LENGTH,
  STORE_PAGE_SIZE,
  STORE_RATINGS_PAGE_SIZE,
  STORE_RATINGS_SORT_FIELDS,
  STORE_SORT_FIELDS,
} from '../constants';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import { storeCategory } from './fields';

/** An id in a path: a positive integer that fits the database's integer. */
export const idParam = () =>
  z
    .string({ error: MESSAGES.invalidId })
    .regex(/^[1-9][0-9]{0,9}$/, { error: MESSAGES.invalidId, abort: true })
    .transform(Number)
    .refine((n) => n <= MAX_ID, MESSAGES.invalidId);

// ---------- path parameters ----------

export const idParamsSchema = z.object({ id: idParam() });
export const storeIdParamsSchema = z.object({ storeId: idParam() });
export const ratingIdParamsSchema = z.object({ ratingId: idParam() });

// ---------- list queries ----------

function wholeNumberParam(defaultValue: number, max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, { error: message, abort: true })
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message))
    .optional()
    .default(defaultValue);
}

const page = () => wholeNumberParam(1, MAX_PAGE, MESSAGES.invalidPage);
const limit = (defaultValue: number, max = MAX_LIST_LIMIT) => wholeNumberParam(defaultValue, max, MESSAGES.invalidLimit(max));
const sortOrder = () => z.enum(['asc', 'desc'], { error: MESSAGES.invalidSortOrder }).optional().default('asc');
const sortBy = <T extends readonly [string, ...string[]]>(fields: T, defaultField: T[number]) =>
  z.enum(fields, { error: MESSAGES.invalidSortBy }).optional().default(defaultField);
const search = () =>
  z
    .string({ error: MESSAGES.invalidInput })
    .trim()
    .max(SEARCH_MAX_LENGTH, MESSAGES.searchTooLong)
    .refine((s) => !s.includes('\u0000'), MESSAGES.invalidText)
    .optional();

/** A minimum average from 0 to 5 written as a plain decimal ('3', '4.5'); stores without ratings count as 0. */
const minRating = () =>
  z
    .string({ error: MESSAGES.invalidMinRating })
    .regex(/^[0-9]{1,2}(\.[0-9]{1,4})?$/, { error: MESSAGES.invalidMinRating, abort: true })
    .transform(Number)
    .pipe(z.number().min(MIN_RATING_FILTER_MIN, MESSAGES.invalidMinRating).max(MIN_RATING_FILTER_MAX, MESSAGES.invalidMinRating))
    .optional();

/** Only stores of this city (compared case-insensitively, whole): 1-100 characters. */
const city = () =>
  z
    .string({ error: MESSAGES.invalidInput })
    .trim()
    .min(1, MESSAGES.invalidCity)
    .max(CITY_MAX_LENGTH, MESSAGES.cityMax)
    .refine((s) => !s.includes('\u0000'), MESSAGES.invalidText)
    .optional();

/** The message of an `unrated` value other than 'true' or 'false'. */
export const INVALID_UNRATED_MESSAGE = 'Unrated must be true or false';

/** 'true': only stores the caller has not rated and does not own; 'false' (the same as leaving it out): every store. */
const unratedFlag = () =>
  z
    .enum(['true', 'false'], { error: INVALID_UNRATED_MESSAGE })
    .transform((v) => v === 'true')
    .optional();

export const storeListQuerySchema = z.object({
  page: page(),
  limit: limit(STORE_PAGE_SIZE),
  sortBy: sortBy(STORE_SORT_FIELDS, 'name'),
  sortOrder: sortOrder(),
  search: search(),
  category: z.optional(storeCategory()),
  minRating: minRating(),
  unrated: unratedFlag(),
  city: city(),
});

export const pageQuerySchema = (defaultLimit: number) => z.object({ page: page(), limit: limit(defaultLimit) });

/** GET /api/stores/:id/ratings: a page, its order (newest first by default), one star count, only ratings with a comment. */
export const storeRatingsQuerySchema = pageQuerySchema(STORE_RATINGS_PAGE_SIZE).extend({
  sortBy: sortBy(STORE_RATINGS_SORT_FIELDS, 'created_at'),
  sortOrder: z.enum(['asc', 'desc'], { error: MESSAGES.invalidSortOrder }).optional().default('desc'),
  stars: z
    .enum(['1', '2', '3', '4', '5'], { error: MESSAGES.invalidStarsFilter })
    .transform((v) => Number(v) as 1 | 2 | 3 | 4 | 5)
    .optional(),
  withComment: z
    .enum(['true', 'false'], { error: MESSAGES.invalidWithComment })
    .transform((v) => v === 'true')
    .optional(),
});
/**
 * GET /api/owner/dashboard: the page of the ratings table, its sort, and `storeId` (only that store's
 * ratings; it must be one of the caller's). The sort defaults (OWNER_RATING_DEFAULT_SORT) are applied
 * by the API, so an empty query parses to { page, limit }.
 */
export const ownerDashboardQuerySchema = pageQuerySchema(OWNER_DASHBOARD_PAGE_SIZE).extend({
  sortBy: z.enum(OWNER_RATING_SORT_FIELDS, { error: MESSAGES.invalidSortBy }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: MESSAGES.invalidSortOrder }).optional(),
  storeId: idParam().optional(),
});

/** GET /api/users/ratings: the caller's own ratings, newest first unless asked otherwise. */
export const myRatingsQuerySchema = z.object({
  page: page(),
  limit: limit(MY_RATINGS_PAGE_SIZE),
  sortBy: sortBy(MY_RATINGS_SORT_FIELDS, 'created_at'),
  sortOrder: z.enum(['asc', 'desc'], { error: MESSAGES.invalidSortOrder }).optional().default('desc'),
});

export const adminUserListQuerySchema = z.object({
  page: page(),
  limit: limit(ADMIN_PAGE_SIZE, ADMIN_USERS_MAX_LIMIT),
  sortBy: sortBy(ADMIN_USER_SORT_FIELDS, 'name'),
  sortOrder: sortOrder(),
  search: search(),
  role: z.enum(ROLES, { error: MESSAGES.invalidRole }).optional(),
});

export const adminStoreListQuerySchema = z.object({
  page: page(),
  limit: limit(ADMIN_PAGE_SIZE),
  sortBy: sortBy(ADMIN_STORE_SORT_FIELDS, 'name'),
  sortOrder: sortOrder(),
  search: search(),
  city: city(),
});

/** GET /api/admin/moderation: open reports (default) or those acted on, a page at a time. */
export const moderationQuerySchema = pageQuerySchema(MODERATION_PAGE_SIZE).extend({
  status: z.enum(MODERATION_STATUSES, { error: MESSAGES.moderationStatusInvalid }).optional().default('open'),
});
