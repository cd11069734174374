// The remote registry (DESIGN.md §5): locations read from /remotes.json at run time and registered
// with the federation runtime; pages loaded through loadRemote, afresh on a retry.
import type * as Runtime from '@module-federation/enhanced/runtime';
import type * as Health from '../src/remotes/health';
import type * as Registry from '../src/remotes/registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('../src/remotes/health', () => ({ reportRemoteHealth: jest.fn() }));

const LOCATIONS = { mf_auth: '/mf/auth/mf-manifest.json', mf_stores: '/mf/stores/mf-manifest.json' };

function jsonResponse(body: unknown, status = 200): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

const Page = () => null;

let registry: typeof Registry;
let runtime: jest.Mocked<typeof Runtime>;
let health: jest.Mocked<typeof Health>;
let fetchMock: jest.Mock;
const originalFetch = global.fetch;

beforeEach(() => {
  // A fresh registry each test: it remembers the locations it has read.
  jest.resetModules();
  registry = require('../src/remotes/registry');
  runtime = require('@module-federation/enhanced/runtime');
  health = require('../src/remotes/health');
  fetchMock = jest.fn().mockResolvedValue(jsonResponse(LOCATIONS));
  global.fetch = fetchMock;
});

afterEach(() => {
  global.fetch = originalFetch;
  jest.useRealTimers();
  document.getElementById('start-data')?.remove();
});

/** What the server writes into a page (api/src/http/start-page.ts). */
function writeStartData(data: unknown): void {
  const element = document.createElement('script');
  element.id = 'start-data';
  element.type = 'application/json';
  element.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.head.append(element);
}

describe('the page’s start data', () => {
  // jsdom has no Response; the browser's (which the federation runtime checks with instanceof) is stood in for.
  class StandInResponse {
    readonly status: number;
    constructor(
      private readonly body: string,
      init: { status: number },
    ) {
      this.status = init.status;
    }
    json = async () => JSON.parse(this.body) as unknown;
  }
  beforeAll(() => Object.assign(globalThis, { Response: StandInResponse }));
  afterAll(() => Reflect.deleteProperty(globalThis, 'Response'));
  const MANIFEST = { name: 'mf_stores', exposes: [{ name: 'StoreListPage' }] };

  test('gives the remotes and their versions without asking /remotes.json', async () => {
    writeStartData({ remotes: { ...LOCATIONS, $versions: { mf_stores: '2.0.0-canary' } }, manifests: {} });
    await registry.registerRemotesFromConfig();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' },
      { name: 'mf_stores', entry: '/mf/stores/mf-manifest.json' },
    ]);
    expect(registry.appVersion('mf_stores')).toBe('2.0.0-canary');
  });

  test('answers the written-in manifest once through the runtime’s fetch hook, by path or full address; then the network', async () => {
    writeStartData({ remotes: LOCATIONS, manifests: { '/mf/stores/mf-manifest.json': MANIFEST } });
    await registry.registerRemotesFromConfig();
    const [[plugins]] = runtime.registerPlugins.mock.calls as unknown as [
      [Array<{ fetch: (url: string) => Promise<Response> | undefined }>],
    ];
    const plugin = plugins[0];

    expect(plugin.fetch('/mf/auth/mf-manifest.json')).toBeUndefined();
    const answer = await plugin.fetch(`${window.location.origin}/mf/stores/mf-manifest.json`)!;
    expect([answer.status, await answer.json()]).toEqual([200, MANIFEST]);
    // A retry after a failure asks the server again.
    expect(plugin.fetch('/mf/stores/mf-manifest.json')).toBeUndefined();
  });

  test('unreadable start data is ignored: /remotes.json is fetched as before', async () => {
    writeStartData('{not json');
    await registry.registerRemotesFromConfig();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
    expect(runtime.registerPlugins).not.toHaveBeenCalled();
  });
});

