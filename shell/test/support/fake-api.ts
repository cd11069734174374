// A fake of createApiClient's return value: every endpoint a jest.fn(), so each test says what the
// API answers. The shell only ever sees it through the AuthProvider's `client` factory.
import type { ApiClient, Role, User, UserDashboardResponse } from 'shared-contracts';

export function makeUser(role: Role, overrides: Partial<User> = {}): User {
  const names: Record<Role, string> = {
    system_admin: 'Ada Administrator Lovelace',
    store_owner: 'Oscar Owner of the Corner Shop',
    normal_user: 'Carla Customer Montgomery',
  };
  return {
    id: 7,
    name: names[role],
    email: `${role}@example.com`,
    address: '12 Market Street, Springfield',
    role,
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** A user whose role the shell does not know (the API would never send one; the shell must cope). */
export function makeUserWithUnknownRole(): User {
  return { ...makeUser('normal_user'), name: 'Una Unknown Role Person', role: 'auditor' as unknown as Role };
}

export const CUSTOMER_STATS: UserDashboardResponse = {
  totalRatings: 14,
  averageRating: 3.67,
  totalStores: 9,
  recentActivity: [],
};

export function createFakeApi() {
  return {
    http: {},
    auth: {
      login: jest.fn(),
      register: jest.fn(),
      getProfile: jest.fn(),
      updateProfile: jest.fn(),
      changePassword: jest.fn(),
      logout: jest.fn().mockResolvedValue({ message: 'Logged out successfully' }),
    },
    users: {
      dashboard: jest.fn().mockResolvedValue(CUSTOMER_STATS),
    },
    stores: { list: jest.fn(), get: jest.fn(), ratings: jest.fn() },
    ratings: { mine: jest.fn(), submit: jest.fn(), update: jest.fn(), remove: jest.fn() },
    owner: { dashboard: jest.fn() },
    admin: {
      dashboard: jest.fn(),
      listUsers: jest.fn(),
      createUser: jest.fn(),
      getUser: jest.fn(),
      updateUser: jest.fn(),
      deleteUser: jest.fn(),
      listStores: jest.fn(),
      createStore: jest.fn(),
      updateStore: jest.fn(),
      deleteStore: jest.fn(),
    },
    // The navbar's bell polls the unread count for every signed-in user: none unless a test says otherwise.
    notifications: {
      list: jest.fn().mockResolvedValue({ notifications: [], unread: 0, has_more: false }),
      unreadCount: jest.fn().mockResolvedValue({ unread: 0 }),
      markRead: jest.fn().mockResolvedValue({ unread: 0 }),
      markAllRead: jest.fn().mockResolvedValue({ unread: 0 }),
    },
    health: jest.fn(),
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/** What the AuthProvider hands its client factory; tests call these to act as the real client would. */
export interface ClientHooks {
  getToken: () => string | null;
  onUnauthorized: () => void;
}

export function fakeClientFactory(api: FakeApi) {
  const hooks: Partial<ClientHooks> = {};
  const factory = jest.fn((options: ClientHooks): ApiClient => {
    hooks.getToken = options.getToken;
    hooks.onUnauthorized = options.onUnauthorized;
    return api as unknown as ApiClient;
  });
  return { factory, hooks: hooks as ClientHooks };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
