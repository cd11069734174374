/**
 * The release commands as a person or a pipeline runs them (`npm run publish:remote -- …` is
 * `tsx api/scripts/deploy.ts publish …` from the repository's root): exit codes, what they print,
 * refusals that change nothing, canaries promoted and aborted, rollbacks, the status, where the site
 * and the releases are taken from, and wrong arguments.
 *
 * Each test has a fake site of its own (--site-dir: every app's own build in `<folder>/dist`, all
 * fitting each other, the live versions until something is published), its releases folder
 * (--releases-dir) and fake builds (--from); nothing depends on this checkout's own builds.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REMOTE_APPS } from 'shared-contracts';
import { createFakeReleases, DEFAULT_PAGES, type FakeReleases, type FakeSiteOptions, snapshotTree } from './support/fake-builds';

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
  // The site and the releases folder are the test's own: never ones set in the environment running the tests.
  const inherited = { ...process.env };
  delete inherited.RELEASES_DIR;
  delete inherited.SITE_DIR;
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [TSX, DEPLOY, ...args], {
      cwd: REPO_ROOT,
      env: { ...inherited, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

interface Setup extends FakeReleases {
  /** `deploy <args> --site-dir <this test's site> --releases-dir <its releases>`. */
  run: (...args: string[]) => Promise<Outcome>;
  /** Publishes a fake shell build (fitting the site's remotes) as `version` through the command. */
  publishShell: (version: string) => Promise<void>;
}

const fakes: FakeReleases[] = [];
afterAll(() => {
  for (const fake of fakes) fake.remove();
});

/** A fake site with nothing published: the live versions are its own builds (`dist`). */
function setUp(site: FakeSiteOptions = {}): Setup {
  const fake = createFakeReleases({ name: 'deploy-cli', ...site });
  fakes.push(fake);
  const run = (...args: string[]) => deploy([...args, '--site-dir', fake.siteDir, '--releases-dir', fake.releasesDir]);
  return {
    ...fake,
    run,
    publishShell: async (version) => {
      const published = await run(
        'publish',
        'shell',
        '--from',
        fake.shellBuild(version, { marker: version }),
        '--version',
        version,
        '--by',
        'test',
      );
      if (published.code !== 0) throw new Error(`the fake shell was not published:\n${published.stderr}`);
    },
  };
}

const lines = (text: string) => text.trimEnd().split('\n');

describe('publishing the shell', () => {
  it('publishes a shell build and prints what is live and how to roll back', async () => {
    const setup = setUp();
    const from = setup.shellBuild('build', { marker: 's1' });
    const result = await setup.run('publish', 'shell', '--from', from, '--version', 's1');
    expect(result).toEqual({
      code: 0,
      stdout: `published ${path.join(setup.releasesDir, 'shell', 's1')}\nshell is live at s1 (was dist); roll back with: npm run rollback:shell\n`,
      stderr: '',
    });
    expect(snapshotTree(path.join(setup.releasesDir, 'shell', 's1'))).toEqual(snapshotTree(from));
  });
});

