/**
 * The users behind tokens, held in memory while the database's change announcements reach the server
 * (auth/signed-in-users.ts, DESIGN.md §9): an ordinary request sends only its own statements to the
 * database; a change is never missed, and a lost listener means reading every time until it is back.
 */
import { sql } from 'kysely';
import type { ListenHandlers } from '../src/db/notifications';
import { SignedInUsers } from '../src/auth/signed-in-users';
import { ENGINES, startTestServer, type TestServer } from './support/test-server';

/** A listener the test drives by hand. */
function handListener() {
  let handlers: ListenHandlers | undefined;
  return {
    listen: (_channel: string, given: ListenHandlers) => {
      handlers = given;
      return async () => undefined;
    },
    get handlers(): ListenHandlers {
      if (!handlers) throw new Error('not listening yet');
      return handlers;
    },
  };
}

describe('held users, driven by a hand-held listener (PGlite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.close();
  });

  const setRole = (id: number, role: 'normal_user' | 'store_owner') =>
    server.db.updateTable('users').set({ role }).where('id', '=', id).execute();

  it('before the listener listens, every lookup reads the database and nothing is held', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen });
    users.start();
    const user = await server.createUser('normal_user');
    expect((await users.find(user.id))?.role).toBe('normal_user');
    await setRole(user.id, 'store_owner');
    expect((await users.find(user.id))?.role).toBe('store_owner');
    expect(users.size).toBe(0);
    await users.close();
  });

  it('while listening, a user is held until the database announces a change of them', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen });
    users.start();
    listener.handlers.onListening();
    const user = await server.createUser('normal_user');
    expect((await users.find(user.id))?.role).toBe('normal_user');
    // Not announced (the hand-held listener hears nothing): the held user is answered.
    await setRole(user.id, 'store_owner');
    expect((await users.find(user.id))?.role).toBe('normal_user');
    listener.handlers.onMessage(String(user.id));
    expect((await users.find(user.id))?.role).toBe('store_owner');
    await users.close();
  });

  it('a lost listener empties what is held and every lookup reads until it listens again', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen });
    users.start();
    listener.handlers.onListening();
    const user = await server.createUser('normal_user');
    await users.find(user.id);
    expect(users.size).toBe(1);

    listener.handlers.onLost(new Error('connection reset'));
    expect(users.size).toBe(0);
    expect(users.isListening).toBe(false);
    await setRole(user.id, 'store_owner');
    expect((await users.find(user.id))?.role).toBe('store_owner');
    await setRole(user.id, 'normal_user');
    expect((await users.find(user.id))?.role).toBe('normal_user');
    expect(users.size).toBe(0);

    // Back: whatever changed while nobody listened is read afresh, then held again.
    listener.handlers.onListening();
    await setRole(user.id, 'store_owner');
    expect((await users.find(user.id))?.role).toBe('store_owner');
    expect(users.size).toBe(1);
    await users.close();
  });

  it('a read that was under way when a change was announced answers its own request but is not held', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen });
    users.start();
    listener.handlers.onListening();
    const user = await server.createUser('normal_user');
    const underWay = users.find(user.id);
    listener.handlers.onMessage(String(user.id));
    expect((await underWay)?.role).toBe('normal_user');
    expect(users.size).toBe(0);
    await setRole(user.id, 'store_owner');
    expect((await users.find(user.id))?.role).toBe('store_owner');
    await users.close();
  });

  it('holds a signed-out token id with its user, and a user that does not exist is never held', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen });
    users.start();
    listener.handlers.onListening();
    const user = await server.createUser('normal_user');
    await server.db
      .insertInto('revoked_tokens')
      .values({ jti: 'signed-out-token-0001', user_id: user.id, expires_at: new Date(Date.now() + 60_000) })
      .execute();
    expect((await users.find(user.id))?.signedOut.has('signed-out-token-0001')).toBe(true);
    expect(await users.find(2_000_000_000)).toBeUndefined();
    expect(users.size).toBe(1);
    await users.close();
  });

  it('holds at most maxEntries users, letting the longest held go first', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen }, { maxEntries: 2 });
    users.start();
    listener.handlers.onListening();
    const [a, b, c] = [
      await server.createUser('normal_user'),
      await server.createUser('normal_user'),
      await server.createUser('normal_user'),
    ];
    await users.find(a.id);
    await users.find(b.id);
    await users.find(c.id);
    expect(users.size).toBe(2);
    await setRole(a.id, 'store_owner');
    expect((await users.find(a.id))?.role).toBe('store_owner');
    await users.close();
  });

  it('settle answers at once when not listening, and after its timeout when its announcement does not come back', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen }, { settleTimeoutMs: 300 });
    users.start();
    let started = Date.now();
    await users.settle();
    expect(Date.now() - started).toBeLessThan(250);

    listener.handlers.onListening();
    started = Date.now();
    await users.settle(); // the hand-held listener hears nothing
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await users.close();
  });

  it('settle answers as soon as its own announcement comes back through the listener', async () => {
    const listener = handListener();
    const users = new SignedInUsers({ db: server.db, listen: listener.listen }, { settleTimeoutMs: 10_000 });
    users.start();
    listener.handlers.onListening();
    // The database's real announcements, handed to the hand-held listener.
    const heard: string[] = [];
    const stop = server.database.listen('user_changed', {
      onMessage: (payload) => {
        heard.push(payload);
        listener.handlers.onMessage(payload);
      },
      onListening: () => undefined,
      onLost: () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await users.settle();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(heard.some((payload) => payload.startsWith('settle:'))).toBe(true);
    await stop();
    await users.close();
  });
});

