/**
 * A store's reviews sorted and filtered, over HTTP: GET /api/stores/:id/ratings?sortBy&sortOrder&stars&withComment
 * (newest, oldest, most and fewest stars; one star count; only with a comment; together and paged), the
 * totals they answer, their validation messages; and the caller's own stars on the store list (my_rating).
 */
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

interface Fixture {
  id: number;
  rating: number;
  comment: string | null;
  at: number;
}

describe.each(ENGINES)("a store's ratings sorted and filtered (%s)", (engine) => {
  let server: TestServer;
  let reader: CreatedUser;
  let storeId: number;
  let emptyStoreId: number;
  const fixture: Fixture[] = [];

  // Stars and comments of ten raters, oldest first (a day apart); two ratings share a timestamp.
  const SPEC: Array<{ rating: number; comment: string | null; day: number }> = [
    { rating: 5, comment: 'Wonderful bread', day: 0 },
    { rating: 3, comment: null, day: 1 },
    { rating: 1, comment: 'Rude staff', day: 2 },
    { rating: 5, comment: null, day: 3 },
    { rating: 4, comment: 'Good coffee', day: 4 },
    { rating: 2, comment: 'Slow', day: 5 },
    { rating: 5, comment: 'Best in town', day: 6 },
    { rating: 4, comment: null, day: 7 },
    { rating: 3, comment: 'Fine', day: 7 },
    { rating: 1, comment: null, day: 9 },
  ];

  beforeAll(async () => {
    server = await startTestServer(engine);
    const owner = await server.createUser('store_owner');
    reader = await server.createUser('normal_user');
    storeId = (await server.createStore(owner.id, { name: 'Ordered Bakery' })).id;
    emptyStoreId = (await server.createStore(owner.id, { name: 'Quiet Bakery' })).id;
    const base = Date.UTC(2025, 0, 1);
    for (const spec of SPEC) {
      const rater = await server.createUser('normal_user');
      const at = base + spec.day * 86_400_000;
      const id = await insertRating(server, rater.id, storeId, spec.rating, { comment: spec.comment, at: new Date(at) });
      fixture.push({ id, rating: spec.rating, comment: spec.comment, at });
    }
  });
  afterAll(() => server.close());

  const ratings = (query = '', id = storeId) => server.get(`/api/stores/${id}/ratings${query}`, { token: reader.token });
  const ids = (res: { body: { ratings: Array<{ id: number }> } }) => res.body.ratings.map((r) => r.id);
  // Newest first, ties by id (newest id first).
  const newest = (a: Fixture, b: Fixture) => b.at - a.at || b.id - a.id;
  const expected = (keep: (f: Fixture) => boolean, order: (a: Fixture, b: Fixture) => number) =>
    fixture
      .filter(keep)
      .sort(order)
      .map((f) => f.id);
  const all = () => true;

  it('is newest first by default, the same as sortBy=created_at&sortOrder=desc', async () => {
    const byDefault = await ratings();
    expect(byDefault.status).toBe(200);
    expect(ids(byDefault)).toEqual(expected(all, newest));
    expect(byDefault.body.total).toBe(10);
    expect(ids(await ratings('?sortBy=created_at&sortOrder=desc'))).toEqual(ids(byDefault));
  });

  it('sorts oldest first', async () => {
    const res = await ratings('?sortBy=created_at&sortOrder=asc');
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected(all, (a, b) => a.at - b.at || a.id - b.id));
  });

  it('sorts the most stars first, the same stars newest first', async () => {
    const res = await ratings('?sortBy=rating&sortOrder=desc');
    expect(ids(res)).toEqual(expected(all, (a, b) => b.rating - a.rating || newest(a, b)));
    expect(res.body.ratings.map((r: { rating: number }) => r.rating)).toEqual([5, 5, 5, 4, 4, 3, 3, 2, 1, 1]);
  });

  it('sorts the fewest stars first, the same stars newest first', async () => {
    const res = await ratings('?sortBy=rating&sortOrder=asc');
    expect(ids(res)).toEqual(expected(all, (a, b) => a.rating - b.rating || newest(a, b)));
  });

  it.each([1, 2, 3, 4, 5])('stars=%i keeps only that star count, newest first, and totals it', async (stars) => {
    const res = await ratings(`?stars=${stars}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected((f) => f.rating === stars, newest));
    expect(res.body.total).toBe(fixture.filter((f) => f.rating === stars).length);
    expect(res.body.totalPages).toBe(1);
  });

  it('withComment=true keeps only the ratings with a comment; false keeps all', async () => {
    const res = await ratings('?withComment=true');
    expect(ids(res)).toEqual(expected((f) => f.comment !== null, newest));
    expect(res.body.total).toBe(6);
    expect(res.body.ratings.every((r: { comment: string | null }) => r.comment !== null && r.comment !== '')).toBe(true);
    expect((await ratings('?withComment=false')).body.total).toBe(10);
  });

  it('combines a star count, comments only and an order', async () => {
    const res = await ratings('?stars=5&withComment=true&sortBy=created_at&sortOrder=asc');
    expect(ids(res)).toEqual(
      expected(
        (f) => f.rating === 5 && f.comment !== null,
        (a, b) => a.at - b.at,
      ),
    );
    expect(res.body.total).toBe(2);
  });

  it('pages a filtered, sorted list without repeating or skipping a rating', async () => {
    const query = '?sortBy=rating&sortOrder=desc&withComment=true&limit=4';
    const first = await ratings(`${query}&page=1`);
    const second = await ratings(`${query}&page=2`);
    expect(first.body).toMatchObject({ total: 6, page: 1, limit: 4, totalPages: 2 });
    expect(second.body).toMatchObject({ total: 6, page: 2, totalPages: 2 });
    expect([...ids(first), ...ids(second)]).toEqual(
      expected(
        (f) => f.comment !== null,
        (a, b) => b.rating - a.rating || newest(a, b),
      ),
    );
  });

  it('answers an empty page with a total of 0 when nothing matches, and 404 for no such store', async () => {
    const none = await ratings('?stars=2', emptyStoreId);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ ratings: [], total: 0, totalPages: 0 });
    const noComment = await ratings('?withComment=true&stars=3', emptyStoreId);
    expect(noComment.body).toMatchObject({ ratings: [], total: 0 });
    const missing = await ratings('?stars=5&withComment=true', 987654);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Store not found');
  });

  it('follows a change: a rating moved to another star count leaves one filter and joins the other', async () => {
    const rater = await server.createUser('normal_user');
    const written = await server.post(`/api/ratings/${storeId}`, { token: rater.token, body: { rating: 2, comment: 'Changed my mind' } });
    expect(written.status).toBe(201);
    expect((await ratings('?stars=2')).body.total).toBe(2);
    await server.put(`/api/ratings/${written.body.rating.id}`, { token: rater.token, body: { rating: 4, comment: null } });
    expect((await ratings('?stars=2')).body.total).toBe(1);
    const fours = await ratings('?stars=4');
    expect(fours.body.total).toBe(3);
    expect(ids(fours)).toContain(written.body.rating.id);
    expect(ids(await ratings('?withComment=true'))).not.toContain(written.body.rating.id);
    await server.del(`/api/ratings/${written.body.rating.id}`, { token: rater.token });
    expect((await ratings('?stars=4')).body.total).toBe(2);
  });

  it.each([
    ['?stars=0', 'Stars must be a whole number from 1 to 5', 'stars'],
    ['?stars=6', 'Stars must be a whole number from 1 to 5', 'stars'],
    ['?stars=4.0', 'Stars must be a whole number from 1 to 5', 'stars'],
    ['?stars=', 'Stars must be a whole number from 1 to 5', 'stars'],
    ['?withComment=yes', 'With comment must be true or false', 'withComment'],
    ['?sortBy=votes', 'Unknown sort field', 'sortBy'],
    ['?sortBy=user_name', 'Unknown sort field', 'sortBy'],
    ['?sortOrder=up', 'Sort order must be asc or desc', 'sortOrder'],
  ])('%s is refused: 400 "%s"', async (query, message, field) => {
    const res = await ratings(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ field, message }]);
  });

  it('asks a signed-in caller', async () => {
    const res = await server.get(`/api/stores/${storeId}/ratings?stars=5`);
    expect(res.status).toBe(401);
  });
});

describe.each(ENGINES)("the store list's own stars (my_rating) (%s)", (engine) => {
  let server: TestServer;
  let owner: CreatedUser;
  let customer: CreatedUser;
  let other: CreatedUser;
  let rated: number;
  let unrated: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
    other = await server.createUser('normal_user');
    rated = (await server.createStore(owner.id, { name: 'Alpha Rated Store' })).id;
    unrated = (await server.createStore(owner.id, { name: 'Beta Unrated Store' })).id;
    await insertRating(server, customer.id, rated, 4);
    await insertRating(server, other.id, rated, 1);
    await insertRating(server, other.id, unrated, 5);
  });
  afterAll(() => server.close());

  const myStars = async (token: string, query = '?limit=100') => {
    const res = await server.get(`/api/stores${query}`, { token });
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.stores.map((s: { id: number; my_rating: number | null }) => [s.id, s.my_rating]));
  };

  it("gives each store the caller's own stars, and null where they have none", async () => {
    expect(await myStars(customer.token)).toEqual({ [rated]: 4, [unrated]: null });
    expect(await myStars(other.token)).toEqual({ [rated]: 1, [unrated]: 5 });
    expect(await myStars(owner.token)).toEqual({ [rated]: null, [unrated]: null });
  });

  it('keeps them in every order, search and filter', async () => {
    for (const query of [
      '?sortBy=rating&sortOrder=desc',
      '?sortBy=created_at',
      '?search=alpha',
      '?search=store&sortBy=rating',
      '?minRating=2',
      '?category=Other&sortBy=rating',
    ]) {
      const stars = await myStars(customer.token, query);
      if (rated in stars) expect(stars[rated]).toBe(4);
      if (unrated in stars) expect(stars[unrated]).toBeNull();
    }
  });

  it('follows a write at once: rated, changed, deleted', async () => {
    const written = await server.post(`/api/ratings/${unrated}`, { token: customer.token, body: { rating: 2 } });
    expect(written.status).toBe(201);
    expect((await myStars(customer.token))[unrated]).toBe(2);
    await server.post(`/api/ratings/${unrated}`, { token: customer.token, body: { rating: 5 } });
    expect((await myStars(customer.token))[unrated]).toBe(5);
    await server.del(`/api/ratings/${written.body.rating.id}`, { token: customer.token });
    expect((await myStars(customer.token))[unrated]).toBeNull();
  });
});
