/**
 * A user's own rating: GET /api/ratings/user/:storeId, POST /api/ratings/:storeId (create or update),
 * PUT and DELETE /api/ratings/:ratingId (DESIGN.md §7), over HTTP. Every test uses stores of its own.
 */
import { statsOf } from './support/expected';
import { storeStatsFromApi } from './support/fixtures';
import { ENGINES, startTestServer, type CreatedUser, type TestServer } from './support/test-server';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(ENGINES)('ratings (%s)', (engine) => {
  let server: TestServer;
  let owner: CreatedUser;
  let otherOwner: CreatedUser;
  let admin: CreatedUser;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let carol: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner');
    otherOwner = await server.createUser('store_owner');
    admin = await server.createUser('system_admin');
    alice = await server.createUser('normal_user');
    bob = await server.createUser('normal_user');
    carol = await server.createUser('normal_user');
  });
  afterAll(() => server.close());

  const newStore = () => server.createStore(owner.id);
  const rate = (user: CreatedUser, storeId: number, body: unknown) => server.post(`/api/ratings/${storeId}`, { token: user.token, body });
  const ratingsInDb = (storeId: number) =>
    server.db.selectFrom('ratings').select(['id', 'user_id', 'rating', 'comment']).where('store_id', '=', storeId).orderBy('id').execute();

  /** The storeStats of a write answer equal the figures GET /api/stores/:id reports right after. */
  async function expectStatsMatchStore(storeId: number, storeStats: unknown) {
    expect(storeStats).toEqual(await storeStatsFromApi(server, storeId, carol.token));
  }

  describe('GET /api/ratings/user/:storeId', () => {
    it('answers {rating: null} before the caller rated the store, and the rating afterwards', async () => {
      const store = await newStore();
      const before = await server.get(`/api/ratings/user/${store.id}`, { token: alice.token });
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ rating: null });

      const created = await rate(alice, store.id, { rating: 4, comment: 'Good coffee' });
      expect(created.status).toBe(201);

      const after = await server.get(`/api/ratings/user/${store.id}`, { token: alice.token });
      expect(after.status).toBe(200);
      expect(after.body).toEqual({
        rating: {
          id: created.body.rating.id,
          store_id: store.id,
          user_id: alice.id,
          rating: 4,
          comment: 'Good coffee',
          created_at: created.body.rating.created_at,
          updated_at: created.body.rating.updated_at,
          hidden: false,
        },
      });
    });

    it("answers only the caller's own rating, not someone else's", async () => {
      const store = await newStore();
      expect((await rate(alice, store.id, { rating: 2 })).status).toBe(201);
      const res = await server.get(`/api/ratings/user/${store.id}`, { token: bob.token });
      expect(res.body).toEqual({ rating: null });
    });

    it('answers 400 Invalid id for a malformed store id and 401 without a token', async () => {
      const bad = await server.get('/api/ratings/user/abc', { token: alice.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid id');
      expect((await server.get('/api/ratings/user/1')).status).toBe(401);
    });
  });

  describe('POST /api/ratings/:storeId', () => {
    it('creates a rating: 201 with the message, the rating and the store figures', async () => {
      const store = await newStore();
      const res = await rate(alice, store.id, { rating: 5, comment: 'Excellent service' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: 'Rating submitted successfully!',
        rating: {
          id: expect.any(Number),
          store_id: store.id,
          user_id: alice.id,
          rating: 5,
          comment: 'Excellent service',
          created_at: expect.stringMatching(ISO),
          updated_at: expect.stringMatching(ISO),
          hidden: false,
        },
        storeStats: statsOf([5]),
      });
      expect(await ratingsInDb(store.id)).toEqual([{ id: res.body.rating.id, user_id: alice.id, rating: 5, comment: 'Excellent service' }]);
      await expectStatsMatchStore(store.id, res.body.storeStats);
    });

    it('a comment is optional and is stored as null when absent', async () => {
      const store = await newStore();
      const res = await rate(alice, store.id, { rating: 3 });
      expect(res.status).toBe(201);
      expect(res.body.rating.comment).toBeNull();
      expect((await ratingsInDb(store.id))[0].comment).toBeNull();
    });

    it('storeStats counts every rating of the store, rounded to 2 decimals', async () => {
      const store = await newStore();
      expect((await rate(alice, store.id, { rating: 5 })).status).toBe(201);
      expect((await rate(bob, store.id, { rating: 4 })).status).toBe(201);
      const res = await rate(carol, store.id, { rating: 4 });
      expect(res.status).toBe(201);
      expect(res.body.storeStats).toEqual({
        average_rating: 4.33,
        total_ratings: 3,
        rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 },
      });
      await expectStatsMatchStore(store.id, res.body.storeStats);
    });

    it('a second POST by the same user updates that rating: 200, same id, still one rating', async () => {
      const store = await newStore();
      const first = await rate(alice, store.id, { rating: 2, comment: 'Meh' });
      expect(first.status).toBe(201);
      const second = await rate(alice, store.id, { rating: 5, comment: 'Much better now' });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({
        message: 'Rating updated successfully!',
        rating: {
          id: first.body.rating.id,
          store_id: store.id,
          user_id: alice.id,
          rating: 5,
          comment: 'Much better now',
          created_at: first.body.rating.created_at,
          updated_at: expect.stringMatching(ISO),
          hidden: false,
        },
        storeStats: statsOf([5]),
      });
      expect(await ratingsInDb(store.id)).toEqual([{ id: first.body.rating.id, user_id: alice.id, rating: 5, comment: 'Much better now' }]);
      await expectStatsMatchStore(store.id, second.body.storeStats);
    });

    it.each([
      ['0', { rating: 0 }],
      ['6', { rating: 6 }],
      ['2.5', { rating: 2.5 }],
      ["the string '4'", { rating: '4' }],
      ['missing', { comment: 'No stars given' }],
      ['null', { rating: null }],
      ['-1', { rating: -1 }],
      ['true', { rating: true }],
    ])('rating %s answers 400 Please select a rating and stores nothing', async (_label, body) => {
      const store = await newStore();
      const res = await rate(alice, store.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select a rating');
      expect(res.body.errors).toEqual([{ field: 'rating', message: 'Please select a rating' }]);
      expect(await ratingsInDb(store.id)).toEqual([]);
    });

    it('a comment of 501 characters answers 400 Comment must not exceed 500 characters', async () => {
      const store = await newStore();
      const res = await rate(alice, store.id, { rating: 4, comment: 'c'.repeat(501) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Comment must not exceed 500 characters');
      expect(await ratingsInDb(store.id)).toEqual([]);
    });

    it('a comment of exactly 500 characters is accepted and kept whole', async () => {
      const store = await newStore();
      const comment = 'é'.repeat(250) + 'x'.repeat(250);
      const res = await rate(alice, store.id, { rating: 4, comment });
      expect(res.status).toBe(201);
      expect(res.body.rating.comment).toBe(comment);
      expect((await ratingsInDb(store.id))[0].comment).toBe(comment);
    });

    it('a blank comment is stored as null', async () => {
      const store = await newStore();
      const res = await rate(alice, store.id, { rating: 4, comment: '   \n\t ' });
      expect(res.status).toBe(201);
      expect(res.body.rating.comment).toBeNull();
      expect((await ratingsInDb(store.id))[0].comment).toBeNull();
    });

    it('an owner rating their own store gets 403 You cannot rate your own store, and nothing is stored', async () => {
      const store = await newStore();
      const res = await rate(owner, store.id, { rating: 5, comment: 'Best store ever' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You cannot rate your own store' });
      expect(await ratingsInDb(store.id)).toEqual([]);
      const get = await server.get(`/api/stores/${store.id}`, { token: owner.token });
      expect(get.body.store.total_ratings).toBe(0);
    });

    it("an owner can rate another owner's store", async () => {
      const store = await newStore();
      const res = await rate(otherOwner, store.id, { rating: 3 });
      expect(res.status).toBe(201);
      expect(res.body.rating).toMatchObject({ user_id: otherOwner.id, store_id: store.id, rating: 3 });
      await expectStatsMatchStore(store.id, res.body.storeStats);
    });

    it('an admin can rate a store', async () => {
      const store = await newStore();
      const res = await rate(admin, store.id, { rating: 1, comment: 'Closed at noon' });
      expect(res.status).toBe(201);
      expect(res.body.rating).toMatchObject({ user_id: admin.id, store_id: store.id, rating: 1, comment: 'Closed at noon' });
      expect(res.body.storeStats).toEqual(statsOf([1]));
    });

    it('an unknown store answers 404 Store not found', async () => {
      const res = await rate(alice, 987654, { rating: 4 });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Store not found' });
    });

    it('a malformed store id answers 400 Invalid id', async () => {
      const res = await rate(alice, 'abc' as unknown as number, { rating: 4 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid id');
    });

    it('answers 401 without a token', async () => {
      const store = await newStore();
      const res = await server.post(`/api/ratings/${store.id}`, { body: { rating: 4 } });
      expect(res.status).toBe(401);
      expect(await ratingsInDb(store.id)).toEqual([]);
    });
  });

  describe('PUT /api/ratings/:ratingId', () => {
    it('the author changes rating and comment: 200 with the updated rating and store figures', async () => {
      const store = await newStore();
      expect((await rate(bob, store.id, { rating: 2 })).status).toBe(201);
      const created = await rate(alice, store.id, { rating: 3, comment: 'Average' });
      const res = await server.put(`/api/ratings/${created.body.rating.id}`, {
        token: alice.token,
        body: { rating: 5, comment: 'Improved a lot' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'Rating updated successfully!',
        rating: {
          id: created.body.rating.id,
          store_id: store.id,
          user_id: alice.id,
          rating: 5,
          comment: 'Improved a lot',
          created_at: created.body.rating.created_at,
          updated_at: expect.stringMatching(ISO),
          hidden: false,
        },
        storeStats: statsOf([2, 5]),
      });
      await expectStatsMatchStore(store.id, res.body.storeStats);
    });

    it('a PUT without a comment clears it to null', async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 3, comment: 'Temporary' });
      const res = await server.put(`/api/ratings/${created.body.rating.id}`, { token: alice.token, body: { rating: 3 } });
      expect(res.status).toBe(200);
      expect(res.body.rating.comment).toBeNull();
      expect((await ratingsInDb(store.id))[0]).toMatchObject({ rating: 3, comment: null });
    });

    it("another customer's PUT answers 404 Rating not found and leaves the rating unchanged", async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 4, comment: 'Mine' });
      const res = await server.put(`/api/ratings/${created.body.rating.id}`, {
        token: bob.token,
        body: { rating: 1, comment: 'Hijacked' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Rating not found' });
      expect(await ratingsInDb(store.id)).toEqual([{ id: created.body.rating.id, user_id: alice.id, rating: 4, comment: 'Mine' }]);
      const stats = await server.get(`/api/stores/${store.id}`, { token: alice.token });
      expect(stats.body.store.average_rating).toBe(4);
    });

    it("an admin cannot change someone else's rating either (404)", async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 4 });
      const res = await server.put(`/api/ratings/${created.body.rating.id}`, { token: admin.token, body: { rating: 1 } });
      expect(res.status).toBe(404);
      expect((await ratingsInDb(store.id))[0].rating).toBe(4);
    });

    it('an unknown rating id answers 404 and a malformed one 400 Invalid id', async () => {
      const unknown = await server.put('/api/ratings/987654', { token: alice.token, body: { rating: 3 } });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Rating not found' });
      const malformed = await server.put('/api/ratings/1.5', { token: alice.token, body: { rating: 3 } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Invalid id');
    });

    it.each([[{ rating: 0 }], [{ rating: 6 }], [{ rating: 2.5 }], [{ rating: '4' }], [{}]])(
      'an invalid rating %j answers 400 Please select a rating and leaves the rating unchanged',
      async (body) => {
        const store = await newStore();
        const created = await rate(alice, store.id, { rating: 4 });
        const res = await server.put(`/api/ratings/${created.body.rating.id}`, { token: alice.token, body });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please select a rating');
        expect((await ratingsInDb(store.id))[0].rating).toBe(4);
      },
    );

    it('a comment of 501 characters answers 400', async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 4, comment: 'short' });
      const res = await server.put(`/api/ratings/${created.body.rating.id}`, {
        token: alice.token,
        body: { rating: 4, comment: 'y'.repeat(501) },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Comment must not exceed 500 characters');
      expect((await ratingsInDb(store.id))[0].comment).toBe('short');
    });

    it('an owner whose rated store has since been reassigned to them gets 403 You cannot rate your own store, as POST does; their DELETE still works', async () => {
      const store = await newStore();
      const created = await rate(otherOwner, store.id, { rating: 2, comment: 'Before I owned it' });
      expect(created.status).toBe(201);
      const reassigned = await server.put(`/api/admin/stores/${store.id}`, {
        token: admin.token,
        body: { name: 'Reassigned Rated Store', address: '5 Shop Road', owner_id: otherOwner.id },
      });
      expect(reassigned.status).toBe(200);

      const put = await server.put(`/api/ratings/${created.body.rating.id}`, {
        token: otherOwner.token,
        body: { rating: 5, comment: 'Now mine: best ever' },
      });
      expect(put.status).toBe(403);
      expect(put.body).toEqual({ message: 'You cannot rate your own store' });
      const post = await rate(otherOwner, store.id, { rating: 5 });
      expect(post.status).toBe(403);
      expect(post.body).toEqual({ message: 'You cannot rate your own store' });
      expect(await ratingsInDb(store.id)).toEqual([
        { id: created.body.rating.id, user_id: otherOwner.id, rating: 2, comment: 'Before I owned it' },
      ]);

      // Removing the old rating of a store that is now theirs only takes their own voice out of its figures.
      const del = await server.del(`/api/ratings/${created.body.rating.id}`, { token: otherOwner.token });
      expect(del.status).toBe(200);
      expect(del.body.storeStats).toEqual(statsOf([]));
      expect(await ratingsInDb(store.id)).toEqual([]);
      expect(await server.storesWithWrongAggregates()).toEqual([]);
    });
  });

  describe('DELETE /api/ratings/:ratingId', () => {
    it('the author deletes their rating: 200 with the message and the store figures', async () => {
      const store = await newStore();
      expect((await rate(bob, store.id, { rating: 1 })).status).toBe(201);
      const created = await rate(alice, store.id, { rating: 4 });
      const res = await server.del(`/api/ratings/${created.body.rating.id}`, { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Rating deleted successfully!', storeStats: statsOf([1]) });
      expect(await ratingsInDb(store.id)).toEqual([expect.objectContaining({ user_id: bob.id })]);
      await expectStatsMatchStore(store.id, res.body.storeStats);
      expect((await server.get(`/api/ratings/user/${store.id}`, { token: alice.token })).body).toEqual({ rating: null });
    });

    it('deleting the last rating brings the store back to 0 / 0', async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 5 });
      const res = await server.del(`/api/ratings/${created.body.rating.id}`, { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.body.storeStats).toEqual(statsOf([]));
      await expectStatsMatchStore(store.id, res.body.storeStats);
    });

    it("another customer's DELETE answers 404 Rating not found and the rating stays", async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 4 });
      const res = await server.del(`/api/ratings/${created.body.rating.id}`, { token: bob.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Rating not found' });
      expect(await ratingsInDb(store.id)).toHaveLength(1);
      expect((await server.get(`/api/stores/${store.id}`, { token: bob.token })).body.store.total_ratings).toBe(1);
    });

    it("the store's owner cannot delete a rating of their store (404)", async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 1 });
      const res = await server.del(`/api/ratings/${created.body.rating.id}`, { token: owner.token });
      expect(res.status).toBe(404);
      expect(await ratingsInDb(store.id)).toHaveLength(1);
    });

    it("an admin deletes anyone's rating: 200 with the store figures", async () => {
      const store = await newStore();
      expect((await rate(bob, store.id, { rating: 2 })).status).toBe(201);
      const created = await rate(alice, store.id, { rating: 5 });
      const res = await server.del(`/api/ratings/${created.body.rating.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Rating deleted successfully!', storeStats: statsOf([2]) });
      expect(await ratingsInDb(store.id)).toEqual([expect.objectContaining({ user_id: bob.id, rating: 2 })]);
      await expectStatsMatchStore(store.id, res.body.storeStats);
    });

    it('a rating deleted twice answers 404 the second time', async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 5 });
      expect((await server.del(`/api/ratings/${created.body.rating.id}`, { token: alice.token })).status).toBe(200);
      const again = await server.del(`/api/ratings/${created.body.rating.id}`, { token: alice.token });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: 'Rating not found' });
    });

    it('after a delete the user can rate the store again as a new rating (201)', async () => {
      const store = await newStore();
      const created = await rate(alice, store.id, { rating: 5 });
      await server.del(`/api/ratings/${created.body.rating.id}`, { token: alice.token });
      const again = await rate(alice, store.id, { rating: 3 });
      expect(again.status).toBe(201);
      expect(again.body.message).toBe('Rating submitted successfully!');
      expect(again.body.rating.id).not.toBe(created.body.rating.id);
      expect(again.body.storeStats).toEqual(statsOf([3]));
    });
  });

  it('after every write in a sequence, storeStats equals the figures of GET /api/stores/:id', async () => {
    const store = await newStore();
    const writes: Array<() => Promise<{ status: number; body: { storeStats: unknown } }>> = [];
    let aliceId = 0;
    let bobId = 0;
    writes.push(async () => {
      const r = await rate(alice, store.id, { rating: 5 });
      aliceId = r.body.rating.id;
      return r;
    });
    writes.push(async () => {
      const r = await rate(bob, store.id, { rating: 2, comment: 'Slow' });
      bobId = r.body.rating.id;
      return r;
    });
    writes.push(() => rate(carol, store.id, { rating: 4 }));
    writes.push(() => rate(alice, store.id, { rating: 1 }));
    writes.push(() => server.put(`/api/ratings/${bobId}`, { token: bob.token, body: { rating: 3 } }));
    writes.push(() => server.del(`/api/ratings/${aliceId}`, { token: alice.token }));
    writes.push(() => rate(otherOwner, store.id, { rating: 5 }));
    writes.push(() => server.del(`/api/ratings/${bobId}`, { token: admin.token }));
    const expectedAfter = [[5], [5, 2], [5, 2, 4], [1, 2, 4], [1, 3, 4], [3, 4], [3, 4, 5], [4, 5]];
    for (const [i, write] of writes.entries()) {
      const res = await write();
      expect([200, 201]).toContain(res.status);
      expect(res.body.storeStats).toEqual(statsOf(expectedAfter[i]));
      await expectStatsMatchStore(store.id, res.body.storeStats);
    }
    expect(await server.storesWithWrongAggregates()).toEqual([]);
  });
});

describe.each(ENGINES)('ratings: malformed input never produces a 500 (%s)', (engine) => {
  let server: TestServer;
  let user: CreatedUser;
  let storeId: number;
  let ratingId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const owner = await server.createUser('store_owner');
    user = await server.createUser('normal_user');
    storeId = (await server.createStore(owner.id)).id;
    ratingId = (await server.post(`/api/ratings/${storeId}`, { token: user.token, body: { rating: 3 } })).body.rating.id;
  });
  afterAll(() => server.close());

  it.each([
    ['an array body', '[1,2,3]'],
    ['a JSON null body', 'null'],
    ['a JSON string body', '"5"'],
    ['broken JSON', '{"rating": 5'],
    ['an empty body', ''],
    ['a huge exponent', '{"rating": 1e309}'],
    ['a comment that is a number', '{"rating": 4, "comment": 42}'],
    ['a comment with a NUL character', '{"rating": 4, "comment": "a\\u0000b"}'],
    ['a comment that is an object', '{"rating": 4, "comment": {"text": "hi"}}'],
  ])('POST and PUT with %s answer 400', async (_label, rawBody) => {
    for (const [method, path] of [
      ['POST', `/api/ratings/${storeId}`],
      ['PUT', `/api/ratings/${ratingId}`],
    ] as const) {
      const res = await server.request(method, path, { token: user.token, rawBody });
      expect({ method, status: res.status, hasMessage: typeof res.body?.message === 'string' }).toEqual({
        method,
        status: 400,
        hasMessage: true,
      });
    }
    const kept = await server.db.selectFrom('ratings').select(['rating', 'comment']).where('id', '=', ratingId).executeTakeFirstOrThrow();
    expect(kept).toEqual({ rating: 3, comment: null });
  });

  it('a rating written as 5.0 is the whole number 5', async () => {
    const res = await server.request('PUT', `/api/ratings/${ratingId}`, { token: user.token, rawBody: '{"rating": 5.0}' });
    expect(res.status).toBe(200);
    expect(res.body.rating.rating).toBe(5);
    await server.put(`/api/ratings/${ratingId}`, { token: user.token, body: { rating: 3 } });
  });
});