describe('the shell against the live remotes (the site’s own remote builds)', () => {
  it('refuses a shell that does not share what the live remotes need: one line per remote, nothing changed', async () => {
    const setup = setUp();
    const before = setup.snapshot();
    const from = setup.shellBuild('no-react', { provides: { react: null } });
    const result = await setup.run('publish', 'shell', '--from', from, '--version', 'shell-2');
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'deploy: the compatibility gate refused shell shell-2 (nothing was changed):',
      ...REMOTE_APPS.map((app) => `  - react: the live ${app} dist needs react ^19.3.1; the shell shell-2 does not share it`),
    ]);
    expect(setup.snapshot()).toEqual(before);
  });

  it('gate shell exits 0 for a shell that fits them, and 1 for one that does not', async () => {
    const setup = setUp();
    const fits = setup.shellBuild('fits', { marker: 'again' });
    expect(await setup.run('gate', 'shell', '--from', fits)).toEqual({
      code: 0,
      stdout: `the gate accepts shell from ${fits}: every shared requirement and page fits the live versions\n`,
      stderr: '',
    });
    const extraRoute = setup.shellBuild('extra-route', { loads: { mf_owner: [...DEFAULT_PAGES.mf_owner, 'OwnerReportsPage'] } });
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
    const setup = setUp();
    await setup.publishShell('shell-1');
    const before = setup.snapshot();
    const from = setup.remoteBuild('newer', { requires: { 'shared-contracts': '^1.2.0', react: '^20.0.0' } });
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

  it('names the default version it would have published: the site’s package version and the build’s digest', async () => {
    const setup = setUp({ packageVersion: '2.3.4' });
    const before = setup.snapshot();
    const result = await setup.run(
      'publish',
      'stores',
      '--from',
      setup.remoteBuild('newer', { requires: { 'shared-contracts': '^1.2.0' } }),
    );
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(/^deploy: the compatibility gate refused mf_stores 2\.3\.4-[0-9a-f]{10} \(nothing was changed\):$/),
      expect.stringMatching(
        /^ {2}- shared-contracts: mf_stores \S+ needs shared-contracts \^1\.2\.0; the live shell \(dist\) provides 1\.1\.0$/,
      ),
    ]);
    expect(setup.snapshot()).toEqual(before);
  });

  it('refuses a page mismatch with the page named', async () => {
    const setup = setUp();
    const before = setup.snapshot();
    const from = setup.remoteBuild('extra', { exposes: [...DEFAULT_PAGES.mf_stores, 'StoreComparePage'] });
    const result = await setup.run('publish', 'mf_stores', '--from', from, '--version', 'v2');
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'deploy: the compatibility gate refused mf_stores v2 (nothing was changed):',
      '  - mf_stores/StoreComparePage: mf_stores v2 exposes mf_stores/StoreComparePage, which the route table of the live shell (dist) does not load',
    ]);
    expect(setup.snapshot()).toEqual(before);
  });
});

describe('the gate command', () => {
  it('exits 0 for a build that fits, and writes nothing', async () => {
    const setup = setUp();
    const from = setup.remoteBuild('fits');
    const result = await setup.run('gate', 'mf-stores', '--from', from);
    expect(result).toEqual({
      code: 0,
      stdout: `the gate accepts mf_stores from ${from}: every shared requirement and page fits the live versions\n`,
      stderr: '',
    });
    expect(setup.snapshot()).toEqual({});
  });

  it('exits 1 with the problems for a build that does not fit, and writes nothing', async () => {
    const setup = setUp();
    await setup.publishShell('shell-1');
    const before = setup.snapshot();
    // It needs shared-contracts through a subpath only: the gate checks the package's version.
    const from = setup.remoteBuild('newer', {
      requires: { 'shared-contracts': null, 'shared-contracts/react': null, 'shared-contracts/ui': '^1.5.0' },
    });
    const result = await setup.run('gate', 'stores', '--from', from);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `deploy: the compatibility gate refused mf_stores (${from}) (nothing was changed):`,
      '  - shared-contracts: this build needs shared-contracts ^1.5.0; the live shell (shell-1) provides 1.1.0',
    ]);
    expect(setup.snapshot()).toEqual(before);
  });

  it('with nothing published, checks against the site’s own shell build (<site>/shell/dist)', async () => {
    // A version only this site's shell provides: the refusal names it.
    const setup = setUp({ shell: { provides: { 'shared-contracts': '1.9.0' } } });
    const from = setup.remoteBuild('newer', { requires: { 'shared-contracts': '^1.9.5' } });
    const result = await setup.run('gate', 'mf-stores', '--from', from);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        `deploy: the compatibility gate refused mf_stores (${from}) (nothing was changed):`,
        '  - shared-contracts: this build needs shared-contracts ^1.9.5; the live shell (dist) provides 1.9.0',
        '',
      ].join('\n'),
    });
    expect(setup.snapshot()).toEqual({});
  });
});

