/**
 * Bearer tokens (DESIGN.md §9): HS256 pinned, `exp` and `nbf` checked, a token stops working when its user is
 * deleted or changes their password, and the role is read from the database on every request.
 * Every rejected token is a 401 with a message, never a 500 and never a hint of what was wrong.
 */
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ENGINES, startTestServer, type TestServer, TEST_JWT_SECRET } from './support/test-server';

const AUTH_REQUIRED = { message: 'Authentication required' };
const INVALID_TOKEN = { message: 'Invalid or expired token' };
const FORBIDDEN = { message: 'You do not have permission to do this' };
const PROFILE = '/api/auth/profile';

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token with the claims the API issues (sub = user id, tv = token version), signed as asked. */
function forgeToken(
  claims: { sub: string; tv: number; exp?: number; iat?: number; nbf?: number },
  secret: string = TEST_JWT_SECRET,
  algorithm: jwt.Algorithm = 'HS256',
): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ iat: now, exp: now + 3600, jti: randomBytes(16).toString('base64url'), ...claims }, secret, { algorithm });
}

describe.each(ENGINES)('tokens and revocation (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  async function tokenVersionOf(userId: number): Promise<number> {
    const row = await server.db.selectFrom('users').select('token_version').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.token_version;
  }

  describe('missing or malformed credentials', () => {
    it('answers a request without Authorization with 401 "Authentication required"', async () => {
      const res = await server.get(PROFILE);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(AUTH_REQUIRED);
    });

    it.each([
      ['a garbage bearer token', 'Bearer garbage'],
      ['a garbage three-part bearer token', 'Bearer aaa.bbb.ccc'],
      ['a Basic credential', 'Basic dXNlcjpwYXNzd29yZA=='],
      ['"Basic xxx"', 'Basic xxx'],
      ['"Bearer" with no token', 'Bearer'],
      ['two tokens in one header', 'Bearer aaa.bbb.ccc aaa.bbb.ccc'],
    ])('answers %s with 401 "Invalid or expired token"', async (_label, authorization) => {
      const res = await server.get(PROFILE, { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('accepts the scheme name in any case ("bearer")', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.get(PROFILE, { headers: { authorization: `bearer ${user.token}` } });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(user.id);
    });

    it('answers a valid token sent with the Basic scheme with 401', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.get(PROFILE, { headers: { authorization: `Basic ${user.token}` } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('accepts the valid token itself (the control case for the forgeries below)', async () => {
      const user = await server.createUser('normal_user');
      const res = await server.get(PROFILE, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(user.id);
    });
  });

  describe('forged and expired tokens', () => {
    it('rejects a token signed with another secret', async () => {
      const user = await server.createUser('normal_user');
      const token = forgeToken(
        { sub: String(user.id), tv: await tokenVersionOf(user.id) },
        'another-secret-that-is-long-enough-for-hs256-9876543210',
      );
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('rejects an unsigned token with alg "none"', async () => {
      const user = await server.createUser('system_admin');
      const now = Math.floor(Date.now() / 1000);
      const header = base64url({ alg: 'none', typ: 'JWT' });
      const payload = base64url({ sub: String(user.id), tv: await tokenVersionOf(user.id), iat: now, exp: now + 3600 });
      for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
        const res = await server.get('/api/admin/dashboard', { token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      }
    });

    it('rejects an alg "none" token carrying a copied signature', async () => {
      const user = await server.createUser('normal_user');
      const [, payload, signature] = user.token.split('.');
      const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`;
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it.each(['HS384', 'HS512'] as const)(
      'rejects a %s token signed with the right secret (algorithm pinned to HS256)',
      async (algorithm) => {
        const user = await server.createUser('normal_user');
        const token = forgeToken({ sub: String(user.id), tv: await tokenVersionOf(user.id) }, TEST_JWT_SECRET, algorithm);
        const res = await server.get(PROFILE, { token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      },
    );

    it('rejects an RS256 token signed with a private key of its own (algorithm pinned to HS256)', async () => {
      const user = await server.createUser('system_admin');
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const now = Math.floor(Date.now() / 1000);
      const token = jwt.sign({ sub: String(user.id), tv: await tokenVersionOf(user.id), iat: now, exp: now + 3600 }, privateKey, {
        algorithm: 'RS256',
      });
      for (const path of [PROFILE, '/api/admin/dashboard']) {
        const res = await server.get(path, { token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      }
    });

    it('rejects a token whose payload was changed to another user (sub), signature kept', async () => {
      const customer = await server.createUser('normal_user');
      const admin = await server.createUser('system_admin');
      const [header, payload, signature] = customer.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      expect(claims.sub).toBe(String(customer.id));
      const tampered = `${header}.${base64url({ ...claims, sub: String(admin.id) })}.${signature}`;
      for (const path of [PROFILE, '/api/admin/dashboard']) {
        const res = await server.get(path, { token: tampered });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      }
    });

    it('rejects a token whose expiry was pushed back, signature kept', async () => {
      const user = await server.createUser('normal_user');
      const [header, payload, signature] = user.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const tampered = `${header}.${base64url({ ...claims, exp: claims.exp + 86_400 })}.${signature}`;
      const res = await server.get(PROFILE, { token: tampered });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('rejects an expired token', async () => {
      const user = await server.createUser('normal_user');
      const now = Math.floor(Date.now() / 1000);
      const token = forgeToken({ sub: String(user.id), tv: await tokenVersionOf(user.id), iat: now - 7200, exp: now - 60 });
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('rejects a correctly signed token that is not yet valid (nbf in the future); the same token with nbf passed works', async () => {
      const user = await server.createUser('normal_user');
      const now = Math.floor(Date.now() / 1000);
      const tv = await tokenVersionOf(user.id);
      const early = forgeToken({ sub: String(user.id), tv, nbf: now + 3600 });
      for (const [method, path, body] of [
        ['GET', PROFILE, undefined],
        ['PUT', PROFILE, { name: 'Not Yet Valid Token Holder', address: '1 Early Road' }],
      ] as const) {
        const res = await server.request(method, path, { token: early, body });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      }
      // The control: nbf is what refused it.
      const ready = forgeToken({ sub: String(user.id), tv, nbf: now - 60 });
      expect((await server.get(PROFILE, { token: ready })).status).toBe(200);
    });

    it('rejects a correctly signed token whose nbf is not a number', async () => {
      const user = await server.createUser('normal_user');
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        sub: String(user.id),
        tv: await tokenVersionOf(user.id),
        iat: now,
        exp: now + 3600,
        jti: randomBytes(16).toString('base64url'),
      };
      // jsonwebtoken will not sign such a claim: signed by hand.
      const signHs256 = (payload: unknown) => {
        const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
        return `${unsigned}.${createHmac('sha256', TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
      };
      const res = await server.get(PROFILE, { token: signHs256({ ...claims, nbf: 'soon' }) });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
      // The control: signed the same way with a numeric nbf that has passed, it works.
      expect((await server.get(PROFILE, { token: signHs256({ ...claims, nbf: now - 60 }) })).status).toBe(200);
    });

    it('rejects a correctly signed token without an expiry', async () => {
      const user = await server.createUser('normal_user');
      const token = jwt.sign({ sub: String(user.id), tv: await tokenVersionOf(user.id) }, TEST_JWT_SECRET, { algorithm: 'HS256' });
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it.each([
      ['a non-numeric sub', { sub: 'admin', tv: 0 }],
      ['sub 0', { sub: '0', tv: 0 }],
      ['a negative sub', { sub: '-1', tv: 0 }],
      ['a sub beyond any integer id', { sub: '99999999999999999999', tv: 0 }],
      ['a sub just past the database integer range', { sub: '2147483648', tv: 0 }],
      ['a string token version', { sub: '1', tv: '0' }],
      ['no token version', { sub: '1' }],
    ])('rejects a correctly signed token with %s, without a 500', async (_label, claims) => {
      const now = Math.floor(Date.now() / 1000);
      const token = jwt.sign({ iat: now, exp: now + 3600, ...claims }, TEST_JWT_SECRET, { algorithm: 'HS256' });
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('rejects a correctly signed token for an id that never existed', async () => {
      const token = forgeToken({ sub: '2000000000', tv: 0 });
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('rejects a correctly signed token carrying a token version the user does not have', async () => {
      const user = await server.createUser('normal_user');
      const token = forgeToken({ sub: String(user.id), tv: (await tokenVersionOf(user.id)) + 1 });
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });
  });

  describe('revocation', () => {
    it('rejects a correctly signed token without an id of its own (jti): it could never be signed out', async () => {
      const user = await server.createUser('normal_user');
      const now = Math.floor(Date.now() / 1000);
      const token = jwt.sign({ sub: String(user.id), tv: await tokenVersionOf(user.id), iat: now, exp: now + 3600 }, TEST_JWT_SECRET, {
        algorithm: 'HS256',
      });
      const res = await server.get(PROFILE, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('a signed-out token is refused for reads and writes; another token of the same user goes on; the row goes once the token has expired', async () => {
      const user = await server.createUser('normal_user');
      const other = forgeToken({ sub: String(user.id), tv: await tokenVersionOf(user.id) });
      const out = await server.post('/api/auth/logout', { token: user.token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'Logged out successfully' });
      expect(out.headers.get('cache-control')).toBe('no-store');
      for (const [method, path, body] of [
        ['GET', PROFILE, undefined],
        ['PUT', PROFILE, { name: 'Signed Out User Name', address: 'Nowhere' }],
        ['POST', '/api/auth/logout', undefined],
      ] as const) {
        const res = await server.request(method, path, { token: user.token, body });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      }
      expect((await server.get(PROFILE, { token: other })).status).toBe(200);

      // An expired signed-out token is pruned at the next sign-out.
      await server.db
        .updateTable('revoked_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', user.id)
        .execute();
      expect((await server.post('/api/auth/logout', { token: other })).status).toBe(200);
      const left = await server.db.selectFrom('revoked_tokens').select('expires_at').where('user_id', '=', user.id).execute();
      expect(left).toHaveLength(1);
      expect(left[0].expires_at.getTime()).toBeGreaterThan(Date.now());
    });

    it('rejects the token of a user deleted straight from the database, once the database has announced it', async () => {
      const user = await server.createUser('normal_user');
      expect((await server.get(PROFILE, { token: user.token })).status).toBe(200);
      await server.db.deleteFrom('users').where('id', '=', user.id).execute();
      // Changed behind the API's back: the server hears of it through the database's announcement.
      await server.usersSettled();
      const res = await server.get(PROFILE, { token: user.token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
    });

    it('rejects the token of a user an admin deleted through the API', async () => {
      const admin = await server.createUser('system_admin');
      const victim = await server.createUser('normal_user');
      const deleted = await server.del(`/api/admin/users/${victim.id}`, { token: admin.token });
      expect(deleted.status).toBe(200);
      for (const [method, path] of [
        ['GET', PROFILE],
        ['GET', '/api/users/dashboard'],
        ['GET', '/api/stores'],
      ] as const) {
        const res = await server.request(method, path, { token: victim.token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      }
    });

    it('rejects every token issued before a password change; the token from the change keeps working', async () => {
      const user = await server.createUser('normal_user');
      const signedInToken = await server.signIn(user.email, user.password, 'normal_user');
      const change = await server.put('/api/auth/password', {
        token: user.token,
        body: { currentPassword: user.password, newPassword: 'Changed@123' },
      });
      expect(change.status).toBe(200);
      const newToken: string = change.body.token;

      for (const old of [user.token, signedInToken]) {
        const res = await server.get(PROFILE, { token: old });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_TOKEN);
      }
      const again = await server.put('/api/auth/password', {
        token: user.token,
        body: { currentPassword: 'Changed@123', newPassword: 'Another@123' },
      });
      expect(again.status).toBe(401);

      const res = await server.get(PROFILE, { token: newToken });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(user.id);
      // A fresh sign-in with the new password also works.
      const fresh = await server.signIn(user.email, 'Changed@123', 'normal_user');
      expect((await server.get(PROFILE, { token: fresh })).status).toBe(200);
    });

    it('rejects a token from before a password change on writes too (POST, PUT and DELETE of ratings), changing nothing', async () => {
      const owner = await server.createUser('store_owner');
      const store = await server.createStore(owner.id);
      const rated = await server.createStore(owner.id);
      const user = await server.createUser('normal_user');
      const first = await server.post(`/api/ratings/${rated.id}`, { token: user.token, body: { rating: 4, comment: 'Before the change' } });
      expect(first.status).toBe(201);
      const ratingId: number = first.body.rating.id;

      const change = await server.put('/api/auth/password', {
        token: user.token,
        body: { currentPassword: user.password, newPassword: 'Changed@123' },
      });
      expect(change.status).toBe(200);

      for (const [method, path, body] of [
        ['POST', `/api/ratings/${store.id}`, { rating: 1 }],
        ['POST', `/api/ratings/${rated.id}`, { rating: 1 }],
        ['PUT', `/api/ratings/${ratingId}`, { rating: 1 }],
        ['DELETE', `/api/ratings/${ratingId}`, undefined],
      ] as const) {
        const res = await server.request(method, path, { token: user.token, body });
        expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 401, body: INVALID_TOKEN });
      }
      const rows = await server.db
        .selectFrom('ratings')
        .select(['id', 'store_id', 'rating', 'comment'])
        .where('user_id', '=', user.id)
        .execute();
      expect(rows.map((r) => ({ ...r, rating: Number(r.rating) }))).toEqual([
        { id: ratingId, store_id: rated.id, rating: 4, comment: 'Before the change' },
      ]);
      // The token from the change writes.
      expect((await server.post(`/api/ratings/${store.id}`, { token: change.body.token, body: { rating: 5 } })).status).toBe(201);
    });

    it("rejects a deleted user's token on writes too: POST /api/ratings/:storeId is a 401 and writes nothing", async () => {
      const admin = await server.createUser('system_admin');
      const owner = await server.createUser('store_owner');
      const store = await server.createStore(owner.id);
      const victim = await server.createUser('normal_user');
      expect((await server.del(`/api/admin/users/${victim.id}`, { token: admin.token })).status).toBe(200);
      const res = await server.post(`/api/ratings/${store.id}`, { token: victim.token, body: { rating: 5 } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_TOKEN);
      expect(await server.db.selectFrom('ratings').select('id').where('store_id', '=', store.id).execute()).toEqual([]);
    });

    it('rejects the token of the first change after a second change', async () => {
      const user = await server.createUser('normal_user');
      const first = await server.put('/api/auth/password', {
        token: user.token,
        body: { currentPassword: user.password, newPassword: 'First@123' },
      });
      expect(first.status).toBe(200);
      const second = await server.put('/api/auth/password', {
        token: first.body.token,
        body: { currentPassword: 'First@123', newPassword: 'Second@123' },
      });
      expect(second.status).toBe(200);
      expect((await server.get(PROFILE, { token: first.body.token })).status).toBe(401);
      expect((await server.get(PROFILE, { token: second.body.token })).status).toBe(200);
    });

    it("leaves other users' tokens working after one user's password change", async () => {
      const changer = await server.createUser('normal_user');
      const bystander = await server.createUser('normal_user');
      const change = await server.put('/api/auth/password', {
        token: changer.token,
        body: { currentPassword: changer.password, newPassword: 'Changed@123' },
      });
      expect(change.status).toBe(200);
      expect((await server.get(PROFILE, { token: bystander.token })).status).toBe(200);
    });
  });

  describe('the role as the database has it now, on the next request', () => {
    it('an admin demoted straight in the database loses /api/admin/dashboard once the database has announced it (403)', async () => {
      const admin = await server.createUser('system_admin');
      // Another admin, so the demoted one is not the last (not that the database would care).
      await server.createUser('system_admin');
      const before = await server.get('/api/admin/dashboard', { token: admin.token });
      expect(before.status).toBe(200);

      await server.db.updateTable('users').set({ role: 'normal_user' }).where('id', '=', admin.id).execute();
      await server.usersSettled();
      const after = await server.get('/api/admin/dashboard', { token: admin.token });
      expect(after.status).toBe(403);
      expect(after.body).toEqual(FORBIDDEN);
      // The same token still signs the user in, now as a customer.
      const profile = await server.get(PROFILE, { token: admin.token });
      expect(profile.status).toBe(200);
      expect(profile.body.user.role).toBe('normal_user');
    });

    it('a customer promoted straight in the database gains /api/admin/dashboard once the database has announced it', async () => {
      const customer = await server.createUser('normal_user');
      const before = await server.get('/api/admin/dashboard', { token: customer.token });
      expect(before.status).toBe(403);
      expect(before.body).toEqual(FORBIDDEN);

      await server.db.updateTable('users').set({ role: 'system_admin' }).where('id', '=', customer.id).execute();
      await server.usersSettled();
      const after = await server.get('/api/admin/dashboard', { token: customer.token });
      expect(after.status).toBe(200);
      expect(after.body).toHaveProperty('statistics');
    });

    it('a store owner demoted by an admin through the API loses /api/owner/dashboard at once', async () => {
      const admin = await server.createUser('system_admin');
      const owner = await server.createUser('store_owner');
      expect((await server.get('/api/owner/dashboard', { token: owner.token })).status).toBe(200);

      const updated = await server.put(`/api/admin/users/${owner.id}`, {
        token: admin.token,
        body: { name: owner.name, email: owner.email, address: '1 Owner Street', role: 'normal_user' },
      });
      expect(updated.status).toBe(200);
      const res = await server.get('/api/owner/dashboard', { token: owner.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    });
  });
});
