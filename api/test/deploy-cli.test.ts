/**
 * The release commands as a person or a pipeline runs them (`npm run publish:remote -- …` is
 * `tsx api/scripts/deploy.ts publish …` from the repository's root): exit codes, what they print,
 * refusals that change nothing, canaries promoted and aborted, rollbacks, the status, and wrong
 * arguments. Each test has its own releases folder (--releases-dir) and fake builds (--from).
 *
 * The commands' site is the repository itself, so until a shell is published into the releases
 * folder the live shell is this checkout's shell/dist, and the live remotes are always this
 * checkout's mf-<area>/dist. Each test therefore first publishes a fake shell that fits those real
 * remote builds (it provides what they require and loads what they expose).
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { APP_FOLDERS, REMOTE_APPS, type RemoteApp } from 'shared-contracts';
import type { DeploymentState } from '../src/deployments/state-file';
import { DEFAULT_SHELL_PROVIDES, type FakeRemoteOptions, type FakeShellOptions, snapshotTree, tempDir, writeRemoteBuild, writeShellBuild } from './support/fake-builds';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const DEPLOY = path.join('api', 'scripts', 'deploy.ts');
const execFileAsync = promisify(execFile);
const APP_LIST = 'shell, mf-auth, mf-stores, mf-admin, mf-owner, mf-customer';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `deploy.ts <args>` from the repository's root, as the npm scripts do. */
async function deploy(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  // The releases folder is the test's own: never one set in the environment running the tests.
  const inherited = { ...process.env };
  delete inherited.RELEASES_DIR;
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [TSX, DEPLOY, ...args], { cwd: REPO_ROOT, env: { ...inherited, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

interface RealRemote {
  requires: Array<{ name: string; range: string }>;
  exposes: string[];
}

/** What this checkout's own remote builds (the live remotes of the commands' site) require and expose. */
function realRemotes(): Record<RemoteApp, RealRemote> {
  return Object.fromEntries(
    REMOTE_APPS.map((app) => {
      const file = path.join(REPO_ROOT, APP_FOLDERS[app], 'dist', 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { shared?: Array<{ name: string; requiredVersion?: string }>; exposes?: Array<{ name: string }> };
      return [
        app,
        {
          requires: (manifest.shared ?? []).map((entry) => ({ name: entry.name, range: entry.requiredVersion ?? '*' })),
          exposes: (manifest.exposes ?? []).map((entry) => entry.name),
        },
      ];
    }),
  ) as Record<RemoteApp, RealRemote>;
}

/** A fake shell the real remote builds fit: the default versions where they satisfy them, else the lowest version their range takes. */
function shellFittingRealRemotes(): FakeShellOptions {
  const remotes = realRemotes();
  const provides: Record<string, string> = { ...DEFAULT_SHELL_PROVIDES };
  for (const { requires } of Object.values(remotes)) {
    for (const { name, range } of requires) {
      const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
      const current = provides[pkg];
      if (current === undefined || !semver.satisfies(current, range, { includePrerelease: true })) {
        provides[pkg] = semver.minVersion(range)?.version ?? '0.0.0';
      }
    }
  }
  return { provides, loads: Object.fromEntries(REMOTE_APPS.map((app) => [app, remotes[app].exposes])) };
}

interface Setup {
  releasesDir: string;
  shellVersion: string;
  /** A fake remote build of `app` (default mf_stores) that fits the published fake shell, with `options` on top. */
  remote: (name: string, options?: FakeRemoteOptions) => string;
  snapshot: () => Record<string, string>;
  state: () => DeploymentState;
  /** `deploy <args> --releases-dir <this test's releases>`. */
  run: (...args: string[]) => Promise<Outcome>;
}

const roots: string[] = [];
let fittingShell: FakeShellOptions;

beforeAll(() => {
  fittingShell = shellFittingRealRemotes();
});
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A releases folder with a fake shell published into it (through the command) as the live shell. */
async function setUp(): Promise<Setup> {
  const root = tempDir('deploy-cli');
  roots.push(root);
  const releasesDir = path.join(root, 'releases');
  const shellBuild = writeShellBuild(path.join(root, 'builds', 'shell'), fittingShell).dir;
  const run = (...args: string[]) => deploy([...args, '--releases-dir', releasesDir]);
  const shell = await run('publish', 'shell', '--from', shellBuild, '--version', 'shell-1', '--by', 'test');
  if (shell.code !== 0) throw new Error(`the fake shell was not published:\n${shell.stderr}`);
  return {
    releasesDir,
    shellVersion: 'shell-1',
    remote: (name, options = {}) => {
      const app = options.app ?? 'mf_stores';
      return writeRemoteBuild(path.join(root, 'builds', name), { exposes: fittingShell.loads?.[app], ...options, app }).dir;
    },
    snapshot: () => snapshotTree(releasesDir),
    state: () => JSON.parse(readFileSync(path.join(releasesDir, 'deployments.json'), 'utf8')) as DeploymentState,
    run,
  };
}

const lines = (text: string) => text.trimEnd().split('\n');

describe('publishing the shell', () => {
  it('publishes a shell build and prints what is live and how to roll back', async () => {
    const root = tempDir('deploy-cli');
    roots.push(root);
    const releasesDir = path.join(root, 'releases');
    const from = writeShellBuild(path.join(root, 'build'), fittingShell).dir;
    const result = await deploy(['publish', 'shell', '--from', from, '--version', 's1', '--releases-dir', releasesDir]);
    expect(result).toEqual({
      code: 0,
      stdout: `published ${path.join(releasesDir, 'shell', 's1')}\nshell is live at s1 (was dist); roll back with: npm run rollback:shell\n`,
      stderr: '',
    });
    expect(snapshotTree(path.join(releasesDir, 'shell', 's1'))).toEqual(snapshotTree(from));
  });
});

describe('the shell against the live remotes (this checkout’s own remote builds)', () => {
  it('refuses a shell that does not share what the live remotes need: one line per remote, nothing changed', async () => {
    const setup = await setUp();
    const before = setup.snapshot();
    const from = writeShellBuild(path.join(setup.releasesDir, '..', 'builds', 'no-react'), { ...fittingShell, provides: { ...fittingShell.provides, react: null } }).dir;
    const result = await setup.run('publish', 'shell', '--from', from, '--version', 'shell-2');
    expect(result.code).toBe(1);
    const needingReact = REMOTE_APPS.filter((app) => realRemotes()[app].requires.some(({ name }) => name === 'react' || name.startsWith('react/')));
    expect(needingReact.length).toBeGreaterThan(0);
    expect(lines(result.stderr)).toEqual([
      'deploy: the compatibility gate refused shell shell-2 (nothing was changed):',
      ...needingReact.map((app) => expect.stringMatching(new RegExp(`^ {2}- react: the live ${app} dist needs react \\S+; the shell shell-2 does not share it$`))),
    ]);
    expect(setup.snapshot()).toEqual(before);
  });

  it('gate shell exits 0 for a shell that fits them, and 1 for one that does not', async () => {
    const setup = await setUp();
    const fits = writeShellBuild(path.join(setup.releasesDir, '..', 'builds', 'fits'), { ...fittingShell, marker: 'again' }).dir;
    expect(await setup.run('gate', 'shell', '--from', fits)).toEqual({
      code: 0,
      stdout: `the gate accepts shell from ${fits}: every shared requirement and page fits the live versions\n`,
      stderr: '',
    });
    const loads = { ...fittingShell.loads, mf_owner: [...(fittingShell.loads?.mf_owner ?? []), 'OwnerReportsPage'] };
    const extraRoute = writeShellBuild(path.join(setup.releasesDir, '..', 'builds', 'extra-route'), { ...fittingShell, loads }).dir;
    const refused = await setup.run('gate', 'shell', '--from', extraRoute);
    expect(refused.code).toBe(1);
    expect(lines(refused.stderr)).toEqual([
      `deploy: the compatibility gate refused shell (${extraRoute}) (nothing was changed):`,
      '  - mf_owner/OwnerReportsPage: this shell build loads mf_owner/OwnerReportsPage, which the live mf_owner dist does not expose',
    ]);
  });
});

describe('a refused publish', () => {
  it('exits 1, names each problem on its own line, and changes nothing', async () => {
    const setup = await setUp();
    const before = setup.snapshot();
    const from = setup.remote('newer', { requires: { 'shared-contracts': '^1.2.0', react: '^20.0.0' } });
    const result = await setup.run('publish', 'mf-stores', '--from', from, '--version', 'v2');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr)).toEqual([
      'deploy: the compatibility gate refused mf_stores v2 (nothing was changed):',
      '  - react: mf_stores v2 needs react ^20.0.0; the live shell (shell-1) provides 19.3.1',
      '  - shared-contracts: mf_stores v2 needs shared-contracts ^1.2.0; the live shell (shell-1) provides 1.1.0',
    ]);
    expect(setup.snapshot()).toEqual(before);
  });

  it('names the default version it would have published', async () => {
    const setup = await setUp();
    const before = setup.snapshot();
    const result = await setup.run('publish', 'stores', '--from', setup.remote('newer', { requires: { 'shared-contracts': '^1.2.0' } }));
    expect(result.code).toBe(1);
    const version = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-stores', 'package.json'), 'utf8')).version as string;
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(new RegExp(`^deploy: the compatibility gate refused mf_stores ${version.replace(/\./g, '\\.')}-[0-9a-f]{10} \\(nothing was changed\\):$`)),
      expect.stringMatching(/^ {2}- shared-contracts: mf_stores \S+ needs shared-contracts \^1\.2\.0; the live shell \(shell-1\) provides 1\.1\.0$/),
    ]);
    expect(setup.snapshot()).toEqual(before);
  });

  it('refuses a page mismatch with the page named', async () => {
    const setup = await setUp();
    const before = setup.snapshot();
    const result = await setup.run('publish', 'mf_stores', '--from', setup.remote('extra', { exposes: [...(fittingShell.loads?.mf_stores ?? []), 'StoreComparePage'] }), '--version', 'v2');
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'deploy: the compatibility gate refused mf_stores v2 (nothing was changed):',
      '  - mf_stores/StoreComparePage: mf_stores v2 exposes mf_stores/StoreComparePage, which the route table of the live shell (shell-1) does not load',
    ]);
    expect(setup.snapshot()).toEqual(before);
  });
});

