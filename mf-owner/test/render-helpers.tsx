// Renders the owner dashboard as the shell would: inside a router at /store-owner, with the API client
// and the signed-in store owner from context (fakes here), and a toaster to read toasts from.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type {
  ApiClient,
  OwnerDashboardResponse,
  OwnerMonthlyTrendPoint,
  OwnerRating,
  OwnerStore,
  RatingDistribution,
  User,
} from 'shared-contracts';
import { ApiContext, AuthContext, type AuthContextValue } from 'shared-contracts/react';
import OwnerDashboardPage from '../src/exposed/OwnerDashboardPage';

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
    ...overrides,
  };
}

/** A dashboard answer: summary worked out from the stores unless given; page info from total/page (limit 10). */
export function dashboardResponse(
  stores: OwnerStore[],
  ratings: OwnerRating[] = [],
  { total = ratings.length, page = 1, limit = 10, summary }: { total?: number; page?: number; limit?: number; summary?: OwnerDashboardResponse['summary'] } = {},
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
    totalPages: Math.ceil(total / limit),
  };
}

/** An axios error with an HTTP status, as the API client rejects with. */
export function httpError(status: number, message = 'Request failed'): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(message, String(status), { headers } as never, undefined, {
    status,
    statusText: String(status),
    data: { message },
    headers: {},
    config: { headers },
  });
}

/** The API client's owner endpoint as a jest.fn(); nothing else is there, so any other call fails the test. */
export function createFakeApi() {
  return { owner: { dashboard: jest.fn() } };
}
export type FakeApi = ReturnType<typeof createFakeApi>;

export function fakeAuth(user: User | null): AuthContextValue {
  return {
    user,
    token: user ? 'test-token' : null,
    loading: false,
    login: jest.fn(),
    register: jest.fn(),
    logout: jest.fn(),
    updateUser: jest.fn(),
    replaceToken: jest.fn(),
  };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname + location.search}
    </div>
  );
}

/** Renders /store-owner (with `search`, e.g. '?page=2'); /stores/:id is a stand-in page for the links. */
export function renderDashboard(search = '', { api = createFakeApi(), user = OWNER }: { api?: FakeApi; user?: User | null } = {}) {
  const events = userEvent.setup();
  const utils = render(
    <ApiContext.Provider value={api as unknown as ApiClient}>
      <AuthContext.Provider value={fakeAuth(user)}>
        <MemoryRouter initialEntries={[`/store-owner${search}`]}>
          <Routes>
            <Route path="/store-owner" element={<OwnerDashboardPage />} />
            <Route path="/stores/:id" element={<h1>Store detail page</h1>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </ApiContext.Provider>,
  );
  return { ...utils, api, user: events };
}

/** Where the router is now: pathname + search. */
export const currentLocation = () => screen.getByTestId('location').textContent ?? '';

/** The URL's query of the current location, as an object. */
export const currentQuery = () => Object.fromEntries(new URLSearchParams(currentLocation().split('?')[1] ?? ''));

/** The query of the API's last call. */
export const lastQuery = (api: FakeApi) => api.owner.dashboard.mock.calls.at(-1)?.[0];

/** What the page asks for by default: page 1 of 10, newest first, every store. */
export const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'desc' };
