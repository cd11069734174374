/**
 * Remote health (issue 13, part 4; DESIGN.md §5): the shell's reports through
 * POST /api/telemetry/remote-health, as a browser sends them (anonymous, application/json from
 * navigator.sendBeacon), and what the admin then sees at GET /api/admin/deployments; the limits of
 * the endpoint (body size, validation, throttling per address); pruning of old minutes; and the
 * health monitor aborting a canary above the failure threshold once it has the minimum number of
 * load attempts (the configuration's defaults here: more than 20% of at least 20 attempts); and the
 * settings read from the environment.
 */
import { REMOTE_HEALTH_MAX_BODY_BYTES, REMOTE_HEALTH_MAX_EVENTS, type RemoteApp } from 'shared-contracts';
import { deploymentsResponseSchema, type AppDeployment, type DeploymentsResponse, type RemoteHealthEvent } from 'shared-contracts/schemas';
import { ConfigError, loadConfig, REMOTE_HEALTH_DEFAULTS } from '../src/config';
import { RemoteHealthStore } from '../src/deployments/health-store';
import { ROLLOUT_COOKIE } from '../src/deployments/rollout';
import { browserOf, createFakeReleases, type FakeReleases } from './support/fake-builds';
import { type CreatedUser, ENGINES, type HttpResult, startTestServer, type TestServer } from './support/test-server';

const PATH = '/api/telemetry/remote-health';

const loads = (app: RemoteHealthEvent['app'], version: string, n: number, renderMs = 200): RemoteHealthEvent[] =>
  Array.from({ length: n }, () => ({ app, version, kind: 'load', renderMs }));
const loadFailures = (
  app: RemoteHealthEvent['app'],
  version: string,
  n: number,
  reason: RemoteHealthEvent['reason'] = 'not_found',
): RemoteHealthEvent[] => Array.from({ length: n }, () => ({ app, version, kind: 'load_failure', reason }));

/**
 * Sends a report as the shell's beacon does: no token, a JSON Blob (content type application/json),
 * and the browser's rollout cookie when it has one.
 */
function report(
  server: TestServer,
  events: RemoteHealthEvent[],
  options: { contentType?: string; token?: string; browser?: string } = {},
): Promise<HttpResult> {
  return server.post(PATH, {
    rawBody: JSON.stringify({ events }),
    contentType: options.contentType ?? 'application/json',
    token: options.token,
    ...(options.browser ? { headers: { cookie: `${ROLLOUT_COOKIE}=${options.browser}` } } : {}),
  });
}

async function deployments(server: TestServer, admin: CreatedUser): Promise<DeploymentsResponse> {
  const res = await server.get('/api/admin/deployments', { token: admin.token });
  expect(res.status).toBe(200);
  return deploymentsResponseSchema.parse(res.body);
}

const appIn = (state: DeploymentsResponse, app: string): AppDeployment => state.apps.find((a) => a.app === app)!;

async function storedRows(server: TestServer, app: string, version: string) {
  return server.db.selectFrom('remote_health').selectAll().where('app', '=', app).where('version', '=', version).execute();
}

