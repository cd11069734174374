/**
 * Owner replies over HTTP: PUT and DELETE /api/ratings/:ratingId/reply (who may, validation, create then
 * update, 404s), and the reply under its rating everywhere a rating is read: the store's ratings, the
 * rater's My Ratings and the owner's dashboard. A rating's deletion takes its reply; its edit keeps it;
 * a store handed to another owner hands over its replies.
 */
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const REPLY_KEYS = ['body', 'created_at', 'store_name', 'updated_at'];

describe.each(ENGINES)('owner replies (%s)', (engine) => {
  let server: TestServer;
  let owner: CreatedUser;
  let otherOwner: CreatedUser;
  let customer: CreatedUser;
  let admin: CreatedUser;
  let storeId: number;
  let otherStoreId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner');
    otherOwner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
    admin = await server.createUser('system_admin');
    storeId = (await server.createStore(owner.id, { name: 'Replying Bakery' })).id;
    otherStoreId = (await server.createStore(otherOwner.id, { name: 'Other Bakery' })).id;
  });
  afterAll(() => server.close());

  /** A new rating of the store by a new customer. */
  async function newRating(store = storeId, comment: string | null = 'Nice bread'): Promise<{ id: number; rater: CreatedUser }> {
    const rater = await server.createUser('normal_user');
    return { id: await insertRating(server, rater.id, store, 4, { comment }), rater };
  }
  const putReply = (ratingId: number, body: unknown, token = owner.token) => server.put(`/api/ratings/${ratingId}/reply`, { token, body });
  const storeRatings = async (id = storeId) => (await server.get(`/api/stores/${id}/ratings`, { token: customer.token })).body.ratings;

  it('the store owner replies (201), then changes the reply (200); the answer carries the reply signed with the store name', async () => {
    const { id } = await newRating();
    const first = await putReply(id, { reply: '  Thank you for coming!  ' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Reply posted successfully!');
    expect(Object.keys(first.body.reply).sort()).toEqual(REPLY_KEYS);
    expect(first.body.reply).toMatchObject({ body: 'Thank you for coming!', store_name: 'Replying Bakery' });
    expect(first.body.reply.created_at).toBe(first.body.reply.updated_at);

    const second = await putReply(id, { reply: 'Thank you, see you soon!' });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Reply updated successfully!');
    expect(second.body.reply).toMatchObject({ body: 'Thank you, see you soon!', created_at: first.body.reply.created_at });
    expect(Date.parse(second.body.reply.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.reply.updated_at));
    const rows = await server.db.selectFrom('rating_replies').select(['author_id', 'body']).where('rating_id', '=', id).execute();
    expect(rows).toEqual([{ author_id: owner.id, body: 'Thank you, see you soon!' }]);
  });

  it("shows under its rating in the store's ratings, the rater's My Ratings and the owner's dashboard; null where there is none", async () => {
    const replied = await newRating();
    const plain = await newRating();
    await putReply(replied.id, { reply: 'Glad you liked it' });

    const listed = await storeRatings();
    const mine = listed.find((r: { id: number }) => r.id === replied.id);
    expect(mine.reply).toMatchObject({ body: 'Glad you liked it', store_name: 'Replying Bakery' });
    expect(listed.find((r: { id: number }) => r.id === plain.id).reply).toBeNull();

    const myRatings = await server.get('/api/users/ratings', { token: replied.rater.token });
    expect(myRatings.body.ratings).toEqual([
      expect.objectContaining({ id: replied.id, reply: expect.objectContaining({ body: 'Glad you liked it' }) }),
    ]);
    expect((await server.get('/api/users/ratings', { token: plain.rater.token })).body.ratings[0].reply).toBeNull();

    const dashboard = await server.get('/api/owner/dashboard?limit=100', { token: owner.token });
    const row = dashboard.body.ratings.find((r: { id: number }) => r.id === replied.id);
    expect(row.reply).toMatchObject({ body: 'Glad you liked it', store_name: 'Replying Bakery' });
    expect(dashboard.body.ratings.find((r: { id: number }) => r.id === plain.id).reply).toBeNull();
  });

  it.each([
    [{}, 'Please write a reply'],
    [{ reply: '' }, 'Please write a reply'],
    [{ reply: '   ' }, 'Please write a reply'],
    [{ reply: null }, 'Please write a reply'],
    [{ reply: 42 }, 'Please write a reply'],
    [{ reply: 'x'.repeat(501) }, 'Reply must not exceed 500 characters'],
    [{ reply: 'a\u0000b' }, 'Text contains characters that are not allowed'],
  ])('refuses %j: 400 "%s"', async (body, message) => {
    const { id } = await newRating();
    const res = await putReply(id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, errors: [{ field: 'reply', message }] });
    expect(await server.db.selectFrom('rating_replies').select('body').where('rating_id', '=', id).execute()).toEqual([]);
  });

  it('takes 500 characters exactly', async () => {
    const { id } = await newRating();
    const res = await putReply(id, { reply: 'y'.repeat(500) });
    expect(res.status).toBe(201);
    expect(res.body.reply.body).toHaveLength(500);
  });

  it("is a 404 on a rating of another owner's store or no rating, 403 for a customer or an admin, 401 signed out", async () => {
    const { id } = await newRating(otherStoreId);
    expect(await putReply(id, { reply: 'Not mine' })).toMatchObject({ status: 404, body: { message: 'Rating not found' } });
    expect(await putReply(987654, { reply: 'Nobody' })).toMatchObject({ status: 404, body: { message: 'Rating not found' } });
    expect((await putReply(id, { reply: 'Hi' }, customer.token)).status).toBe(403);
    expect((await putReply(id, { reply: 'Hi' }, admin.token)).status).toBe(403);
    expect((await server.put(`/api/ratings/${id}/reply`, { body: { reply: 'Hi' } })).status).toBe(401);
    expect((await putReply(0, { reply: 'Hi' })).status).toBe(400);
    expect(await server.db.selectFrom('rating_replies').select('body').where('rating_id', '=', id).execute()).toEqual([]);
  });

  it('DELETE: the owner removes it (then 404 "Reply not found"); another owner cannot; an admin can; a customer is refused', async () => {
    const { id } = await newRating();
    await putReply(id, { reply: 'Thanks!' });
    expect((await server.del(`/api/ratings/${id}/reply`, { token: otherOwner.token })).status).toBe(404);
    expect((await server.del(`/api/ratings/${id}/reply`, { token: customer.token })).status).toBe(403);
    const removed = await server.del(`/api/ratings/${id}/reply`, { token: owner.token });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Reply deleted successfully!' } });
    expect((await storeRatings()).find((r: { id: number }) => r.id === id).reply).toBeNull();
    expect(await server.del(`/api/ratings/${id}/reply`, { token: owner.token })).toMatchObject({
      status: 404,
      body: { message: 'Reply not found' },
    });

    await putReply(id, { reply: 'Thanks again!' });
    expect(await server.del(`/api/ratings/${id}/reply`, { token: admin.token })).toMatchObject({ status: 200 });
    expect(await server.db.selectFrom('rating_replies').select('body').where('rating_id', '=', id).execute()).toEqual([]);
  });

  it('stays when the rater edits their rating, and goes with the rating when it is deleted', async () => {
    const { id, rater } = await newRating();
    await putReply(id, { reply: 'We will do better' });
    expect((await server.put(`/api/ratings/${id}`, { token: rater.token, body: { rating: 2, comment: 'Changed' } })).status).toBe(200);
    expect((await storeRatings()).find((r: { id: number }) => r.id === id)).toMatchObject({
      rating: 2,
      reply: expect.objectContaining({ body: 'We will do better' }),
    });
    expect((await server.del(`/api/ratings/${id}`, { token: rater.token })).status).toBe(200);
    expect(await server.db.selectFrom('rating_replies').select('body').where('rating_id', '=', id).execute()).toEqual([]);
    expect(await putReply(id, { reply: 'Too late' })).toMatchObject({ status: 404, body: { message: 'Rating not found' } });
  });

  it('a store handed to another owner: the new owner manages its replies, the former one no longer can', async () => {
    const handedOwner = await server.createUser('store_owner');
    const nextOwner = await server.createUser('store_owner');
    const store = await server.createStore(handedOwner.id, { name: 'Handed Over Deli' });
    const { id } = await newRating(store.id);
    await putReply(id, { reply: 'From the first owner' }, handedOwner.token);
    await server.db.updateTable('stores').set({ owner_id: nextOwner.id }).where('id', '=', store.id).execute();

    expect(await putReply(id, { reply: 'Still me' }, handedOwner.token)).toMatchObject({ status: 404 });
    expect((await server.del(`/api/ratings/${id}/reply`, { token: handedOwner.token })).status).toBe(404);
    const changed = await putReply(id, { reply: 'From the new owner' }, nextOwner.token);
    expect(changed).toMatchObject({ status: 200, body: { reply: { body: 'From the new owner', store_name: 'Handed Over Deli' } } });
  });
});
