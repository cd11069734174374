// What the shell reports of its remotes while a user moves around (DESIGN.md §5): a load, with the
// version /remotes.json chose and the time to first render; a load failure with its reason (a probe
// of the remote's manifest, or the registry's timeout); a render error, not a load failure, when a
// page that loaded throws. The real registry, route table and RemotePage run; only the federation
// runtime, the network (fetch) and the beacon are fakes.
import type * as Runtime from '@module-federation/enhanced/runtime';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { RemoteHealthEvent } from 'shared-contracts';
import { App } from '../src/app/App';
import { registerRemotesFromConfig } from '../src/remotes/registry';
import { makeUser } from './support/fake-api';
import { fakePage } from './support/fake-remotes';
import { installSendBeacon, leavePage, type SendBeacon, sentEvents } from './support/health-beacons';
import { findNavbar, findPage, renderApp } from './support/render-app';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const runtime = jest.requireMock<jest.Mocked<typeof Runtime>>('@module-federation/enhanced/runtime');

const VERSIONS = { shell: '1.4.0-s7', mf_stores: '2.0.0-canary', mf_auth: 'dist' };
const REMOTES = {
  mf_auth: '/mf/auth/mf-manifest.json',
  mf_stores: '/releases/mf-stores/2.0.0-canary/mf-manifest.json',
  mf_admin: '/mf/admin/mf-manifest.json',
  $versions: VERSIONS,
};
const customer = makeUser('normal_user');

function response(status: number, body: unknown = {}): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

/** The network: /remotes.json as above; each manifest as `manifests` says (200 by default). */
function network(manifests: Record<string, number | Error> = {}) {
  return jest.fn(async (url: string) => {
    if (url === '/remotes.json') return response(200, REMOTES);
    const answer = manifests[url] ?? 200;
    if (answer instanceof Error) throw answer;
    return response(answer);
  });
}

/** The federation runtime's loadRemote: each 'remote/Module' resolves its fake page unless `pages` says otherwise. */
function remotes(pages: Record<string, () => Promise<unknown>> = {}) {
  runtime.loadRemote.mockImplementation((id: string) => {
    const [remote, module] = id.split('/') as [string, string];
    return (pages[id] ?? (async () => ({ default: fakePage(remote, module) })))() as ReturnType<typeof runtime.loadRemote>;
  });
}

const delayed = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

const originalFetch = global.fetch;
let fetchMock: ReturnType<typeof network>;
let sendBeacon: SendBeacon;
let consoleError: jest.SpyInstance;

async function startShell(manifests?: Record<string, number | Error>): Promise<void> {
  fetchMock = network(manifests);
  global.fetch = fetchMock as unknown as typeof fetch;
  await registerRemotesFromConfig();
}

/** Leaves the page and gives what the beacon carried. */
async function reportedOnLeaving(): Promise<RemoteHealthEvent[]> {
  leavePage();
  return sentEvents(sendBeacon);
}

beforeEach(async () => {
  leavePage(); // Whatever an earlier test left queued goes to its own beacon.
  sendBeacon = installSendBeacon();
  runtime.loadRemote.mockReset();
  remotes();
  await startShell();
  // Failing remotes are logged by React and by the error boundary; the tests check what is reported.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
  global.fetch = originalFetch;
  jest.useRealTimers();
});

describe('a remote that loads', () => {
  test('reports one load, with the version /remotes.json chose and the time to its first render', async () => {
    remotes({ 'mf_stores/StoreListPage': () => delayed(60, { default: fakePage('mf_stores', 'StoreListPage') }) });
    const before = performance.now();
    renderApp({ path: '/stores', user: customer });
    await findPage('mf_stores', 'StoreListPage');
    const elapsed = performance.now() - before;

    const events = await reportedOnLeaving();

    expect(events).toEqual([{ app: 'mf_stores', version: '2.0.0-canary', kind: 'load', renderMs: expect.any(Number) }]);
    expect(events[0]!.renderMs).toBeGreaterThanOrEqual(55);
    expect(events[0]!.renderMs).toBeLessThanOrEqual(Math.ceil(elapsed));
  });

  test('moving inside a loaded page reports nothing more; the next remote page reports its own load', async () => {
    const { events } = renderApp({ path: '/stores/3', user: customer });
    expect(await screen.findByText('Store 3')).toBeInTheDocument();
    await events.click(screen.getByRole('link', { name: 'Next store' }));
    expect(await screen.findByText('Store 4')).toBeInTheDocument();
    await events.click(within(await findNavbar()).getByRole('link', { name: 'Profile' }));
    await findPage('mf_auth', 'ProfilePage');

    const reported = await reportedOnLeaving();

    expect(reported.map(({ app, version, kind }) => ({ app, version, kind }))).toEqual([
      { app: 'mf_stores', version: '2.0.0-canary', kind: 'load' },
      { app: 'mf_auth', version: 'dist', kind: 'load' },
    ]);
  });

  test('a remote that /remotes.json gives no version reports the built-in one', async () => {
    renderApp({ path: '/admin/deployments', user: makeUser('system_admin') });
    await findPage('mf_admin', 'AdminDeploymentsPage');

    expect(await reportedOnLeaving()).toEqual([{ app: 'mf_admin', version: 'dist', kind: 'load', renderMs: expect.any(Number) }]);
  });
});