describe('the gate command', () => {
  it('exits 0 for a build that fits, and writes nothing', async () => {
    const setup = await setUp();
    const before = setup.snapshot();
    const from = setup.remote('fits');
    const result = await setup.run('gate', 'mf-stores', '--from', from);
    expect(result).toEqual({
      code: 0,
      stdout: `the gate accepts mf_stores from ${from}: every shared requirement and page fits the live versions\n`,
      stderr: '',
    });
    expect(setup.snapshot()).toEqual(before);
  });

  it('exits 1 with the problems for a build that does not fit, and writes nothing', async () => {
    const setup = await setUp();
    const before = setup.snapshot();
    const from = setup.remote('newer', { requires: { 'shared-contracts/ui': '^1.5.0' } });
    const result = await setup.run('gate', 'stores', '--from', from);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `deploy: the compatibility gate refused mf_stores (${from}) (nothing was changed):`,
      '  - shared-contracts: this build needs shared-contracts ^1.5.0; the live shell (shell-1) provides 1.1.0',
    ]);
    expect(setup.snapshot()).toEqual(before);
  });
});

describe('canaries', () => {
  it('publish --canary, then promote: the canary becomes live for everyone', async () => {
    const setup = await setUp();
    const published = await setup.run('publish', 'mf-stores', '--from', setup.remote('c1'), '--version', 'c1', '--canary', '10', '--by', 'ci:stores');
    expect(published.code).toBe(0);
    expect(lines(published.stdout)).toEqual([
      `published ${path.join(setup.releasesDir, 'mf-stores', 'c1')}`,
      'mf_stores c1 is the canary for 10% of browsers (dist stays live for the rest)',
      'promote: npm run promote:remote -- mf-stores   abort: npm run abort:remote -- mf-stores',
    ]);
    expect(setup.state().apps.mf_stores).toMatchObject({ live: null, canary: { version: 'c1', percent: 10 } });

    const promoted = await setup.run('promote', 'mf-stores', '--by', 'ci:stores');
    expect(promoted).toEqual({ code: 0, stdout: 'mf_stores c1 is live for everyone\n', stderr: '' });
    expect(setup.state().apps.mf_stores).toMatchObject({ live: { version: 'c1' }, canary: null, previous: [{ version: 'dist', since: null }] });
    expect(setup.state().history.at(-1)).toMatchObject({ app: 'mf_stores', action: 'promote', version: 'c1', previousVersion: 'dist', by: 'ci:stores' });
  });

  it('publish --canary, then abort: the live version stays for everyone', async () => {
    const setup = await setUp();
    expect((await setup.run('publish', 'mf-stores', '--from', setup.remote('v1'), '--version', 'v1')).code).toBe(0);
    expect((await setup.run('publish', 'mf-stores', '--from', setup.remote('c1', { marker: 'c' }), '--version', 'c1', '--canary', '50')).code).toBe(0);
    const aborted = await setup.run('abort', 'mf-stores', '--by', 'cli:oncall');
    expect(aborted).toEqual({ code: 0, stdout: 'the canary c1 of mf_stores is ended; v1 is live for everyone\n', stderr: '' });
    expect(setup.state().apps.mf_stores).toMatchObject({ live: { version: 'v1' }, canary: null });
    expect(setup.state().history.at(-1)).toMatchObject({ action: 'abort', version: 'c1', previousVersion: 'v1', by: 'cli:oncall', note: null });
  });

  it('promote and abort without a canary exit 1 and change nothing', async () => {
    const setup = await setUp();
    const before = setup.snapshot();
    expect(await setup.run('promote', 'mf-stores')).toEqual({ code: 1, stdout: '', stderr: 'deploy: mf_stores has no canary to promote\n' });
    expect(await setup.run('abort', 'mf-stores')).toEqual({ code: 1, stdout: '', stderr: 'deploy: mf_stores has no canary to abort\n' });
    expect(setup.snapshot()).toEqual(before);
  });
});

