/**
 * Per-app pipelines (issue 13 part 6; README "One team, one remote"): every app has a GitHub Actions
 * workflow (.github/workflows/<app>.yml); a deployable app's runs its own ci, then on main the
 * compatibility gate, a canary publish and, after approval, the promote, naming no other app; the path
 * filters (read with picomatch, as GitHub matches them) make a change inside one remote run that
 * remote's pipeline alone; and `npm run pipeline -- mf-owner` runs the workflow's steps here, from
 * ci to promote, against a throw-away releases folder. Plain Node: no browser.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_FOLDERS, DEPLOYABLE_APPS } from 'shared-contracts';
import { parse } from 'yaml';
import { REPO_ROOT } from '../support/site';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: string;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: { push?: { branches?: string[]; paths?: string[] }; pull_request?: { paths?: string[] } };
  jobs: Record<string, Job>;
}
interface DeploymentState {
  apps: Record<string, { live: { version: string } | null; canary: { version: string } | null }>;
  history: Array<{ app: string; action: string; version: string; by: string }>;
}

/** picomatch has no type declarations installed; this is the part of its API the path filters need. */
type Matcher = (file: string) => boolean;
const picomatch = require('picomatch') as (patterns: string[], options: { dot: boolean }) => Matcher;

const DEPLOYABLE = DEPLOYABLE_APPS.map((app) => APP_FOLDERS[app]);
const REMOTES = DEPLOYABLE.filter((folder) => folder !== 'shell');
const CI_ONLY = ['shared-contracts', 'api'];
const ALL = [...DEPLOYABLE, ...CI_ONLY];
const WORKFLOWS = path.join(REPO_ROOT, '.github', 'workflows');
const PUSH_TO_MAIN = "github.event_name == 'push' && github.ref == 'refs/heads/main'";

const workflowOf = (app: string): Workflow => parse(readFileSync(path.join(WORKFLOWS, `${app}.yml`), 'utf8')) as Workflow;
const runsOf = (job: Job): string[] => job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run.trim()]));
const allRuns = (workflow: Workflow): string[] => Object.values(workflow.jobs).flatMap(runsOf);

/** The workflows a push changing `file` (and a pull request changing it) would start. */
function triggeredBy(file: string): { push: string[]; pullRequest: string[] } {
  const matching = (filter: (w: Workflow) => string[] | undefined) =>
    ALL.filter((app) => picomatch(filter(workflowOf(app)) ?? [], { dot: true })(file)).sort();
  return { push: matching((w) => w.on.push?.paths), pullRequest: matching((w) => w.on.pull_request?.paths) };
}

/** `npm run pipeline -- …` as a person runs it in a terminal (none of this test runner's Nx or jest settings). */
function runPipeline(args: string[]): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(NX_|JEST_)/.test(name) && name !== 'NODE_ENV' && name !== 'RELEASES_DIR' && name !== 'SITE_DIR',
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'pipeline', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The run's last lines and its exit code: what a failing expectation shows. */
const ending = (run: { code: number | null; output: string }): string =>
  `${run.output.trimEnd().split('\n').slice(-30).join('\n')}\nexit ${run.code}`;

const readState = (releasesDir: string): DeploymentState =>
  JSON.parse(readFileSync(path.join(releasesDir, 'deployments.json'), 'utf8')) as DeploymentState;
const versionsIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')) : []);

test('every app has a pipeline, and nothing else has one', () => {
  const files = readdirSync(WORKFLOWS)
    .filter((file) => file.endsWith('.yml'))
    .map((file) => file.replace(/\.yml$/, ''));
  expect(files.sort()).toEqual([...ALL].sort());
});

