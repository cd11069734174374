// Renders the mf-customer pages as the shell would: inside a router at /user-dashboard and /ratings,
// with the API client and the signed-in user from context (fakes here), and a toaster to read toasts from.
import { Route } from 'react-router-dom';
import type {
  Activity,
  MyRating,
  MyRatingsResponse,
  RatingWriteResponse,
  Store,
  StoreListResponse,
  User,
  UserDashboardResponse,
} from 'shared-contracts';
import type { QueryClient } from 'shared-contracts/react';
import { createFakeApi, type FakeApi, fakeAuth, makeUser, pageCounts, type PageOptions, renderRoutes } from 'shared-contracts/testing';
import CustomerDashboardPage from '../src/exposed/CustomerDashboardPage';
import MyRatingsPage from '../src/exposed/MyRatingsPage';

export {
  createFakeApi,
  currentLocation,
  currentQuery,
  fakeAuth,
  type FakeApi,
  httpError,
  makeStore,
  makeUser,
  localCount,
  type PageOptions,
} from 'shared-contracts/testing';

export function listResponse(
  stores: Array<Store & { my_rating?: number | null }>,
  { limit = 6, ...options }: PageOptions = {},
): StoreListResponse {
  // A store the reader has not rated unless it says otherwise (my_rating).
  return { stores: stores.map((s) => ({ ...s, my_rating: s.my_rating ?? null })), ...pageCounts(stores.length, { limit, ...options }) };
}

export function makeActivity(n: number, overrides: Partial<Activity> = {}): Activity {
  return {
    type: 'rating',
    description: `You rated Store number ${n} ${n % 5 || 5} stars`,
    timestamp: new Date(Date.now() - n * 3_600_000).toISOString(),
    ...overrides,
  };
}

export function makeDashboard(overrides: Partial<UserDashboardResponse> = {}): UserDashboardResponse {
  return { totalRatings: 0, averageRating: 0, totalStores: 0, recentActivity: [], ...overrides };
}

export function makeMyRating(id: number, overrides: Partial<MyRating> = {}): MyRating {
  return {
    id,
    store_id: 100 + id,
    store_name: `Store number ${100 + id}`,
    store_address: `${id} Lake Road, Riverside`,
    store_average_rating: 4,
    rating: 4,
    comment: `Comment number ${id}`,
    created_at: '2024-03-05T12:00:00.000Z',
    updated_at: '2024-03-05T12:00:00.000Z',
    reply: null,
    hidden: false,
    helpful_count: 0,
    ...overrides,
  };
}

export function myRatingsResponse(ratings: MyRating[], { limit = 10, ...options }: PageOptions = {}): MyRatingsResponse {
  return { ratings, ...pageCounts(ratings.length, { limit, ...options }) };
}

/** What PUT /api/ratings/:id answers for `rating` (as stored) with the store's new average. */
export function writeAnswer(rating: MyRating, average: number): RatingWriteResponse {
  return {
    message: 'Rating updated successfully!',
    rating: {
      id: rating.id,
      store_id: rating.store_id,
      user_id: 7,
      rating: rating.rating,
      comment: rating.comment,
      created_at: rating.created_at,
      updated_at: rating.updated_at,
      hidden: rating.hidden,
    },
    storeStats: { average_rating: average, total_ratings: 3, rating_distribution: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 1 } },
  };
}

export interface RenderOptions {
  api?: FakeApi;
  user?: User | null;
  /** The query cache (a fresh one unless given: e.g. to come back to a page over the same cache). */
  queryClient?: QueryClient;
}

/** Renders the remote's routes at `path` ('/user-dashboard' or '/ratings?sort=oldest'). */
export function renderAt(path: string, { api = createFakeApi(), user = makeUser(), queryClient }: RenderOptions = {}) {
  return renderRoutes(
    <>
      <Route path="/user-dashboard" element={<CustomerDashboardPage />} />
      <Route path="/ratings" element={<MyRatingsPage />} />
      <Route path="/stores" element={<h1>Store list</h1>} />
      <Route path="/stores/:id" element={<h1>Store page</h1>} />
    </>,
    { route: path, api, auth: fakeAuth(user), queryClient },
  );
}

/** A promise that never settles: a request still on its way. */
export const pending = () => new Promise<never>(() => undefined);