describe('rollback', () => {
  it('goes back one version at a time, then says there is nothing to roll back to', async () => {
    const setup = await setUp();
    expect((await setup.run('publish', 'mf-stores', '--from', setup.remote('v1'), '--version', 'v1')).code).toBe(0);
    const second = await setup.run('publish', 'mf-stores', '--from', setup.remote('v2', { marker: '2' }), '--version', 'v2');
    expect(lines(second.stdout).at(-1)).toBe('mf_stores is live at v2 (was v1); roll back with: npm run rollback:remote -- mf-stores');

    expect(await setup.run('rollback', 'mf-stores')).toEqual({ code: 0, stdout: 'mf_stores v1 is live again (was v2)\n', stderr: '' });
    expect(await setup.run('rollback', 'mf-stores')).toEqual({ code: 0, stdout: 'mf_stores dist is live again (was v1)\n', stderr: '' });
    const before = setup.snapshot();
    expect(await setup.run('rollback', 'mf-stores')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'deploy: nothing to roll back to: mf-stores has no earlier published version\n',
    });
    expect(setup.snapshot()).toEqual(before);
  });
});

describe('status', () => {
  it('shows each app’s live version when nothing is published', async () => {
    const root = tempDir('deploy-cli');
    roots.push(root);
    const releasesDir = path.join(root, 'releases');
    const result = await deploy(['status', '--releases-dir', releasesDir]);
    expect(result).toEqual({
      code: 0,
      stdout: [
        `releases in ${releasesDir}`,
        '  shell        live dist (its own build)',
        '  mf-auth      live dist (its own build)',
        '  mf-stores    live dist (its own build)',
        '  mf-admin     live dist (its own build)',
        '  mf-owner     live dist (its own build)',
        '  mf-customer  live dist (its own build)',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('shows live versions, canaries, rollback targets and the latest changes, newest first', async () => {
    const setup = await setUp();
    await setup.run('publish', 'mf-stores', '--from', setup.remote('v1'), '--version', 'v1', '--by', 'ci:stores');
    await setup.run('publish', 'mf-stores', '--from', setup.remote('c1', { marker: 'c' }), '--version', 'c1', '--canary', '25', '--by', 'ci:stores');
    const result = await setup.run('status');
    expect(result.code).toBe(0);
    const out = lines(result.stdout);
    expect(out[0]).toBe(`releases in ${setup.releasesDir}`);
    expect(out[1]).toBe('  shell        live shell-1; rolls back to dist');
    expect(out[3]).toMatch(/^ {2}mf-stores {4}live v1; canary c1 for 25% since \d{4}-\d\d-\d\dT[\d:.]+Z; rolls back to dist$/);
    expect(out[2]).toBe('  mf-auth      live dist (its own build)');
    expect(out[7]).toBe('latest changes:');
    expect(out.slice(8)).toEqual([
      expect.stringMatching(/^ {2}\S+Z mf_stores canary c1 by ci:stores \(live for 25% of browsers\)$/),
      expect.stringMatching(/^ {2}\S+Z mf_stores publish v1 by ci:stores$/),
      expect.stringMatching(/^ {2}\S+Z shell publish shell-1 by test$/),
    ]);
  });
});

describe('who and where', () => {
  let shared: Setup;
  beforeAll(async () => {
    shared = await setUp();
  });

  it('records cli:<user> when --by is not given', async () => {
    const setup = await setUp();
    expect((await setup.run('publish', 'mf-stores', '--from', setup.remote('v1'), '--version', 'v1')).code).toBe(0);
    expect(setup.state().history.at(-1)?.by).toBe(`cli:${os.userInfo().username}`);
  });

  it('takes the releases folder from RELEASES_DIR when --releases-dir is not given', async () => {
    const result = await deploy(['status'], { RELEASES_DIR: shared.releasesDir });
    expect(lines(result.stdout)[0]).toBe(`releases in ${shared.releasesDir}`);
    expect(lines(result.stdout)[1]).toBe('  shell        live shell-1; rolls back to dist');
  });

  it.each(['mf-stores', 'stores', 'mf_stores'])('knows mf-stores as %s', async (name) => {
    const result = await shared.run('gate', name, '--from', shared.remote('fits'));
    expect([result.code, result.stdout]).toEqual([0, expect.stringMatching(/^the gate accepts mf_stores from /)]);
  });
});

describe('wrong arguments', () => {
  // None of these changes anything: they share one releases folder, compared before and after each.
  let shared: Setup;
  beforeAll(async () => {
    shared = await setUp();
  });

  it.each([
    [['publish', 'mf-nope'], `deploy: unknown app "mf-nope"; one of: ${APP_LIST}`],
    [['gate', 'stores', '--frm', 'x'], 'deploy: unknown option --frm'],
    [['publish', 'stores', '--from'], 'deploy: --from needs a value'],
    [['ship', 'stores'], 'deploy: usage: deploy.ts publish|gate|promote|abort|rollback|status <app> [options]'],
    [['promote'], `deploy: which app? one of: ${APP_LIST}`],
    [['publish', 'stores', 'auth'], 'deploy: one app at a time (got stores, auth)'],
    [['publish', 'stores', '--canary', 'ten'], 'deploy: --canary takes a share of browsers from 1 to 99 (got "ten")'],
    [['publish', 'stores', '--canary', '0'], 'deploy: --canary takes a share of browsers from 1 to 99 (got 0)'],
    [['publish', 'stores', '--canary', '100'], 'deploy: --canary takes a share of browsers from 1 to 99 (got 100)'],
    [['publish', 'shell', '--canary', '10'], 'deploy: the shell is published for everyone at once: --canary is for remotes'],
  ])('deploy %j exits 1 with one line and changes nothing', async (args, message) => {
    const before = shared.snapshot();
    expect(await shared.run(...args)).toEqual({ code: 1, stdout: '', stderr: `${message}\n` });
    expect(shared.snapshot()).toEqual(before);
  });

  it('refuses a build folder that is not there', async () => {
    const missing = path.join(shared.releasesDir, '..', 'no-such-build');
    const before = shared.snapshot();
    expect(await shared.run('publish', 'mf-auth', '--from', missing)).toEqual({
      code: 1,
      stdout: '',
      stderr: `deploy: no build at ${path.resolve(missing)}: build it first (npx nx run mf-auth:build)\n`,
    });
    expect(shared.snapshot()).toEqual(before);
  });
});