test.each(DEPLOYABLE)("%s's pipeline runs its own ci and uploads its build, naming no other app", (folder) => {
  const workflow = workflowOf(folder);
  const ci = workflow.jobs.ci!;
  expect(ci.steps.find((step) => step.id === 'install')?.run).toBe('npm install --no-audit --no-fund');
  expect(runsOf(ci)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^npx nx run ${folder}:ci( |$)`))]));
  expect(ci.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.with?.path).toBe(`${folder}/dist`);

  const others = ALL.filter((app) => app !== folder && app !== 'shared-contracts');
  const naming = (text: string) => others.filter((other) => new RegExp(`(?<![\\w-])${other}(?![\\w-])`).test(text));
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  expect(steps.flatMap((step) => naming(`${step.run ?? ''} ${JSON.stringify(step.with ?? {})}`))).toEqual([]);
});

test.each(CI_ONLY)("%s's pipeline runs its ci and deploys nothing", (project) => {
  const workflow = workflowOf(project);
  expect(Object.keys(workflow.jobs)).toEqual(['ci']);
  expect(runsOf(workflow.jobs.ci!)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^npx nx run ${project}:ci( |$)`))]));
  expect(allRuns(workflow).filter((run) => /npm run (gate|publish|promote)/.test(run))).toEqual([]);
});

test('no run line uses a GitHub expression: env blocks carry them, so every step runs the same here', () => {
  const withExpressions = ALL.flatMap((app) =>
    allRuns(workflowOf(app))
      .filter((run) => run.includes('${{'))
      .map((run) => `${app}: ${run}`),
  );
  expect(withExpressions).toEqual([]);
});

test.each(DEPLOYABLE)('a change inside %s starts its pipeline alone', (folder) => {
  expect(triggeredBy(`${folder}/src/features/x.tsx`)).toEqual({ push: [folder], pullRequest: [folder] });
});

test('a change in shared-contracts starts every pipeline', () => {
  const all = [...ALL].sort();
  expect(triggeredBy('shared-contracts/src/index.ts')).toEqual({ push: all, pullRequest: all });
});

test("a change in the API starts the API's pipeline alone", () => {
  expect(triggeredBy('api/src/app.ts')).toEqual({ push: ['api'], pullRequest: ['api'] });
});

test('a change to one pipeline definition starts that pipeline alone', () => {
  for (const app of ALL) expect(triggeredBy(`.github/workflows/${app}.yml`)).toEqual({ push: [app], pullRequest: [app] });
});