describe('canaries', () => {
  it('publish --canary, then promote: the canary becomes live for everyone', async () => {
    const setup = setUp();
    const published = await setup.run(
      'publish',
      'mf-stores',
      '--from',
      setup.remoteBuild('c1'),
      '--version',
      'c1',
      '--canary',
      '10',
      '--by',
      'ci:stores',
    );
    expect(published.code).toBe(0);
    expect(lines(published.stdout)).toEqual([
      `published ${path.join(setup.releasesDir, 'mf-stores', 'c1')}`,
      'mf_stores c1 is the canary for 10% of browsers (dist stays live for the rest)',
      'promote: npm run promote:remote -- mf-stores   abort: npm run abort:remote -- mf-stores',
    ]);
    expect(setup.releases.state().apps.mf_stores).toMatchObject({ live: null, canary: { version: 'c1', percent: 10 } });

    const promoted = await setup.run('promote', 'mf-stores', '--by', 'ci:stores');
    expect(promoted).toEqual({ code: 0, stdout: 'mf_stores c1 is live for everyone\n', stderr: '' });
    expect(setup.releases.state().apps.mf_stores).toMatchObject({
      live: { version: 'c1' },
      canary: null,
      previous: [{ version: 'dist', since: null }],
    });
    expect(setup.releases.state().history.at(-1)).toMatchObject({
      app: 'mf_stores',
      action: 'promote',
      version: 'c1',
      previousVersion: 'dist',
      by: 'ci:stores',
    });
  });

  it('publish --canary, then abort: the live version stays for everyone', async () => {
    const setup = setUp();
    expect((await setup.run('publish', 'mf-stores', '--from', setup.remoteBuild('v1'), '--version', 'v1')).code).toBe(0);
    expect(
      (await setup.run('publish', 'mf-stores', '--from', setup.remoteBuild('c1', { marker: 'c' }), '--version', 'c1', '--canary', '50'))
        .code,
    ).toBe(0);
    const aborted = await setup.run('abort', 'mf-stores', '--by', 'cli:oncall');
    expect(aborted).toEqual({ code: 0, stdout: 'the canary c1 of mf_stores is ended; v1 is live for everyone\n', stderr: '' });
    expect(setup.releases.state().apps.mf_stores).toMatchObject({ live: { version: 'v1' }, canary: null });
    expect(setup.releases.state().history.at(-1)).toMatchObject({
      action: 'abort',
      version: 'c1',
      previousVersion: 'v1',
      by: 'cli:oncall',
      note: null,
    });
  });

  it('promote and abort without a canary exit 1 and change nothing', async () => {
    const setup = setUp();
    const before = setup.snapshot();
    expect(await setup.run('promote', 'mf-stores')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'deploy: mf_stores has no canary to promote\n',
    });
    expect(await setup.run('abort', 'mf-stores')).toEqual({ code: 1, stdout: '', stderr: 'deploy: mf_stores has no canary to abort\n' });
    expect(setup.snapshot()).toEqual(before);
  });
});