describe.each(ENGINES)('remote health (%s)', (engine) => {
  let fake: FakeReleases;
  let server: TestServer;
  let admin: CreatedUser;

  beforeAll(async () => {
    fake = createFakeReleases();
    server = await startTestServer(engine, { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
    admin = await server.createUser('system_admin');
  });
  afterAll(async () => {
    await server?.close();
    fake?.remove();
  });

  describe('reports', () => {
    it('a report is stored and shows in the admin figures of that version, in the last hour, the last day and the current hour', async () => {
      const events = [
        ...loads('mf_auth', 'dist', 3),
        ...loadFailures('mf_auth', 'dist', 1, 'timeout'),
        { app: 'mf_auth', version: 'dist', kind: 'render_error' } as const,
      ];
      expect((await report(server, events)).status).toBe(204);

      const auth = appIn(await deployments(server, admin), 'mf_auth');
      const live = auth.versions.find((v) => v.version === 'dist')!;
      expect(live.channel).toBe('live');
      const expected = { loads: 3, loadFailures: 1, renderErrors: 1, failureRate: 2 / 4, medianRenderMs: expect.any(Number) };
      expect(live.lastHour).toEqual(expected);
      expect(live.lastDay).toEqual(expected);
      expect(live.hourly).toHaveLength(24);
      expect(live.hourly.at(-1)).toEqual({ hour: expect.any(String), loads: 3, failures: 2 });
      expect(live.hourly.slice(0, -1).every((point) => point.loads === 0 && point.failures === 0)).toBe(true);
    });

    it('the hourly points are the start of each of the last 24 hours (UTC), oldest first', async () => {
      const live = appIn(await deployments(server, admin), 'mf_auth').versions[0]!;
      const hours = live.hourly.map((point) => Date.parse(point.hour));
      const current = Math.floor(Date.now() / 3_600_000) * 3_600_000;
      expect(hours).toEqual(Array.from({ length: 24 }, (_, i) => current - (23 - i) * 3_600_000));
    });

    it('a version nothing reported on has zero figures, no failure rate and no median', async () => {
      const customer = appIn(await deployments(server, admin), 'mf_customer');
      expect(customer.versions).toEqual([
        {
          version: 'dist',
          channel: 'live',
          lastHour: { loads: 0, loadFailures: 0, renderErrors: 0, failureRate: null, medianRenderMs: null },
          lastDay: { loads: 0, loadFailures: 0, renderErrors: 0, failureRate: null, medianRenderMs: null },
          hourly: expect.any(Array),
        },
      ]);
    });

    it('the median time to first render and the failure rate come out right', async () => {
      // Three loads in the 100–150 ms bin and one in 1000–1500 ms: the middle (the 2nd of 4) lies 2/3
      // into the first bin, so 100 + 50 × 2/3 ≈ 133. Failures: (1 load failure + 1 render error) / (4 + 1).
      const events: RemoteHealthEvent[] = [
        ...[120, 130, 140, 1_200].map((renderMs): RemoteHealthEvent => ({ app: 'mf_owner', version: 'dist', kind: 'load', renderMs })),
        { app: 'mf_owner', version: 'dist', kind: 'load_failure', reason: 'server_error' },
        { app: 'mf_owner', version: 'dist', kind: 'render_error' },
      ];
      expect((await report(server, events)).status).toBe(204);
      const live = appIn(await deployments(server, admin), 'mf_owner').versions[0]!;
      expect(live.lastHour).toEqual({ loads: 4, loadFailures: 1, renderErrors: 1, failureRate: 0.4, medianRenderMs: 133 });
    });

    it('reports of the same minute add up in one row per app and version, time bins included', async () => {
      expect((await report(server, loads('shell', 'dist', 2, 40))).status).toBe(204);
      expect((await report(server, [...loads('shell', 'dist', 3, 2_500), ...loadFailures('shell', 'dist', 2, 'network')])).status).toBe(
        204,
      );
      const rows = await storedRows(server, 'shell', 'dist');
      // Two minutes at most if the reports straddled a minute's end.
      expect(rows.reduce((sum, row) => sum + row.loads, 0)).toBe(5);
      expect(rows.reduce((sum, row) => sum + row.failed_network, 0)).toBe(2);
      if (rows.length === 1) {
        expect(rows[0]!.render_ms_bins.reduce((sum, n) => sum + n, 0)).toBe(5);
        expect(rows[0]!.load_failures).toBe(2);
      }
      const shell = appIn(await deployments(server, admin), 'shell').versions[0]!;
      // 2 loads at 40 ms (30–50 bin), 3 at 2.5 s (2000–3000 bin): the middle (2.5th) is half into the latter.
      expect(shell.lastHour).toMatchObject({ loads: 5, loadFailures: 2, medianRenderMs: 2_167 });
    });

    it('events of versions the releases do not know are dropped; the others of the report are stored', async () => {
      const res = await report(server, [...loads('mf_admin', 'never-published', 4), ...loads('mf_admin', 'dist', 1)]);
      expect(res.status).toBe(204);
      expect(await storedRows(server, 'mf_admin', 'never-published')).toEqual([]);
      const admin_ = appIn(await deployments(server, admin), 'mf_admin');
      expect(admin_.versions.map((v) => [v.version, v.lastHour.loads])).toEqual([['dist', 1]]);
    });

    it('anyone may send a report: no token, or a token that is not valid (it is not checked)', async () => {
      expect((await report(server, loads('mf_stores', 'dist', 1))).status).toBe(204);
      expect((await report(server, loads('mf_stores', 'dist', 1), { token: 'not.a.token' })).status).toBe(204);
      expect((await storedRows(server, 'mf_stores', 'dist')).reduce((sum, row) => sum + row.loads, 0)).toBe(2);
    });

    it('the JSON Blob of navigator.sendBeacon (application/json, with or without a charset) is read; text/plain is refused', async () => {
      expect((await report(server, loads('mf_stores', 'dist', 1), { contentType: 'application/json;charset=UTF-8' })).status).toBe(204);
      const text = await report(server, loads('mf_stores', 'dist', 1), { contentType: 'text/plain;charset=UTF-8' });
      expect(text.status).toBe(415);
      expect(text.body).toEqual({ message: expect.any(String) });
    });

    it(`a body over ${REMOTE_HEALTH_MAX_BODY_BYTES} bytes is refused with 413 in the API's error shape`, async () => {
      const body = JSON.stringify({ events: loads('mf_stores', 'dist', 1) }).replace('{', `{${' '.repeat(REMOTE_HEALTH_MAX_BODY_BYTES)}`);
      const res = await server.post(PATH, { rawBody: body });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'Request body is too large' });
    });

    it.each([
      ['malformed JSON', '{"events": [', undefined],
      ['no events', JSON.stringify({ events: [] }), 'events'],
      [
        `more than ${REMOTE_HEALTH_MAX_EVENTS} events`,
        JSON.stringify({ events: loads('mf_stores', 'dist', REMOTE_HEALTH_MAX_EVENTS + 1) }),
        'events',
      ],
      ['an unknown app', JSON.stringify({ events: [{ app: 'mf_nope', version: 'dist', kind: 'load' }] }), 'events.0.app'],
      ['an unknown kind', JSON.stringify({ events: [{ app: 'mf_stores', version: 'dist', kind: 'crash' }] }), 'events.0.kind'],
      [
        'a negative time to first render',
        JSON.stringify({ events: [{ app: 'mf_stores', version: 'dist', kind: 'load', renderMs: -1 }] }),
        'events.0.renderMs',
      ],
      [
        'an unknown failure reason',
        JSON.stringify({ events: [{ app: 'mf_stores', version: 'dist', kind: 'load_failure', reason: 'gremlins' }] }),
        'events.0.reason',
      ],
      ['an extra field', JSON.stringify({ events: [{ app: 'mf_stores', version: 'dist', kind: 'load', user: 'x' }] }), 'events.0'],
    ])('a report with %s is refused with 400 and stores nothing', async (_label, body, field) => {
      const before = await storedRows(server, 'mf_stores', 'dist');
      const res = await server.post(PATH, { rawBody: body });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      if (field) expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await storedRows(server, 'mf_stores', 'dist')).toEqual(before);
    });
  });

  describe('the health monitor', () => {
    const canaryOf = async (app: RemoteApp) => appIn(await deployments(server, admin), app).canary;

    it('aborts a canary failing above the threshold once it has the minimum of load attempts; the history says so and browsers get the live version', async () => {
      fake.publishRemote('mf_stores', 'stores-bad-1', { canaryPercent: 50 });
      const browser = browserOf('mf_stores', { version: 'stores-bad-1', percent: 50 });
      const res = await report(server, [...loads('mf_stores', 'stores-bad-1', 8), ...loadFailures('mf_stores', 'stores-bad-1', 12)], {
        browser,
      });
      expect(res.status).toBe(204);

      const stores = appIn(await deployments(server, admin), 'mf_stores');
      expect(stores.canary).toBeNull();
      expect(stores.live.version).toBe('dist');
      expect(stores.history[0]).toEqual({
        at: expect.any(String),
        action: 'auto_abort',
        version: 'stores-bad-1',
        previousVersion: 'dist',
        by: 'health monitor',
        note: 'aborted automatically: 12 of 20 loads failed (60% > 20%)',
      });
      // The aborted version keeps its figures on the screen, as an earlier version.
      expect(stores.versions.find((v) => v.version === 'stores-bad-1')).toMatchObject({
        channel: 'earlier',
        lastHour: { loads: 8, loadFailures: 12 },
      });
      // And every new browser gets the live version.
      const served = await Promise.all(Array.from({ length: 8 }, () => server.get('/remotes.json')));
      expect(served.map((answer) => answer.body.$versions.mf_stores)).toEqual(Array(8).fill('dist'));
    });

    it('leaves a failing canary alone below the minimum of load attempts, and aborts it at the minimum', async () => {
      fake.publishRemote('mf_admin', 'admin-bad-1', { canaryPercent: 10 });
      const browser = browserOf('mf_admin', { version: 'admin-bad-1', percent: 10 });
      const below = REMOTE_HEALTH_DEFAULTS.canaryMinLoads - 1;
      expect((await report(server, loadFailures('mf_admin', 'admin-bad-1', below, 'timeout'), { browser })).status).toBe(204);
      expect(await canaryOf('mf_admin')).toMatchObject({ version: 'admin-bad-1' });

      expect((await report(server, loadFailures('mf_admin', 'admin-bad-1', 1, 'timeout'), { browser })).status).toBe(204);
      expect(await canaryOf('mf_admin')).toBeNull();
      expect(appIn(await deployments(server, admin), 'mf_admin').history[0]).toMatchObject({
        action: 'auto_abort',
        note: `aborted automatically: ${below + 1} of ${below + 1} loads failed (100% > 20%)`,
      });
    });

    it('leaves a canary at the threshold alone (20% is not above 20%), and counts render errors as failures', async () => {
      fake.publishRemote('mf_customer', 'customer-ok-1', { canaryPercent: 20 });
      const browser = browserOf('mf_customer', { version: 'customer-ok-1', percent: 20 });
      const events: RemoteHealthEvent[] = [
        ...loads('mf_customer', 'customer-ok-1', 18),
        ...loadFailures('mf_customer', 'customer-ok-1', 2, 'server_error'),
        ...Array.from({ length: 2 }, (): RemoteHealthEvent => ({ app: 'mf_customer', version: 'customer-ok-1', kind: 'render_error' })),
      ];
      expect((await report(server, events, { browser })).status).toBe(204);
      expect(await canaryOf('mf_customer')).toMatchObject({ version: 'customer-ok-1' });

      // One more render error: 5 of 20 attempts failed, 25%.
      expect((await report(server, [{ app: 'mf_customer', version: 'customer-ok-1', kind: 'render_error' }], { browser })).status).toBe(
        204,
      );
      expect(await canaryOf('mf_customer')).toBeNull();
      expect(appIn(await deployments(server, admin), 'mf_customer').history[0]!.note).toBe(
        'aborted automatically: 5 of 20 loads failed (25% > 20%)',
      );
    });

    it('judges a canary on its own version only: failures of the live version do not abort it', async () => {
      fake.publishRemote('mf_auth', 'auth-new-1', { canaryPercent: 50 });
      const browser = browserOf('mf_auth', { version: 'auth-new-1', percent: 50 });
      expect(
        (await report(server, [...loadFailures('mf_auth', 'dist', 30), ...loads('mf_auth', 'auth-new-1', 20)], { browser })).status,
      ).toBe(204);
      expect(await canaryOf('mf_auth')).toMatchObject({ version: 'auth-new-1' });
    });

    it('counts reports about a canary only from browsers it was served to: made-up failures cannot end it', async () => {
      fake.publishRemote('mf_owner', 'owner-new-1', { canaryPercent: 50 });
      const canary = { version: 'owner-new-1', percent: 50 };
      const outsider = browserOf('mf_owner', canary, false);
      const failures = loadFailures('mf_owner', 'owner-new-1', REMOTE_HEALTH_DEFAULTS.canaryMinLoads * 2);
      // No rollout cookie, a malformed one, and a browser outside the canary's share: all dropped.
      expect((await report(server, failures)).status).toBe(204);
      expect((await report(server, failures, { browser: 'not-a-browser-id' })).status).toBe(204);
      expect((await report(server, failures, { browser: outsider })).status).toBe(204);
      const owner = appIn(await deployments(server, admin), 'mf_owner');
      expect(owner.canary).toMatchObject({ version: 'owner-new-1' });
      expect(owner.versions.find((v) => v.version === 'owner-new-1')).toMatchObject({ lastHour: { loads: 0, loadFailures: 0 } });
      // The same browser's reports of the live version count as ever.
      const liveLoads = async () =>
        appIn(await deployments(server, admin), 'mf_owner').versions.find((v) => v.version === 'dist')!.lastHour.loads;
      const before = await liveLoads();
      expect((await report(server, loads('mf_owner', 'dist', 3), { browser: outsider })).status).toBe(204);
      expect(await liveLoads()).toBe(before + 3);
      // A browser in the share is heard.
      const insider = browserOf('mf_owner', canary);
      expect((await report(server, loads('mf_owner', 'owner-new-1', 2), { browser: insider })).status).toBe(204);
      expect(appIn(await deployments(server, admin), 'mf_owner').versions.find((v) => v.version === 'owner-new-1')).toMatchObject({
        lastHour: { loads: 2 },
      });
    });
  });
});