test.each(REMOTES)("%s's release on main: the gate, a canary publish, then the promote once approved", (folder) => {
  const workflow = workflowOf(folder);
  expect(workflow.on.push?.branches).toEqual(['main']);
  const { deploy, promote } = workflow.jobs;
  expect(deploy).toMatchObject({
    needs: 'ci',
    if: PUSH_TO_MAIN,
    environment: 'production',
    env: { RELEASES_DIR: '${{ vars.RELEASES_DIR }}', SITE_DIR: '${{ vars.SITE_DIR }}', CANARY_PERCENT: '10' },
  });
  expect(promote).toMatchObject({
    needs: 'deploy',
    if: PUSH_TO_MAIN,
    environment: 'production-promote',
    env: { RELEASES_DIR: '${{ vars.RELEASES_DIR }}', SITE_DIR: '${{ vars.SITE_DIR }}' },
  });
  expect(deploy!.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'))?.with?.path).toBe(`${folder}/dist`);

  const release = [...runsOf(deploy!), ...runsOf(promote!)].filter((run) => run.startsWith('npm run '));
  expect(release).toEqual([
    `npm run gate -- ${folder} --from ${folder}/dist`,
    `npm run publish:remote -- ${folder} --from ${folder}/dist --canary "\${CANARY_PERCENT}" --by pipeline:${folder}`,
    `npm run promote:remote -- ${folder} --by pipeline:${folder}`,
  ]);
});

test("the shell's release on main: the gate, then published for everyone (no canary, no promote)", () => {
  const workflow = workflowOf('shell');
  expect(Object.keys(workflow.jobs)).toEqual(['ci', 'deploy']);
  expect(workflow.jobs.deploy).toMatchObject({
    needs: 'ci',
    if: PUSH_TO_MAIN,
    environment: 'production',
    env: { RELEASES_DIR: '${{ vars.RELEASES_DIR }}', SITE_DIR: '${{ vars.SITE_DIR }}' },
  });
  expect(runsOf(workflow.jobs.deploy!).filter((run) => run.startsWith('npm run '))).toEqual([
    'npm run gate -- shell --from shell/dist',
    'npm run publish:shell -- --from shell/dist --by pipeline:shell',
  ]);
});

describe('npm run pipeline -- mf-owner, here', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'store-ratings-pipeline-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('runs ci, the gate, a 10% canary and the promote: mf_owner is live at the version it published', async () => {
    const releasesDir = path.join(work, 'releases');
    const run = await runPipeline(['mf-owner', '--releases-dir', releasesDir, '--canary', '10']);
    expect(ending(run)).toMatch(/\nexit 0$/);
    expect(run.output).toContain('skipped here: actions/checkout@v4');
    expect(run.output).toMatch(/pipeline mf-owner: passed/);

    const published = versionsIn(path.join(releasesDir, 'mf-owner'));
    expect(published).toHaveLength(1);
    const state = readState(releasesDir);
    expect(state.apps.mf_owner).toMatchObject({ live: { version: published[0] }, canary: null });
    expect(state.history.filter((entry) => entry.app === 'mf_owner')).toEqual([
      expect.objectContaining({ action: 'canary', version: published[0], by: 'pipeline:mf-owner' }),
      expect.objectContaining({ action: 'promote', version: published[0], by: 'pipeline:mf-owner' }),
    ]);
    expect(Object.keys(state.apps)).toEqual(['mf_owner']);
  }, 900_000);

  test('stops at the gate when the live shell provides an older shared-contracts: exit 1, nothing published, no promote', async () => {
    // An environment whose live shell is an older build: the shell's files with a provides.json
    // giving shared-contracts 0.9.0 (every other package as mf-owner's build has it).
    const releasesDir = path.join(work, 'releases-old-shell');
    const shellDir = path.join(releasesDir, 'shell', '0.9.0-old');
    cpSync(path.join(REPO_ROOT, 'shell', 'dist'), shellDir, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-owner', 'dist', 'mf-manifest.json'), 'utf8')) as {
      shared: Array<{ name: string; version: string }>;
      exposes: Array<{ name: string }>;
    };
    const provides = Object.fromEntries(
      manifest.shared.map(({ name, version }) => [name, name.startsWith('shared-contracts') ? '0.9.0' : version]),
    );
    writeFileSync(
      path.join(shellDir, 'provides.json'),
      JSON.stringify({ app: 'shell', buildVersion: '0.9.0-old', provides, loads: { mf_owner: manifest.exposes.map((e) => e.name) } }),
    );
    writeFileSync(
      path.join(releasesDir, 'deployments.json'),
      JSON.stringify({
        apps: { shell: { live: { version: '0.9.0-old', since: new Date().toISOString() }, canary: null, previous: [] } },
        history: [],
      }),
    );

    const run = await runPipeline(['mf-owner', '--releases-dir', releasesDir]);
    expect(ending(run)).toMatch(/\nexit 1$/);
    expect(run.output).toMatch(
      /shared-contracts: .*needs shared-contracts \^\d+\.\d+\.\d+; the live shell \(0\.9\.0-old\) provides 0\.9\.0/,
    );
    expect(run.output).toContain('pipeline mf-owner: FAILED at deploy › Compatibility gate against the live versions (exit 1)');
    expect(run.output).not.toContain('--- promote ›');
    expect(versionsIn(path.join(releasesDir, 'mf-owner'))).toEqual([]);
    expect(readState(releasesDir).history).toEqual([]);
  }, 900_000);
});
