import { MESSAGES } from '../src';
import {
  adminStoreListQuerySchema,
  adminUserListQuerySchema,
  ownerDashboardQuerySchema,
  storeListQuerySchema,
  storeRatingsQuerySchema,
} from '../src/schemas';
import { chars, firstIssue, issues, parsed } from './helpers';

describe('list query defaults', () => {
  it('store list: page 1, limit 12, sortBy name, sortOrder asc, no search', () => {
    expect(parsed(storeListQuerySchema, {})).toEqual({ page: 1, limit: 12, sortBy: 'name', sortOrder: 'asc' });
  });
  it('admin user list: page 1, limit 10', () => {
    expect(parsed(adminUserListQuerySchema, {})).toEqual({ page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc' });
  });
  it('admin store list: page 1, limit 10', () => {
    expect(parsed(adminStoreListQuerySchema, {})).toEqual({ page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc' });
  });
  it('store ratings: limit 50, newest first; owner dashboard: limit 10', () => {
    expect(parsed(storeRatingsQuerySchema, {})).toEqual({ page: 1, limit: 50, sortBy: 'created_at', sortOrder: 'desc' });
    expect(parsed(ownerDashboardQuerySchema, {})).toEqual({ page: 1, limit: 10 });
  });
});

describe('query strings are parsed to numbers', () => {
  it("page '3', limit '20' → 3, 20", () => {
    const out = parsed(storeListQuerySchema, { page: '3', limit: '20', sortBy: 'rating', sortOrder: 'desc', search: ' pizza ' });
    expect(out).toEqual({ page: 3, limit: 20, sortBy: 'rating', sortOrder: 'desc', search: 'pizza' });
  });
});

describe('page', () => {
  it.each(['0', 'abc', '-1', '1.5', '', '1000001', ' 2'])('%p → invalid page', (page) => {
    expect(firstIssue(storeListQuerySchema, { page })).toBe(MESSAGES.invalidPage);
  });
  it('an array (page=1&page=2) → invalid page', () => {
    expect(firstIssue(storeListQuerySchema, { page: ['1', '2'] })).toBe(MESSAGES.invalidPage);
  });
  it("a one-element array (['2']) → invalid page, not page 2", () => {
    expect(firstIssue(storeListQuerySchema, { page: ['2'] })).toBe(MESSAGES.invalidPage);
  });
  it("'1000000' is the deepest page accepted", () => expect(parsed(storeListQuerySchema, { page: '1000000' }).page).toBe(1000000));
});

describe('limit', () => {
  it('stores: 100 accepted, 101 rejected', () => {
    expect(parsed(storeListQuerySchema, { limit: '100' }).limit).toBe(100);
    expect(firstIssue(storeListQuerySchema, { limit: '101' })).toBe(MESSAGES.invalidLimit(100));
  });
  it('admin stores: 101 rejected', () => {
    expect(firstIssue(adminStoreListQuerySchema, { limit: '101' })).toBe(MESSAGES.invalidLimit(100));
  });
  it('admin users: 1000 accepted (owner picker), 1001 rejected', () => {
    expect(parsed(adminUserListQuerySchema, { limit: '1000' }).limit).toBe(1000);
    expect(firstIssue(adminUserListQuerySchema, { limit: '1001' })).toBe(MESSAGES.invalidLimit(1000));
  });
  it.each(['0', 'abc', '-5'])('%p → invalid limit', (limit) => {
    expect(firstIssue(storeListQuerySchema, { limit })).toBe(MESSAGES.invalidLimit(100));
  });
  it('an array → invalid limit', () => {
    expect(firstIssue(adminUserListQuerySchema, { limit: ['10', '20'] })).toBe(MESSAGES.invalidLimit(1000));
    expect(firstIssue(adminUserListQuerySchema, { limit: ['10'] })).toBe(MESSAGES.invalidLimit(1000));
  });
});

describe('sortBy / sortOrder', () => {
  it('store list accepts name, rating, created_at', () => {
    for (const sortBy of ['name', 'rating', 'created_at']) expect(firstIssue(storeListQuerySchema, { sortBy })).toBeNull();
  });
  it.each(['password', 'email; DROP TABLE users', 'NAME', ''])('store list: unknown sortBy %p rejected', (sortBy) => {
    expect(firstIssue(storeListQuerySchema, { sortBy })).toBe(MESSAGES.invalidSortBy);
  });
  it('admin users accept email and role; stores do not accept role', () => {
    expect(firstIssue(adminUserListQuerySchema, { sortBy: 'role' })).toBeNull();
    expect(firstIssue(adminUserListQuerySchema, { sortBy: 'email' })).toBeNull();
    expect(firstIssue(adminUserListQuerySchema, { sortBy: 'password' })).toBe(MESSAGES.invalidSortBy);
    expect(firstIssue(adminStoreListQuerySchema, { sortBy: 'role' })).toBe(MESSAGES.invalidSortBy);
    expect(firstIssue(adminStoreListQuerySchema, { sortBy: 'owner_id' })).toBeNull();
  });
  it("sortOrder 'up' rejected", () => expect(firstIssue(storeListQuerySchema, { sortOrder: 'up' })).toBe(MESSAGES.invalidSortOrder));
  it("sortOrder 'ASC' rejected (case-sensitive)", () =>
    expect(firstIssue(adminStoreListQuerySchema, { sortOrder: 'ASC' })).toBe(MESSAGES.invalidSortOrder));
  it('sortOrder desc accepted', () => expect(parsed(adminUserListQuerySchema, { sortOrder: 'desc' }).sortOrder).toBe('desc'));
  it('an array of sortBy is rejected', () => expect(issues(storeListQuerySchema, { sortBy: ['name'] })).toContain(MESSAGES.invalidSortBy));
});

describe('search', () => {
  it('100 characters accepted', () => expect(parsed(storeListQuerySchema, { search: chars(100) }).search).toBe(chars(100)));
  it('101 characters rejected', () => expect(firstIssue(storeListQuerySchema, { search: chars(101) })).toBe(MESSAGES.searchTooLong));
  it('admin lists share the limit', () => {
    expect(firstIssue(adminUserListQuerySchema, { search: chars(101) })).toBe(MESSAGES.searchTooLong);
    expect(firstIssue(adminStoreListQuerySchema, { search: chars(101) })).toBe(MESSAGES.searchTooLong);
  });
  it('an array is rejected', () => expect(issues(storeListQuerySchema, { search: ['a', 'b'] }).length).toBeGreaterThan(0));
  it('a NUL character is rejected', () => expect(firstIssue(storeListQuerySchema, { search: 'a\u0000' })).toBe(MESSAGES.invalidText));
});

describe('admin user role filter', () => {
  it('accepts store_owner', () => expect(parsed(adminUserListQuerySchema, { role: 'store_owner' }).role).toBe('store_owner'));
  it('rejects an unknown role', () => expect(firstIssue(adminUserListQuerySchema, { role: 'boss' })).toBe(MESSAGES.invalidRole));
});
