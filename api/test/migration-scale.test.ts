/**
 * Migration 0003 over a database that already holds data (an existing installation upgrading): the
 * counters it adds start out equal to counting the tables, and the searches find the old rows.
 */
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../src/auth/passwords';
import { openDatabase, type Database } from '../src/db/database';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate';
import { readRowCounts } from '../src/db/row-counts';
import type { DB, UsersTable } from '../src/db/schema';

/** The tables as they were before migration 0005 (no email_key yet). */
type DBBefore0005 = Omit<DB, 'users'> & { users: Omit<UsersTable, 'email_key'> };

describe('migration 0003 on existing data', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({});
    const db = database.db as unknown as Kysely<DBBefore0005>;
    await migrateUpTo(db, '0002_store_category');
    const hash = await hashPassword('Secret@123');
    const owner = await db
      .insertInto('users')
      .values({
        name: 'Existing Store Owner Person',
        email: 'owner@old.example',
        address: 'Old Town',
        role: 'store_owner',
        password_hash: hash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const customers = await db
      .insertInto('users')
      .values(
        [1, 2, 3].map((n) => ({
          name: `Existing Customer Number ${n}`,
          email: `customer${n}@old.example`,
          address: `${n} Old Road`,
          role: 'normal_user' as const,
          password_hash: hash,
          created_at: new Date(Date.now() - n * 40 * 86_400_000),
        })),
      )
      .returning('id')
      .execute();
    const store = await db
      .insertInto('stores')
      .values({ name: 'Heritage Bakery', address: '9 Mill Lane', owner_id: owner.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, c] of customers.entries()) {
      await db
        .insertInto('ratings')
        .values({ user_id: c.id, store_id: store.id, rating: i + 3, created_at: new Date(Date.now() - i * 45 * 86_400_000) })
        .execute();
    }
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  it('fills the totals, the per-day counts and the monthly store figures from the existing rows', async () => {
    const counts = await readRowCounts(database.db);
    expect(counts.users.total).toBe(4);
    expect(counts.stores.total).toBe(1);
    expect(counts.ratings).toMatchObject({ total: 3, sum: 3 + 4 + 5, stars: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 } });
    // Created within the last 30 days: the owner and the store (now), one rating (today); customers 40+ days old.
    expect(counts.users.recent).toBe(1);
    expect(counts.ratings.recent).toBe(1);
    const months = await database.db
      .selectFrom('store_months')
      .select(sql<number>`sum(n)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(months.n)).toBe(3);
  });

  it('searches the existing rows through search_text', async () => {
    const { rows } = await sql<{ name: string }>`select name from stores where search_text like '%bakery%'`.execute(database.db);
    expect(rows).toEqual([{ name: 'Heritage Bakery' }]);
  });
});