describe('a remote that fails to load', () => {
  test.each([
    [404, 'not_found'],
    [503, 'server_error'],
    [200, 'other'],
  ] as const)('whose manifest then answers %s reports a load failure, reason %s', async (status, reason) => {
    await startShell({ '/releases/mf-stores/2.0.0-canary/mf-manifest.json': status });
    remotes({ 'mf_stores/StoreListPage': () => Promise.reject(new Error('RUNTIME-003: failed to fetch the manifest')) });
    renderApp({ path: '/stores', user: customer });
    await screen.findByRole('alert');

    expect(await reportedOnLeaving()).toEqual([{ app: 'mf_stores', version: '2.0.0-canary', kind: 'load_failure', reason }]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/releases/mf-stores/2.0.0-canary/mf-manifest.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  test('whose manifest cannot be fetched at all reports a network failure', async () => {
    await startShell({ '/mf/auth/mf-manifest.json': new TypeError('Failed to fetch') });
    remotes({ 'mf_auth/ProfilePage': () => Promise.reject(new Error('ScriptNetworkError')) });
    renderApp({ path: '/profile', user: customer });
    await screen.findByRole('alert');

    expect(await reportedOnLeaving()).toEqual([{ app: 'mf_auth', version: 'dist', kind: 'load_failure', reason: 'network' }]);
  });

  test('that does not answer within 20 s reports a timeout, without a probe', async () => {
    jest.useFakeTimers();
    remotes({ 'mf_stores/StoreListPage': () => new Promise(() => undefined) });
    renderApp({ path: '/stores', user: customer });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading the store list'));

    await act(() => jest.advanceTimersByTimeAsync(20_000));

    expect(await screen.findByRole('alert')).toHaveTextContent('The store list could not be loaded.');
    expect(await reportedOnLeaving()).toEqual([{ app: 'mf_stores', version: '2.0.0-canary', kind: 'load_failure', reason: 'timeout' }]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json']);
  });

  test('a retry that fails again reports again; the retry that works reports one load', async () => {
    await startShell({ '/mf/auth/mf-manifest.json': 404 });
    let attempts = 0;
    remotes({
      'mf_auth/ProfilePage': () => {
        attempts += 1;
        return attempts < 3 ? Promise.reject(new Error('RUNTIME-003')) : Promise.resolve({ default: fakePage('mf_auth', 'ProfilePage') });
      },
    });
    const { events } = renderApp({ path: '/profile', user: customer });
    await events.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('alert');
    await events.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    await findPage('mf_auth', 'ProfilePage');

    const reported = await reportedOnLeaving();

    expect(reported.map(({ kind, reason }) => [kind, reason])).toEqual([
      ['load_failure', 'not_found'],
      ['load_failure', 'not_found'],
      ['load', undefined],
    ]);
  });
});

describe('a remote page that throws while rendering', () => {
  test('reports a render error, and neither a load failure nor a load', async () => {
    function BrokenStoreList(): never {
      throw new Error('Cannot read properties of undefined');
    }
    remotes({ 'mf_stores/StoreListPage': async () => ({ default: BrokenStoreList as ComponentType }) });
    renderApp({ path: '/stores', user: customer });
    expect(await screen.findByRole('alert')).toHaveTextContent('The store list could not be loaded.');

    expect(await reportedOnLeaving()).toEqual([{ app: 'mf_stores', version: '2.0.0-canary', kind: 'render_error' }]);
  });
});

describe('the shell', () => {
  test('reports its own load once, with its version from /remotes.json, beside the page it shows', async () => {
    // Signed out (no saved token): the shell sends the visitor to its sign-in page.
    render(<App />);
    await findPage('mf_auth', 'LoginPage');

    const reported = await reportedOnLeaving();

    const shell = reported.filter((event) => event.app === 'shell');
    expect(shell).toEqual([{ app: 'shell', version: '1.4.0-s7', kind: 'load', renderMs: expect.any(Number) }]);
    expect(shell[0]!.renderMs).toBeGreaterThan(0);
    expect(reported.filter((event) => event.app === 'mf_auth').map((event) => event.kind)).toEqual(['load']);
  });
});