describe('registerRemotesFromConfig', () => {
  test('fetches /remotes.json without the cache and registers each entry', async () => {
    await registry.registerRemotesFromConfig();

    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' },
      { name: 'mf_stores', entry: '/mf/stores/mf-manifest.json' },
    ]);
  });

  test('skips entries whose location is not a string', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ mf_auth: '/mf/auth/mf-manifest.json', mf_broken: 42, mf_null: null }));
    await registry.registerRemotesFromConfig();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' }]);
  });

  test("keeps the $versions entry as the apps' versions, and registers it as no remote", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...LOCATIONS, $versions: { shell: '1.1.0-s1', mf_stores: '2.0.0-canary' } }));
    await registry.registerRemotesFromConfig();

    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' },
      { name: 'mf_stores', entry: '/mf/stores/mf-manifest.json' },
    ]);
    expect(registry.appVersion('shell')).toBe('1.1.0-s1');
    expect(registry.appVersion('mf_stores')).toBe('2.0.0-canary');
  });

  test('an app $versions does not name, or names with something that is not a version, is the built-in version', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...LOCATIONS, $versions: { mf_auth: 'no spaces allowed', mf_stores: 3 } }));
    await registry.registerRemotesFromConfig();

    expect(registry.appVersion('mf_auth')).toBe('dist');
    expect(registry.appVersion('mf_stores')).toBe('dist');
    expect(registry.appVersion('shell')).toBe('dist');
  });

  test('without a $versions entry every app is the built-in version', async () => {
    await registry.registerRemotesFromConfig();
    expect(registry.appVersion('shell')).toBe('dist');
    expect(registry.appVersion('mf_auth')).toBe('dist');
  });

  test('a non-OK /remotes.json rejects and registers nothing', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'down' }, 503));
    await expect(registry.registerRemotesFromConfig()).rejects.toThrow('/remotes.json answered 503');
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });

  test('a /remotes.json that is not an object rejects', async () => {
    fetchMock.mockResolvedValue(jsonResponse(null));
    await expect(registry.registerRemotesFromConfig()).rejects.toThrow('/remotes.json is not an object');
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });
});

