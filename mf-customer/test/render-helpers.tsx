// Renders the mf-customer pages as the shell would: inside a router at /user-dashboard and /ratings,
// with the API client and the signed-in user from context (fakes here), and a toaster to read toasts from.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type {
  Activity,
  ApiClient,
  MyRating,
  MyRatingsResponse,
  RatingWriteResponse,
  Role,
  Store,
  StoreListResponse,
  User,
  UserDashboardResponse,
} from 'shared-contracts';
import { ApiContext, AuthContext, type AuthContextValue } from 'shared-contracts/react';
import CustomerDashboardPage from '../src/exposed/CustomerDashboardPage';
import MyRatingsPage from '../src/exposed/MyRatingsPage';

export function makeUser(role: Role = 'normal_user', overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Carla Customer Montgomery',
    email: `${role}@example.com`,
    address: '12 Market Street, Springfield',
    role,
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export function makeStore(id: number, overrides: Partial<Store> = {}): Store {
  return {
    id,
    name: `Store number ${id}`,
    address: `${id} Baker Street, Old Town`,
    phone: null,
    email: null,
    owner_id: 99,
    category: 'Other',
    average_rating: 0,
    total_ratings: 0,
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function listResponse(stores: Store[], { total = stores.length, page = 1, limit = 6 } = {}): StoreListResponse {
  return { stores, total, page, limit, totalPages: Math.ceil(total / limit) };
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
    ...overrides,
  };
}

export function myRatingsResponse(ratings: MyRating[], { total = ratings.length, page = 1, limit = 10 } = {}): MyRatingsResponse {
  return { ratings, total, page, limit, totalPages: Math.ceil(total / limit) };
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
    },
    storeStats: { average_rating: average, total_ratings: 3, rating_distribution: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 1 } },
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

/** The endpoints these pages use, as jest.fn()s. */
export function createFakeApi() {
  return {
    users: { dashboard: jest.fn(), ratings: jest.fn() },
    stores: { list: jest.fn() },
    ratings: { update: jest.fn(), remove: jest.fn() },
  };
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

export interface RenderOptions {
  api?: FakeApi;
  user?: User | null;
}

/** Renders the remote's routes at `path` ('/user-dashboard' or '/ratings?sort=oldest'). */
export function renderAt(path: string, { api = createFakeApi(), user = makeUser() }: RenderOptions = {}) {
  const events = userEvent.setup();
  const utils = render(
    <ApiContext.Provider value={api as unknown as ApiClient}>
      <AuthContext.Provider value={fakeAuth(user)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/user-dashboard" element={<CustomerDashboardPage />} />
            <Route path="/ratings" element={<MyRatingsPage />} />
            <Route path="/stores" element={<h1>Store list</h1>} />
            <Route path="/stores/:id" element={<h1>Store page</h1>} />
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

/** A promise that never settles: a request still on its way. */
export const pending = () => new Promise<never>(() => undefined);
