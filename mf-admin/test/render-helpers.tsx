/**
 * Renders the mf-admin pages as the shell would: inside a router at /admin, /admin/users, /admin/stores
 * and /admin/analytics, with the API client and the signed-in user from shared-contracts' contexts,
 * and a <Toaster/> to read toasts from. The API is a fake shaped like createApiClient's return (every
 * endpoint a jest.fn that fails loudly until a test sets it).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  type AdminDashboardResponse,
  type AdminStore,
  type AdminStoreListResponse,
  type AdminUserListResponse,
  type ApiClient,
  createApiClient,
  type Role,
  type User,
} from 'shared-contracts';
import { ApiContext, AuthContext, type AuthContextValue } from 'shared-contracts/react';
import AdminAnalyticsPage from '../src/exposed/AdminAnalyticsPage';
import AdminDashboardPage from '../src/exposed/AdminDashboardPage';
import AdminStoresPage from '../src/exposed/AdminStoresPage';
import AdminUsersPage from '../src/exposed/AdminUsersPage';

// ---------- fake API ----------

type Mocked<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : T[K] extends object ? Mocked<T[K]> : T[K];
};
export type FakeApi = Mocked<ApiClient>;

export function createFakeApi(): FakeApi {
  const mockAll = (source: Record<string, unknown>, path: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(source).map(([key, value]) => {
        if (key === 'http') return [key, value];
        if (typeof value === 'function') {
          return [key, jest.fn(() => Promise.reject(new Error(`unexpected call: api.${path}${key}`)))];
        }
        return [key, mockAll(value as Record<string, unknown>, `${path}${key}.`)];
      }),
    );
  return mockAll(createApiClient({ baseURL: '' }) as unknown as Record<string, unknown>, '') as unknown as FakeApi;
}

/** A failed API call as axios reports it, with the server's `{ message }` body (or none). */
export function apiError(status: number, message?: string): AxiosError {
  const response = {
    status,
    statusText: String(status),
    data: message === undefined ? {} : { message },
    headers: {},
    config: { headers: new AxiosHeaders() },
  } as AxiosResponse;
  return new AxiosError(message ?? `Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

// ---------- data ----------

export function makeUser(id: number, overrides: Partial<User> = {}): User {
  return {
    id,
    name: `Person Number ${String(id).padStart(3, '0')} Longname`,
    email: `person${id}@example.com`,
    address: `${id} Market Street, Springfield`,
    role: 'normal_user',
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export const ADMIN: User = makeUser(1, { name: 'Asha Administrator Raman', email: 'admin@example.com', role: 'system_admin' });

export function makeStore(id: number, overrides: Partial<AdminStore> = {}): AdminStore {
  return {
    id,
    name: `Store number ${id}`,
    address: `${id} Baker Street, Old Town`,
    phone: null,
    email: null,
    owner_id: 50,
    owner_name: 'Owen Owner Fitzgerald Hale',
    owner_email: 'owner@example.com',
    category: 'Other',
    average_rating: 0,
    total_ratings: 0,
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function userPage(users: User[], { total = users.length, page = 1, limit = 10 } = {}): AdminUserListResponse {
  return { users, total, page, limit, totalPages: Math.ceil(total / limit) };
}

export function storePage(stores: AdminStore[], { total = stores.length, page = 1, limit = 10 } = {}): AdminStoreListResponse {
  return { stores, total, page, limit, totalPages: Math.ceil(total / limit) };
}

export function makeDashboard(overrides: Partial<AdminDashboardResponse> = {}): AdminDashboardResponse {
  return {
    statistics: { totalUsers: 42, totalStores: 12, totalRatings: 120, userGrowth: 12.5, storeGrowth: 0, ratingGrowth: 33.3 },
    analytics: {
      ratingDistribution: { '1': 6, '2': 12, '3': 18, '4': 36, '5': 48 },
      topStores: [
        { id: 3, name: 'Green Basket Organic Grocers', average_rating: 4.8, total_ratings: 25 },
        { id: 8, name: 'Byte Electronics', average_rating: 4.5, total_ratings: 10 },
      ],
      systemHealth: {
        user_health: { status: 'healthy', detail: '2 system administrators' },
        store_health: { status: 'warning', detail: '1 store owned by an account that is not a store owner' },
        rating_health: { status: 'healthy', detail: 'Store figures match all 120 ratings' },
      },
    },
    recentActivity: [],
    ...overrides,
  };
}

// ---------- session ----------

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
  auth?: AuthContextValue;
}

/** Renders the remote's pages at `path` (e.g. '/admin/users?page=2'). */
export function renderAt(path: string, { api = createFakeApi(), user = ADMIN, auth = fakeAuth(user) }: RenderOptions = {}) {
  const events = userEvent.setup();
  const utils = render(
    <ApiContext.Provider value={api as unknown as ApiClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin" element={<AdminDashboardPage />} />
            <Route path="/admin/users" element={<AdminUsersPage />} />
            <Route path="/admin/stores" element={<AdminStoresPage />} />
            <Route path="/admin/analytics" element={<AdminAnalyticsPage />} />
            <Route path="/stores/:id" element={<h1>Store page</h1>} />
            <Route path="/dashboard" element={<h1>Generic dashboard</h1>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </ApiContext.Provider>,
  );
  return { ...utils, api, auth, user: events };
}

/** Where the router is now: pathname + search. */
export const currentLocation = () => screen.getByTestId('location').textContent ?? '';

/** The URL's query of the current location, as an object. */
export const currentQuery = () => Object.fromEntries(new URLSearchParams(currentLocation().split('?')[1] ?? ''));

/** The texts of the toasts on screen (react-hot-toast renders each as role=status). */
export const toastTexts = () =>
  screen
    .queryAllByRole('status')
    .filter((el) => el.closest('[data-rht-toaster]') !== null)
    .map((el) => el.textContent ?? '');

/** Waits until a toast with exactly `text` is shown. */
export async function expectToast(text: string) {
  await waitFor(() => expect(toastTexts()).toContain(text));
}

/** Role is a Role; handy in it.each tables. */
export type { Role };
