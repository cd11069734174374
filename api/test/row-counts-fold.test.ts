/**
 * Folding the daily row counts (row_counts_fold in db/functions/row_counts.sql): rating changes add slot
 * rows to the days their ratings were created on, and a past day's slots fold back into one row. The
 * dashboards' figures stay exactly what they were, folding runs by itself once a dashboard read finds
 * too many rows in the 30-day window, and the counts stay exact when ratings change while it folds.
 */
import { sql } from 'kysely';
import { FOLD_ABOVE_ROWS, foldRowCounts } from '../src/db/row-counts';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

describe.each(ENGINES)('folding the daily row counts (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
  });
  afterAll(async () => {
    await server.close();
  });

  /** Rows of row_counts in the growth window (the last 30 UTC days) and on past days outside slot 0. */
  const rowsOf = async () => {
    const { rows } = await sql<{ in_window: string; past_slots: string }>`
      select count(*) filter (where day > (now() at time zone 'UTC')::date - 30) as in_window,
             count(*) filter (where slot <> 0 and day < (now() at time zone 'UTC')::date) as past_slots
      from row_counts`.execute(server.db);
    return { inWindow: Number(rows[0]!.in_window), pastSlots: Number(rows[0]!.past_slots) };
  };

  /** Spreads past days over extra slots without changing any day's sum: +1 and -1 in pairs of slots. */
  const scatterPastDays = async (days: number, pairsPerDay: number) => {
    await sql`
      insert into row_counts (subject, day, slot, n)
      select subject, (now() at time zone 'UTC')::date - d, s, case when s % 2 = 1 then 1 else -1 end
      from unnest(array['users', 'stores']) subject, generate_series(1, ${days}) d, generate_series(1, ${2 * pairsPerDay}) s
      on conflict (subject, day, slot) do update set n = row_counts.n + excluded.n`.execute(server.db);
  };

  const adminFigures = async () => {
    const dashboard = await server.get('/api/admin/dashboard', { token: admin.token });
    const users = await server.get('/api/users/dashboard', { token: admin.token });
    expect(dashboard.status).toBe(200);
    expect(users.status).toBe(200);
    return { statistics: dashboard.body.statistics, distribution: dashboard.body.analytics.ratingDistribution, totals: users.body };
  };

  it('folds each past day into one row and leaves every figure as it was', async () => {
    const owner = await server.createUser('store_owner');
    const customers = await Promise.all([1, 2, 3].map(() => server.createUser('normal_user')));
    const store = await server.createStore(owner.id);
    for (const [i, customer] of customers.entries()) {
      expect((await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: i + 2 } })).status).toBe(201);
    }
    // Users and ratings created on past days: their counts move to those days.
    await sql`update users set created_at = now() - interval '3 days' where id = any(${customers.map((c) => c.id)})`.execute(server.db);
    await sql`update ratings set created_at = now() - interval '5 days' where store_id = ${store.id}`.execute(server.db);
    await scatterPastDays(6, 3);
    const before = await adminFigures();
    expect((await rowsOf()).pastSlots).toBeGreaterThan(0);

    expect(await foldRowCounts(server.db)).toBeGreaterThan(0);

    expect((await rowsOf()).pastSlots).toBe(0);
    expect(await adminFigures()).toEqual(before);
    expect(await server.keptCountsThatDisagree()).toEqual([]);
    expect(await foldRowCounts(server.db)).toBe(0);
  });

  it('starts folding when a dashboard read finds more rows in the window than it should hold', async () => {
    const before = await adminFigures();
    await scatterPastDays(29, 8);
    expect((await rowsOf()).inWindow).toBeGreaterThan(FOLD_ABOVE_ROWS);

    expect(await adminFigures()).toEqual(before);
    const deadline = Date.now() + 10_000;
    while ((await rowsOf()).pastSlots > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await rowsOf()).pastSlots).toBe(0);
    expect((await rowsOf()).inWindow).toBeLessThanOrEqual(FOLD_ABOVE_ROWS);
    expect(await adminFigures()).toEqual(before);
  });

  it('keeps the counts exact when ratings of past days change while it folds', async () => {
    const owner = await server.createUser('store_owner');
    const stores = await Promise.all([1, 2, 3, 4].map(() => server.createStore(owner.id)));
    const customers = await Promise.all(Array.from({ length: 6 }, () => server.createUser('normal_user')));
    for (const store of stores) {
      for (const customer of customers) {
        expect((await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 3 } })).status).toBe(201);
      }
    }
    await sql`update ratings set created_at = now() - (store_id % 7 + 1) * interval '1 day' where store_id = any(${stores.map((s) => s.id)})`.execute(
      server.db,
    );
    // Every rating changes its stars (a move between two star subjects on its past day) while folds run.
    const writes = stores.flatMap((store) =>
      customers.map((customer, i) => server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: (i % 5) + 1 } })),
    );
    const folds = Array.from({ length: 6 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 5)).then(() => foldRowCounts(server.db)),
    );
    const answers = await Promise.all(writes);
    await Promise.all(folds);
    expect(answers.map((a) => a.status).filter((status) => status !== 200)).toEqual([]);
    await foldRowCounts(server.db);
    expect(await server.keptCountsThatDisagree()).toEqual([]);
    expect(await server.storesWithWrongAggregates()).toEqual([]);
  });
});
