// Renders the mf-stores pages as the shell would: inside a router at /stores and /stores/:id, with the
// API client and the signed-in user from context (fakes here), and a toaster to read toasts from.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type {
  ApiClient,
  Rating,
  Role,
  Store,
  StoreDetail,
  StoreListResponse,
  StoreRating,
  StoreRatingsResponse,
  User,
} from 'shared-contracts';
import { ApiContext, AuthContext, type AuthContextValue } from 'shared-contracts/react';
import StoreDetailPage from '../src/exposed/StoreDetailPage';
import StoreListPage from '../src/exposed/StoreListPage';

// react-hot-toast asks for the reduced-motion preference; jsdom has no matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

beforeEach(() => {
  // Toasts live in a module-level store that outlives each render.
  act(() => toast.remove());
});

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
    ...overrides,
  };
}

/** A list answer for `stores`, as the API pages them (limit 12). */
export function listResponse(stores: Store[], { total = stores.length, page = 1, limit = 12 } = {}): StoreListResponse {
  return { stores, total, page, limit, totalPages: Math.ceil(total / limit) };
}

export function ratingsResponse(ratings: StoreRating[], { total = ratings.length, page = 1, limit = 50 } = {}): StoreRatingsResponse {
  return { ratings, total, page, limit, totalPages: Math.ceil(total / limit) };
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

/** The API client's store and rating endpoints as jest.fn()s; everything else throws if used. */
export function createFakeApi() {
  return {
    stores: {
      list: jest.fn(),
      get: jest.fn(),
      ratings: jest.fn(),
    },
    ratings: {
      mine: jest.fn(),
      submit: jest.fn(),
      update: jest.fn(),
      remove: jest.fn(),
    },
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
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location" hidden>
        {location.pathname + location.search}
      </div>
      <button type="button" data-testid="history-back" onClick={() => navigate(-1)}>
        History back
      </button>
    </>
  );
}

export interface RenderOptions {
  api?: FakeApi;
  user?: User | null;
}

/** Renders the remote's routes at `path` (e.g. '/stores?page=2' or '/stores/42'). */
export function renderAt(path: string, { api = createFakeApi(), user = makeUser() }: RenderOptions = {}) {
  const events = userEvent.setup();
  const utils = render(
    <ApiContext.Provider value={api as unknown as ApiClient}>
      <AuthContext.Provider value={fakeAuth(user)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/stores" element={<StoreListPage />} />
            <Route path="/stores/:id" element={<StoreDetailPage />} />
            <Route path="/admin/stores" element={<h1>Admin store management</h1>} />
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
