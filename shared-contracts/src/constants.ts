/** Business constants and limits of the product (spec §9, DESIGN.md §7). Kept exactly. */

export const STORE_PAGE_SIZE = 12;
export const ADMIN_PAGE_SIZE = 10;
export const OWNER_LIST_FETCH_LIMIT = 1000;
export const RECOMMENDATIONS_FETCH_LIMIT = 6;
export const RECOMMENDATIONS_SHOWN = 3;
export const RECENT_ACTIVITY_LIMIT = 5;
export const STORE_RATINGS_PAGE_SIZE = 50;
export const OWNER_DASHBOARD_PAGE_SIZE = 10;

/** Largest `limit` a list accepts; the admin user list allows up to ADMIN_USERS_MAX_LIMIT. */
export const MAX_LIST_LIMIT = 100;
export const ADMIN_USERS_MAX_LIMIT = 1000;
/** Deepest page a list serves; beyond it the API answers 400 (offset pagination stays bounded). */
export const MAX_PAGE = 1_000_000;
/**
 * How far any list can be paged: a page must start within the first LIST_WINDOW rows, and a filtered
 * or searched list counts its matches up to LIST_WINDOW (then says `totalCapped`). Keeps every page
 * and every count bounded however large the tables grow; search or filters reach the rest.
 */
export const LIST_WINDOW = 1_000;
export const SEARCH_MAX_LENGTH = 100;

export const NAME_MIN_LENGTH = 20;
export const NAME_MAX_LENGTH = 60;
export const ADDRESS_MAX_LENGTH = 400;
/** A store's city: at most this many characters. */
export const CITY_MAX_LENGTH = 100;
/** GET /api/stores/cities answers at most this many cities (the most stores first). */
export const CITIES_LIMIT = 100;
export const COMMENT_MAX_LENGTH = 500;
/** A store owner's reply to a rating of their store: at most this many characters. */
export const REPLY_MAX_LENGTH = 500;
export const STORE_NAME_MIN_LENGTH = 3;
export const STORE_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
/** The special characters the password rule accepts and the strength meter counts. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';
/** Login accepts at most this many characters of password (longer can never be right). */
export const LOGIN_PASSWORD_MAX_LENGTH = 128;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;

/** Lower bounds of the average-rating colour bands: 4.5 or more, 3.5 or more, 2.5 or more, below. */
export const RATING_BAND_THRESHOLDS = { excellent: 4.5, good: 3.5, average: 2.5 } as const;
export const AVERAGE_DISPLAY_DECIMALS = 1;

export const TOAST_SUCCESS_DURATION_MS = 2000;
export const TOAST_ERROR_DURATION_MS = 4000;
export const TOAST_LIMIT = 20;

export const TOKEN_STORAGE_KEY = 'token';

/** How long the API client waits for an answer before the call fails (and the screen shows its failure toast). */
export const API_TIMEOUT_MS = 15_000;

/** What kind of store it is; every store has one ('Other' unless set). */
export const STORE_CATEGORIES = ['Grocery', 'Electronics', 'Fashion', 'Restaurants', 'Healthcare', 'Other'] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];
export const DEFAULT_STORE_CATEGORY: StoreCategory = 'Other';

/** Bounds of the store list's `minRating` filter (stores whose average is at least this). */
export const MIN_RATING_FILTER_MIN = 0;
export const MIN_RATING_FILTER_MAX = 5;

/** Largest id PostgreSQL's integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A simple, permissive email address shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** A phone number: digits, spaces, ( ) - . and an optional leading +, 5 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]{5,20}$/;

/** Sort fields each list accepts (its query's allowlist). */
export const STORE_SORT_FIELDS = ['name', 'rating', 'created_at'] as const;
export const ADMIN_USER_SORT_FIELDS = ['name', 'email', 'role', 'created_at'] as const;
export const ADMIN_STORE_SORT_FIELDS = ['name', 'email', 'address', 'city', 'rating', 'owner_id', 'created_at'] as const;

/** The owner dashboard's ratings table: sortable by these (default created_at, desc: newest first). */
export const OWNER_RATING_SORT_FIELDS = ['created_at', 'rating', 'user_name', 'store_name'] as const;
export const OWNER_RATING_DEFAULT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

/** GET /api/users/ratings: the caller's own ratings, newest first unless asked otherwise. */
export const MY_RATINGS_PAGE_SIZE = 10;
export const MY_RATINGS_SORT_FIELDS = ['created_at', 'rating', 'store_name'] as const;

/**
 * GET /api/stores/:id/ratings: sortable by date, stars or helpful votes (default created_at, desc: newest
 * first; ties newest first), and filtered to one star count (`stars`) or to ratings with a comment (`withComment`).
 */
export const STORE_RATINGS_SORT_FIELDS = ['created_at', 'rating', 'helpful'] as const;

/** Why a rating or a reply is reported, in the order the report form lists them, with their labels. */
export const REPORT_REASONS = ['spam', 'offensive', 'off_topic', 'fake', 'personal'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this store',
  fake: 'Fake or a conflict of interest',
  personal: "Shares someone's personal details",
};
/** What is reported: a rating, or the owner's reply to it. */
export const REPORT_TARGETS = ['rating', 'reply'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** The moderation queue: open reports (default) or those already acted on; a page holds this many. */
export const MODERATION_STATUSES = ['open', 'resolved'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export const MODERATION_PAGE_SIZE = 20;

/** A password reset link works this long after it is sent (and once); a newer use of any voids the rest. */
export const PASSWORD_RESET_LINK_TTL_MINUTES = 30;
/** An email verification link works this long after it is sent (and once). */
export const EMAIL_VERIFICATION_LINK_TTL_HOURS = 24;
