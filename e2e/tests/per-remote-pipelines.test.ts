/**
 * Per-remote pipelines: every app has the same targets, and `nx affected` runs only the changed
 * remote's tasks for a change inside it, and every app's for a change in shared-contracts.
 * (Nx's task graph for a given set of changed files, read with `--files ... --graph=stdout`.)
 */
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../support/site';

const APPS = ['shared-contracts', 'api', 'shell', 'mf-auth', 'mf-stores', 'mf-admin', 'mf-owner', 'mf-customer'];
const REMOTES = ['mf-auth', 'mf-stores', 'mf-admin', 'mf-owner', 'mf-customer'];

function nx(...args: string[]): string {
  const run = spawnSync('npx', ['nx', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (run.status !== 0) throw new Error(`nx ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

function json<T>(output: string): T {
  return JSON.parse(output.slice(output.indexOf('{'))) as T;
}

/** The tasks `nx affected -t ci` would run if `file` were the only change. */
function affectedCiTasks(file: string): string[] {
  const graph = json<{ tasks: { tasks: Record<string, unknown> } }>(nx('affected', '-t', 'ci', `--files=${file}`, '--graph=stdout'));
  return Object.keys(graph.tasks.tasks).sort();
}

test.each(APPS)('%s has the same targets: typecheck, lint, test, build, and ci running all four', (app) => {
  const project = json<{ targets: Record<string, { dependsOn?: unknown[] }> }>(nx('show', 'project', app, '--json'));
  expect(Object.keys(project.targets)).toEqual(expect.arrayContaining(['typecheck', 'lint', 'test', 'build', 'ci']));
  expect(project.targets.ci.dependsOn).toEqual(['typecheck', 'lint', 'test', 'build']);
});

test.each(REMOTES)("a change inside %s runs that remote's ci alone (its dependencies are only built)", (remote) => {
  const tasks = affectedCiTasks(`${remote}/src/index.ts`);
  expect(tasks).toEqual(
    [`${remote}:build`, `${remote}:ci`, `${remote}:lint`, `${remote}:test`, `${remote}:typecheck`, 'shared-contracts:build'].sort(),
  );
});

test('a change in shared-contracts runs ci for every app', () => {
  const tasks = affectedCiTasks('shared-contracts/src/index.ts');
  const ciTasks = tasks
    .filter((t) => t.endsWith(':ci'))
    .map((t) => t.split(':')[0])
    .sort();
  expect(ciTasks).toEqual([...APPS].sort());
  for (const app of APPS) {
    expect(tasks).toEqual(expect.arrayContaining([`${app}:typecheck`, `${app}:lint`, `${app}:test`, `${app}:build`]));
  }
});

test('a change in the API runs the API ci alone, and the browser suite is affected by any app change', () => {
  expect(affectedCiTasks('api/src/app.ts').filter((t) => t.endsWith(':ci'))).toEqual(['api:ci']);
  const affected = nx('show', 'projects', '--affected', '--files=mf-owner/src/index.ts')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  expect(affected.sort()).toEqual(['e2e', 'mf-owner']);
});