describe.each(ENGINES)('remote health on a server of its own (%s)', (engine) => {
  let fake: FakeReleases;
  let server: TestServer;

  beforeEach(async () => {
    fake = createFakeReleases();
    server = await startTestServer(engine, { siteDir: fake.siteDir, releasesDir: fake.releasesDir });
  });
  afterEach(async () => {
    await server?.close();
    fake?.remove();
  });

  it(`throttles reports per client address: one over the limit (${REMOTE_HEALTH_DEFAULTS.reportsPerMinute} a minute) is refused with 429 and Retry-After`, async () => {
    for (let i = 0; i < REMOTE_HEALTH_DEFAULTS.reportsPerMinute; i += 1) {
      expect((await report(server, loads('mf_stores', 'dist', 1))).status).toBe(204);
    }
    const refused = await report(server, loads('mf_stores', 'dist', 1));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many health reports. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const stored = await storedRows(server, 'mf_stores', 'dist');
    expect(stored.reduce((sum, row) => sum + row.loads, 0)).toBe(REMOTE_HEALTH_DEFAULTS.reportsPerMinute);
  });

  it(`prunes minutes older than the retention (${REMOTE_HEALTH_DEFAULTS.retentionDays} days) when reports come in, and keeps the younger ones`, async () => {
    const day = 24 * 3_600_000;
    const minute = (daysAgo: number) => new Date(Math.floor((Date.now() - daysAgo * day) / 60_000) * 60_000);
    const old = minute(REMOTE_HEALTH_DEFAULTS.retentionDays + 1);
    const young = minute(REMOTE_HEALTH_DEFAULTS.retentionDays - 1);
    // Reports of those days, stored the way the endpoint stores them.
    const store = new RemoteHealthStore(server.db, { retentionDays: REMOTE_HEALTH_DEFAULTS.retentionDays });
    for (const at of [old, young]) await store.record(loads('mf_stores', 'dist', 1), at);

    expect((await report(server, loads('mf_stores', 'dist', 1))).status).toBe(204);
    const buckets = (await storedRows(server, 'mf_stores', 'dist')).map((r) => new Date(r.bucket).getTime());
    expect(buckets).not.toContain(old.getTime());
    expect(buckets).toContain(young.getTime());
    expect(buckets).toHaveLength(2);
  });
});