describe.each(ENGINES)('held users in the running server (%s)', (engine) => {
  let server: TestServer;
  const statements: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine, { onQuery: (query) => statements.push(query.sql) });
  });
  afterAll(async () => {
    await server.close();
  });

  const statementsOf = async (work: () => Promise<unknown>) => {
    statements.length = 0;
    await work();
    return [...statements];
  };

  it('once a user is known, a signed-in read sends only its own statement to the database', async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const customer = await server.createUser('normal_user');
    expect((await server.get(`/api/stores/${store.id}`, { token: customer.token })).status).toBe(200);
    const sent = await statementsOf(async () => {
      const res = await server.get(`/api/stores/${store.id}`, { token: customer.token });
      expect(res.status).toBe(200);
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/from "users"/);
  });

  it("a store's ratings and one's own rating of it are one statement each, found or not", async () => {
    const owner = await server.createUser('store_owner');
    const store = await server.createStore(owner.id);
    const customer = await server.createUser('normal_user');
    expect((await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 4 } })).status).toBe(201);
    for (const path of [
      `/api/stores/${store.id}/ratings`,
      `/api/ratings/user/${store.id}`,
      '/api/stores/2000000000/ratings',
      '/api/ratings/user/2000000000',
    ]) {
      await server.get(path, { token: customer.token });
      const sent = await statementsOf(() => server.get(path, { token: customer.token }));
      expect({ path, statements: sent.length }).toEqual({ path, statements: 1 });
    }
  });

  it('a sign-out through the API is refused on the very next request, and the other token of the user goes on', async () => {
    const user = await server.createUser('normal_user');
    const other = await server.signIn(user.email, user.password, 'normal_user');
    expect((await server.get('/api/auth/profile', { token: user.token })).status).toBe(200);
    expect((await server.post('/api/auth/logout', { token: user.token })).status).toBe(200);
    expect((await server.get('/api/auth/profile', { token: user.token })).status).toBe(401);
    expect((await server.get('/api/auth/profile', { token: other })).status).toBe(200);
  });

  it('a name changed in Profile is the name the next request sees', async () => {
    const user = await server.createUser('normal_user');
    expect((await server.get('/api/auth/profile', { token: user.token })).status).toBe(200);
    const changed = await server.put('/api/auth/profile', {
      token: user.token,
      body: { name: 'A Name Changed Through Profile Today', address: '1 New Street, Test City' },
    });
    expect(changed.status).toBe(200);
    const dashboard = await server.get('/api/users/dashboard', { token: user.token });
    expect(dashboard.status).toBe(200);
    expect((await server.get('/api/auth/profile', { token: user.token })).body.user.name).toBe('A Name Changed Through Profile Today');
  });

  if (engine === 'postgres') {
    it('a listener whose connection is killed comes back, and changes made after it are heard again', async () => {
      const user = await server.createUser('normal_user');
      const admin = await server.createUser('system_admin');
      await server.createUser('system_admin');
      expect((await server.get('/api/admin/dashboard', { token: admin.token })).status).toBe(200);
      const killed = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where application_name = ${`store-ratings listener user_changed ${process.pid}`}`.execute(server.db);
      expect(killed.rows[0].n).toBeGreaterThanOrEqual(1);
      // Whether or not it is back yet, the demotion is seen: held users were dropped when it was lost.
      await server.db.updateTable('users').set({ role: 'normal_user' }).where('id', '=', admin.id).execute();
      const deadline = Date.now() + 10_000;
      while (!server.app.signedInUsers.isListening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.app.signedInUsers.isListening).toBe(true);
      await server.usersSettled();
      expect((await server.get('/api/admin/dashboard', { token: admin.token })).status).toBe(403);
      // And it holds users again: a change is announced and heard.
      expect((await server.get('/api/auth/profile', { token: user.token })).status).toBe(200);
      await server.db.deleteFrom('users').where('id', '=', user.id).execute();
      await server.usersSettled();
      expect((await server.get('/api/auth/profile', { token: user.token })).status).toBe(401);
    });
  }
});
