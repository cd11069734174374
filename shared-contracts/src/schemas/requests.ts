/**
 * Request bodies of every endpoint (DESIGN.md §7), written with `zod/mini` so that the browser's forms
 * (src/forms.ts) validate with these very schemas. Path parameters and list queries are queries.ts
 * (classic zod, server side only); the types of both are here.
 */
import * as z from 'zod/mini';
import {
  type ADMIN_STORE_SORT_FIELDS,
  type ADMIN_USER_SORT_FIELDS,
  DEFAULT_STORE_CATEGORY,
  EMAIL_MAX_LENGTH,
  LOGIN_PASSWORD_MAX_LENGTH,
  type ModerationStatus,
  type MY_RATINGS_SORT_FIELDS,
  REPORT_REASONS,
  REPORT_TARGETS,
  type OWNER_RATING_SORT_FIELDS,
  type STORE_RATINGS_SORT_FIELDS,
  type STORE_SORT_FIELDS,
  type StoreCategory,
} from '../constants';
import { normalizeEmail } from '../email';
import { MESSAGES } from '../messages';
import { type ROLES } from '../roles';
import {
  email,
  newPassword,
  notConfusableEmail,
  optionalAddress,
  optionalCity,
  optionalComment,
  optionalEmail,
  optionalPhone,
  personName,
  referenceId,
  replyText,
  requiredAddress,
  requiredText,
  role,
  starRating,
  storeCategory,
  storeName,
} from './fields';

// ---------- auth ----------

export const loginRequestSchema = z.object({
  // Any address may be tried (an unknown one is the generic 401), but not a look-alike (400).
  email: requiredText(MESSAGES.fillAllFields).check(
    z.maxLength(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true }),
    notConfusableEmail(),
    z.overwrite(normalizeEmail),
  ),
  password: z
    .string({ error: MESSAGES.fillAllFields })
    .check(
      z.minLength(1, { error: MESSAGES.fillAllFields, abort: true }),
      z.maxLength(LOGIN_PASSWORD_MAX_LENGTH, MESSAGES.invalidCredentials),
    ),
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
    .check(
      z.minLength(1, { error: MESSAGES.fillAllPasswordFields, abort: true }),
      z.maxLength(LOGIN_PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordIncorrect),
    ),
  newPassword: newPassword(MESSAGES.fillAllPasswordFields),
});

/** POST /api/auth/forgot-password: the email as the sign-in form takes it (any address; a look-alike is 400). */
export const forgotPasswordRequestSchema = z.object({ email: loginRequestSchema.shape.email });

/** The token of a link sent by mail: what the link carries (base64url); anything else is an invalid link. */
const accountLinkToken = () =>
  z
    .string({ error: MESSAGES.accountLinkInvalid })
    .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MESSAGES.accountLinkInvalid, abort: true }));

/** POST /api/auth/reset-password: the link's token and the new password (the rule of spec §5). */
export const resetPasswordRequestSchema = z.object({
  token: accountLinkToken(),
  password: newPassword(MESSAGES.fillAllFields),
});

/** POST /api/auth/verify-email: the verification link's token. */
export const verifyEmailRequestSchema = z.object({ token: accountLinkToken() });

// ---------- ratings ----------

export const ratingRequestSchema = z.object({
  rating: starRating(),
  comment: optionalComment(),
});

/** PUT /api/ratings/:ratingId/reply: the store owner's reply to a rating of their store. */
export const replyRequestSchema = z.object({ reply: replyText() });

/** POST /api/ratings/:ratingId/reports: a report of the rating (default) or of its reply, with a reason. */
export const reportRequestSchema = z.object({
  target: z._default(z.enum(REPORT_TARGETS, { error: MESSAGES.reportTargetInvalid }), 'rating'),
  reason: z.enum(REPORT_REASONS, { error: MESSAGES.reportReasonRequired }),
});

/** POST /api/admin/moderation/:ratingId/dismiss: which of the rating's items' open reports to dismiss. */
export const moderationDismissRequestSchema = z.object({
  target: z._default(z.enum(REPORT_TARGETS, { error: MESSAGES.reportTargetInvalid }), 'rating'),
});

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
  category: z._default(z.optional(storeCategory()), DEFAULT_STORE_CATEGORY),
  /** Optional for the API: absent or blank, the city is read from the address (cityFromAddress); on update, absent keeps it. */
  city: optionalCity(),
});

/** The edit body: as the create body, but a missing category keeps the store's current one. */
export const adminStoreUpdateRequestSchema = z.extend(adminStoreRequestSchema, { category: z.optional(storeCategory()) });

// ---------- inferred request types ----------

export type LoginRequest = z.input<typeof loginRequestSchema>;
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;
export type RatingRequest = z.input<typeof ratingRequestSchema>;
export type ReplyRequest = z.input<typeof replyRequestSchema>;
export type ReportRequest = z.input<typeof reportRequestSchema>;
export type ModerationDismissRequest = z.input<typeof moderationDismissRequestSchema>;
export interface ModerationQuery extends PageQuery {
  status?: ModerationStatus;
}
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
  /** Only stores of this city (case-insensitive). */
  city?: string;
};
export type AdminUserListQuery = ListQuery<AdminUserSortField> & { role?: (typeof ROLES)[number] };
export type AdminStoreListQuery = ListQuery<AdminStoreSortField> & { city?: string };
export type MyRatingsSortField = (typeof MY_RATINGS_SORT_FIELDS)[number];
export type MyRatingsQuery = Omit<ListQuery<MyRatingsSortField>, 'search'>;
export interface PageQuery {
  page?: number;
  limit?: number;
}
export type StoreRatingsSortField = (typeof STORE_RATINGS_SORT_FIELDS)[number];
/** GET /api/stores/:id/ratings (withComment sent as 'true'/'false'). */
export interface StoreRatingsQuery extends PageQuery {
  sortBy?: StoreRatingsSortField;
  sortOrder?: SortOrder;
  /** Only ratings of this many stars. */
  stars?: 1 | 2 | 3 | 4 | 5;
  /** Only ratings with a comment. */
  withComment?: boolean;
}
export type OwnerRatingSortField = (typeof OWNER_RATING_SORT_FIELDS)[number];
export interface OwnerDashboardQuery extends PageQuery {
  sortBy?: OwnerRatingSortField;
  sortOrder?: SortOrder;
  /** Only this store's ratings (one of the caller's stores). */
  storeId?: number;
}
