/**
 * Who may call what (DESIGN.md §7 table, §9; spec §6): every endpoint of the contract, called by
 * each kind of caller with a valid request, answers exactly the status in its row. Each cell runs
 * against a world of its own, so a cell that writes cannot change what another cell sees.
 */
import { randomBytes } from 'node:crypto';
import { createFakeReleases, type FakeReleases } from './support/fake-builds';
import { issueAccountToken } from '../src/auth/account-tokens';
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, type HttpResult, startTestServer, type TestServer } from './support/test-server';

const CALLERS = ['anonymous', 'customer', 'other customer', 'store owner', 'other store owner', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

const AUTH_REQUIRED = 'Authentication required';
const FORBIDDEN = 'You do not have permission to do this';

interface World {
  customer: CreatedUser;
  otherCustomer: CreatedUser;
  owner: CreatedUser;
  otherOwner: CreatedUser;
  admin: CreatedUser;
  /** Owned by `owner`. */
  store: { id: number; name: string };
  /** Owned by `otherOwner`; `customer` has rated it (`rating`). */
  otherStore: { id: number; name: string };
  rating: number;
}

const fresh = () => randomBytes(4).toString('hex');

async function buildWorld(server: TestServer): Promise<World> {
  const customer = await server.createUser('normal_user');
  const otherCustomer = await server.createUser('normal_user');
  const owner = await server.createUser('store_owner');
  const otherOwner = await server.createUser('store_owner');
  const admin = await server.createUser('system_admin');
  const store = await server.createStore(owner.id);
  const otherStore = await server.createStore(otherOwner.id);
  const rating = await insertRating(server, customer.id, otherStore.id, 3, { comment: 'Fine' });
  return { customer, otherCustomer, owner, otherOwner, admin, store, otherStore, rating };
}

function callerIn(world: World, caller: Caller): CreatedUser | undefined {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'customer':
      return world.customer;
    case 'other customer':
      return world.otherCustomer;
    case 'store owner':
      return world.owner;
    case 'other store owner':
      return world.otherOwner;
    case 'admin':
      return world.admin;
  }
}

interface Context {
  server: TestServer;
  /** The releases the server reads (published to by the deployments rows). */
  fake: FakeReleases;
  world: World;
  me: CreatedUser | undefined;
  /** Scratch space from `call` to `verify`. */
  scratch: Record<string, unknown>;
}

interface Row {
  endpoint: string;
  /** Statuses in CALLERS order. */
  statuses: [number, number, number, number, number, number];
  /** The message expected with a 4xx, by status, when not the default of 401/403. */
  messages?: Record<number, string>;
  call: (ctx: Context) => Promise<HttpResult>;
  /** Checks the database: the write happened on success and did not on refusal. */
  verify?: (ctx: Context, res: HttpResult) => Promise<void>;
}

const ADMIN_ONLY = (ok: number): Row['statuses'] => [401, 403, 403, 403, 403, ok];
const SIGNED_IN = (ok: number): Row['statuses'] => [401, ok, ok, ok, ok, ok];
const ANYONE = (ok: number): Row['statuses'] => [ok, ok, ok, ok, ok, ok];

const validPerson = () => ({ name: `Matrix Person ${fresh()} Name`, email: `matrix.${fresh()}@test.example`, address: '1 Matrix Road' });

