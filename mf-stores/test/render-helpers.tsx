// Renders the mf-stores pages as the shell would: inside a router at /stores and /stores/:id, with the
// API client and the signed-in user from context (fakes here), and a toaster to read toasts from.
import { Route } from 'react-router-dom';
import type { Rating, Store, StoreDetail, StoreListResponse, StoreRating, StoreRatingsResponse, User } from 'shared-contracts';
import {
  createFakeApi as createBareFakeApi,
  type FakeApi,
  fakeAuth,
  makeStore,
  makeUser,
  pageCounts,
  type PageOptions,
  renderRoutes,
} from 'shared-contracts/testing';
import type { QueryClient } from 'shared-contracts/react';
import StoreDetailPage from '../src/exposed/StoreDetailPage';
import StoreListPage from '../src/exposed/StoreListPage';

export {
  createTestQueryClient,
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

/**
 * The fake API (every endpoint fails loudly until a test answers it), with one default: the store
 * lists ask for the stores' cities (their City filter) on every visit, and tests not about them get none.
 */
export function createFakeApi(): FakeApi {
  const api = createBareFakeApi();
  api.stores.cities.mockResolvedValue({ cities: [] });
  return api;
}

export function makeStoreDetail(overrides: Partial<StoreDetail> = {}): StoreDetail {
  return {
    ...makeStore(42, {
      name: 'Green Basket Organic Grocers',
      address: '14 Residency Road, Bengaluru',
      phone: '+91 80 4123 5567',
      email: 'hello@greenbasket.example',
      category: 'Grocery',
      average_rating: 4.4,
      total_ratings: 5,
    }),
    rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 3, '5': 2 },
    ...overrides,
  };
}

export function makeStoreRating(id: number, overrides: Partial<StoreRating> = {}): StoreRating {
  return {
    id,
    rating: 4,
    comment: `Comment number ${id}`,
    user_name: `Reviewer ${id}`,
    created_at: '2024-03-05T12:00:00.000Z',
    updated_at: '2024-03-05T12:00:00.000Z',
    reply: null,
    helpful_count: 0,
    voted_helpful: false,
    ...overrides,
  };
}

export function makeOwnRating(overrides: Partial<Rating> = {}): Rating {
  return {
    id: 500,
    store_id: 42,
    user_id: 7,
    rating: 3,
    comment: 'Decent, but nothing special.',
    created_at: '2024-03-01T09:00:00.000Z',
    updated_at: '2024-03-01T09:00:00.000Z',
    hidden: false,
    ...overrides,
  };
}

/** A list answer for `stores`, as the API pages them (limit 12). */
export function listResponse(
  stores: Array<Store & { my_rating?: number | null }>,
  { limit = 12, ...options }: PageOptions = {},
): StoreListResponse {
  // A store the reader has not rated unless it says otherwise (my_rating).
  return { stores: stores.map((s) => ({ ...s, my_rating: s.my_rating ?? null })), ...pageCounts(stores.length, { limit, ...options }) };
}

export function ratingsResponse(ratings: StoreRating[], { limit = 50, ...options }: PageOptions = {}): StoreRatingsResponse {
  return { ratings, ...pageCounts(ratings.length, { limit, ...options }) };
}

export interface RenderOptions {
  api?: FakeApi;
  user?: User | null;
  /** The page's query cache (a fresh one by default), e.g. to look at what a write invalidated. */
  queryClient?: QueryClient;
}

/** Renders the remote's routes at `path` (e.g. '/stores?page=2' or '/stores/42'). */
export function renderAt(path: string, { api = createFakeApi(), user = makeUser(), queryClient }: RenderOptions = {}) {
  return renderRoutes(
    <>
      <Route path="/stores" element={<StoreListPage />} />
      <Route path="/stores/:id" element={<StoreDetailPage />} />
      <Route path="/admin/stores" element={<h1>Admin store management</h1>} />
    </>,
    { route: path, api, auth: fakeAuth(user), historyBack: true, queryClient },
  );
}
