/**
 * The releases core (DESIGN.md §5), with no server: the compatibility gate, publishing an immutable
 * version, canaries (promote, abort, the automatic abort), rollbacks, the shell's own gate against the
 * live and canary remotes, the history, several writers at once, and which browsers a canary reaches.
 * Every test builds its own fake site and releases folder (createFakeReleases) in a temporary directory.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUILT_IN_VERSION, type RemoteApp } from 'shared-contracts';
import { GateError, ReleaseError, Releases } from '../src/deployments/releases';
import { inCanary, newBrowserId } from '../src/deployments/rollout';
import { createFakeReleases, DEFAULT_PAGES, type FakeReleases, snapshotTree } from './support/fake-builds';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const run = promisify(execFile);

type World = FakeReleases;

const worlds: World[] = [];
afterAll(() => {
  for (const world of worlds) world.remove();
});

/** A fake site (its apps at `packageVersion`), an empty releases folder and a builds folder of their own. */
function newWorld(packageVersion = '1.4.2'): World {
  const world = createFakeReleases({ name: 'releases', packageVersion });
  worlds.push(world);
  return world;
}

/** What `fn` threw (it must throw). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal, but it went through');
}

const lastEntry = (world: World) => world.releases.state().history.at(-1);

describe('the compatibility gate', () => {
  it('names every unmet package with the range the remote needs and the version the live shell provides', () => {
    const world = newWorld();
    const build = world.remoteBuild('newer', { requires: { 'shared-contracts': '^1.2.0', react: '^20.0.0', 'react-dom': '^20.0.0' } });
    expect(world.releases.check('mf_stores', build)).toEqual([
      { subject: 'react', message: 'this build needs react ^20.0.0; the live shell (dist) provides 19.3.1' },
      { subject: 'react-dom', message: 'this build needs react-dom ^20.0.0; the live shell (dist) provides 19.3.1' },
      { subject: 'shared-contracts', message: 'this build needs shared-contracts ^1.2.0; the live shell (dist) provides 1.1.0' },
    ]);
  });

  it('names a package the live shell does not share at all', () => {
    const world = newWorld();
    const build = world.remoteBuild('zod', { requires: { zod: '^4.0.0' } });
    expect(world.releases.check('mf_stores', build)).toEqual([
      { subject: 'zod', message: 'this build needs zod ^4.0.0; the live shell (dist) does not share it' },
    ]);
  });

  it('checks a subpath requirement (shared-contracts/ui) against the version of its package', () => {
    const world = newWorld();
    const build = world.remoteBuild('ui-only', {
      requires: { 'shared-contracts': null, 'shared-contracts/react': null, 'shared-contracts/ui': '^1.3.0' },
    });
    expect(world.releases.check('mf_stores', build)).toEqual([
      { subject: 'shared-contracts', message: 'this build needs shared-contracts ^1.3.0; the live shell (dist) provides 1.1.0' },
    ]);
  });

  it('takes a package’s own entry over its subpaths’ (Module Federation writes a subpath’s range from the installed patch version)', () => {
    const world = newWorld();
    // A remote built at 1.1.3: the shared config (and the runtime) need ^1.1.0, the subpath entries say ^1.1.3.
    const build = world.remoteBuild('patch-newer', {
      requires: { 'shared-contracts': '^1.1.0', 'shared-contracts/react': '^1.1.3', 'shared-contracts/ui': '^1.1.3' },
    });
    expect(world.releases.check('mf_stores', build)).toEqual([]);
  });

  it('names an unmet range once, however many subpaths of the package require it', () => {
    const world = newWorld();
    const build = world.remoteBuild('all-newer', {
      requires: { 'shared-contracts': '^1.2.0', 'shared-contracts/react': '^1.2.0', 'shared-contracts/ui': '^1.2.0' },
    });
    expect(world.releases.check('mf_stores', build).map((p) => p.subject)).toEqual(['shared-contracts']);
  });

  it('refuses a remote that does not expose a page the shell’s route table loads from it', () => {
    const world = newWorld();
    const build = world.remoteBuild('no-detail', { exposes: ['StoreListPage'] });
    expect(world.releases.check('mf_stores', build)).toEqual([
      {
        subject: 'mf_stores/StoreDetailPage',
        message: 'the live shell (dist) loads mf_stores/StoreDetailPage, which this build does not expose',
      },
    ]);
  });

  it('refuses a remote exposing a page no route of the live shell loads (the shell that routes to it is not live yet)', () => {
    const world = newWorld();
    const build = world.remoteBuild('extra-page', { exposes: ['StoreComparePage', 'StoreDetailPage', 'StoreListPage'] });
    expect(world.releases.check('mf_stores', build)).toEqual([
      {
        subject: 'mf_stores/StoreComparePage',
        message: 'this build exposes mf_stores/StoreComparePage, which the route table of the live shell (dist) does not load',
      },
    ]);
  });

  it('finds nothing to refuse in a remote that fits the live shell', () => {
    const world = newWorld();
    expect(world.releases.check('mf_stores', world.remoteBuild('fits'))).toEqual([]);
    expect(world.releases.check('mf_auth', world.remoteBuild('auth', { app: 'mf_auth' }))).toEqual([]);
    // The app's own dist when no folder is given.
    expect(world.releases.check('mf_customer')).toEqual([]);
  });

  it('accepts a prerelease the shell provides inside the range, and refuses one below it', () => {
    const world = newWorld();
    world.releases.publish('shell', {
      from: world.shellBuild('beta-shell', { provides: { 'shared-contracts': '1.2.0-beta.1' } }),
      version: 'beta',
      by: 'test',
    });
    expect(world.releases.check('mf_stores', world.remoteBuild('needs-1.1', { requires: { 'shared-contracts': '^1.1.0' } }))).toEqual([]);
    expect(
      world.releases.check('mf_stores', world.remoteBuild('needs-beta', { requires: { 'shared-contracts': '^1.2.0-beta.0' } })),
    ).toEqual([]);
    expect(world.releases.check('mf_stores', world.remoteBuild('needs-1.2', { requires: { 'shared-contracts': '^1.2.0' } }))).toEqual([
      { subject: 'shared-contracts', message: 'this build needs shared-contracts ^1.2.0; the live shell (beta) provides 1.2.0-beta.1' },
    ]);
  });

  it('checks a remote against the shell that is live now, not the shell’s own build', () => {
    const world = newWorld();
    const build = world.remoteBuild('newer', { requires: { 'shared-contracts': '^1.2.0' } });
    expect(world.releases.check('mf_stores', build)).toHaveLength(1);
    world.releases.publish('shell', {
      from: world.shellBuild('shell-1.2', { provides: { 'shared-contracts': '1.2.0' } }),
      version: 's12',
      by: 'test',
    });
    expect(world.releases.check('mf_stores', build)).toEqual([]);
  });

  it('checks a shell build against every live remote', () => {
    const world = newWorld();
    const older = world.shellBuild('older', { provides: { 'shared-contracts': '1.0.0' } });
    const problems = world.releases.check('shell', older);
    expect(problems.map((p) => p.subject)).toEqual([
      'shared-contracts',
      'shared-contracts',
      'shared-contracts',
      'shared-contracts',
      'shared-contracts',
    ]);
    expect(problems[0]!.message).toBe('the live mf_auth dist needs shared-contracts ^1.1.0; this shell build provides 1.0.0');
    expect(problems.map((p) => p.message.split(' ')[2])).toEqual(['mf_auth', 'mf_stores', 'mf_admin', 'mf_owner', 'mf_customer']);
  });

  it('checks a shell build’s route table against what every live remote exposes, both ways', () => {
    const world = newWorld();
    const build = world.shellBuild('routes', {
      loads: { mf_owner: ['OwnerDashboardPage', 'OwnerReportsPage'], mf_customer: ['CustomerDashboardPage'] },
    });
    expect(world.releases.check('shell', build)).toEqual([
      {
        subject: 'mf_owner/OwnerReportsPage',
        message: 'this shell build loads mf_owner/OwnerReportsPage, which the live mf_owner dist does not expose',
      },
      {
        subject: 'mf_customer/MyRatingsPage',
        message: 'the live mf_customer dist exposes mf_customer/MyRatingsPage, which the route table of this shell build does not load',
      },
    ]);
  });
});

describe('publishing a version', () => {
  it('copies the build into <releases>/<folder>/<version>/ and makes it live', () => {
    const world = newWorld();
    const from = world.remoteBuild('stores-v1');
    const result = world.releases.publish('mf_stores', { from, version: 'v1', by: 'test' });
    const target = path.join(world.releasesDir, 'mf-stores', 'v1');
    expect(result).toEqual({
      app: 'mf_stores',
      version: 'v1',
      reused: false,
      folder: target,
      previous: BUILT_IN_VERSION,
      canaryPercent: null,
    });
    expect(snapshotTree(target)).toEqual(snapshotTree(from));
    expect(world.releases.liveVersion('mf_stores')).toBe('v1');
    expect(world.releases.liveVersion('mf_auth')).toBe(BUILT_IN_VERSION);
    // Nothing but the version folder and the state is written (no staging folder left over).
    expect(Object.keys(world.snapshot()).filter((file) => !file.startsWith('mf-stores/v1/'))).toEqual(['deployments.json']);
  });

  it('names a version <package version>-<digest> by default, the same for the same files wherever they are', () => {
    const world = newWorld('1.4.2');
    const first = world.releases.publish('mf_stores', { from: world.remoteBuild('a'), by: 'test' });
    expect(first.version).toMatch(/^1\.4\.2-[0-9a-f]{10}$/);
    const same = world.releases.publish('mf_stores', { from: world.remoteBuild('a-again'), by: 'test' });
    expect(same.version).toBe(first.version);
    const other = world.releases.publish('mf_stores', { from: world.remoteBuild('b', { marker: 'b' }), by: 'test' });
    expect(other.version).toMatch(/^1\.4\.2-[0-9a-f]{10}$/);
    expect(other.version).not.toBe(first.version);
  });

  it('publishes the app’s own dist when no folder is given', () => {
    const world = newWorld();
    const result = world.releases.publish('mf_owner', { by: 'test' });
    expect(snapshotTree(result.folder)).toEqual(snapshotTree(path.join(world.siteDir, 'mf-owner', 'dist')));
    expect(world.releases.liveVersion('mf_owner')).toBe(result.version);
  });

  it('reuses a version published with the same files', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('v2', { marker: 'two' }), version: 'v2', by: 'test' });
    const again = world.releases.publish('mf_stores', { from: world.remoteBuild('v1-copy'), version: 'v1', by: 'test' });
    expect(again.reused).toBe(true);
    expect(again.previous).toBe('v2');
    expect(world.releases.liveVersion('mf_stores')).toBe('v1');
  });

  it('refuses other files under a version already taken, and changes nothing', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    const before = world.snapshot();
    const error = thrown(() =>
      world.releases.publish('mf_stores', { from: world.remoteBuild('other', { marker: 'other' }), version: 'v1', by: 'test' }),
    );
    expect(error).toBeInstanceOf(ReleaseError);
    expect(error.message).toBe('version v1 of mf-stores is already published with other files; choose another --version');
    expect(world.snapshot()).toEqual(before);
  });

  it('refuses another app’s build, and changes nothing', () => {
    const world = newWorld();
    const stores = world.remoteBuild('stores');
    const error = thrown(() => world.releases.publish('mf_auth', { from: stores, by: 'test' }));
    expect(error).toBeInstanceOf(ReleaseError);
    expect(error.message).toBe(`${stores} is the build of mf_stores, not of mf_auth`);
    const asShell = thrown(() => world.releases.publish('shell', { from: stores, by: 'test' }));
    expect(asShell.message).toBe(`${stores} is not the shell's build: index.html is missing`);
    const shellAsRemote = thrown(() => world.releases.publish('mf_stores', { from: world.shellBuild('shell'), by: 'test' }));
    expect(shellAsRemote.message).toMatch(/is not a remote's build: remoteEntry\.js is missing$/);
    expect(world.snapshot()).toEqual({});
  });

  it('refuses a folder that is not there, and a version name it cannot serve', () => {
    const world = newWorld();
    const missing = path.join(world.root, 'builds', 'nothing');
    expect(thrown(() => world.releases.publish('mf_stores', { from: missing, by: 'test' })).message).toBe(
      `no build at ${missing}: build it first (npx nx run mf-stores:build)`,
    );
    for (const version of ['../escape', '.hidden', 'has space', BUILT_IN_VERSION, 'x'.repeat(65)]) {
      const error = thrown(() => world.releases.publish('mf_stores', { from: world.remoteBuild('ok'), version, by: 'test' }));
      expect([version, error.message]).toEqual([version, expect.stringContaining(`version "${version}" must be`)]);
    }
    expect(world.snapshot()).toEqual({});
  });

  it('refuses a build the gate refuses: a GateError with every problem, and nothing changed in the releases folder', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    const before = world.snapshot();
    const stateBefore = readFileSync(path.join(world.releasesDir, 'deployments.json'), 'utf8');
    const build = world.remoteBuild('newer', { requires: { 'shared-contracts': '^1.2.0' }, exposes: ['StoreListPage'] });

    const error = thrown(() => world.releases.publish('mf_stores', { from: build, version: 'v2', by: 'test' }));
    expect(error).toBeInstanceOf(GateError);
    expect((error as GateError).problems).toEqual([
      { subject: 'shared-contracts', message: 'mf_stores v2 needs shared-contracts ^1.2.0; the live shell (dist) provides 1.1.0' },
      {
        subject: 'mf_stores/StoreDetailPage',
        message: 'the live shell (dist) loads mf_stores/StoreDetailPage, which mf_stores v2 does not expose',
      },
    ]);
    expect(error.message).toBe(
      'the compatibility gate refused mf_stores v2 (nothing was changed):\n' +
        '  - shared-contracts: mf_stores v2 needs shared-contracts ^1.2.0; the live shell (dist) provides 1.1.0\n' +
        '  - mf_stores/StoreDetailPage: the live shell (dist) loads mf_stores/StoreDetailPage, which mf_stores v2 does not expose',
    );
    expect(world.snapshot()).toEqual(before);
    expect(readFileSync(path.join(world.releasesDir, 'deployments.json'), 'utf8')).toBe(stateBefore);
    expect(existsSync(path.join(world.releasesDir, 'mf-stores', 'v2'))).toBe(false);
    expect(world.releases.liveVersion('mf_stores')).toBe('v1');
  });

  it('refuses a gate-failing build as a canary too, and changes nothing', () => {
    const world = newWorld();
    const build = world.remoteBuild('newer', { requires: { axios: '^2.0.0' } });
    const error = thrown(() => world.releases.publish('mf_stores', { from: build, version: 'v2', canaryPercent: 10, by: 'test' }));
    expect(error).toBeInstanceOf(GateError);
    expect(world.snapshot()).toEqual({});
    expect(world.releases.canary('mf_stores')).toBeNull();
  });
});

describe('canaries', () => {
  it.each([0, 100, -5, 50.5, 150])('refuses a share of %p%% (1 to 99 only), and changes nothing', (percent) => {
    const world = newWorld();
    const error = thrown(() =>
      world.releases.publish('mf_stores', { from: world.remoteBuild('c'), version: 'c1', canaryPercent: percent, by: 'test' }),
    );
    expect(error).toBeInstanceOf(ReleaseError);
    expect(error.message).toBe(`--canary takes a share of browsers from 1 to 99 (got ${percent})`);
    expect(world.snapshot()).toEqual({});
  });

  it.each([1, 99])('accepts a share of %p%%', (percent) => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('c'), version: 'c1', canaryPercent: percent, by: 'test' });
    expect(world.releases.canary('mf_stores')).toEqual({ version: 'c1', percent, since: expect.any(String) });
  });

  it('refuses a canary of the shell (it is published for everyone at once)', () => {
    const world = newWorld();
    const error = thrown(() => world.releases.publish('shell', { from: world.shellBuild('s'), canaryPercent: 10, by: 'test' }));
    expect(error.message).toBe('the shell is published for everyone at once: --canary is for remotes');
    expect(world.snapshot()).toEqual({});
  });

  it('keeps the live version for everyone else while a canary runs', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    const result = world.releases.publish('mf_stores', {
      from: world.remoteBuild('v2', { marker: '2' }),
      version: 'v2',
      canaryPercent: 10,
      by: 'test',
    });
    expect(result).toMatchObject({ version: 'v2', previous: 'v1', canaryPercent: 10, reused: false });
    expect(world.releases.liveVersion('mf_stores')).toBe('v1');
    expect(world.releases.canary('mf_stores')).toMatchObject({ version: 'v2', percent: 10 });
    expect(world.releases.rollbackTarget('mf_stores')).toBe(BUILT_IN_VERSION);
    expect(lastEntry(world)).toMatchObject({
      app: 'mf_stores',
      action: 'canary',
      version: 'v2',
      previousVersion: 'v1',
      note: 'live for 10% of browsers',
    });
  });

  it('refuses as a canary the version already live for everyone', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    const before = world.snapshot();
    const error = thrown(() =>
      world.releases.publish('mf_stores', { from: world.remoteBuild('v1-copy'), version: 'v1', canaryPercent: 20, by: 'test' }),
    );
    expect(error.message).toBe('mf_stores v1 is already live for everyone');
    expect(world.snapshot()).toEqual(before);
  });

  it('replaces a running canary with a new one, and says so in the history', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('c1', { marker: '1' }), version: 'c1', canaryPercent: 10, by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('c2', { marker: '2' }), version: 'c2', canaryPercent: 30, by: 'test' });
    expect(world.releases.canary('mf_stores')).toMatchObject({ version: 'c2', percent: 30 });
    expect(lastEntry(world)?.note).toBe('live for 30% of browsers; replaces the canary c1');
  });

  it('promote makes the canary live for everyone and keeps the old live version for a rollback', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('v2', { marker: '2' }), version: 'v2', canaryPercent: 25, by: 'test' });
    const result = world.releases.promote('mf_stores', 'admin:ada');
    expect(result).toEqual({ app: 'mf_stores', version: 'v2', previous: 'v1', message: 'mf_stores v2 is live for everyone' });
    expect(world.releases.liveVersion('mf_stores')).toBe('v2');
    expect(world.releases.canary('mf_stores')).toBeNull();
    expect(world.releases.rollbackTarget('mf_stores')).toBe('v1');
    expect(lastEntry(world)).toMatchObject({
      app: 'mf_stores',
      action: 'promote',
      version: 'v2',
      previousVersion: 'v1',
      by: 'admin:ada',
      note: 'was live for 25% of browsers',
    });
  });

  it('promote without a canary says so and changes nothing', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    const before = world.snapshot();
    expect(thrown(() => world.releases.promote('mf_stores', 'test')).message).toBe('mf_stores has no canary to promote');
    expect(world.snapshot()).toEqual(before);
  });

  it('keeps a canary safe from the shell: the shell it needs cannot be rolled back under it', () => {
    const world = newWorld();
    world.releases.publish('shell', {
      from: world.shellBuild('s12', { provides: { 'shared-contracts': '1.2.0' } }),
      version: 's12',
      by: 'test',
    });
    world.releases.publish('mf_stores', {
      from: world.remoteBuild('c', { requires: { 'shared-contracts': '^1.2.0' } }),
      version: 'c',
      canaryPercent: 10,
      by: 'test',
    });
    const error = thrown(() => world.releases.rollback('shell', 'test'));
    expect((error as GateError).problems).toEqual([
      { subject: 'shared-contracts', message: 'the canary mf_stores c needs shared-contracts ^1.2.0; the shell dist provides 1.1.0' },
    ]);
    expect(world.releases.liveVersion('shell')).toBe('s12');
    expect(world.releases.promote('mf_stores', 'test').version).toBe('c');
  });

  it('abort ends the canary, keeps the live version and records who did it', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('v2', { marker: '2' }), version: 'v2', canaryPercent: 50, by: 'test' });
    const result = world.releases.abort('mf_stores', 'cli:bob');
    expect(result).toEqual({
      app: 'mf_stores',
      version: 'v2',
      previous: 'v1',
      message: 'the canary v2 of mf_stores is ended; v1 is live for everyone',
    });
    expect(world.releases.canary('mf_stores')).toBeNull();
    expect(world.releases.liveVersion('mf_stores')).toBe('v1');
    expect(world.releases.rollbackTarget('mf_stores')).toBe(BUILT_IN_VERSION);
    expect(lastEntry(world)).toMatchObject({ action: 'abort', version: 'v2', previousVersion: 'v1', by: 'cli:bob', note: null });
  });

  it('records an automatic abort with its note as given', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v2'), version: 'v2', canaryPercent: 10, by: 'test' });
    const note = '12 of 20 loads failed (60% > 20%)';
    world.releases.abort('mf_stores', 'health monitor', { action: 'auto_abort', note });
    expect(lastEntry(world)).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      app: 'mf_stores',
      action: 'auto_abort',
      version: 'v2',
      previousVersion: BUILT_IN_VERSION,
      by: 'health monitor',
      note,
    });
    expect(world.releases.canary('mf_stores')).toBeNull();
  });

  it('abort without a canary says so and changes nothing', () => {
    const world = newWorld();
    expect(thrown(() => world.releases.abort('mf_auth', 'test')).message).toBe('mf_auth has no canary to abort');
    expect(world.snapshot()).toEqual({});
  });

  it('a publish for everyone ends a running canary', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('c', { marker: 'c' }), version: 'c', canaryPercent: 10, by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('v'), version: 'v', by: 'test' });
    expect(world.releases.canary('mf_stores')).toBeNull();
    expect(world.releases.liveVersion('mf_stores')).toBe('v');
    expect(lastEntry(world)?.note).toBe('ends the canary c');
  });
});

describe('rolling back', () => {
  it('makes the previous version live again, down to the app’s own build, then says there is nothing left', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('v2', { marker: '2' }), version: 'v2', by: 'test' });

    expect(world.releases.rollback('mf_stores', 'test')).toEqual({
      app: 'mf_stores',
      version: 'v1',
      previous: 'v2',
      message: 'mf_stores v1 is live again (was v2)',
    });
    expect(world.releases.liveVersion('mf_stores')).toBe('v1');

    expect(world.releases.rollback('mf_stores', 'test').message).toBe('mf_stores dist is live again (was v1)');
    expect(world.releases.liveVersion('mf_stores')).toBe(BUILT_IN_VERSION);
    expect(world.releases.appState('mf_stores').live).toBeNull();

    const before = world.snapshot();
    const error = thrown(() => world.releases.rollback('mf_stores', 'test'));
    expect(error).toBeInstanceOf(ReleaseError);
    expect(error.message).toBe('nothing to roll back to: mf-stores has no earlier published version');
    expect(world.snapshot()).toEqual(before);
  });

  it('says there is nothing to roll back when nothing was ever published', () => {
    const world = newWorld();
    expect(thrown(() => world.releases.rollback('shell', 'test')).message).toBe(
      'nothing to roll back to: shell has no earlier published version',
    );
    expect(world.snapshot()).toEqual({});
  });

  it('ends a running canary', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('c', { marker: 'c' }), version: 'c', canaryPercent: 40, by: 'test' });
    world.releases.rollback('mf_stores', 'cli:eve');
    expect(world.releases.canary('mf_stores')).toBeNull();
    expect(world.releases.liveVersion('mf_stores')).toBe(BUILT_IN_VERSION);
    expect(lastEntry(world)).toMatchObject({
      action: 'rollback',
      version: BUILT_IN_VERSION,
      previousVersion: 'v1',
      by: 'cli:eve',
      note: 'ends the canary c',
    });
  });

  it('passes the gate: the shell does not roll back under a remote that needs the newer one', () => {
    const world = newWorld();
    world.releases.publish('shell', {
      from: world.shellBuild('s12', { provides: { 'shared-contracts': '1.2.0' } }),
      version: 's12',
      by: 'test',
    });
    world.releases.publish('mf_stores', {
      from: world.remoteBuild('r12', { requires: { 'shared-contracts': '^1.2.0' } }),
      version: 'r12',
      by: 'test',
    });
    const before = world.snapshot();
    const error = thrown(() => world.releases.rollback('shell', 'test'));
    expect(error).toBeInstanceOf(GateError);
    expect((error as GateError).problems).toEqual([
      { subject: 'shared-contracts', message: 'the live mf_stores r12 needs shared-contracts ^1.2.0; the shell dist provides 1.1.0' },
    ]);
    expect(world.snapshot()).toEqual(before);
    expect(world.releases.liveVersion('shell')).toBe('s12');
  });
});

describe('publishing the shell', () => {
  it('is refused when a live remote needs more than it provides, and changes nothing', () => {
    const world = newWorld();
    world.releases.publish('shell', {
      from: world.shellBuild('s12', { provides: { 'shared-contracts': '1.2.0' } }),
      version: 's12',
      by: 'test',
    });
    world.releases.publish('mf_stores', {
      from: world.remoteBuild('r12', { requires: { 'shared-contracts': '^1.2.0' } }),
      version: 'r12',
      by: 'test',
    });
    const before = world.snapshot();
    const error = thrown(() =>
      world.releases.publish('shell', { from: world.shellBuild('s11', { marker: 'old' }), version: 's11', by: 'test' }),
    );
    expect(error).toBeInstanceOf(GateError);
    expect((error as GateError).problems).toEqual([
      { subject: 'shared-contracts', message: 'the live mf_stores r12 needs shared-contracts ^1.2.0; the shell s11 provides 1.1.0' },
    ]);
    expect(world.snapshot()).toEqual(before);
  });

  it('is refused when a canary remote needs more than it provides', () => {
    const world = newWorld();
    world.releases.publish('shell', {
      from: world.shellBuild('s12', { provides: { 'shared-contracts': '1.2.0' } }),
      version: 's12',
      by: 'test',
    });
    world.releases.publish('mf_stores', {
      from: world.remoteBuild('c12', { requires: { 'shared-contracts': '^1.2.0' } }),
      version: 'c12',
      canaryPercent: 5,
      by: 'test',
    });
    const error = thrown(() =>
      world.releases.publish('shell', { from: world.shellBuild('s11', { marker: 'old' }), version: 's11', by: 'test' }),
    );
    expect((error as GateError).problems).toEqual([
      { subject: 'shared-contracts', message: 'the canary mf_stores c12 needs shared-contracts ^1.2.0; the shell s11 provides 1.1.0' },
    ]);
    expect(world.releases.liveVersion('shell')).toBe('s12');
  });

  it('is refused when a live remote’s version folder is gone (it cannot be checked)', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    const gone = path.join(world.releasesDir, 'mf-stores', 'v1');
    rmSync(gone, { recursive: true });
    const error = thrown(() =>
      world.releases.publish('shell', { from: world.shellBuild('s2', { marker: 's2' }), version: 's2', by: 'test' }),
    );
    expect((error as GateError).problems).toEqual([
      { subject: 'mf_stores', message: `the live mf_stores v1 cannot be checked: ${gone} is missing` },
    ]);
    expect(existsSync(path.join(world.releasesDir, 'shell'))).toBe(false);
  });

  it('is accepted when it provides what every live and canary remote needs, and becomes the live shell', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('c', { marker: 'c' }), version: 'c', canaryPercent: 5, by: 'test' });
    const result = world.releases.publish('shell', {
      from: world.shellBuild('s13', { provides: { 'shared-contracts': '1.3.0' } }),
      version: 's13',
      by: 'test',
    });
    expect(result).toMatchObject({ app: 'shell', version: 's13', previous: BUILT_IN_VERSION, canaryPercent: null });
    expect(world.releases.liveVersion('shell')).toBe('s13');
    expect(world.releases.liveShellDir()).toBe(path.join(world.releasesDir, 'shell', 's13'));
    expect(world.releases.rollbackTarget('shell')).toBe(BUILT_IN_VERSION);
    world.releases.rollback('shell', 'test');
    expect(world.releases.liveShellDir()).toBe(path.join(world.siteDir, 'shell', 'dist'));
  });
});

describe('the history', () => {
  it('records every change with when, what, who and why, oldest first', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'ci:stores-pipeline' });
    world.releases.publish('mf_stores', {
      from: world.remoteBuild('v2', { marker: '2' }),
      version: 'v2',
      canaryPercent: 10,
      by: 'ci:stores-pipeline',
    });
    world.releases.abort('mf_stores', 'health monitor', { action: 'auto_abort', note: '5 of 20 loads failed (25% > 20%)' });
    world.releases.publish('mf_stores', {
      from: world.remoteBuild('v2-again', { marker: '2' }),
      version: 'v2',
      canaryPercent: 10,
      by: 'cli:dev',
    });
    world.releases.promote('mf_stores', 'admin:root');
    world.releases.rollback('mf_stores', 'admin:root');

    const history = world.releases.state().history;
    expect(
      history.map(({ app, action, version, previousVersion, by, note }) => ({ app, action, version, previousVersion, by, note })),
    ).toEqual([
      { app: 'mf_stores', action: 'publish', version: 'v1', previousVersion: 'dist', by: 'ci:stores-pipeline', note: null },
      {
        app: 'mf_stores',
        action: 'canary',
        version: 'v2',
        previousVersion: 'v1',
        by: 'ci:stores-pipeline',
        note: 'live for 10% of browsers',
      },
      {
        app: 'mf_stores',
        action: 'auto_abort',
        version: 'v2',
        previousVersion: 'v1',
        by: 'health monitor',
        note: '5 of 20 loads failed (25% > 20%)',
      },
      { app: 'mf_stores', action: 'canary', version: 'v2', previousVersion: 'v1', by: 'cli:dev', note: 'live for 10% of browsers' },
      { app: 'mf_stores', action: 'promote', version: 'v2', previousVersion: 'v1', by: 'admin:root', note: 'was live for 10% of browsers' },
      { app: 'mf_stores', action: 'rollback', version: 'v1', previousVersion: 'v2', by: 'admin:root', note: null },
    ]);
    const times = history.map((entry) => Date.parse(entry.at));
    expect(times.every((time, i) => Number.isFinite(time) && (i === 0 || time >= times[i - 1]!))).toBe(true);
  });

  it('records a publish of the version already live as such', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    expect(lastEntry(world)).toMatchObject({ action: 'publish', version: 'v1', previousVersion: 'v1', note: 'already live' });
    expect(world.releases.rollbackTarget('mf_stores')).toBe(BUILT_IN_VERSION);
  });

  it('knows every version an app has served or may serve', () => {
    const world = newWorld();
    world.releases.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('v2', { marker: '2' }), version: 'v2', by: 'test' });
    world.releases.publish('mf_stores', { from: world.remoteBuild('c', { marker: 'c' }), version: 'c', canaryPercent: 10, by: 'test' });
    world.releases.abort('mf_stores', 'test');
    world.releases.publish('mf_stores', { from: world.remoteBuild('c2', { marker: 'c2' }), version: 'c2', canaryPercent: 10, by: 'test' });
    expect([...world.releases.knownVersions('mf_stores')].sort()).toEqual(['c', 'c2', 'dist', 'v1', 'v2']);
    expect([...world.releases.knownVersions('mf_auth')]).toEqual(['dist']);
  });

  it('reads a state another writer changed (no stale copy is kept)', () => {
    const world = newWorld();
    const other = new Releases({ releasesDir: world.releasesDir, siteDir: world.siteDir });
    expect(world.releases.liveVersion('mf_stores')).toBe(BUILT_IN_VERSION);
    other.publish('mf_stores', { from: world.remoteBuild('v1'), version: 'v1', by: 'other' });
    expect(world.releases.liveVersion('mf_stores')).toBe('v1');
    other.publish('mf_stores', { from: world.remoteBuild('v2', { marker: '2' }), version: 'v2', canaryPercent: 10, by: 'other' });
    expect(world.releases.canary('mf_stores')?.version).toBe('v2');
  });
});

describe('several writers at once', () => {
  it('two Releases instances taking turns on different apps keep every change', () => {
    const world = newWorld();
    const a = new Releases({ releasesDir: world.releasesDir, siteDir: world.siteDir });
    const b = new Releases({ releasesDir: world.releasesDir, siteDir: world.siteDir });
    const stores = world.remoteBuild('stores');
    const auth = world.remoteBuild('auth', { app: 'mf_auth' });
    for (let round = 0; round < 30; round += 1) {
      a.publish('mf_stores', { from: stores, canaryPercent: 10, by: 'a' });
      b.publish('mf_auth', { from: auth, canaryPercent: 10, by: 'b' });
      a.abort('mf_stores', 'a');
      b.abort('mf_auth', 'b');
    }
    const history = world.releases.state().history;
    expect(history).toHaveLength(120);
    expect(history.filter((entry) => entry.by === 'a' && entry.app === 'mf_stores')).toHaveLength(60);
    expect(history.filter((entry) => entry.by === 'b' && entry.app === 'mf_auth')).toHaveLength(60);
  });

  it('processes writing at the same time lose no update', async () => {
    const world = newWorld();
    const writer = path.join(__dirname, 'support', 'releases-writer.ts');
    const rounds = 25;
    // They begin together, once all three have started.
    const startAt = String(Date.now() + 2_000);
    const jobs = (['mf_stores', 'mf_auth', 'mf_owner'] as RemoteApp[]).map((app) =>
      run(
        process.execPath,
        [TSX, writer, world.releasesDir, world.siteDir, app, world.remoteBuild(app, { app }), String(rounds), `writer:${app}`, startAt],
        {
          cwd: REPO_ROOT,
        },
      ),
    );
    const outputs = await Promise.all(jobs);
    expect(outputs.map((output) => output.stdout.trim())).toEqual([`done ${rounds}`, `done ${rounds}`, `done ${rounds}`]);

    const state = JSON.parse(readFileSync(path.join(world.releasesDir, 'deployments.json'), 'utf8')) as ReturnType<Releases['state']>;
    expect(state.history).toHaveLength(3 * rounds * 2);
    // They did write at the same time: the history interleaves them (one after the other would switch twice).
    const switches = state.history.filter((entry, i) => i > 0 && entry.app !== state.history[i - 1]!.app).length;
    expect(switches).toBeGreaterThan(6);
    for (const app of ['mf_stores', 'mf_auth', 'mf_owner'] as RemoteApp[]) {
      const own = state.history.filter((entry) => entry.app === app);
      expect(own.every((entry) => entry.by === `writer:${app}`)).toBe(true);
      expect(own.map((entry) => entry.action)).toEqual(Array.from({ length: rounds }, () => ['canary', 'abort']).flat());
      expect(own.filter((entry) => entry.action === 'abort').map((entry) => entry.note)).toEqual(
        Array.from({ length: rounds }, (_, i) => `round ${i}`),
      );
      expect(state.apps[app]?.canary).toBeNull();
    }
    // No lock or temporary file left behind.
    expect(Object.keys(world.snapshot()).filter((file) => !/^mf-[a-z]+\/[^/]+\//.test(file))).toEqual(['deployments.json']);
  }, 120_000);
});

describe('which browsers a canary reaches', () => {
  const canary = { version: '1.2.0-abcdef0123', percent: 50, since: new Date().toISOString() };

  it('gives the same browser the same answer every time', () => {
    for (let i = 0; i < 200; i += 1) {
      const id = newBrowserId();
      const first = inCanary(id, 'mf_stores', canary);
      for (let again = 0; again < 5; again += 1) expect(inCanary(id, 'mf_stores', canary)).toBe(first);
    }
  });

  it.each([
    [50, 0.03],
    [10, 0.02],
    [1, 0.005],
  ])('reaches close to %p%% of 10,000 random browsers', (percent, tolerance) => {
    const ids = Array.from({ length: 10_000 }, () => randomBytes(16).toString('hex'));
    const share = ids.filter((id) => inCanary(id, 'mf_stores', { ...canary, percent })).length / ids.length;
    expect(Math.abs(share - percent / 100)).toBeLessThanOrEqual(tolerance);
  });

  it('keeps every browser of a smaller share when the share grows', () => {
    const ids = Array.from({ length: 2_000 }, () => newBrowserId());
    const at10 = ids.filter((id) => inCanary(id, 'mf_stores', { ...canary, percent: 10 }));
    expect(at10.every((id) => inCanary(id, 'mf_stores', { ...canary, percent: 50 }))).toBe(true);
  });

  it('draws each app’s canary on its own', () => {
    const ids = Array.from({ length: 2_000 }, () => newBrowserId());
    const both = ids.filter((id) => inCanary(id, 'mf_stores', canary) && inCanary(id, 'mf_auth', canary)).length / ids.length;
    // Independent halves overlap on about a quarter of the browsers, not on all of one half.
    expect(both).toBeGreaterThan(0.18);
    expect(both).toBeLessThan(0.32);
  });
});

// The default pages of the fake builds are those the fake shell loads: a sanity check of the helper itself.
it('fake builds fit each other by default', () => {
  const world = newWorld();
  for (const app of Object.keys(DEFAULT_PAGES) as RemoteApp[]) expect(world.releases.check(app)).toEqual([]);
  expect(world.releases.check('shell')).toEqual([]);
});
