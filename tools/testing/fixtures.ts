// Sample records the apps' tests build on; each takes overrides for the fields a test cares about.
import type { Role, Store, User } from 'shared-contracts';

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
    average_rating: 0,
    total_ratings: 0,
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}
