/**
 * The typed API client: one axios instance, one function per endpoint of DESIGN.md §7.
 * The bearer token comes from `getToken`; a 401 on an authenticated call calls `onUnauthorized`.
 */
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { API_TIMEOUT_MS } from '../constants';
import type {
  AdminDashboardResponse,
  AdminStoreListResponse,
  AdminStoreResponse,
  AdminUserDetailResponse,
  AdminUserListResponse,
  AdminUserResponse,
  AuthResponse,
  HealthResponse,
  HelpfulVoteResponse,
  MessageResponse,
  ModerationActionResponse,
  ModerationQueueResponse,
  MyRatingsResponse,
  OwnerDashboardResponse,
  OwnRatingResponse,
  PasswordChangeResponse,
  ProfileResponse,
  ProfileUpdateResponse,
  RatingDeleteResponse,
  RatingWriteResponse,
  StoreDetailResponse,
  StoreCitiesResponse,
  StoreListResponse,
  StoreRatingsResponse,
  UserDashboardResponse,
  ReplyWriteResponse,
  ReportResponse,
} from '../schemas/responses';
import type {
  AdminStoreListQuery,
  AdminStoreRequest,
  AdminUserCreateRequest,
  AdminUserListQuery,
  AdminUserUpdateRequest,
  ForgotPasswordRequest,
  LoginRequest,
  MyRatingsQuery,
  OwnerDashboardQuery,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  RatingRequest,
  RegisterRequest,
  ReplyRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  ReportRequest,
  ModerationDismissRequest,
  ModerationQuery,
  StoreListQuery,
  StoreRatingsQuery,
} from '../schemas/requests';
import type { DeploymentCommandResponse, DeploymentsResponse } from '../schemas/deployments';
import type { NotificationListQuery, NotificationListResponse, UnreadCountResponse } from '../schemas/notifications';
import type { DeployableApp, DeploymentCommand } from '../deployments';

export interface ApiClientOptions {
  /** Base address of the API, e.g. '' for the same origin or 'http://localhost:3000'. */
  baseURL: string;
  /** The current bearer token, or null when signed out. */
  getToken?: () => string | null;
  /**
   * Called once per failing call when an authenticated call answers 401 (the session is over). With
   * it given, that call then never settles: the app signs the user out and leaves the screen that made
   * the call, so the screen shows nothing of its own (no failure toast, no error panel) next to the
   * session-ended message. Without it, the call rejects like any other failure.
   */
  onUnauthorized?: () => void;
  /** How long a call may wait for an answer before it fails; API_TIMEOUT_MS unless given. */
  timeoutMs?: number;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const http: AxiosInstance = axios.create({
    baseURL: options.baseURL,
    headers: { 'Content-Type': 'application/json' },
    withCredentials: false,
    timeout: options.timeoutMs ?? API_TIMEOUT_MS,
  });

