/**
 * The query keys of every resource, in one place because remotes share one cache: a key written by
 * mf-stores must be the key mf-customer reads. Keys are arrays from the resource down (`['stores', id]`,
 * `['stores', id, 'ratings', query]`), so invalidating a prefix reaches everything below it.
 * Each feature's `api/` folder builds its queries and mutations on these keys.
 */
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AdminStoreListQuery,
  AdminUserListQuery,
  ModerationQuery,
  MyRatingsQuery,
  OwnerDashboardQuery,
  StoreListQuery,
  StoreRatingsQuery,
} from '../schemas/requests';

const idOf = (id: number | string) => String(id);

export const queryKeys = {
  profile: () => ['profile'] as const,
  stores: {
    all: () => ['stores'] as const,
    /** Every page of the store list (any query): what a write that changes a listed store updates. */
    lists: () => ['stores', 'list'] as const,
    list: (query: StoreListQuery) => ['stores', 'list', query] as const,
    /** The stores' cities (GET /api/stores/cities). */
    cities: () => ['stores', 'cities'] as const,
    detail: (storeId: number | string) => ['stores', idOf(storeId)] as const,
    /** A store's ratings as one list (its order and filters in `query`); ['stores', id, 'ratings'] reaches every such list. */
    ratings: (storeId: number | string, query: StoreRatingsQuery = {}) => ['stores', idOf(storeId), 'ratings', query] as const,
    allRatings: (storeId: number | string) => ['stores', idOf(storeId), 'ratings'] as const,
    /** The signed-in user's own rating of the store. */
    myRating: (storeId: number | string) => ['stores', idOf(storeId), 'my-rating'] as const,
  },
  me: {
    all: () => ['me'] as const,
    ratings: (query: MyRatingsQuery) => ['me', 'ratings', query] as const,
    dashboard: () => ['me', 'dashboard'] as const,
  },
  owner: {
    all: () => ['owner'] as const,
    dashboard: (query: OwnerDashboardQuery) => ['owner', 'dashboard', query] as const,
  },
  admin: {
    all: () => ['admin'] as const,
    dashboard: () => ['admin', 'dashboard'] as const,
    users: (query: AdminUserListQuery) => ['admin', 'users', 'list', query] as const,
    user: (userId: number | string) => ['admin', 'users', idOf(userId)] as const,
    stores: (query: AdminStoreListQuery) => ['admin', 'stores', 'list', query] as const,
    deployments: () => ['admin', 'deployments'] as const,
    moderation: (query: ModerationQuery) => ['admin', 'moderation', query] as const,
  },
  /** The signed-in user's notifications: the bell's unread count (polled) and its list (read when the panel opens). */
  notifications: {
    all: () => ['notifications'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
    list: () => ['notifications', 'list'] as const,
  },
};

/** Every area whose answers show ratings, stores or users: the store pages, the reader's own, the owner's, the admin's. */
const VIEW_PREFIXES = [queryKeys.stores.all(), queryKeys.me.all(), queryKeys.owner.all(), queryKeys.admin.all()];

export interface InvalidateOptions {
  /** Entries the write's answer has just filled (setQueryData): already current, so not asked again. */
  answered?: readonly QueryKey[];
}

/** Marks every answer of every area stale but `answered`: screens on view ask again now, the others when next shown. */
function invalidateViews(client: QueryClient, { answered = [] }: InvalidateOptions): Promise<void> {
  const current = new Set(answered.map((key) => hashKey(key)));
  return Promise.all(
    VIEW_PREFIXES.map((queryKey) => client.invalidateQueries({ queryKey, predicate: (query) => !current.has(query.queryHash) })),
  ).then(() => undefined);
}

/**
 * After a rating is written or deleted: every answer that shows a rating or a store's figures is stale
 * (the store and its ratings, the store list's averages, My Ratings and the customer dashboard, the
 * owner's dashboard, the admin's figures), except what the write's answer already filled.
 */
export function invalidateAfterRatingChange(client: QueryClient, options: InvalidateOptions = {}): Promise<void> {
  return invalidateViews(client, options);
}

/** After an admin changes a store or a user (or a user their name): lists, figures and every store view may show it. */
export function invalidateAfterDirectoryChange(client: QueryClient, options: InvalidateOptions = {}): Promise<void> {
  return invalidateViews(client, options);
}
