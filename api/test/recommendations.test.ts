/**
 * GET /api/stores?unrated=true, the store list behind the customer dashboard's recommendations
 * (spec §7, §9: fetch 6, show 3): only stores the caller has not rated and does not own, combined
 * with sorting, pagination, search, category and minRating; only 'true' and 'false' are accepted.
 * A fresh database per engine.
 */
import { averageOf } from './support/expected';
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const INVALID_UNRATED = 'Unrated must be true or false';
type Category = 'Grocery' | 'Electronics' | 'Fashion' | 'Other';

interface FixtureStore {
  id: number;
  name: string;
  ownerId: number;
  category: Category;
  ratings: number[];
  /** Rated by `me` (the customer)? */
  ratedByMe: boolean;
  /** Rated by `ownerTwo` (a store owner who also rates other stores)? */
  ratedByOwnerTwo: boolean;
}

describe.each(ENGINES)('GET /api/stores?unrated= (%s)', (engine) => {
  let server: TestServer;
  let me: CreatedUser;
  let ownerOne: CreatedUser;
  let ownerTwo: CreatedUser;
  const fixture: FixtureStore[] = [];

  // "mine" = me rates it with the first number; others rate with the rest.
  const SPEC: Array<{ name: string; owner: 1 | 2; category: Category; mine?: number; others: number[]; ownerTwoRates?: number }> = [
    { name: 'Alpine Grocers', owner: 1, category: 'Grocery', mine: 5, others: [5] },
    { name: 'Bright Electronics', owner: 1, category: 'Electronics', others: [5, 5] },
    { name: 'Cedar Grocery', owner: 1, category: 'Grocery', others: [4, 5] },
    { name: 'Dune Fashion', owner: 1, category: 'Fashion', mine: 2, others: [4] },
    { name: 'Echo Electronics', owner: 2, category: 'Electronics', others: [5, 4] },
    { name: 'Fable Fashion', owner: 2, category: 'Fashion', others: [3] },
    { name: 'Grove Grocery', owner: 1, category: 'Grocery', others: [4, 4], ownerTwoRates: 5 },
    { name: 'Harbor Outlet', owner: 1, category: 'Other', others: [] },
    { name: 'Iris Grocery', owner: 2, category: 'Grocery', mine: 4, others: [] },
    { name: 'Jasper Electronics', owner: 1, category: 'Electronics', others: [5] },
    { name: 'Kestrel Other', owner: 1, category: 'Other', others: [2, 3], ownerTwoRates: 1 },
    { name: 'Lumen Fashion', owner: 2, category: 'Fashion', others: [4, 5] },
  ];

  const list = (query: string, token = me.token) => server.get(`/api/stores${query}`, { token });
  const ids = (res: { body: { stores: Array<{ id: number }> } }) => res.body.stores.map((s) => s.id);
  const names = (res: { body: { stores: Array<{ name: string }> } }) => res.body.stores.map((s) => s.name);
  const avg = (s: FixtureStore) => averageOf(s.ratings);
  const byRatingDesc = (a: FixtureStore, b: FixtureStore) => avg(b) - avg(a) || b.id - a.id;
  const byName = (a: FixtureStore, b: FixtureStore) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id;
  const unratedByMe = () => fixture.filter((s) => !s.ratedByMe);

  beforeAll(async () => {
    server = await startTestServer(engine);
    ownerOne = await server.createUser('store_owner');
    ownerTwo = await server.createUser('store_owner');
    me = await server.createUser('normal_user');
    const raters = [await server.createUser('normal_user'), await server.createUser('normal_user')];
    for (const [i, spec] of SPEC.entries()) {
      const ownerId = spec.owner === 1 ? ownerOne.id : ownerTwo.id;
      const row = await server.createStore(ownerId, { name: spec.name, address: `${i + 1} Hill Street, Lakeside` });
      await server.db.updateTable('stores').set({ category: spec.category }).where('id', '=', row.id).execute();
      const ratings: number[] = [];
      if (spec.mine !== undefined) {
        await insertRating(server, me.id, row.id, spec.mine);
        ratings.push(spec.mine);
      }
      for (const [k, rating] of spec.others.entries()) {
        await insertRating(server, raters[k].id, row.id, rating);
        ratings.push(rating);
      }
      if (spec.ownerTwoRates !== undefined) {
        await insertRating(server, ownerTwo.id, row.id, spec.ownerTwoRates);
        ratings.push(spec.ownerTwoRates);
      }
      fixture.push({
        id: row.id,
        name: spec.name,
        ownerId,
        category: spec.category,
        ratings,
        ratedByMe: spec.mine !== undefined,
        ratedByOwnerTwo: spec.ownerTwoRates !== undefined,
      });
    }
  });
  afterAll(() => server.close());

  it('unrated=true leaves out every store the caller has rated, and counts only the rest', async () => {
    const res = await list('?unrated=true&limit=100');
    expect(res.status).toBe(200);
    const expected = unratedByMe().sort(byName);
    expect(res.body).toMatchObject({ total: expected.length, page: 1, limit: 100, totalPages: 1 });
    expect(names(res)).toEqual(expected.map((s) => s.name));
    for (const rated of fixture.filter((s) => s.ratedByMe)) expect(ids(res)).not.toContain(rated.id);
    expect(res.body.total).toBe(SPEC.length - 3);
  });

  it("only the caller's own ratings count: other customers' ratings exclude nothing", async () => {
    const fresh = await server.createUser('normal_user');
    const res = await list('?unrated=true&limit=100', fresh.token);
    expect(res.body.total).toBe(SPEC.length);
  });

  it('for a store owner, leaves out their own stores and the stores they rated', async () => {
    const res = await list('?unrated=true&limit=100', ownerTwo.token);
    expect(res.status).toBe(200);
    const expected = fixture.filter((s) => s.ownerId !== ownerTwo.id && !s.ratedByOwnerTwo).sort(byName);
    expect(names(res)).toEqual(expected.map((s) => s.name));
    expect(res.body.total).toBe(expected.length);
    expect(names(res)).not.toContain('Echo Electronics'); // owned
    expect(names(res)).not.toContain('Grove Grocery'); // rated
    // Without the flag the owner sees every store.
    expect((await list('?limit=100', ownerTwo.token)).body.total).toBe(SPEC.length);
  });

  it('for an admin (who owns and rated nothing), lists every store', async () => {
    const admin = await server.createUser('system_admin');
    const res = await list('?unrated=true&limit=100', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(SPEC.length);
  });

  it('unrated=false is the same as leaving it out', async () => {
    const without = await list('?sortBy=rating&sortOrder=desc&limit=100');
    const withFalse = await list('?unrated=false&sortBy=rating&sortOrder=desc&limit=100');
    expect(withFalse.status).toBe(200);
    expect(withFalse.body).toEqual(without.body);
    expect(withFalse.body.total).toBe(SPEC.length);
  });

  it('the recommendations request (sortBy=rating, desc, limit 6) gives the 6 best-rated stores not yet rated, ties by id descending', async () => {
    const res = await list('?sortBy=rating&sortOrder=desc&limit=6&unrated=true');
    expect(res.status).toBe(200);
    const expected = unratedByMe().sort(byRatingDesc);
    expect(res.body).toMatchObject({ total: expected.length, page: 1, limit: 6, totalPages: Math.ceil(expected.length / 6) });
    expect(ids(res)).toEqual(expected.slice(0, 6).map((s) => s.id));
    // Alpine Grocers (5.0, the oldest id of three tied at 5.0) would lead, but I rated it.
    expect(names(res).slice(0, 2)).toEqual(['Jasper Electronics', 'Bright Electronics']);
    expect(names(res)).not.toContain('Alpine Grocers');
    for (const store of res.body.stores) {
      const f = fixture.find((s) => s.id === store.id)!;
      expect({ average_rating: store.average_rating, total_ratings: store.total_ratings }).toEqual({
        average_rating: avg(f),
        total_ratings: f.ratings.length,
      });
    }
  });

  it("the shared client's stores.list({ ..., unrated: true }) sends the flag the API understands", async () => {
    const result = await server.client(me.token).stores.list({ sortBy: 'rating', sortOrder: 'desc', limit: 6, unrated: true });
    expect(result.stores.map((s) => s.id)).toEqual(
      unratedByMe()
        .sort(byRatingDesc)
        .slice(0, 6)
        .map((s) => s.id),
    );
    const all = await server.client(me.token).stores.list({ limit: 100, unrated: false });
    expect(all.total).toBe(SPEC.length);
  });

  it('page 2 of the unrated list holds the rest, with no repeats', async () => {
    const first = await list('?sortBy=rating&sortOrder=desc&limit=6&unrated=true');
    const second = await list('?sortBy=rating&sortOrder=desc&limit=6&page=2&unrated=true');
    expect(second.status).toBe(200);
    expect([...ids(first), ...ids(second)]).toEqual(
      unratedByMe()
        .sort(byRatingDesc)
        .map((s) => s.id),
    );
  });

  it('combines with search', async () => {
    const res = await list('?unrated=true&search=grocer');
    expect(names(res)).toEqual(['Cedar Grocery', 'Grove Grocery']);
    expect(res.body.total).toBe(2);
  });

  it('combines with category and minRating', async () => {
    const grocery = await list('?unrated=true&category=Grocery&sortBy=rating&sortOrder=desc');
    expect(names(grocery)).toEqual(['Cedar Grocery', 'Grove Grocery']);
    const fashion = await list('?unrated=true&category=Fashion');
    expect(names(fashion)).toEqual(['Fable Fashion', 'Lumen Fashion']);
    const good = await list('?unrated=true&minRating=4.5&sortBy=rating&sortOrder=desc&limit=100');
    expect(ids(good)).toEqual(
      unratedByMe()
        .filter((s) => avg(s) >= 4.5)
        .sort(byRatingDesc)
        .map((s) => s.id),
    );
    expect(good.body.total).toBe(5);
  });

  it('a store drops out of the recommendations as soon as the caller rates it, and comes back when the rating is deleted', async () => {
    const who = await server.createUser('normal_user');
    const top = (await list('?sortBy=rating&sortOrder=desc&limit=6&unrated=true', who.token)).body.stores[0];
    const rated = await server.post(`/api/ratings/${top.id}`, { token: who.token, body: { rating: 1 } });
    expect(rated.status).toBe(201);
    const after = await list('?sortBy=rating&sortOrder=desc&limit=100&unrated=true', who.token);
    expect(ids(after)).not.toContain(top.id);
    expect(after.body.total).toBe(SPEC.length - 1);
    expect((await server.del(`/api/ratings/${rated.body.rating.id}`, { token: who.token })).status).toBe(200);
    expect(ids(await list('?sortBy=rating&sortOrder=desc&limit=100&unrated=true', who.token))).toContain(top.id);
  });

  it.each(['yes', '1', 'TRUE', 'True', '', 'true,false'])('answers 400 to unrated=%s', async (value) => {
    const res = await list(`?unrated=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_UNRATED);
  });

  it('answers 400 to a repeated unrated', async () => {
    const res = await list('?unrated=true&unrated=true');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_UNRATED);
  });

  it('answers 401 without a token, whatever the flag', async () => {
    const res = await server.get('/api/stores?unrated=maybe');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });
});
