/** Request bodies, path parameters and list queries of every endpoint (DESIGN.md §7). */
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_STORE_SORT_FIELDS,
  ADMIN_USER_SORT_FIELDS,
  ADMIN_USERS_MAX_LIMIT,
  DEFAULT_STORE_CATEGORY,
  LOGIN_PASSWORD_MAX_LENGTH,
  MAX_LIST_LIMIT,
  MAX_PAGE,
  MIN_RATING_FILTER_MAX,
  MIN_RATING_FILTER_MIN,
  MY_RATINGS_PAGE_SIZE,
  MY_RATINGS_SORT_FIELDS,
  OWNER_DASHBOARD_PAGE_SIZE,
  OWNER_RATING_SORT_FIELDS,
  SEARCH_MAX_LENGTH,
  STORE_PAGE_SIZE,
  STORE_CATEGORIES,
  STORE_RATINGS_PAGE_SIZE,
  STORE_SORT_FIELDS,
  type StoreCategory,
} from '../constants';
import { isConfusableEmail, normalizeEmail } from '../email';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import {
  email,
  idParam,
  newPassword,
  optionalAddress,
  optionalComment,
  optionalEmail,
  optionalPhone,
  personName,
  referenceId,
  requiredAddress,
  requiredText,
  role,
  starRating,
  storeName,
} from './fields';

// ---------- auth ----------

export const loginRequestSchema = z.object({
  // Any address may be tried (an unknown one is the generic 401), but not a look-alike (400).
  email: requiredText(MESSAGES.fillAllFields)
    .max(254, { error: MESSAGES.emailTooLong, abort: true })
    .refine((v) => !isConfusableEmail(v), { error: MESSAGES.emailConfusable, abort: true })
    .overwrite(normalizeEmail),
  password: z
    .string({ error: MESSAGES.fillAllFields })
    .min(1, { error: MESSAGES.fillAllFields, abort: true })
    .max(LOGIN_PASSWORD_MAX_LENGTH, MESSAGES.invalidCredentials),
  role: role(MESSAGES.fillAllFields),
});

/** Registration: `role` is not part of it; whatever a client sends there is dropped. */
export const registerRequestSchema = z.object({
  name: personName(MESSAGES.fillAllFields),
  email: email(MESSAGES.fillAllFields),
  address: requiredAddress(MESSAGES.fillAllFields),
  password: newPassword(MESSAGES.fillAllFields),
});

export const profileUpdateRequestSchema = z.object({
  name: personName(MESSAGES.fillAllFields),
  address: requiredAddress(MESSAGES.fillAllFields),
});

export const passwordChangeRequestSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.fillAllPasswordFields })
    .min(1, { error: MESSAGES.fillAllPasswordFields, abort: true })
    .max(LOGIN_PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordIncorrect),
  newPassword: newPassword(MESSAGES.fillAllPasswordFields),
});

// ---------- ratings ----------

export const ratingRequestSchema = z.object({
  rating: starRating(),
  comment: optionalComment(),
});

// ---------- stores ----------

/** One of STORE_CATEGORIES, spelled exactly; anything else asks for a valid category. */
export const storeCategory = () => z.enum(STORE_CATEGORIES, { error: MESSAGES.invalidCategory });

// ---------- admin ----------

export const adminUserCreateRequestSchema = z.object({
  name: personName(MESSAGES.fillRequiredFields),
  email: email(MESSAGES.fillRequiredFields),
  address: optionalAddress(),
  password: newPassword(MESSAGES.fillRequiredFields),
  role: role(MESSAGES.fillRequiredFields),
});

export const adminUserUpdateRequestSchema = z.object({
  name: personName(MESSAGES.fillRequiredFields),
  email: email(MESSAGES.fillRequiredFields),
  address: optionalAddress(),
  role: role(MESSAGES.fillRequiredFields),
});

export const adminStoreRequestSchema = z.object({
  name: storeName(MESSAGES.fillRequiredFields),
  address: requiredAddress(MESSAGES.fillRequiredFields),
  phone: optionalPhone(),
  email: optionalEmail(),
  owner_id: referenceId(MESSAGES.fillRequiredFields, MESSAGES.invalidOwner),
  /** Optional; a new store without one is 'Other'. */
  category: storeCategory().optional().default(DEFAULT_STORE_CATEGORY),
});

/** The edit body: as the create body, but a missing category keeps the store's current one. */
export const adminStoreUpdateRequestSchema = adminStoreRequestSchema.extend({ category: storeCategory().optional() });

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
  category: storeCategory().optional(),
  minRating: minRating(),
  unrated: unratedFlag(),
});

export const pageQuerySchema = (defaultLimit: number) => z.object({ page: page(), limit: limit(defaultLimit) });
export const storeRatingsQuerySchema = pageQuerySchema(STORE_RATINGS_PAGE_SIZE);
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
});

// ---------- inferred request types ----------

export type LoginRequest = z.input<typeof loginRequestSchema>;
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;
export type RatingRequest = z.input<typeof ratingRequestSchema>;
export type AdminUserCreateRequest = z.input<typeof adminUserCreateRequestSchema>;
export type AdminUserUpdateRequest = z.input<typeof adminUserUpdateRequestSchema>;
export type AdminStoreRequest = z.input<typeof adminStoreRequestSchema>;
export type AdminStoreUpdateRequest = z.input<typeof adminStoreUpdateRequestSchema>;
export type SortOrder = 'asc' | 'desc';
export type StoreSortField = (typeof STORE_SORT_FIELDS)[number];
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];
export type AdminStoreSortField = (typeof ADMIN_STORE_SORT_FIELDS)[number];

export interface ListQuery<S extends string> {
  page?: number;
  limit?: number;
  sortBy?: S;
  sortOrder?: SortOrder;
  search?: string;
}
export type StoreListQuery = ListQuery<StoreSortField> & {
  /** Only stores of this category. */
  category?: StoreCategory;
  /** Only stores whose average is at least this (0..5; unrated stores have 0). */
  minRating?: number;
  /** Only stores the caller has not rated and does not own (sent as 'true'/'false'). */
  unrated?: boolean;
};
export type AdminUserListQuery = ListQuery<AdminUserSortField> & { role?: (typeof ROLES)[number] };
export type AdminStoreListQuery = ListQuery<AdminStoreSortField>;
export type MyRatingsSortField = (typeof MY_RATINGS_SORT_FIELDS)[number];
export type MyRatingsQuery = Omit<ListQuery<MyRatingsSortField>, 'search'>;
export interface PageQuery {
  page?: number;
  limit?: number;
}
export type OwnerRatingSortField = (typeof OWNER_RATING_SORT_FIELDS)[number];
export interface OwnerDashboardQuery extends PageQuery {
  sortBy?: OwnerRatingSortField;
  sortOrder?: SortOrder;
  /** Only this store's ratings (one of the caller's stores). */
  storeId?: number;
}
