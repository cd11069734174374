// Sample records the apps' tests build on; each takes overrides for the fields a test cares about.
import { LIST_WINDOW, type Role, type Store, type User } from 'shared-contracts';

/** A user of `role` (a customer by default). */
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

/** A store with no ratings yet, owned by user 99. */
export function makeStore(id: number, overrides: Partial<Store> = {}): Store {
  return {
    id,
    name: `Store number ${id}`,
    address: `${id} Baker Street, Old Town`,
    phone: null,
    email: null,
    owner_id: 99,
    category: 'Other',
    city: 'Old Town',
    average_rating: 0,
    total_ratings: 0,
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export interface PageOptions {
  total?: number;
  page?: number;
  limit?: number;
  /** By default what the API answers: the pages within the first LIST_WINDOW rows. */
  totalPages?: number;
  /** A searched or filtered list whose matches were counted only up to LIST_WINDOW. */
  totalCapped?: boolean;
}

/** A list answer's page fields as the API answers them (a bounded list: only the first LIST_WINDOW rows can be paged to). */
export function pageCounts(count: number, { total = count, page = 1, limit = 10, totalPages, totalCapped }: PageOptions) {
  return {
    total,
    page,
    limit,
    totalPages: totalPages ?? Math.ceil(Math.min(total, LIST_WINDOW) / limit),
    ...(totalCapped ? { totalCapped } : {}),
  };
}

/** A count as the reader's locale writes it (what the pages show): localCount(100000) is '100,000' in English. */
export const localCount = (n: number) => new Intl.NumberFormat().format(n);
