/**
 * Notifications over HTTP (issue 18): a new rating tells the store's owner, a new reply the rating's
 * author, a report (notifyReport, as the moderation routes call it) the owner and every admin, never the
 * one who acted; each user reads only their own, newest first 20 at a time, marks one or all read, and
 * keeps their newest 200 only. The unread count stops at 100.
 */
import { sql } from 'kysely';
import { demoAccountFor, NOTIFICATIONS_KEPT, NOTIFICATIONS_PAGE_SIZE, UNREAD_COUNT_LIMIT } from 'shared-contracts';
import { notifyReport } from '../src/notifications/notify';
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const NOTIFICATION_KEYS = ['created_at', 'id', 'kind', 'message', 'rating_id', 'read', 'store_id', 'store_name'];

describe.each(ENGINES)('notifications (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  let otherAdmin: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
    otherAdmin = await server.createUser('system_admin');
  });
  afterAll(() => server.close());

  /** A store owner with a store of their own (named `name`), and a customer. */
  async function scene(name = 'Bakery Bliss') {
    const owner = await server.createUser('store_owner');
    const customer = await server.createUser('normal_user');
    const store = await server.createStore(owner.id, { name });
    return { owner, customer, store };
  }
  const list = (user: CreatedUser, query = '') => server.get(`/api/notifications${query}`, { token: user.token });
  const unread = async (user: CreatedUser) => {
    const res = await server.get('/api/notifications/unread-count', { token: user.token });
    expect(res.status).toBe(200);
    return res.body.unread as number;
  };
  /** Inserts `n` notifications for `user` in one statement, straight into the database. */
  async function insertNotifications(user: CreatedUser, storeId: number, ratingId: number, n: number) {
    await sql`insert into notifications (user_id, kind, store_id, rating_id)
      select ${user.id}, 'new_rating', ${storeId}, ${ratingId} from generate_series(1, ${n})`.execute(server.db);
  }

  it("a new rating tells the store's owner (with its stars and the store's name); changing it tells no one again", async () => {
    const { owner, customer, store } = await scene();
    expect(await unread(owner)).toBe(0);
    const rated = await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 4, comment: 'Lovely' } });
    expect(rated.status).toBe(201);

    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      notifications: [
        {
          id: expect.any(Number),
          kind: 'new_rating',
          store_id: store.id,
          store_name: 'Bakery Bliss',
          rating_id: rated.body.rating.id,
          message: 'New 4-star rating on Bakery Bliss',
          created_at: expect.any(String),
          read: false,
        },
      ],
      unread: 1,
      has_more: false,
    });
    expect(Object.keys(res.body.notifications[0]).sort()).toEqual(NOTIFICATION_KEYS);
    expect(Number.isNaN(Date.parse(res.body.notifications[0].created_at))).toBe(false);
    expect(await unread(owner)).toBe(1);

    // A changed rating (POST again, or PUT) is no news.
    expect((await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 2 } })).status).toBe(200);
    expect((await server.put(`/api/ratings/${rated.body.rating.id}`, { token: customer.token, body: { rating: 3 } })).status).toBe(200);
    expect(await unread(owner)).toBe(1);
    // The customer who rated hears nothing of their own rating.
    expect((await list(customer)).body).toEqual({ notifications: [], unread: 0, has_more: false });
  });

  it('a refused rating (an owner rating their own store, an unknown store) notifies no one', async () => {
    const { owner, store } = await scene();
    expect((await server.post(`/api/ratings/${store.id}`, { token: owner.token, body: { rating: 5 } })).status).toBe(403);
    expect((await server.post('/api/ratings/987654', { token: owner.token, body: { rating: 5 } })).status).toBe(404);
    expect(await unread(owner)).toBe(0);
  });

  it("the owner's reply tells the rating's author; changing the reply does not tell them again", async () => {
    const { owner, customer, store } = await scene('Corner Deli');
    const ratingId = await insertRating(server, customer.id, store.id, 5, { comment: 'Great' });
    const first = await server.put(`/api/ratings/${ratingId}/reply`, { token: owner.token, body: { reply: 'Thank you!' } });
    expect(first.status).toBe(201);
    expect((await list(customer)).body).toEqual({
      notifications: [
        expect.objectContaining({ kind: 'reply', store_id: store.id, store_name: 'Corner Deli', rating_id: ratingId, read: false }),
      ],
      unread: 1,
      has_more: false,
    });
    expect((await list(customer)).body.notifications[0].message).toBe('Corner Deli replied to your rating');

    expect((await server.put(`/api/ratings/${ratingId}/reply`, { token: owner.token, body: { reply: 'Thanks again!' } })).status).toBe(200);
    expect(await unread(customer)).toBe(1);
    expect(await unread(owner)).toBe(0);
  });

  it('a reply refused (another owner) notifies no one', async () => {
    const { customer, store } = await scene();
    const stranger = await server.createUser('store_owner');
    const ratingId = await insertRating(server, customer.id, store.id, 3);
    expect((await server.put(`/api/ratings/${ratingId}/reply`, { token: stranger.token, body: { reply: 'Hi' } })).status).toBe(404);
    expect(await unread(customer)).toBe(0);
  });

  it("no one is told of their own doing: a reply to one's own rating (a store handed to its rater)", async () => {
    const rater = await server.createUser('store_owner');
    const { store } = await scene();
    const ratingId = await insertRating(server, rater.id, store.id, 4);
    await server.db.updateTable('stores').set({ owner_id: rater.id }).where('id', '=', store.id).execute();
    expect((await server.put(`/api/ratings/${ratingId}/reply`, { token: rater.token, body: { reply: 'Me again' } })).status).toBe(201);
    expect(await unread(rater)).toBe(0);
  });

  it("a report tells the store's owner and every admin, not the reporter; the text names what was reported", async () => {
    const { owner, customer, store } = await scene('Tea House');
    const reporter = await server.createUser('normal_user');
    const ratingId = await insertRating(server, customer.id, store.id, 1, { comment: 'Awful' });

    await notifyReport(server.db, { ratingId, target: 'rating', reporterId: reporter.id });
    for (const who of [owner, admin, otherAdmin]) {
      const res = await list(who);
      expect(res.body.notifications[0]).toMatchObject({
        kind: 'report',
        store_id: store.id,
        store_name: 'Tea House',
        rating_id: ratingId,
        message: 'A rating on Tea House was reported',
        read: false,
      });
    }
    expect(await unread(reporter)).toBe(0);
    expect(await unread(customer)).toBe(0);

    // Reported by an admin, in a transaction as the moderation routes do: the other admin and the owner hear of it.
    const before = { owner: await unread(owner), admin: await unread(admin), otherAdmin: await unread(otherAdmin) };
    await server.db.transaction().execute((trx) => notifyReport(trx, { ratingId, target: 'reply', reporterId: admin.id }));
    expect(await unread(admin)).toBe(before.admin);
    expect(await unread(otherAdmin)).toBe(before.otherAdmin + 1);
    expect(await unread(owner)).toBe(before.owner + 1);
    expect((await list(owner)).body.notifications[0].message).toBe('A reply on Tea House was reported');

    // Reported by the owner: the owner is not told.
    await notifyReport(server.db, { ratingId, target: 'reply', reporterId: owner.id });
    expect(await unread(owner)).toBe(before.owner + 1);
  });

  it('a report in a transaction that fails leaves no notification; a report of no rating tells no one', async () => {
    const { owner, customer, store } = await scene();
    const ratingId = await insertRating(server, customer.id, store.id, 2);
    await expect(
      server.db.transaction().execute(async (trx) => {
        await notifyReport(trx, { ratingId, target: 'rating', reporterId: customer.id });
        throw new Error('the report was refused');
      }),
    ).rejects.toThrow('the report was refused');
    expect(await unread(owner)).toBe(0);
    await notifyReport(server.db, { ratingId: 987654, target: 'rating', reporterId: customer.id });
    expect(await unread(owner)).toBe(0);
  });

  it("another user's notification: not listed, and marking it read is a 404 that changes nothing", async () => {
    const { owner, customer, store } = await scene();
    await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 5 } });
    const [mine] = (await list(owner)).body.notifications;
    const intruder = await server.createUser('store_owner');
    expect((await list(intruder)).body.notifications).toEqual([]);
    for (const who of [intruder, customer, admin]) {
      expect(await server.post(`/api/notifications/${mine.id}/read`, { token: who.token })).toMatchObject({
        status: 404,
        body: { message: 'Notification not found' },
      });
    }
    expect(await server.post('/api/notifications/987654/read', { token: owner.token })).toMatchObject({ status: 404 });
    expect(await unread(owner)).toBe(1);
  });

  it('marks one read (the answer is the unread count; again is still a 200), then all', async () => {
    const { owner, store } = await scene();
    for (let i = 0; i < 3; i++) {
      const rater = await server.createUser('normal_user');
      expect((await server.post(`/api/ratings/${store.id}`, { token: rater.token, body: { rating: i + 2 } })).status).toBe(201);
    }
    const { notifications } = (await list(owner)).body;
    expect(notifications.map((n: { message: string }) => n.message)).toEqual([
      'New 4-star rating on Bakery Bliss',
      'New 3-star rating on Bakery Bliss',
      'New 2-star rating on Bakery Bliss',
    ]);
    const read = await server.post(`/api/notifications/${notifications[1].id}/read`, { token: owner.token });
    expect(read).toMatchObject({ status: 200, body: { unread: 2 } });
    expect((await server.post(`/api/notifications/${notifications[1].id}/read`, { token: owner.token })).body).toEqual({ unread: 2 });
    expect((await list(owner)).body.notifications.map((n: { read: boolean }) => n.read)).toEqual([false, true, false]);

    expect(await server.post('/api/notifications/read-all', { token: owner.token })).toMatchObject({ status: 200, body: { unread: 0 } });
    expect((await list(owner)).body).toMatchObject({ unread: 0, notifications: [{ read: true }, { read: true }, { read: true }] });
    expect(await unread(owner)).toBe(0);
  });

  it(`pages ${NOTIFICATIONS_PAGE_SIZE} at a time, newest first, with a before cursor`, async () => {
    const { owner, customer, store } = await scene();
    const ratingId = await insertRating(server, customer.id, store.id, 4);
    await insertNotifications(owner, store.id, ratingId, 45);
    const pages: number[][] = [];
    let query = '';
    for (;;) {
      const res = await list(owner, query);
      expect(res.status).toBe(200);
      const ids = res.body.notifications.map((n: { id: number }) => n.id);
      pages.push(ids);
      if (!res.body.has_more) break;
      query = `?before=${ids[ids.length - 1]}`;
    }
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    const all = pages.flat();
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(45);
  });

  it(`keeps each user's newest ${NOTIFICATIONS_KEPT} only, pruning as new ones come`, async () => {
    const { owner, customer, store } = await scene();
    const bystander = (await scene()).owner;
    const ratingId = await insertRating(server, customer.id, store.id, 4);
    await insertNotifications(bystander, store.id, ratingId, 3);
    await insertNotifications(owner, store.id, ratingId, 230);
    const ids = async (user: CreatedUser) =>
      (await server.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).orderBy('id', 'desc').execute()).map(
        (r) => r.id,
      );
    const kept = await ids(owner);
    expect(kept).toHaveLength(NOTIFICATIONS_KEPT);

    // One more, from a real rating: still 200, the oldest one gone, the new one first.
    const rater = await server.createUser('normal_user');
    expect((await server.post(`/api/ratings/${store.id}`, { token: rater.token, body: { rating: 5 } })).status).toBe(201);
    const after = await ids(owner);
    expect(after).toHaveLength(NOTIFICATIONS_KEPT);
    expect(after.slice(1)).toEqual(kept.slice(0, NOTIFICATIONS_KEPT - 1));
    expect((await list(owner)).body.notifications[0].message).toBe('New 5-star rating on Bakery Bliss');
    // Another user's are untouched.
    expect(await ids(bystander)).toHaveLength(3);
  });

  it(`prunes by reading about ${NOTIFICATIONS_KEPT} of a full user's notifications, not ${NOTIFICATIONS_KEPT} per notification`, async () => {
    const { owner, customer, store } = await scene();
    const ratingId = await insertRating(server, customer.id, store.id, 4);
    // Statistics as a live site has them (a few thousand users with a notification each), with which
    // PostgreSQL expects about one row per user.
    await sql`with bystanders as (
        insert into users (name, email, email_key, password_hash, role)
          select 'Notified bystander ' || g, e, e, 'not a hash', 'normal_user'
          from generate_series(1, 3000) g, concat(${`bystander-${owner.id}-`}::text, g, '@example.com') e
          returning id
      )
      insert into notifications (user_id, kind, store_id, rating_id) select id, 'new_rating', ${store.id}, ${ratingId} from bystanders`.execute(
      server.db,
    );
    await insertNotifications(owner, store.id, ratingId, NOTIFICATIONS_KEPT + 10);
    await sql`analyze notifications`.execute(server.db);
    // One more for a user at the cap, and what that statement read of notifications and its indexes:
    // the difference in this backend's statistics not yet reported (which may hold earlier statements'
    // counts too). Pruning once read its 200 entries for every one of the user's 200 rows: some 40,000
    // at each new rating of a busy owner's store.
    const read = await server.db.transaction().execute(async (trx) => {
      const readSoFar = async () => {
        const { rows } = await sql<{ read: string }>`
          select (select sum(pg_stat_get_xact_tuples_returned(indexrelid)) from pg_index where indrelid = 'notifications'::regclass)
            + pg_stat_get_xact_tuples_returned('notifications'::regclass) + pg_stat_get_xact_tuples_fetched('notifications'::regclass) as read`.execute(
          trx,
        );
        return Number(rows[0]?.read);
      };
      const before = await readSoFar();
      await sql`insert into notifications (user_id, kind, store_id, rating_id)
        values (${owner.id}, 'new_rating', ${store.id}, ${ratingId})`.execute(trx);
      return (await readSoFar()) - before;
    });
    expect(read).toBeGreaterThan(NOTIFICATIONS_KEPT);
    expect(read).toBeLessThan(4 * NOTIFICATIONS_KEPT);
  });

  it(`counts unread ones up to ${UNREAD_COUNT_LIMIT}`, async () => {
    const { owner, customer, store } = await scene();
    const ratingId = await insertRating(server, customer.id, store.id, 4);
    await insertNotifications(owner, store.id, ratingId, 150);
    expect(await unread(owner)).toBe(UNREAD_COUNT_LIMIT);
    expect((await list(owner)).body.unread).toBe(UNREAD_COUNT_LIMIT);
  });

  it('a deleted rating takes its notifications along; a deleted store too', async () => {
    const { owner, customer, store } = await scene();
    const rated = await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 4 } });
    expect(await unread(owner)).toBe(1);
    expect((await server.del(`/api/ratings/${rated.body.rating.id}`, { token: customer.token })).status).toBe(200);
    expect((await list(owner)).body).toEqual({ notifications: [], unread: 0, has_more: false });

    await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 4 } });
    expect(await unread(owner)).toBe(1);
    expect((await server.del(`/api/admin/stores/${store.id}`, { token: admin.token })).status).toBe(200);
    expect(await unread(owner)).toBe(0);
  });

  it.each([
    ['GET', '/api/notifications?before=abc', 'Invalid id'],
    ['GET', '/api/notifications?before=0', 'Invalid id'],
    ['GET', '/api/notifications?before=-1', 'Invalid id'],
    ['POST', '/api/notifications/abc/read', 'Invalid id'],
    ['POST', '/api/notifications/0/read', 'Invalid id'],
  ])('%s %s → 400', async (method, path, message) => {
    const res = await server.request(method, path, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', '/api/notifications/1/read'],
    ['POST', '/api/notifications/read-all'],
  ])('%s %s signed out → 401', async (method, path) => {
    expect((await server.request(method, path)).status).toBe(401);
  });
});