async function userRow(server: TestServer, id: number) {
  return server.db.selectFrom('users').select(['id', 'name', 'role']).where('id', '=', id).executeTakeFirst();
}
async function storeRow(server: TestServer, id: number) {
  return server.db.selectFrom('stores').select(['id', 'name', 'owner_id']).where('id', '=', id).executeTakeFirst();
}
async function ratingRow(server: TestServer, id: number) {
  return server.db.selectFrom('ratings').select(['id', 'rating']).where('id', '=', id).executeTakeFirst();
}
/** A new unread notification for `user` (a new rating of the world's other store), straight into the database. */
async function notificationFor(server: TestServer, user: CreatedUser, world: World): Promise<number> {
  const row = await server.db
    .insertInto('notifications')
    .values({ user_id: user.id, kind: 'new_rating', store_id: world.otherStore.id, rating_id: world.rating })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function notificationRead(server: TestServer, id: number): Promise<boolean> {
  const row = await server.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirstOrThrow();
  return row.read_at !== null;
}
async function reportedShellLoads(server: TestServer): Promise<number> {
  const rows = await server.db
    .selectFrom('remote_health')
    .select('loads')
    .where('app', '=', 'shell')
    .where('version', '=', 'dist')
    .execute();
  return rows.reduce((sum, row) => sum + row.loads, 0);
}

const ROWS: Row[] = [
  {
    endpoint: 'POST /api/auth/login',
    statuses: ANYONE(200),
    call: ({ server, world, me }) => {
      const who = me ?? world.customer;
      return server.post('/api/auth/login', { token: me?.token, body: { email: who.email, password: who.password, role: who.role } });
    },
  },
  {
    endpoint: 'POST /api/auth/register',
    statuses: ANYONE(201),
    call: ({ server, me }) => server.post('/api/auth/register', { token: me?.token, body: { ...validPerson(), password: 'Secret@123' } }),
    verify: async ({ server }, res) => {
      expect(res.body.user.role).toBe('normal_user');
      expect((await userRow(server, res.body.user.id))?.role).toBe('normal_user');
    },
  },
  {
    endpoint: 'GET /api/auth/profile',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) => server.get('/api/auth/profile', { token: me?.token }),
    verify: async ({ me }, res) => {
      if (me) expect(res.body.user.id).toBe(me.id);
    },
  },
  {
    endpoint: 'PUT /api/auth/profile',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) =>
      server.put('/api/auth/profile', { token: me?.token, body: { name: 'Profile Name Changed By Test', address: '2 New Road' } }),
    verify: async ({ server, me }) => {
      if (me) expect((await userRow(server, me.id))?.name).toBe('Profile Name Changed By Test');
    },
  },
  {
    endpoint: 'PUT /api/auth/password',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) =>
      server.put('/api/auth/password', { token: me?.token, body: { currentPassword: 'Secret@123', newPassword: 'Changed@123' } }),
    verify: async ({ server, me }, res) => {
      if (!me) return;
      expect((await server.get('/api/auth/profile', { token: me.token })).status).toBe(401);
      expect((await server.get('/api/auth/profile', { token: res.body.token })).status).toBe(200);
    },
  },
  {
    endpoint: 'POST /api/auth/logout',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) => server.post('/api/auth/logout', { token: me?.token }),
    verify: async ({ server, me }) => {
      if (me) expect((await server.get('/api/auth/profile', { token: me.token })).status).toBe(401);
    },
  },
  {
    endpoint: 'POST /api/auth/forgot-password',
    statuses: ANYONE(202),
    call: ({ server, world, me }) => server.post('/api/auth/forgot-password', { token: me?.token, body: { email: world.customer.email } }),
  },
  {
    // The link's token is the credential: whoever sends it (signed in as anyone, or not) resets the customer's password.
    endpoint: 'POST /api/auth/reset-password',
    statuses: ANYONE(200),
    call: async ({ server, world, me }) => {
      const token = await issueAccountToken(server.db, world.customer.id, 'reset_password');
      return server.post('/api/auth/reset-password', { token: me?.token, body: { token, password: 'Matrix@Reset1' } });
    },
    verify: async ({ server, world }) => {
      expect(await server.signIn(world.customer.email, 'Matrix@Reset1', 'normal_user')).toEqual(expect.any(String));
    },
  },
  {
    endpoint: 'POST /api/auth/verify-email',
    statuses: ANYONE(200),
    call: async ({ server, world, me }) => {
      const token = await issueAccountToken(server.db, world.customer.id, 'verify_email');
      return server.post('/api/auth/verify-email', { token: me?.token, body: { token } });
    },
    verify: async ({ server, world }) => {
      const row = await server.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('id', '=', world.customer.id)
        .executeTakeFirstOrThrow();
      expect(row.email_verified_at).not.toBeNull();
    },
  },
  {
    endpoint: 'POST /api/auth/resend-verification',
    statuses: SIGNED_IN(202),
    call: ({ server, me }) => server.post('/api/auth/resend-verification', { token: me?.token }),
  },
  {
    endpoint: 'GET /api/users/dashboard',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) => server.get('/api/users/dashboard', { token: me?.token }),
  },
  {
    endpoint: 'GET /api/users/ratings',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) => server.get('/api/users/ratings', { token: me?.token }),
    verify: async ({ world, me }, res) => {
      if (me) expect(res.body.ratings.map((r: { id: number }) => r.id)).toEqual(me === world.customer ? [world.rating] : []);
    },
  },
  {
    endpoint: 'GET /api/stores',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) => server.get('/api/stores', { token: me?.token }),
  },
  {
    endpoint: 'GET /api/stores/cities',
    statuses: SIGNED_IN(200),
    call: ({ server, me }) => server.get('/api/stores/cities', { token: me?.token }),
  },
  {
    endpoint: 'GET /api/stores/:id',
    statuses: SIGNED_IN(200),
    call: ({ server, world, me }) => server.get(`/api/stores/${world.store.id}`, { token: me?.token }),
  },
  {
    endpoint: 'GET /api/stores/:id/ratings',
    statuses: SIGNED_IN(200),
    call: ({ server, world, me }) => server.get(`/api/stores/${world.otherStore.id}/ratings`, { token: me?.token }),
  },
  {
    endpoint: 'GET /api/ratings/user/:storeId',
    statuses: SIGNED_IN(200),
    call: ({ server, world, me }) => server.get(`/api/ratings/user/${world.otherStore.id}`, { token: me?.token }),
    verify: async ({ world, me }, res) => {
      if (me) expect(res.body.rating === null ? null : res.body.rating.id).toBe(me === world.customer ? world.rating : null);
    },
  },
  {
    endpoint: "POST /api/ratings/:storeId (the store owner's store)",
    statuses: [401, 201, 201, 403, 201, 201],
    messages: { 403: 'You cannot rate your own store' },
    call: ({ server, world, me }) =>
      server.post(`/api/ratings/${world.store.id}`, { token: me?.token, body: { rating: 4, comment: 'Nice' } }),
    verify: async ({ server, world, me }, res) => {
      const rows = await server.db.selectFrom('ratings').select(['user_id', 'rating']).where('store_id', '=', world.store.id).execute();
      expect(rows).toEqual(res.status === 201 ? [{ user_id: me!.id, rating: 4 }] : []);
    },
  },
  {
    endpoint: "PUT /api/ratings/:ratingId (the customer's rating)",
    statuses: [401, 200, 404, 404, 404, 404],
    messages: { 404: 'Rating not found' },
    call: ({ server, world, me }) =>
      server.put(`/api/ratings/${world.rating}`, { token: me?.token, body: { rating: 5, comment: 'Changed' } }),
    verify: async ({ server, world }, res) => {
      expect((await ratingRow(server, world.rating))?.rating).toBe(res.status === 200 ? 5 : 3);
    },
  },
  {
    endpoint: "DELETE /api/ratings/:ratingId (the customer's rating)",
    statuses: [401, 200, 404, 404, 404, 200],
    messages: { 404: 'Rating not found' },
    call: ({ server, world, me }) => server.del(`/api/ratings/${world.rating}`, { token: me?.token }),
    verify: async ({ server, world }, res) => {
      expect(await ratingRow(server, world.rating)).toEqual(res.status === 200 ? undefined : { id: world.rating, rating: 3 });
    },
  },
  {
    endpoint: "PUT /api/ratings/:ratingId/reply (a rating of other store owner's store)",
    statuses: [401, 403, 403, 404, 201, 403],
    messages: { 404: 'Rating not found' },
    call: ({ server, world, me }) => server.put(`/api/ratings/${world.rating}/reply`, { token: me?.token, body: { reply: 'Thank you!' } }),
    verify: async ({ server, world }, res) => {
      const rows = await server.db
        .selectFrom('rating_replies')
        .select(['rating_id', 'author_id', 'body'])
        .where('rating_id', '=', world.rating)
        .execute();
      expect(rows).toEqual(res.status === 201 ? [{ rating_id: world.rating, author_id: world.otherOwner.id, body: 'Thank you!' }] : []);
    },
  },
  {
    endpoint: "DELETE /api/ratings/:ratingId/reply (other store owner's reply)",
    statuses: [401, 403, 403, 404, 200, 200],
    messages: { 404: 'Reply not found' },
    call: async ({ server, world, me }) => {
      await server.db
        .insertInto('rating_replies')
        .values({ rating_id: world.rating, author_id: world.otherOwner.id, body: 'Thanks' })
        .execute();
      return server.del(`/api/ratings/${world.rating}/reply`, { token: me?.token });
    },
    verify: async ({ server, world }, res) => {
      const rows = await server.db.selectFrom('rating_replies').select('body').where('rating_id', '=', world.rating).execute();
      expect(rows).toEqual(res.status === 200 ? [] : [{ body: 'Thanks' }]);
    },
  },
  {
    endpoint: "POST /api/ratings/:ratingId/reports (customer's rating)",
    statuses: [401, 403, 201, 201, 201, 201],
    messages: { 403: 'You cannot report what you wrote yourself' },
    call: ({ server, world, me }) => server.post(`/api/ratings/${world.rating}/reports`, { token: me?.token, body: { reason: 'spam' } }),
    verify: async ({ server, world, me }, res) => {
      const rows = await server.db
        .selectFrom('rating_reports')
        .select(['reporter_id', 'reason'])
        .where('rating_id', '=', world.rating)
        .execute();
      expect(rows).toEqual(res.status === 201 ? [{ reporter_id: me!.id, reason: 'spam' }] : []);
    },
  },
  {
    endpoint: "PUT /api/ratings/:ratingId/helpful (customer's rating)",
    statuses: [401, 403, 200, 200, 200, 200],
    messages: { 403: 'You cannot mark your own rating as helpful' },
    call: ({ server, world, me }) => server.put(`/api/ratings/${world.rating}/helpful`, { token: me?.token }),
    verify: async ({ server, world }, res) => {
      const row = await server.db.selectFrom('ratings').select('helpful_count').where('id', '=', world.rating).executeTakeFirstOrThrow();
      expect(row.helpful_count).toBe(res.status === 200 ? 1 : 0);
    },
  },
  {
    endpoint: "DELETE /api/ratings/:ratingId/helpful (customer's rating, marked by the caller)",
    statuses: [401, 403, 200, 200, 200, 200],
    messages: { 403: 'You cannot mark your own rating as helpful' },
    call: async ({ server, world, me }) => {
      if (me && me.id !== world.customer.id)
        await server.db.insertInto('rating_votes').values({ rating_id: world.rating, user_id: me.id }).execute();
      return server.del(`/api/ratings/${world.rating}/helpful`, { token: me?.token });
    },
    verify: async ({ server, world }) => {
      const row = await server.db.selectFrom('ratings').select('helpful_count').where('id', '=', world.rating).executeTakeFirstOrThrow();
      expect(row.helpful_count).toBe(0);
    },
  },
  {
    endpoint: 'GET /api/owner/dashboard',
    statuses: [401, 403, 403, 200, 200, 403],
    call: ({ server, me }) => server.get('/api/owner/dashboard', { token: me?.token }),
    verify: async ({ world, me }, res) => {
      if (res.status === 200) {
        const own = me === world.owner ? world.store.id : world.otherStore.id;
        expect(res.body.stores.map((s: { id: number }) => s.id)).toEqual([own]);
      }
    },
  },
  {
    endpoint: 'GET /api/notifications',
    statuses: SIGNED_IN(200),
    call: async ({ server, world, me }) => {
      if (me) await notificationFor(server, me, world);
      return server.get('/api/notifications', { token: me?.token });
    },
    verify: async ({ world }, res) => {
      if (res.status === 200)
        expect(res.body).toMatchObject({ notifications: [{ store_id: world.otherStore.id, read: false }], unread: 1 });
    },
  },
  {
    endpoint: 'GET /api/notifications/unread-count',
    statuses: SIGNED_IN(200),
    call: async ({ server, world, me }) => {
      if (me) await notificationFor(server, me, world);
      return server.get('/api/notifications/unread-count', { token: me?.token });
    },
    verify: async (_ctx, res) => {
      if (res.status === 200) expect(res.body).toEqual({ unread: 1 });
    },
  },
  {
    endpoint: "POST /api/notifications/:id/read (the customer's notification)",
    statuses: [401, 200, 404, 404, 404, 404],
    messages: { 404: 'Notification not found' },
    call: async ({ server, world, me, scratch }) => {
      scratch.id = await notificationFor(server, world.customer, world);
      return server.post(`/api/notifications/${scratch.id}/read`, { token: me?.token });
    },
    verify: async ({ server, scratch }, res) => {
      expect(await notificationRead(server, scratch.id as number)).toBe(res.status === 200);
    },
  },
  {
    endpoint: 'POST /api/notifications/read-all',
    statuses: SIGNED_IN(200),
    call: async ({ server, world, me, scratch }) => {
      scratch.mine = me ? await notificationFor(server, me, world) : undefined;
      scratch.customers = await notificationFor(server, world.customer, world);
      return server.post('/api/notifications/read-all', { token: me?.token });
    },
    verify: async ({ server, world, me, scratch }, res) => {
      if (scratch.mine !== undefined) expect(await notificationRead(server, scratch.mine as number)).toBe(res.status === 200);
      // Only the caller's own are marked.
      expect(await notificationRead(server, scratch.customers as number)).toBe(me === world.customer);
    },
  },
  {
    endpoint: 'GET /api/admin/dashboard',
    statuses: ADMIN_ONLY(200),
    call: ({ server, me }) => server.get('/api/admin/dashboard', { token: me?.token }),
  },
  {
    endpoint: 'GET /api/admin/moderation',
    statuses: ADMIN_ONLY(200),
    call: ({ server, me }) => server.get('/api/admin/moderation', { token: me?.token }),
  },
  {
    endpoint: 'POST /api/admin/moderation/:ratingId/hide',
    statuses: ADMIN_ONLY(200),
    call: ({ server, world, me }) => server.post(`/api/admin/moderation/${world.rating}/hide`, { token: me?.token }),
    verify: async ({ server, world }, res) => {
      const row = await server.db.selectFrom('ratings').select('hidden_at').where('id', '=', world.rating).executeTakeFirstOrThrow();
      expect(row.hidden_at !== null).toBe(res.status === 200);
    },
  },
  {
    endpoint: 'POST /api/admin/moderation/:ratingId/restore (a hidden rating)',
    statuses: ADMIN_ONLY(200),
    call: async ({ server, world, me }) => {
      await server.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', world.rating).execute();
      return server.post(`/api/admin/moderation/${world.rating}/restore`, { token: me?.token });
    },
    verify: async ({ server, world }, res) => {
      const row = await server.db.selectFrom('ratings').select('hidden_at').where('id', '=', world.rating).executeTakeFirstOrThrow();
      expect(row.hidden_at === null).toBe(res.status === 200);
    },
  },
  {
    endpoint: 'POST /api/admin/moderation/:ratingId/dismiss (a reported rating)',
    statuses: ADMIN_ONLY(200),
    call: async ({ server, world, me }) => {
      await server.db
        .insertInto('rating_reports')
        .values({ rating_id: world.rating, target: 'rating', reporter_id: world.otherCustomer.id, reason: 'spam' })
        .execute();
      return server.post(`/api/admin/moderation/${world.rating}/dismiss`, { token: me?.token, body: { target: 'rating' } });
    },
    verify: async ({ server, world }, res) => {
      const row = await server.db
        .selectFrom('rating_reports')
        .select('resolution')
        .where('rating_id', '=', world.rating)
        .executeTakeFirstOrThrow();
      expect(row.resolution).toBe(res.status === 200 ? 'dismissed' : null);
    },
  },
  {
    endpoint: 'GET /api/admin/users',
    statuses: ADMIN_ONLY(200),
    call: ({ server, me }) => server.get('/api/admin/users', { token: me?.token }),
  },
  {
    endpoint: 'POST /api/admin/users',
    statuses: ADMIN_ONLY(201),
    call: ({ server, me, scratch }) => {
      const body = { ...validPerson(), password: 'Secret@123', role: 'system_admin' };
      scratch.email = body.email;
      return server.post('/api/admin/users', { token: me?.token, body });
    },
    verify: async ({ server, scratch }, res) => {
      const row = await server.db
        .selectFrom('users')
        .select('role')
        .where('email', '=', scratch.email as string)
        .executeTakeFirst();
      expect(row).toEqual(res.status === 201 ? { role: 'system_admin' } : undefined);
    },
  },
  {
    endpoint: 'GET /api/admin/users/:id',
    statuses: ADMIN_ONLY(200),
    call: ({ server, world, me }) => server.get(`/api/admin/users/${world.owner.id}`, { token: me?.token }),
  },
  {
    endpoint: 'PUT /api/admin/users/:id',
    statuses: ADMIN_ONLY(200),
    call: async ({ server, me, scratch }) => {
      const target = await server.createUser('normal_user');
      scratch.target = target;
      return server.put(`/api/admin/users/${target.id}`, { token: me?.token, body: { ...validPerson(), role: 'store_owner' } });
    },
    verify: async ({ server, scratch }, res) => {
      const target = scratch.target as CreatedUser;
      expect((await userRow(server, target.id))?.role).toBe(res.status === 200 ? 'store_owner' : 'normal_user');
    },
  },
  {
    endpoint: 'DELETE /api/admin/users/:id',
    statuses: ADMIN_ONLY(200),
    call: async ({ server, me, scratch }) => {
      const target = await server.createUser('normal_user');
      scratch.target = target;
      return server.del(`/api/admin/users/${target.id}`, { token: me?.token });
    },
    verify: async ({ server, scratch }, res) => {
      const target = scratch.target as CreatedUser;
      expect(await userRow(server, target.id)).toEqual(res.status === 200 ? undefined : expect.objectContaining({ id: target.id }));
    },
  },
  {
    endpoint: 'GET /api/admin/stores',
    statuses: ADMIN_ONLY(200),
    call: ({ server, me }) => server.get('/api/admin/stores', { token: me?.token }),
  },
  {
    endpoint: 'POST /api/admin/stores',
    statuses: ADMIN_ONLY(201),
    call: ({ server, world, me, scratch }) => {
      scratch.name = `Matrix Store ${fresh()}`;
      return server.post('/api/admin/stores', {
        token: me?.token,
        body: { name: scratch.name, address: '3 Shop Road', owner_id: world.owner.id },
      });
    },
    verify: async ({ server, scratch }, res) => {
      const rows = await server.db
        .selectFrom('stores')
        .select('id')
        .where('name', '=', scratch.name as string)
        .execute();
      expect(rows).toHaveLength(res.status === 201 ? 1 : 0);
    },
  },
  {
    endpoint: 'PUT /api/admin/stores/:id',
    statuses: ADMIN_ONLY(200),
    call: ({ server, world, me }) =>
      server.put(`/api/admin/stores/${world.store.id}`, {
        token: me?.token,
        body: { name: 'Reassigned Matrix Store', address: '4 Shop Road', owner_id: world.otherOwner.id },
      }),
    verify: async ({ server, world }, res) => {
      const row = await storeRow(server, world.store.id);
      expect(row?.owner_id).toBe(res.status === 200 ? world.otherOwner.id : world.owner.id);
    },
  },
  {
    endpoint: 'DELETE /api/admin/stores/:id',
    statuses: ADMIN_ONLY(200),
    call: ({ server, world, me }) => server.del(`/api/admin/stores/${world.otherStore.id}`, { token: me?.token }),
    verify: async ({ server, world }, res) => {
      expect(await storeRow(server, world.otherStore.id)).toEqual(
        res.status === 200 ? undefined : expect.objectContaining({ id: world.otherStore.id }),
      );
      expect(await ratingRow(server, world.rating)).toEqual(res.status === 200 ? undefined : { id: world.rating, rating: 3 });
    },
  },
  {
    endpoint: 'GET /api/admin/deployments',
    statuses: ADMIN_ONLY(200),
    call: ({ server, me }) => server.get('/api/admin/deployments', { token: me?.token }),
  },
  {
    endpoint: 'POST /api/admin/deployments/:app/:command',
    statuses: ADMIN_ONLY(200),
    call: ({ server, fake, me }) => {
      fake.publishRemote('mf_stores', 'matrix-canary', { canaryPercent: 10 });
      return server.post('/api/admin/deployments/mf_stores/abort', { token: me?.token, body: {} });
    },
    verify: async ({ fake }, res) => {
      expect(fake.releases.canary('mf_stores')).toEqual(res.status === 200 ? null : expect.objectContaining({ version: 'matrix-canary' }));
    },
  },
  {
    endpoint: 'POST /api/telemetry/remote-health',
    statuses: ANYONE(204),
    call: async ({ server, me, scratch }) => {
      scratch.before = await reportedShellLoads(server);
      return server.post('/api/telemetry/remote-health', {
        token: me?.token,
        body: { events: [{ app: 'shell', version: 'dist', kind: 'load', renderMs: 120 }] },
      });
    },
    verify: async ({ server, scratch }) => {
      expect(await reportedShellLoads(server)).toBe((scratch.before as number) + 1);
    },
  },
  {
    endpoint: 'GET /api/health',
    statuses: ANYONE(200),
    call: ({ server, me }) => server.get('/api/health', { token: me?.token }),
  },
];

