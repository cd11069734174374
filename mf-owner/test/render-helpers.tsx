// Renders the owner dashboard as the shell would: inside a router at /store-owner, with the API client
// and the signed-in store owner from context (fakes here), and a toaster to read toasts from.
import { Route } from 'react-router-dom';
import { LIST_WINDOW } from 'shared-contracts';
import type { OwnerDashboardResponse, OwnerMonthlyTrendPoint, OwnerRating, OwnerStore, RatingDistribution, User } from 'shared-contracts';
import type { QueryClient } from 'shared-contracts/react';
import { createFakeApi, type FakeApi, fakeAuth, renderRoutes } from 'shared-contracts/testing';
import OwnerDashboardPage from '../src/exposed/OwnerDashboardPage';

export {
  createFakeApi,
  createTestQueryClient,
  currentLocation,
  currentQuery,
  fakeAuth,
  type FakeApi,
  httpError,
  localCount,
  type PageOptions,
} from 'shared-contracts/testing';

export const OWNER: User = {
  id: 99,
  name: 'Olivia Owner Fernandes',
  email: 'owner@example.com',
  address: '3 Harbour Road, Kochi',
  role: 'store_owner',
  created_at: '2024-01-02T03:04:05.000Z',
  updated_at: '2024-01-02T03:04:05.000Z',
};

/** The six months the fake API reports, oldest first. */
export const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'] as const;

/** A trend with the given [count, average] per month (oldest first); missing months have no ratings. */
export function makeTrend(cells: Array<[number, number | null]> = []): OwnerMonthlyTrendPoint[] {
  return MONTHS.map((month, i) => {
    const [count, average] = cells[i] ?? [0, null];
    return { month, count, average };
  });
}

const NO_RATINGS: RatingDistribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };

export function makeStore(id: number, overrides: Partial<OwnerStore> = {}): OwnerStore {
  return {
    id,
    name: `Store number ${id}`,
    address: `${id} Baker Street, Old Town`,
    phone: null,
    email: null,
    owner_id: OWNER.id,
    category: 'Other',
    city: 'Old Town',
    average_rating: 0,
    total_ratings: 0,
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-01T10:00:00.000Z',
    rating_distribution: NO_RATINGS,
    monthly_trend: makeTrend(),
    ...overrides,
  };
}

export function makeRating(id: number, overrides: Partial<OwnerRating> = {}): OwnerRating {
  return {
    id,
    store_id: 1,
    store_name: 'Store number 1',
    rating: 4,
    comment: `Comment number ${id}`,
    user_name: `Reviewer number ${id}`,
    user_email: `reviewer${id}@example.com`,
    created_at: '2026-05-05T12:00:00.000Z',
    updated_at: '2026-05-05T12:00:00.000Z',
    reply: null,
    ...overrides,
  };
}

/**
 * A dashboard answer: summary worked out from the stores unless given; page info from total/page (limit 10),
 * totalPages by default as the API answers it (only the pages within the first LIST_WINDOW rows).
 */
export function dashboardResponse(
  stores: OwnerStore[],
  ratings: OwnerRating[] = [],
  {
    total = ratings.length,
    page = 1,
    limit = 10,
    totalPages = Math.ceil(Math.min(total, LIST_WINDOW) / limit),
    totalCapped,
    summary,
  }: {
    total?: number;
    page?: number;
    limit?: number;
    totalPages?: number;
    totalCapped?: boolean;
    summary?: OwnerDashboardResponse['summary'];
  } = {},
): OwnerDashboardResponse {
  const totalRatings = stores.reduce((n, s) => n + s.total_ratings, 0);
  const sum = stores.reduce((n, s) => n + s.average_rating * s.total_ratings, 0);
  return {
    summary: summary ?? {
      totalStores: stores.length,
      totalRatings,
      averageRating: totalRatings ? Math.round((sum / totalRatings) * 100) / 100 : 0,
    },
    stores,
    ratings,
    total,
    page,
    limit,
    totalPages,
    ...(totalCapped ? { totalCapped } : {}),
  };
}

/** Renders /store-owner (with `search`, e.g. '?page=2'); /stores/:id is a stand-in page for the links. */
export function renderDashboard(
  search = '',
  { api = createFakeApi(), user = OWNER, queryClient }: { api?: FakeApi; user?: User | null; queryClient?: QueryClient } = {},
) {
  return renderRoutes(
    <>
      <Route path="/store-owner" element={<OwnerDashboardPage />} />
      <Route path="/stores/:id" element={<h1>Store detail page</h1>} />
    </>,
    { route: `/store-owner${search}`, api, auth: fakeAuth(user), ...(queryClient ? { queryClient } : {}) },
  );
}

/** The query of the API's last call. */
export const lastQuery = (api: FakeApi) => api.owner.dashboard.mock.calls.at(-1)?.[0];

/** What the page asks for by default: page 1 of 10, newest first, every store. */
export const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'desc' };
