/**
 * Moderation and helpful votes over HTTP: reporting a rating or its reply (reasons, once per user, not
 * one's own, 404s), the admin's queue (counts by reason, open and resolved), hiding and restoring (the
 * store's figures, every list and the kept counters follow; the author still sees it, marked hidden),
 * dismissing; helpful votes (one per user, not on one's own, the count and the "most helpful" order),
 * and both counts exact under concurrent reports and votes.
 */
import { demoAccountFor } from 'shared-contracts';
import { invariantViolations } from '../src/db/invariants';
import { insertRating, storeStatsFromApi } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

describe.each(ENGINES)('moderation and helpful votes (%s)', (engine) => {
  let server: TestServer;
  let owner: CreatedUser;
  let admin: CreatedUser;
  let reader: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await server.createUser('store_owner');
    admin = await server.createUser('system_admin');
    reader = await server.createUser('normal_user');
  });
  afterAll(() => server.close());

  async function newStore() {
    return (await server.createStore(owner.id, { name: `Moderated Bakery ${Math.random().toString(36).slice(2, 7)}` })).id;
  }
  /** A new rating of the store by a new customer. */
  async function newRating(storeId: number, stars = 4, comment: string | null = 'Good bread') {
    const author = await server.createUser('normal_user');
    return { id: await insertRating(server, author.id, storeId, stars, { comment }), author };
  }
  const report = (ratingId: number, body: unknown, token = reader.token) =>
    server.post(`/api/ratings/${ratingId}/reports`, { token, body });
  const queue = async (query = '') => {
    const res = await server.get(`/api/admin/moderation${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const itemOf = (body: { items: Array<{ rating_id: number; target: string; reports: number }> }, ratingId: number, target = 'rating') =>
    body.items.find((i) => i.rating_id === ratingId && i.target === target);

  it('a signed-in user reports a rating with a reason (201), once: a second report is a 409', async () => {
    const storeId = await newStore();
    const { id } = await newRating(storeId);
    const first = await report(id, { reason: 'spam' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Thank you. A moderator will look at your report.' });
    const again = await report(id, { reason: 'offensive' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this');
    const rows = await server.db
      .selectFrom('rating_reports')
      .select(['target', 'reason', 'reporter_id'])
      .where('rating_id', '=', id)
      .execute();
    expect(rows).toEqual([{ target: 'rating', reason: 'spam', reporter_id: reader.id }]);
  });

  it('a reason from the list is required; an unknown target is refused', async () => {
    const { id } = await newRating(await newStore());
    const missing = await report(id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'reason', message: 'Please choose a reason' }]);
    expect((await report(id, { reason: 'boring' })).body.errors[0].message).toBe('Please choose a reason');
    const target = await report(id, { reason: 'spam', target: 'store' });
    expect(target.status).toBe(400);
    expect(target.body.errors[0]).toEqual({ field: 'target', message: 'Choose what to report: the rating or its reply' });
  });

  it("nobody reports what they wrote: the author their rating, the store's owner its reply (403)", async () => {
    const storeId = await newStore();
    const { id, author } = await newRating(storeId);
    await server.put(`/api/ratings/${id}/reply`, { token: owner.token, body: { reply: 'Thanks!' } });
    const own = await report(id, { reason: 'spam' }, author.token);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot report what you wrote yourself');
    expect((await report(id, { reason: 'spam', target: 'reply' }, owner.token)).status).toBe(403);
    // The other way round is fine: the owner reports the rating, its author the reply.
    expect((await report(id, { reason: 'fake' }, owner.token)).status).toBe(201);
    expect((await report(id, { reason: 'offensive', target: 'reply' }, author.token)).status).toBe(201);
  });

  it('reporting a rating that does not exist, or a reply that does not, is a 404', async () => {
    expect((await report(2_000_000_000, { reason: 'spam' })).body.message).toBe('Rating not found');
    const { id } = await newRating(await newStore());
    const reply = await report(id, { reason: 'spam', target: 'reply' });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Reply not found');
  });

  it("the queue lists each reported rating and reply once, with its reports counted by reason, oldest first; the owner's reply is there with it", async () => {
    const storeId = await newStore();
    const { id } = await newRating(storeId, 1, 'Terrible, buy at example.com');
    await server.put(`/api/ratings/${id}/reply`, { token: owner.token, body: { reply: 'Sorry to hear that' } });
    const before = await queue('?limit=100');
    const reporters = await Promise.all([1, 2, 3].map(() => server.createUser('normal_user')));
    await report(id, { reason: 'spam' }, reporters[0].token);
    await report(id, { reason: 'spam' }, reporters[1].token);
    await report(id, { reason: 'offensive' }, reporters[2].token);
    await report(id, { reason: 'personal', target: 'reply' }, reporters[0].token);

    const after = await queue('?limit=100');
    expect(after.open_reports).toBe(before.open_reports + 4);
    expect(after.open_items).toBe(before.open_items + 2);
    const rating = itemOf(after, id);
    expect(rating).toMatchObject({
      target: 'rating',
      store_id: storeId,
      rating: 1,
      comment: 'Terrible, buy at example.com',
      hidden: false,
      reports: 3,
      reasons: { spam: 2, offensive: 1, off_topic: 0, fake: 0, personal: 0 },
      reply: { body: 'Sorry to hear that' },
      resolution: null,
      resolved_at: null,
    });
    expect(itemOf(after, id, 'reply')).toMatchObject({ reports: 1, reasons: expect.objectContaining({ personal: 1 }) });
    const firsts = after.items.map((i: { first_reported_at: string }) => i.first_reported_at);
    expect(firsts).toEqual([...firsts].sort());
  });

  it("hiding a rating takes it out of the store's figures, the store's ratings and the owner's dashboard; its author sees it marked hidden; restoring brings it back", async () => {
    const storeId = await newStore();
    const kept = await newRating(storeId, 5, 'Lovely');
    const { id, author } = await newRating(storeId, 1, 'Spam spam spam');
    await report(id, { reason: 'spam' });
    expect(await storeStatsFromApi(server, storeId, reader.token)).toMatchObject({ total_ratings: 2, average_rating: 3 });

    const hidden = await server.post(`/api/admin/moderation/${id}/hide`, { token: admin.token });
    expect(hidden.status).toBe(200);
    expect(hidden.body.message).toBe('Rating hidden. It no longer counts in the store’s figures.');
    expect(hidden.body.storeStats).toMatchObject({ average_rating: 5, total_ratings: 1 });
    expect(await storeStatsFromApi(server, storeId, reader.token)).toEqual({
      average_rating: 5,
      total_ratings: 1,
      rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
    });
    const listed = (await server.get(`/api/stores/${storeId}/ratings`, { token: reader.token })).body;
    expect(listed.ratings.map((r: { id: number }) => r.id)).toEqual([kept.id]);
    expect(listed.total).toBe(1);
    const oneStar = (await server.get(`/api/stores/${storeId}/ratings?stars=1`, { token: reader.token })).body;
    expect([oneStar.total, oneStar.ratings.length]).toEqual([0, 0]);
    const withComment = (await server.get(`/api/stores/${storeId}/ratings?withComment=true`, { token: reader.token })).body;
    expect(withComment.total).toBe(1);
    const dashboard = (await server.get('/api/owner/dashboard?limit=100', { token: owner.token })).body;
    expect(dashboard.ratings.map((r: { id: number }) => r.id)).not.toContain(id);
    // Its author still has it, marked, on My Ratings and on the store page's own-rating read.
    const mine = (await server.get('/api/users/ratings', { token: author.token })).body.ratings;
    expect(mine).toEqual([expect.objectContaining({ id, hidden: true })]);
    expect((await server.get(`/api/ratings/user/${storeId}`, { token: author.token })).body.rating).toMatchObject({ id, hidden: true });
    // Reporting or voting on it is as for no rating at all.
    expect((await report(id, { reason: 'fake' }, owner.token)).status).toBe(404);
    expect((await server.put(`/api/ratings/${id}/helpful`, { token: reader.token })).status).toBe(404);
    // Its open report was resolved as hidden: off the open queue, on the resolved one.
    expect(itemOf(await queue('?limit=100'), id)).toBeUndefined();
    expect(itemOf(await queue('?status=resolved&limit=100'), id)).toMatchObject({ hidden: true, resolution: 'hidden', reports: 1 });
    expect(await invariantViolations(server.db)).toEqual([]);

    const restored = await server.post(`/api/admin/moderation/${id}/restore`, { token: admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ message: 'Rating restored.', storeStats: { total_ratings: 2, average_rating: 3 } });
    expect((await server.get(`/api/stores/${storeId}/ratings`, { token: reader.token })).body.total).toBe(2);
    expect((await server.get('/api/users/ratings', { token: author.token })).body.ratings[0].hidden).toBe(false);
    expect(await invariantViolations(server.db)).toEqual([]);
  });

  it('an author who edits a hidden rating keeps it hidden, and the figures never count it', async () => {
    const storeId = await newStore();
    const { id, author } = await newRating(storeId, 2);
    await server.post(`/api/admin/moderation/${id}/hide`, { token: admin.token });
    const edited = await server.put(`/api/ratings/${id}`, { token: author.token, body: { rating: 5, comment: 'Changed my mind' } });
    expect(edited.status).toBe(200);
    expect(edited.body.rating.hidden).toBe(true);
    expect(edited.body.storeStats.total_ratings).toBe(0);
    const again = await server.post(`/api/ratings/${storeId}`, { token: author.token, body: { rating: 4 } });
    expect(again.body.rating).toMatchObject({ id, hidden: true });
    expect(again.body.storeStats.total_ratings).toBe(0);
    expect(await invariantViolations(server.db)).toEqual([]);
  });

  it('dismissing closes the open reports of the rating or of its reply and changes nothing else; nothing open is a 404', async () => {
    const storeId = await newStore();
    const { id } = await newRating(storeId);
    await server.put(`/api/ratings/${id}/reply`, { token: owner.token, body: { reply: 'Thanks' } });
    await report(id, { reason: 'off_topic' });
    await report(id, { reason: 'offensive', target: 'reply' });
    const dismissed = await server.post(`/api/admin/moderation/${id}/dismiss`, { token: admin.token, body: { target: 'reply' } });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.message).toBe('Reports dismissed.');
    const open = await queue('?limit=100');
    expect(itemOf(open, id, 'reply')).toBeUndefined();
    expect(itemOf(open, id)).toMatchObject({ reports: 1 });
    expect(itemOf(await queue('?status=resolved&limit=100'), id, 'reply')).toMatchObject({ resolution: 'dismissed' });
    const none = await server.post(`/api/admin/moderation/${id}/dismiss`, { token: admin.token, body: { target: 'reply' } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('There are no open reports of this');
    expect((await server.get(`/api/stores/${storeId}/ratings`, { token: reader.token })).body.ratings[0].reply.body).toBe('Thanks');
  });

  it('removing a reported rating or reply (the existing DELETEs) takes its reports along', async () => {
    const storeId = await newStore();
    const { id } = await newRating(storeId);
    await server.put(`/api/ratings/${id}/reply`, { token: owner.token, body: { reply: 'Thanks' } });
    await report(id, { reason: 'spam' });
    await report(id, { reason: 'spam', target: 'reply' });
    expect((await server.del(`/api/ratings/${id}/reply`, { token: admin.token })).status).toBe(200);
    const open = await queue('?limit=100');
    expect(itemOf(open, id, 'reply')).toBeUndefined();
    expect(itemOf(open, id)).toBeDefined();
    expect((await server.del(`/api/ratings/${id}`, { token: admin.token })).status).toBe(200);
    expect(itemOf(await queue('?limit=100'), id)).toBeUndefined();
  });

  it('the queue pages and refuses an unknown status', async () => {
    const bad = await server.get('/api/admin/moderation?status=closed', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: 'status', message: 'Status must be open or resolved' });
    const storeId = await newStore();
    for (let i = 0; i < 3; i += 1) await report((await newRating(storeId)).id, { reason: 'spam' });
    const all = await queue('?limit=100');
    const second = await queue('?limit=2&page=2');
    expect(second.total).toBe(all.open_items);
    expect(second.items.map((i: { rating_id: number }) => i.rating_id)).toEqual(
      all.items.slice(2, 4).map((i: { rating_id: number }) => i.rating_id),
    );
    const past = await queue('?limit=2&page=50');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.open_items);
  });

  it("helpful: a reader marks someone else's rating (once, however often asked), takes it back; the list shows the count and the reader's vote", async () => {
    const storeId = await newStore();
    const { id } = await newRating(storeId);
    const other = await server.createUser('normal_user');
    const first = await server.put(`/api/ratings/${id}/helpful`, { token: reader.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Marked as helpful', helpful_count: 1, voted_helpful: true });
    expect((await server.put(`/api/ratings/${id}/helpful`, { token: reader.token })).body.helpful_count).toBe(1);
    expect((await server.put(`/api/ratings/${id}/helpful`, { token: other.token })).body.helpful_count).toBe(2);

    const asReader = (await server.get(`/api/stores/${storeId}/ratings`, { token: reader.token })).body.ratings[0];
    expect(asReader).toMatchObject({ id, helpful_count: 2, voted_helpful: true });
    const asOwner = (await server.get(`/api/stores/${storeId}/ratings`, { token: owner.token })).body.ratings[0];
    expect(asOwner).toMatchObject({ helpful_count: 2, voted_helpful: false });

    const back = await server.del(`/api/ratings/${id}/helpful`, { token: reader.token });
    expect(back.body).toEqual({ message: 'No longer marked as helpful', helpful_count: 1, voted_helpful: false });
    expect((await server.del(`/api/ratings/${id}/helpful`, { token: reader.token })).body.helpful_count).toBe(1);
  });

  it('nobody marks their own rating helpful (403); a rating that does not exist is a 404', async () => {
    const { id, author } = await newRating(await newStore());
    const own = await server.put(`/api/ratings/${id}/helpful`, { token: author.token });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot mark your own rating as helpful');
    expect((await server.put('/api/ratings/2000000000/helpful', { token: reader.token })).status).toBe(404);
  });

  it('sortBy=helpful lists the most helpful first (ties newest first), and the fewest first ascending', async () => {
    const storeId = await newStore();
    const [a, b, c] = [await newRating(storeId), await newRating(storeId), await newRating(storeId)];
    const voters = await Promise.all([1, 2].map(() => server.createUser('normal_user')));
    for (const voter of voters) await server.put(`/api/ratings/${b.id}/helpful`, { token: voter.token });
    await server.put(`/api/ratings/${a.id}/helpful`, { token: voters[0].token });
    const ids = async (order: string) =>
      (await server.get(`/api/stores/${storeId}/ratings?sortBy=helpful&sortOrder=${order}`, { token: reader.token })).body.ratings.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids('desc')).toEqual([b.id, a.id, c.id]);
    expect(await ids('asc')).toEqual([c.id, a.id, b.id]);
  });

  it('counts stay exact under concurrent votes and reports: 20 readers at once, each counted once', async () => {
    const storeId = await newStore();
    const { id } = await newRating(storeId);
    const readers = await Promise.all(Array.from({ length: 20 }, () => server.createUser('normal_user')));
    const answers = await Promise.all(
      readers.flatMap((r) => [
        server.put(`/api/ratings/${id}/helpful`, { token: r.token }),
        server.put(`/api/ratings/${id}/helpful`, { token: r.token }),
        server.post(`/api/ratings/${id}/reports`, { token: r.token, body: { reason: 'spam' } }),
        server.post(`/api/ratings/${id}/reports`, { token: r.token, body: { reason: 'fake' } }),
      ]),
    );
    const reports = answers.filter((_, i) => i % 4 >= 2).map((a) => a.status);
    expect(reports.filter((s) => s === 201)).toHaveLength(20);
    expect(reports.filter((s) => s === 409)).toHaveLength(20);
    expect(answers.filter((_, i) => i % 4 < 2).every((a) => a.status === 200)).toBe(true);
    expect((await server.get(`/api/stores/${storeId}/ratings`, { token: reader.token })).body.ratings[0].helpful_count).toBe(20);
    expect(itemOf(await queue('?limit=100'), id)?.reports ?? 0).toBe(20);
    // Half take their vote back at once.
    await Promise.all(readers.slice(0, 10).map((r) => server.del(`/api/ratings/${id}/helpful`, { token: r.token })));
    expect((await server.get(`/api/stores/${storeId}/ratings`, { token: reader.token })).body.ratings[0].helpful_count).toBe(10);
    expect(await invariantViolations(server.db)).toEqual([]);
  });
});

describe.each(ENGINES)('moderation in the demo data (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { seedDemoData: true });
  }, 120_000);
  afterAll(() => server.close());

  it('the admin finds open reports of ratings and of a reply, and one hidden rating among the resolved; votes are counted', async () => {
    const { email, password } = demoAccountFor('system_admin');
    const token = await server.signIn(email, password, 'system_admin');
    const open = (await server.get('/api/admin/moderation', { token })).body;
    expect(open.open_items).toBe(3);
    expect(open.open_reports).toBe(6);
    expect(open.items.map((i: { target: string }) => i.target).sort()).toEqual(['rating', 'rating', 'reply']);
    const resolved = (await server.get('/api/admin/moderation?status=resolved', { token })).body;
    expect(resolved.items).toEqual([expect.objectContaining({ hidden: true, resolution: 'hidden' })]);
    const votes = await server.db
      .selectFrom('rating_votes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(votes.n)).toBeGreaterThan(20);
    expect(await invariantViolations(server.db)).toEqual([]);
  });
});
