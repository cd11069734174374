/**
 * The admin's deployments endpoints (issue 13, part 5; DESIGN.md §5): GET /api/admin/deployments
 * shows every app's releases and health from real published builds and real reports, and
 * POST /api/admin/deployments/:app/(promote|abort|rollback) changes what /remotes.json serves, through
 * the same compatibility gate as the release commands. Releases are published with the real
 * `Releases` class into a fresh releases folder before each test; the server reads the same folder.
 */
import { APP_FOLDERS, APP_LABELS, DEPLOYABLE_APPS, type RemoteApp } from 'shared-contracts';
import {
  deploymentCommandResponseSchema,
  deploymentsResponseSchema,
  type AppDeployment,
  type DeploymentsResponse,
  type RemoteHealthEvent,
} from 'shared-contracts/schemas';
import { ROLLOUT_COOKIE } from '../src/deployments/rollout';
import { browserOf, createFakeReleases, type FakeReleases } from './support/fake-builds';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const AUTH_REQUIRED = 'Authentication required';
const FORBIDDEN = 'You do not have permission to do this';

describe.each(ENGINES)('admin deployments (%s)', (engine) => {
  let fake: FakeReleases;
  let server: TestServer;
  let admin: CreatedUser;
  let customer: CreatedUser;
  let owner: CreatedUser;

  beforeAll(async () => {
    fake = createFakeReleases();
    server = await startTestServer(engine, { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
    [admin, customer, owner] = await Promise.all([
      server.createUser('system_admin'),
      server.createUser('normal_user'),
      server.createUser('store_owner'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    fake?.remove();
  });
  // Every test starts with nothing published: every app live from its own build ('dist').
  beforeEach(() => fake.clearReleases());

  async function deployments(): Promise<DeploymentsResponse> {
    const res = await server.get('/api/admin/deployments', { token: admin.token });
    expect(res.status).toBe(200);
    return deploymentsResponseSchema.parse(res.body);
  }
  const appIn = (state: DeploymentsResponse, app: string): AppDeployment => state.apps.find((a) => a.app === app)!;
  const command = (app: string, name: string, token = admin.token) =>
    server.post(`/api/admin/deployments/${app}/${name}`, { token, body: {} });
  /** The version of `app` that /remotes.json gives each of `browsers` new browsers. */
  const servedTo = async (app: RemoteApp, browsers = 10) =>
    (await Promise.all(Array.from({ length: browsers }, () => server.get('/remotes.json')))).map(
      (res) => res.body.$versions[app] as string,
    );
  /** A report from a browser the app's canary (if any) was served to: its events about the canary count. */
  const report = (events: RemoteHealthEvent[]) => {
    const app = events[0]!.app as RemoteApp;
    const canary = fake.releases.canary(app);
    const headers: Record<string, string> = canary ? { cookie: `${ROLLOUT_COOKIE}=${browserOf(app, canary)}` } : {};
    return server.post('/api/telemetry/remote-health', { body: { events }, headers });
  };

  describe('who may call them', () => {
    it.each([
      ['GET', '/api/admin/deployments'],
      ['POST', '/api/admin/deployments/mf_owner/abort'],
    ])('%s %s: anonymous 401, a customer or a store owner 403, the admin 200', async (method, path) => {
      fake.publishRemote('mf_owner', 'owner-2', { canaryPercent: 30 });
      expect(await server.request(method, path)).toMatchObject({ status: 401, body: { message: AUTH_REQUIRED } });
      expect(await server.request(method, path, { token: customer.token })).toMatchObject({ status: 403, body: { message: FORBIDDEN } });
      expect(await server.request(method, path, { token: owner.token })).toMatchObject({ status: 403, body: { message: FORBIDDEN } });
      // The refused calls changed nothing.
      expect(fake.releases.canary('mf_owner')).toMatchObject({ version: 'owner-2' });
      expect((await server.request(method, path, { token: admin.token })).status).toBe(200);
    });
  });

  describe('GET /api/admin/deployments', () => {
    it('lists every deployable app in order, with nothing published: each live from its own build', async () => {
      const state = await deployments();
      expect(state.apps.map((a) => a.app)).toEqual([...DEPLOYABLE_APPS]);
      expect(state.canaryPolicy).toEqual({ maxFailureRate: 0.2, minLoads: 20 });
      expect(Date.parse(state.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
      for (const app of state.apps) {
        expect(app).toMatchObject({
          label: APP_LABELS[app.app],
          folder: APP_FOLDERS[app.app],
          live: { version: 'dist', since: null },
          canary: null,
          rollbackTo: null,
          history: [],
        });
        expect(app.versions.map((v) => [v.version, v.channel])).toEqual([['dist', 'live']]);
      }
    });

    it('shows the live version, the canary and its share, the rollback target, each version with its reported figures, and the history newest first', async () => {
      fake.publishRemote('mf_stores', 'stores-1');
      fake.publishRemote('mf_stores', 'stores-2', { canaryPercent: 25 });
      const events: RemoteHealthEvent[] = [
        ...Array.from({ length: 5 }, (): RemoteHealthEvent => ({ app: 'mf_stores', version: 'stores-1', kind: 'load', renderMs: 300 })),
        ...Array.from({ length: 2 }, (): RemoteHealthEvent => ({ app: 'mf_stores', version: 'stores-2', kind: 'load', renderMs: 90 })),
        { app: 'mf_stores', version: 'stores-2', kind: 'load_failure', reason: 'timeout' },
        { app: 'mf_stores', version: 'dist', kind: 'load', renderMs: 1_000 },
      ];
      expect((await report(events)).status).toBe(204);

      const stores = appIn(await deployments(), 'mf_stores');
      expect(stores.live).toEqual({ version: 'stores-1', since: expect.any(String) });
      expect(stores.canary).toEqual({ version: 'stores-2', percent: 25, since: expect.any(String) });
      expect(stores.rollbackTo).toBe('dist');
      expect(stores.versions.map((v) => [v.version, v.channel, v.lastHour.loads, v.lastHour.loadFailures, v.lastDay.loads])).toEqual([
        ['stores-1', 'live', 5, 0, 5],
        ['stores-2', 'canary', 2, 1, 2],
        ['dist', 'earlier', 1, 0, 1],
      ]);
      expect(stores.versions[1]!.lastHour).toMatchObject({ failureRate: 1 / 3, medianRenderMs: 88 });
      expect(stores.history.map((h) => [h.action, h.version, h.previousVersion, h.by])).toEqual([
        ['canary', 'stores-2', 'stores-1', 'test:setup'],
        ['publish', 'stores-1', 'dist', 'test:setup'],
      ]);
      expect(stores.history[0]!.note).toBe('live for 25% of browsers');
      // The other apps are untouched.
      expect(appIn(await deployments(), 'mf_auth').history).toEqual([]);
    });

    it("keeps the 20 newest entries of each app's history", async () => {
      for (let i = 1; i <= 22; i += 1) fake.publishRemote('mf_owner', `owner-canary-${i}`, { canaryPercent: 10 });
      const history = appIn(await deployments(), 'mf_owner').history;
      expect(history).toHaveLength(20);
      expect(history.map((h) => h.version)).toEqual(Array.from({ length: 20 }, (_, i) => `owner-canary-${22 - i}`));
    });
  });

  describe('POST /api/admin/deployments/:app/:command', () => {
    it('promote makes the canary live for every browser, and answers the app as it now is', async () => {
      fake.publishRemote('mf_auth', 'auth-2', { canaryPercent: 50 });
      expect(new Set(await servedTo('mf_auth', 24))).toEqual(new Set(['dist', 'auth-2']));

      const res = await command('mf_auth', 'promote');
      expect(res.status).toBe(200);
      const answer = deploymentCommandResponseSchema.parse(res.body);
      expect(answer.message).toBe('mf_auth auth-2 is live for everyone');
      expect(answer.app).toMatchObject({ app: 'mf_auth', live: { version: 'auth-2' }, canary: null, rollbackTo: 'dist' });
      expect(answer.app.history[0]).toMatchObject({
        action: 'promote',
        version: 'auth-2',
        previousVersion: 'dist',
        by: `admin:${admin.email}`,
      });
      expect(answer.app).toEqual(appIn(await deployments(), 'mf_auth'));

      expect(await servedTo('mf_auth')).toEqual(Array(10).fill('auth-2'));
      expect((await server.get('/remotes.json')).body.mf_auth).toBe('/releases/mf-auth/auth-2/mf-manifest.json');
    });

    it('abort ends the canary: every browser gets the live version again', async () => {
      fake.publishRemote('mf_customer', 'customer-2', { canaryPercent: 99 });
      expect(await servedTo('mf_customer')).toContain('customer-2');

      const res = await command('mf_customer', 'abort');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('the canary customer-2 of mf_customer is ended; dist is live for everyone');
      expect(res.body.app).toMatchObject({ live: { version: 'dist' }, canary: null });
      expect(res.body.app.history[0]).toMatchObject({ action: 'abort', version: 'customer-2', by: `admin:${admin.email}`, note: null });
      expect(await servedTo('mf_customer')).toEqual(Array(10).fill('dist'));
    });

    it('rollback makes the version live before the current one live again', async () => {
      fake.publishRemote('mf_admin', 'admin-1');
      fake.publishRemote('mf_admin', 'admin-2');
      expect(await servedTo('mf_admin', 3)).toEqual(Array(3).fill('admin-2'));

      const res = await command('mf_admin', 'rollback');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('mf_admin admin-1 is live again (was admin-2)');
      expect(res.body.app).toMatchObject({ live: { version: 'admin-1' }, rollbackTo: 'dist' });
      expect(res.body.app.history[0]).toMatchObject({
        action: 'rollback',
        version: 'admin-1',
        previousVersion: 'admin-2',
        by: `admin:${admin.email}`,
      });
      expect(await servedTo('mf_admin', 3)).toEqual(Array(3).fill('admin-1'));
    });

    it('a rollback the gate refuses answers 409 naming each unmet package, and changes nothing', async () => {
      // A shell providing newer packages, then a remote that needs them: the older shell cannot come back.
      // React is the same in both, so it is not named.
      const provides = { 'react-hot-toast': '2.7.0', 'shared-contracts': '1.2.0' };
      fake.releases.publish('shell', { from: fake.shellBuild('shell-next', { provides }), version: 'shell-next', by: 'test:setup' });
      fake.publishRemote('mf_stores', 'stores-next', { requires: { 'react-hot-toast': '^2.7.0', 'shared-contracts': '^1.2.0' } });

      const res = await command('shell', 'rollback');
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: 'The compatibility gate refused this release',
        errors: [
          {
            field: 'react-hot-toast',
            message: 'the live mf_stores stores-next needs react-hot-toast ^2.7.0; the shell dist provides 2.6.1',
          },
          {
            field: 'shared-contracts',
            message: 'the live mf_stores stores-next needs shared-contracts ^1.2.0; the shell dist provides 1.1.0',
          },
        ],
      });
      const state = await deployments();
      expect(appIn(state, 'shell')).toMatchObject({ live: { version: 'shell-next' }, rollbackTo: 'dist' });
      expect(appIn(state, 'shell').history[0]!.action).toBe('publish');
      expect((await server.get('/remotes.json')).body.$versions.shell).toBe('shell-next');
    });

    it.each([
      ['promote', 'mf_stores', 'mf_stores has no canary to promote'],
      ['abort', 'mf_stores', 'mf_stores has no canary to abort'],
      ['rollback', 'mf_stores', 'nothing to roll back to: mf-stores has no earlier published version'],
    ])('%s of %s with nothing to do answers 409 with the reason', async (name, app, message) => {
      const res = await command(app, name);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message });
    });

    it.each([
      ['an unknown app', '/api/admin/deployments/mf_nope/promote', 'app'],
      ['an app by its folder name', '/api/admin/deployments/mf-stores/promote', 'app'],
      ['an unknown command', '/api/admin/deployments/mf_stores/publish', 'command'],
    ])("%s answers 400 in the API's error shape", async (_label, path, field) => {
      const res = await server.post(path, { token: admin.token, body: {} });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String), errors: [{ field, message: expect.any(String) }] });
    });

    it("a path with a missing part is a 404 in the API's error shape", async () => {
      const res = await server.post('/api/admin/deployments/mf_stores', { token: admin.token, body: {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Route not found' });
    });
  });
});