const CELLS = ROWS.flatMap((row) => CALLERS.map((caller, i) => ({ row, caller, status: row.statuses[i] })));

describe.each(ENGINES)('role matrix (%s)', (engine) => {
  let server: TestServer;
  let fake: FakeReleases;
  beforeAll(async () => {
    fake = createFakeReleases();
    server = await startTestServer(engine, { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterAll(async () => {
    await server.close();
    fake.remove();
  });

  it('covers every endpoint of the contract', async () => {
    const docs = await server.get('/api/docs/json');
    const documented = Object.entries(docs.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const tested = new Set(ROWS.map((r) => r.endpoint.replace(/ \(.*\)$/, '')));
    // POST /api/ratings/:storeId and PUT/DELETE /api/ratings/:ratingId share a path in the docs.
    const normalise = (e: string) => e.replace(':ratingId', ':storeId').replace(':storeId', ':id');
    expect(documented.map(normalise).sort()).toEqual([...tested].map(normalise).sort());
  });

  it.each(CELLS.map((c) => [c.row.endpoint, c.caller, c.status, c] as const))('%s as %s → %i', async (_e, caller, status, cell) => {
    const world = await buildWorld(server);
    const ctx: Context = { server, fake, world, me: callerIn(world, caller), scratch: {} };
    const res = await cell.row.call(ctx);
    expect({ status: res.status, message: res.status >= 400 ? res.body?.message : undefined }).toEqual({
      status,
      message: status >= 400 ? (cell.row.messages?.[status] ?? (status === 401 ? AUTH_REQUIRED : FORBIDDEN)) : undefined,
    });
    if (cell.row.verify) await cell.row.verify(ctx, res);
  });

  describe('guards run before validation', () => {
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(server);
    });

    const PROTECTED: Array<[string, string, { body?: unknown; rawBody?: string }]> = [
      ['GET', '/api/auth/profile', {}],
      ['PUT', '/api/auth/profile', { body: { name: 1 } }],
      ['PUT', '/api/auth/profile', { rawBody: '{"name":' }],
      ['PUT', '/api/auth/password', { body: {} }],
      ['POST', '/api/auth/logout', { rawBody: '{"x":' }],
      ['POST', '/api/auth/resend-verification', { rawBody: '{"x":' }],
      ['GET', '/api/users/dashboard', {}],
      ['GET', '/api/users/ratings?sortBy=nope&limit=0', {}],
      ['GET', '/api/stores?unrated=maybe', {}],
      ['GET', '/api/stores?page=0&sortBy=nope', {}],
      ['GET', '/api/stores/abc', {}],
      ['GET', '/api/stores/0/ratings?limit=-1', {}],
      ['GET', '/api/ratings/user/1e3', {}],
      ['POST', '/api/ratings/abc', { body: { rating: 9 } }],
      ['POST', '/api/ratings/1', { rawBody: '[' }],
      ['PUT', '/api/ratings/-1', { body: { rating: 'five' } }],
      ['DELETE', '/api/ratings/0x10', {}],
      ['GET', '/api/owner/dashboard?page=-5', {}],
      ['GET', '/api/notifications?before=abc', {}],
      ['POST', '/api/notifications/0/read', { rawBody: '{' }],
      ['GET', '/api/admin/dashboard', {}],
      ['GET', '/api/admin/users?limit=5000&role=bogus', {}],
      ['POST', '/api/admin/users', { body: { role: 'emperor' } }],
      ['POST', '/api/admin/users', { body: { name: 'x'.repeat(70_000) } }],
      ['GET', '/api/admin/users/%00', {}],
      ['PUT', '/api/admin/users/1', { body: [] }],
      ['DELETE', '/api/admin/users/1.5', {}],
      ['GET', '/api/admin/stores?sortOrder=sideways', {}],
      ['POST', '/api/admin/stores', { rawBody: 'null' }],
      ['PUT', '/api/admin/stores/1', { body: { owner_id: 'me' } }],
      ['DELETE', '/api/admin/stores/99999999999', {}],
      ['GET', '/api/admin/deployments?app=%00', {}],
      ['POST', '/api/admin/deployments/mf_nope/explode', { body: [] }],
      ['POST', '/api/admin/deployments/shell/rollback', { rawBody: '{' }],
    ];

    it.each(PROTECTED)('anonymous %s %s with invalid input → 401', async (method, path, options) => {
      const res = await server.request(method, path, options);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: AUTH_REQUIRED });
    });

    it.each(PROTECTED)('an invalid token on %s %s → 401', async (method, path, options) => {
      const res = await server.request(method, path, { ...options, headers: { authorization: 'Bearer not.a.token' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid or expired token' });
    });

    it.each(PROTECTED.filter(([, path]) => path.startsWith('/api/admin/')))(
      'a customer on %s %s with invalid input → 403',
      async (method, path, options) => {
        const res = await server.request(method, path, { ...options, token: world.customer.token });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: FORBIDDEN });
      },
    );

    it.each(PROTECTED.filter(([, path]) => path.startsWith('/api/admin/') || path.startsWith('/api/owner/')))(
      'a store owner on %s %s with invalid input → 403 unless it is theirs',
      async (method, path, options) => {
        const res = await server.request(method, path, { ...options, token: world.owner.token });
        const expected = path.startsWith('/api/owner/') ? 400 : 403;
        expect(res.status).toBe(expected);
        if (expected === 403) expect(res.body).toEqual({ message: FORBIDDEN });
        else expect(res.body.message).toBe('Page must be a whole number from 1 to 1000000');
      },
    );
  });
});