describe('rollback', () => {
  it('goes back one version at a time, then says there is nothing to roll back to', async () => {
    const setup = setUp();
    expect((await setup.run('publish', 'mf-stores', '--from', setup.remoteBuild('v1'), '--version', 'v1')).code).toBe(0);
    const second = await setup.run('publish', 'mf-stores', '--from', setup.remoteBuild('v2', { marker: '2' }), '--version', 'v2');
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
    const setup = setUp();
    const result = await setup.run('status');
    expect(result).toEqual({
      code: 0,
      stdout: [
        `releases in ${setup.releasesDir}`,
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
    const setup = setUp();
    await setup.publishShell('shell-1');
    await setup.run('publish', 'mf-stores', '--from', setup.remoteBuild('v1'), '--version', 'v1', '--by', 'ci:stores');
    await setup.run(
      'publish',
      'mf-stores',
      '--from',
      setup.remoteBuild('c1', { marker: 'c' }),
      '--version',
      'c1',
      '--canary',
      '25',
      '--by',
      'ci:stores',
    );
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
  beforeAll(() => {
    shared = setUp();
  });

  it('records cli:<user> when --by is not given', async () => {
    const setup = setUp();
    expect((await setup.run('publish', 'mf-stores', '--from', setup.remoteBuild('v1'), '--version', 'v1')).code).toBe(0);
    expect(setup.releases.state().history.at(-1)?.by).toBe(`cli:${os.userInfo().username}`);
  });

  it('takes the releases folder from RELEASES_DIR when --releases-dir is not given', async () => {
    const setup = setUp();
    // Another folder than the site's own releases folder, with a shell published into it.
    const elsewhere = path.join(setup.root, 'elsewhere');
    const from = setup.shellBuild('shell-1', { marker: 'shell-1' });
    expect(
      (await deploy(['publish', 'shell', '--from', from, '--version', 'shell-1', '--site-dir', setup.siteDir, '--releases-dir', elsewhere]))
        .code,
    ).toBe(0);
    const result = await deploy(['status', '--site-dir', setup.siteDir], { RELEASES_DIR: elsewhere });
    expect(lines(result.stdout)[0]).toBe(`releases in ${elsewhere}`);
    expect(lines(result.stdout)[1]).toBe('  shell        live shell-1; rolls back to dist');
  });

  it('puts the releases in <site-dir>/releases when neither --releases-dir nor RELEASES_DIR is given', async () => {
    const setup = setUp();
    const published = await deploy([
      'publish',
      'mf-stores',
      '--from',
      setup.remoteBuild('v1'),
      '--version',
      'v1',
      '--site-dir',
      setup.siteDir,
    ]);
    expect(lines(published.stdout)[0]).toBe(`published ${path.join(setup.siteDir, 'releases', 'mf-stores', 'v1')}`);
    const status = await deploy(['status', '--site-dir', setup.siteDir]);
    expect(lines(status.stdout)[0]).toBe(`releases in ${path.join(setup.siteDir, 'releases')}`);
    expect(lines(status.stdout)[3]).toBe('  mf-stores    live v1; rolls back to dist');
  });

  it('takes the site from SITE_DIR when --site-dir is not given: its own builds are the live versions', async () => {
    // A version only this site's shell provides: the refusal names it.
    const setup = setUp({ shell: { provides: { 'shared-contracts': '1.9.0' } } });
    const from = setup.remoteBuild('newer', { requires: { 'shared-contracts': '^1.9.5' } });
    const result = await deploy(['gate', 'mf-stores', '--from', from, '--releases-dir', setup.releasesDir], { SITE_DIR: setup.siteDir });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `deploy: the compatibility gate refused mf_stores (${from}) (nothing was changed):`,
      '  - shared-contracts: this build needs shared-contracts ^1.9.5; the live shell (dist) provides 1.9.0',
    ]);
  });

  it.each(['mf-stores', 'stores', 'mf_stores'])('knows mf-stores as %s', async (name) => {
    const result = await shared.run('gate', name, '--from', shared.remoteBuild('fits'));
    expect([result.code, result.stdout]).toEqual([0, expect.stringMatching(/^the gate accepts mf_stores from /)]);
  });
});

describe('wrong arguments', () => {
  // None of these changes anything: they share one releases folder, compared before and after each.
  let shared: Setup;
  beforeAll(() => {
    shared = setUp();
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
    const missing = path.join(shared.buildsDir, 'no-such-build');
    const before = shared.snapshot();
    expect(await shared.run('publish', 'mf-auth', '--from', missing)).toEqual({
      code: 1,
      stdout: '',
      stderr: `deploy: no build at ${path.resolve(missing)}: build it first (npx nx run mf-auth:build)\n`,
    });
    expect(shared.snapshot()).toEqual(before);
  });
});
