/**
 * Renders the mf-admin pages as the shell would: inside a router at /admin, /admin/users, /admin/stores
 * and /admin/analytics, with the API client and the signed-in user from shared-contracts' contexts,
 * and a <Toaster/> to read toasts from. The API is a fake shaped like createApiClient's return (every
 * endpoint a jest.fn that fails loudly until a test sets it).
 */
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import type { AdminDashboardResponse, AdminStore, AdminStoreListResponse, AdminUserListResponse, Role, User } from 'shared-contracts';
import type { AuthContextValue } from 'shared-contracts/react';
import {
  createFakeApi as createBareFakeApi,
  type FakeApi,
  fakeAuth,
  pageCounts,
  type PageOptions,
  renderRoutes,
} from 'shared-contracts/testing';
import AdminAnalyticsPage from '../src/exposed/AdminAnalyticsPage';
import AdminModerationPage from '../src/exposed/AdminModerationPage';
import AdminDashboardPage from '../src/exposed/AdminDashboardPage';
import AdminStoresPage from '../src/exposed/AdminStoresPage';
import AdminUsersPage from '../src/exposed/AdminUsersPage';

export { apiError, currentLocation, currentQuery, fakeAuth, type FakeApi, localCount, type PageOptions } from 'shared-contracts/testing';

/**
 * The fake API (every endpoint fails loudly until a test answers it), with one default: the store
 * lists ask for the stores' cities (their City filter) on every visit, and tests not about them get none.
 */
export function createFakeApi(): FakeApi {
  const api = createBareFakeApi();
  api.stores.cities.mockResolvedValue({ cities: [] });
  return api;
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
    city: 'Old Town',
    average_rating: 0,
    total_ratings: 0,
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function userPage(users: User[], options: PageOptions = {}): AdminUserListResponse {
  return { users, ...pageCounts(users.length, options) };
}

export function storePage(stores: AdminStore[], options: PageOptions = {}): AdminStoreListResponse {
  return { stores, ...pageCounts(stores.length, options) };
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

// ---------- render ----------

export interface RenderOptions {
  api?: FakeApi;
  user?: User | null;
  auth?: AuthContextValue;
  /** Also render a 'History back' button (data-testid="history-back"). */
  historyBack?: boolean;
}

/** Renders the remote's pages at `path` (e.g. '/admin/users?page=2'). */
export function renderAt(
  path: string,
  { api = createFakeApi(), user = ADMIN, auth = fakeAuth(user), historyBack = false }: RenderOptions = {},
) {
  return renderRoutes(
    <>
      <Route path="/admin" element={<AdminDashboardPage />} />
      <Route path="/admin/users" element={<AdminUsersPage />} />
      <Route path="/admin/stores" element={<AdminStoresPage />} />
      <Route path="/admin/analytics" element={<AdminAnalyticsPage />} />
      <Route path="/admin/moderation" element={<AdminModerationPage />} />
      <Route path="/stores/:id" element={<h1>Store page</h1>} />
      <Route path="/dashboard" element={<h1>Generic dashboard</h1>} />
    </>,
    { route: path, api, auth, historyBack },
  );
}

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