describe('loadRemotePage', () => {
  test('loads "remote/Module" through the runtime and resolves the module', async () => {
    const module = { default: Page };
    runtime.loadRemote.mockResolvedValue(module);

    await expect(registry.loadRemotePage('mf_stores', 'StoreListPage')).resolves.toBe(module);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_stores/StoreListPage');
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('accepts a page wrapped in memo or forwardRef (objects, not functions)', async () => {
    const { memo, forwardRef } = jest.requireActual<typeof import('react')>('react');
    for (const wrapped of [memo(Page), forwardRef(Page)]) {
      runtime.loadRemote.mockResolvedValueOnce({ default: wrapped });
      await expect(registry.loadRemotePage('mf_stores', 'StoreListPage')).resolves.toEqual({ default: wrapped });
    }
  });

  test('rejects when the module has no default export', async () => {
    runtime.loadRemote.mockResolvedValue({ StoreListPage: Page });
    await expect(registry.loadRemotePage('mf_stores', 'StoreListPage')).rejects.toThrow('mf_stores/StoreListPage did not load');
  });

  test('rejects when the default export is not a component', async () => {
    for (const notAComponent of ['StoreListPage', 42, { render: Page }]) {
      runtime.loadRemote.mockResolvedValueOnce({ default: notAComponent });
      await expect(registry.loadRemotePage('mf_stores', 'StoreListPage')).rejects.toThrow('mf_stores/StoreListPage did not load');
    }
  });

  test('rejects when the runtime gives nothing back', async () => {
    runtime.loadRemote.mockResolvedValue(null);
    await expect(registry.loadRemotePage('mf_auth', 'LoginPage')).rejects.toThrow('mf_auth/LoginPage did not load');
  });

  test("rejects with the runtime's error when the remote cannot be fetched", async () => {
    runtime.loadRemote.mockRejectedValue(new Error('RUNTIME-003: failed to load remoteEntry'));
    await expect(registry.loadRemotePage('mf_auth', 'LoginPage')).rejects.toThrow('RUNTIME-003');
  });

  test('rejects when the remote does not answer within 20 s, a load failure for a timeout, probing nothing', async () => {
    await registry.registerRemotesFromConfig();
    fetchMock.mockClear();
    jest.useFakeTimers();
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    const loading = registry.loadRemotePage('mf_auth', 'ProfilePage');
    const outcome = expect(loading).rejects.toMatchObject({
      name: 'RemoteLoadError',
      reason: 'timeout',
      message: 'mf_auth/ProfilePage did not load within 20 s',
    });
    await jest.advanceTimersByTimeAsync(20_000);
    await outcome;
    expect(health.reportRemoteHealth).toHaveBeenCalledWith({ app: 'mf_auth', version: 'dist', kind: 'load_failure', reason: 'timeout' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('fresh=true re-registers the remote with { force: true } before loading it', async () => {
    await registry.registerRemotesFromConfig();
    runtime.registerRemotes.mockClear();
    runtime.loadRemote.mockResolvedValue({ default: Page });

    await registry.loadRemotePage('mf_auth', 'ProfilePage', true);

    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' }], { force: true });
    expect(runtime.registerRemotes.mock.invocationCallOrder[0]).toBeLessThan(runtime.loadRemote.mock.invocationCallOrder[0]);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_auth/ProfilePage');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('fresh=true before any locations were read reads /remotes.json first', async () => {
    runtime.loadRemote.mockResolvedValue({ default: Page });

    await registry.loadRemotePage('mf_stores', 'StoreDetailPage', true);

    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' },
      { name: 'mf_stores', entry: '/mf/stores/mf-manifest.json' },
    ]);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_stores/StoreDetailPage');
  });

  test('fresh=true still rejects when /remotes.json cannot be read', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(registry.loadRemotePage('mf_auth', 'LoginPage', true)).rejects.toThrow('Failed to fetch');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});

describe('a page that cannot be loaded', () => {
  const MANIFEST = '/mf/auth/mf-manifest.json';

  beforeEach(async () => {
    await registry.registerRemotesFromConfig();
    fetchMock.mockClear();
    runtime.loadRemote.mockRejectedValue(new Error('RUNTIME-003: failed to load'));
  });

  test.each([
    [404, 'not_found'],
    [500, 'server_error'],
    [502, 'server_error'],
    [200, 'other'],
    [403, 'other'],
  ] as const)(
    'is classified by one probe of its manifest: %s → %s, reported, and rejected as a RemoteLoadError',
    async (status, reason) => {
      fetchMock.mockResolvedValue(jsonResponse({}, status));

      const error: unknown = await registry.loadRemotePage('mf_auth', 'LoginPage').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(registry.RemoteLoadError);
      expect(error).toMatchObject({ reason, message: 'RUNTIME-003: failed to load' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith(MANIFEST, expect.objectContaining({ cache: 'no-store' }));
      expect(health.reportRemoteHealth).toHaveBeenCalledTimes(1);
      expect(health.reportRemoteHealth).toHaveBeenCalledWith({ app: 'mf_auth', version: 'dist', kind: 'load_failure', reason });
    },
  );

  test('a probe the network refuses is a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(registry.loadRemotePage('mf_auth', 'LoginPage')).rejects.toMatchObject({ reason: 'network' });
    expect(health.reportRemoteHealth).toHaveBeenCalledWith({ app: 'mf_auth', version: 'dist', kind: 'load_failure', reason: 'network' });
  });

  test('a module that is not a page is a load failure too', async () => {
    runtime.loadRemote.mockResolvedValue({ default: 'not a component' });
    fetchMock.mockResolvedValue(jsonResponse({}, 200));
    await expect(registry.loadRemotePage('mf_auth', 'LoginPage')).rejects.toMatchObject({ name: 'RemoteLoadError', reason: 'other' });
  });

  test('a remote /remotes.json does not locate is not probed', async () => {
    await expect(registry.loadRemotePage('mf_admin', 'AdminUsersPage')).rejects.toMatchObject({ reason: 'other' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(health.reportRemoteHealth).toHaveBeenCalledWith({ app: 'mf_admin', version: 'dist', kind: 'load_failure', reason: 'other' });
  });

  test('the failure is reported with the version /remotes.json chose', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...LOCATIONS, $versions: { mf_auth: '3.1.0-b2' } }));
    await registry.registerRemotesFromConfig();
    fetchMock.mockResolvedValue(jsonResponse({}, 404));

    await expect(registry.loadRemotePage('mf_auth', 'LoginPage')).rejects.toMatchObject({ reason: 'not_found' });
    expect(health.reportRemoteHealth).toHaveBeenCalledWith({
      app: 'mf_auth',
      version: '3.1.0-b2',
      kind: 'load_failure',
      reason: 'not_found',
    });
  });
});