  http.interceptors.request.use((config) => {
    const token = options.getToken?.();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  http.interceptors.response.use(undefined, (error: unknown) => {
    const onUnauthorized = options.onUnauthorized;
    if (onUnauthorized && isSessionEnd(error, options.getToken?.() ?? null)) {
      onUnauthorized();
      // The one place a 401 is handled (spec §8, DESIGN.md §6): the session has ended and the caller's
      // screen is going away. Rejecting would have every screen's catch show its own failure toast
      // ('Failed to fetch stores', ...) beside the session-ended one; a promise that never settles
      // lets none of them speak.
      return new Promise<never>(() => undefined);
    }
    return Promise.reject(error);
  });

  const get = async <T>(url: string, params?: object) => (await http.get<T>(url, { params })).data;
  const post = async <T>(url: string, body?: unknown) => (await http.post<T>(url, body ?? {})).data;
  const put = async <T>(url: string, body: unknown) => (await http.put<T>(url, body)).data;
  const del = async <T>(url: string) => (await http.delete<T>(url)).data;
  const id = (value: number | string) => encodeURIComponent(String(value));

  return {
    http,
    auth: {
      login: (body: LoginRequest) => post<AuthResponse>('/api/auth/login', body),
      register: (body: RegisterRequest) => post<AuthResponse>('/api/auth/register', body),
      getProfile: () => get<ProfileResponse>('/api/auth/profile'),
      updateProfile: (body: ProfileUpdateRequest) => put<ProfileUpdateResponse>('/api/auth/profile', body),
      changePassword: (body: PasswordChangeRequest) => put<PasswordChangeResponse>('/api/auth/password', body),
      /** Asks for a password reset link by mail: the same answer whether or not the email has an account. */
      forgotPassword: (body: ForgotPasswordRequest) => post<MessageResponse>('/api/auth/forgot-password', body),
      /** Sets a new password with a reset link's token; every session of the user is signed out. */
      resetPassword: (body: ResetPasswordRequest) => post<MessageResponse>('/api/auth/reset-password', body),
      /** Marks the account of a verification link's token verified. */
      verifyEmail: (body: VerifyEmailRequest) => post<MessageResponse>('/api/auth/verify-email', body),
      /** Sends the signed-in (unverified) user a new verification link. */
      resendVerification: () => post<MessageResponse>('/api/auth/resend-verification'),
      /**
       * Revokes `token` on the server (this device only; the user's other sessions go on). The token is
       * given, not read from the session: signing out clears the session before this call goes out.
       */
      logout: async (token: string) =>
        (await http.post<MessageResponse>('/api/auth/logout', {}, { headers: { Authorization: `Bearer ${token}` } })).data,
    },
    users: {
      dashboard: () => get<UserDashboardResponse>('/api/users/dashboard'),
      ratings: (query: MyRatingsQuery = {}) => get<MyRatingsResponse>('/api/users/ratings', query),
    },
    stores: {
      list: (query: StoreListQuery = {}) => get<StoreListResponse>('/api/stores', query),
      /** The stores' cities, the most stores first. */
      cities: () => get<StoreCitiesResponse>('/api/stores/cities'),
      get: (storeId: number | string) => get<StoreDetailResponse>(`/api/stores/${id(storeId)}`),
      ratings: (storeId: number | string, query: StoreRatingsQuery = {}) =>
        get<StoreRatingsResponse>(`/api/stores/${id(storeId)}/ratings`, query),
    },
    ratings: {
      mine: (storeId: number | string) => get<OwnRatingResponse>(`/api/ratings/user/${id(storeId)}`),
      submit: (storeId: number | string, body: RatingRequest) => post<RatingWriteResponse>(`/api/ratings/${id(storeId)}`, body),
      update: (ratingId: number | string, body: RatingRequest) => put<RatingWriteResponse>(`/api/ratings/${id(ratingId)}`, body),
      remove: (ratingId: number | string) => del<RatingDeleteResponse>(`/api/ratings/${id(ratingId)}`),
      /** The store owner's reply to a rating of their store: written or changed. */
      reply: (ratingId: number | string, body: ReplyRequest) => put<ReplyWriteResponse>(`/api/ratings/${id(ratingId)}/reply`, body),
      /** Deletes a rating's reply: the store's owner, or an admin. */
      removeReply: (ratingId: number | string) => del<MessageResponse>(`/api/ratings/${id(ratingId)}/reply`),
      /** Reports the rating or its reply to the moderators, once per user. */
      report: (ratingId: number | string, body: ReportRequest) => post<ReportResponse>(`/api/ratings/${id(ratingId)}/reports`, body),
      /** The caller's "helpful" vote on a rating, given or taken back. */
      markHelpful: (ratingId: number | string) => put<HelpfulVoteResponse>(`/api/ratings/${id(ratingId)}/helpful`, {}),
      unmarkHelpful: (ratingId: number | string) => del<HelpfulVoteResponse>(`/api/ratings/${id(ratingId)}/helpful`),
    },
    owner: {
      dashboard: (query: OwnerDashboardQuery = {}) => get<OwnerDashboardResponse>('/api/owner/dashboard', query),
    },
    admin: {
      dashboard: () => get<AdminDashboardResponse>('/api/admin/dashboard'),
      listUsers: (query: AdminUserListQuery = {}) => get<AdminUserListResponse>('/api/admin/users', query),
      createUser: (body: AdminUserCreateRequest) => post<AdminUserResponse>('/api/admin/users', body),
      getUser: (userId: number | string) => get<AdminUserDetailResponse>(`/api/admin/users/${id(userId)}`),
      updateUser: (userId: number | string, body: AdminUserUpdateRequest) => put<AdminUserResponse>(`/api/admin/users/${id(userId)}`, body),
      deleteUser: (userId: number | string) => del<MessageResponse>(`/api/admin/users/${id(userId)}`),
      listStores: (query: AdminStoreListQuery = {}) => get<AdminStoreListResponse>('/api/admin/stores', query),
      createStore: (body: AdminStoreRequest) => post<AdminStoreResponse>('/api/admin/stores', body),
      updateStore: (storeId: number | string, body: AdminStoreRequest) => put<AdminStoreResponse>(`/api/admin/stores/${id(storeId)}`, body),
      deleteStore: (storeId: number | string) => del<MessageResponse>(`/api/admin/stores/${id(storeId)}`),
      moderation: (query: ModerationQuery = {}) => get<ModerationQueueResponse>('/api/admin/moderation', query),
      /** Hides a rating (out of every figure and list but its author's) or shows it again. */
      hideRating: (ratingId: number | string) => post<ModerationActionResponse>(`/api/admin/moderation/${id(ratingId)}/hide`),
      restoreRating: (ratingId: number | string) => post<ModerationActionResponse>(`/api/admin/moderation/${id(ratingId)}/restore`),
      /** Closes the open reports of a rating or of its reply, changing nothing else. */
      dismissReports: (ratingId: number | string, body: ModerationDismissRequest) =>
        post<ModerationActionResponse>(`/api/admin/moderation/${id(ratingId)}/dismiss`, body),
      deployments: () => get<DeploymentsResponse>('/api/admin/deployments'),
      /** promote (the canary for everyone), abort (end the canary) or rollback (the version live before). */
      deploymentCommand: (app: DeployableApp, command: DeploymentCommand) =>
        post<DeploymentCommandResponse>(`/api/admin/deployments/${id(app)}/${command}`),
    },
    /** The signed-in user's notifications (the navbar's bell). */
    notifications: {
      /** Newest first, a page at a time: `before` is the last id of the page shown. */
      list: (query: NotificationListQuery = {}) => get<NotificationListResponse>('/api/notifications', query),
      /** The cheap poll: how many are unread (counted up to UNREAD_COUNT_LIMIT). */
      unreadCount: () => get<UnreadCountResponse>('/api/notifications/unread-count'),
      markRead: (notificationId: number | string) => post<UnreadCountResponse>(`/api/notifications/${id(notificationId)}/read`),
      markAllRead: () => post<UnreadCountResponse>('/api/notifications/read-all'),
    },
    health: () => get<HealthResponse>('/api/health'),
  };
}

/**
 * A 401 answered to a call sent with a token, other than signing in (a wrong password there): the
 * session is over — unless the session has since moved to another token (a password change answered
 * with a new one while the call was on its way): then that call just fails and the session goes on.
 * When a sibling call's 401 has already signed out (no token now), this one is part of the same end.
 */
function isSessionEnd(error: unknown, currentToken: string | null): boolean {
  if (!(error instanceof AxiosError) || error.response?.status !== 401) return false;
  const sent = String(error.config?.headers?.Authorization ?? '');
  if (sent === '' || String(error.config?.url ?? '').startsWith('/api/auth/login')) return false;
  return currentToken === null || sent === `Bearer ${currentToken}`;
}

/** The HTTP status of a failed call, or undefined for a network failure. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/**
 * The server's message of a failed call, else `fallback` (spec §8: "server message or ..."). Only a
 * refusal (4xx) explains itself to the user ('Current password is incorrect', 'Email is already
 * registered'); a server failure's message ('Internal server error', 5xx) says nothing about what
 * they did, so the action's own failure message ('Failed to update profile') is shown instead.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  if (error instanceof AxiosError && status !== undefined && status >= 400 && status < 500) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