describe.each(ENGINES)('notifications of the demo data (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { seedDemoData: true });
  }, 120_000);
  afterAll(() => server.close());

  const unreadOf = async (role: 'store_owner' | 'normal_user' | 'system_admin') => {
    const { email, password } = demoAccountFor(role);
    const token = await server.signIn(email, password, role);
    const res = await server.get('/api/notifications', { token });
    expect(res.status).toBe(200);
    return res.body as { unread: number; notifications: Array<{ kind: string; read: boolean; message: string }> };
  };

  it('the demo store_owner has a few unread ones: new ratings of their stores and the report of one of their replies', async () => {
    const { unread, notifications } = await unreadOf('store_owner');
    expect(unread).toBe(4);
    for (const n of notifications) expect(n.read).toBe(false);
    expect(notifications.filter((n) => n.kind === 'new_rating')).toHaveLength(3);
    for (const n of notifications.filter((n) => n.kind === 'new_rating')) expect(n.message).toMatch(/^New [1-5]-star rating on /);
    expect(notifications.filter((n) => n.kind === 'report')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^A reply on .+ was reported$/) }),
    ]);
  });

  it('the demo normal_user has a few unread replies to their ratings', async () => {
    const { unread, notifications } = await unreadOf('normal_user');
    expect(unread).toBeGreaterThanOrEqual(2);
    expect(unread).toBeLessThanOrEqual(3);
    for (const n of notifications)
      expect(n).toMatchObject({ kind: 'reply', read: false, message: expect.stringMatching(/ replied to your rating$/) });
  });

  it('the demo system_admin has heard of each report of the demo data', async () => {
    const { unread, notifications } = await unreadOf('system_admin');
    expect(unread).toBe(7);
    for (const n of notifications) expect(n).toMatchObject({ kind: 'report', read: false, message: expect.stringMatching(/reported$/) });
  });
});
