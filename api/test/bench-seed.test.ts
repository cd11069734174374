/**
 * The benchmark's data (`npm run bench:seed`, api/bench/seed.ts), seeded small into an empty database:
 * the sizes asked for, every kept figure exact (the invariants), the owners' replies and other
 * customers' helpful votes the store page reads, and every trigger back on afterwards.
 */
import { type RawBuilder, sql } from 'kysely';
import { seedBenchData } from '../bench/seed';
import { invariantViolations } from '../src/db/invariants';
import { ENGINES, startTestServer, type TestServer } from './support/test-server';

const SIZE = { stores: 30, ratings: 600, users: 120 };

describe.each(ENGINES)('the benchmark seed (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
    await seedBenchData(server.db, SIZE, { reset: true });
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  const count = async (query: RawBuilder<{ n: string }>) => Number((await query.execute(server.db)).rows[0]!.n);

  it('holds the users, stores and ratings asked for, with every kept figure exact', async () => {
    expect(await count(sql`select count(*) as n from users`)).toBe(SIZE.users);
    expect(await count(sql`select count(*) as n from stores`)).toBe(SIZE.stores);
    expect(await count(sql`select count(*) as n from ratings`)).toBe(SIZE.ratings);
    expect(await invariantViolations(server.db)).toEqual([]);
  });

  it("answers every 8th rating with its store owner's reply", async () => {
    expect(await count(sql`select count(*) as n from rating_replies`)).toBe(SIZE.ratings / 8);
    expect(
      await count(sql`select count(*) as n from rating_replies rr join ratings r on r.id = rr.rating_id join stores s on s.id = r.store_id
                      where rr.author_id <> s.owner_id`),
    ).toBe(0);
  });

  it('gives every 4th rating 1-3 helpful votes from other customers, counted on the rating', async () => {
    const { rows } = await sql<{ votes: string; voted: string; by_author: string; most: number }>`
      select (select count(*) from rating_votes) as votes,
             (select count(*) from ratings where helpful_count > 0) as voted,
             (select count(*) from rating_votes v join ratings r on r.id = v.rating_id where v.user_id = r.user_id) as by_author,
             (select max(helpful_count) from ratings) as most`.execute(server.db);
    expect(Number(rows[0]!.voted)).toBe(SIZE.ratings / 4);
    expect(Number(rows[0]!.votes)).toBeGreaterThan(SIZE.ratings / 4);
    expect(Number(rows[0]!.by_author)).toBe(0);
    expect(rows[0]!.most).toBe(3);
  });

  it("shows on a store's page, and the triggers count a new vote afterwards", async () => {
    const reader = await server.createUser('normal_user');
    const { rows } = await sql<{ id: number; store_id: number; helpful_count: number }>`
      select r.id, r.store_id, r.helpful_count from ratings r join rating_replies rr on rr.rating_id = r.id
        join store_figures f on f.store_id = r.store_id
      where r.helpful_count > 0 and f.rating_count <= 100 order by r.id limit 1`.execute(server.db);
    const rated = rows[0]!;
    const page = await server.get(`/api/stores/${rated.store_id}/ratings?limit=100`, { token: reader.token });
    expect(page.status).toBe(200);
    const shown = (page.body.ratings as Array<{ id: number; helpful_count: number; reply: { body: string } | null }>).find(
      (r) => r.id === rated.id,
    );
    expect(shown).toMatchObject({ helpful_count: rated.helpful_count, reply: { body: expect.stringContaining('Thank you') } });

    const voted = await server.put(`/api/ratings/${rated.id}/helpful`, { token: reader.token });
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({ helpful_count: rated.helpful_count + 1, voted_helpful: true });
    expect(await invariantViolations(server.db)).toEqual([]);
  });
});