describe('remote health settings from the environment', () => {
  it('default to a 20% threshold over at least 20 load attempts, 7 days kept, 60 reports a minute per address', () => {
    expect(loadConfig({}).remoteHealth).toEqual({
      canaryMaxFailurePercent: 20,
      canaryMinLoads: 20,
      retentionDays: 7,
      reportsPerMinute: 60,
    });
  });

  it('are read from CANARY_MAX_FAILURE_PERCENT, CANARY_MIN_LOADS, REMOTE_HEALTH_RETENTION_DAYS and REMOTE_HEALTH_REPORTS_PER_MINUTE', () => {
    const env = {
      CANARY_MAX_FAILURE_PERCENT: '35',
      CANARY_MIN_LOADS: '4',
      REMOTE_HEALTH_RETENTION_DAYS: '30',
      REMOTE_HEALTH_REPORTS_PER_MINUTE: '100000',
    };
    expect(loadConfig(env).remoteHealth).toEqual({
      canaryMaxFailurePercent: 35,
      canaryMinLoads: 4,
      retentionDays: 30,
      reportsPerMinute: 100_000,
    });
  });

  it('refuse values out of range, naming each', () => {
    const env = {
      CANARY_MAX_FAILURE_PERCENT: '101',
      CANARY_MIN_LOADS: '0',
      REMOTE_HEALTH_RETENTION_DAYS: 'a week',
      REMOTE_HEALTH_REPORTS_PER_MINUTE: '-5',
    };
    expect(() => loadConfig(env)).toThrow(
      new ConfigError([
        'CANARY_MAX_FAILURE_PERCENT must be a whole number from 1 to 100 (got "101")',
        'CANARY_MIN_LOADS must be a whole number from 1 to 1000000 (got "0")',
        'REMOTE_HEALTH_RETENTION_DAYS must be a whole number from 1 to 3650 (got "a week")',
        'REMOTE_HEALTH_REPORTS_PER_MINUTE must be a whole number from 1 to 1000000 (got "-5")',
      ]),
    );
  });
});
