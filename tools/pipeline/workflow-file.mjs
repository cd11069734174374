// Reading an app's GitHub Actions workflow (.github/workflows/<app>.yml) the way the local pipeline
// runner needs it (tools/pipeline/run-pipeline.mjs): its jobs in `needs` order, each job's env with
// GitHub's expressions given their local values, and which `if:` conditions only choose GitHub events.
//
// Local values of GitHub expressions (in env values only; `run:` lines must not contain any):
//   ${{ vars.RELEASES_DIR }}        the local releases folder (--releases-dir, else RELEASES_DIR, else <repo>/releases)
//   ${{ vars.SITE_DIR }}            the site's checkout: SITE_DIR, else this checkout
//   ${{ vars.<NAME> }}              this machine's environment variable <NAME> (an error when unset)
//   ${{ github.sha }}               `git rev-parse HEAD` of this checkout
//   ${{ github.ref_name }}          this checkout's branch
//   ${{ github.run_number }}        `local`
//   ${{ github.actor }}             this machine's user name
//   ${{ job.services.<name>… }}     a service container GitHub starts: the variable takes this machine's
//                                   own value of the same name, or is left out when unset
// Any other expression is an error naming it, so a workflow never runs here with a guessed value.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

/** A problem with the workflow itself (exit 2): nothing was run. */
export class WorkflowError extends Error {}

const EXPRESSION = /\$\{\{\s*(.*?)\s*\}\}/g;

export function workflowsDir(repoRoot) {
  return path.join(repoRoot, '.github', 'workflows');
}

/** The apps that have a pipeline: the workflow files' names. */
export function pipelineNames(repoRoot) {
  const dir = workflowsDir(repoRoot);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yml'))
    .map((file) => file.slice(0, -'.yml'.length))
    .sort();
}

/** The parsed workflow of `app`, with its file's path. */
export function readWorkflow(repoRoot, app) {
  const file = path.join(workflowsDir(repoRoot), `${app}.yml`);
  if (!existsSync(file)) {
    throw new WorkflowError(
      `no pipeline for "${app}" (${path.relative(repoRoot, file)}); pipelines: ${pipelineNames(repoRoot).join(', ')}`,
    );
  }
  const workflow = parse(readFileSync(file, 'utf8'));
  if (!workflow || typeof workflow.jobs !== 'object' || workflow.jobs === null) throw new WorkflowError(`${file} has no jobs`);
  return { file, workflow };
}

const needsOf = (job) => (job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs]);

/** The job ids in an order where every job comes after the jobs it needs (file order otherwise). */
export function jobOrder(workflow) {
  const ids = Object.keys(workflow.jobs);
  const ordered = [];
  const visiting = new Set();
  const visit = (id, chain) => {
    if (ordered.includes(id)) return;
    if (!ids.includes(id)) throw new WorkflowError(`job "${chain.at(-1)}" needs "${id}", which is not a job of this workflow`);
    if (visiting.has(id)) throw new WorkflowError(`the jobs need each other in a circle: ${[...chain, id].join(' → ')}`);
    visiting.add(id);
    for (const need of needsOf(workflow.jobs[id])) visit(need, [...chain, id]);
    visiting.delete(id);
    ordered.push(id);
  };
  for (const id of ids) visit(id, []);
  return ordered;
}

/** The local values GitHub's expressions take in env values (see the header). */
export function localContext({ repoRoot, releasesDir, env = process.env }) {
  const git = (...args) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).stdout?.trim() || 'unknown';
  return {
    releasesDir,
    siteDir: env.SITE_DIR || repoRoot,
    env,
    github: {
      sha: () => git('rev-parse', 'HEAD'),
      ref_name: () => git('rev-parse', '--abbrev-ref', 'HEAD'),
      run_number: () => 'local',
      actor: () => os.userInfo().username,
    },
  };
}

function valueOf(expression, name, context) {
  if (expression === 'vars.RELEASES_DIR') return context.releasesDir;
  if (expression === 'vars.SITE_DIR') return context.siteDir;
  const variable = /^vars\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(expression);
  if (variable) {
    const value = context.env[variable[1]];
    if (value === undefined)
      throw new WorkflowError(`${name} uses \${{ ${expression} }}: set ${variable[1]} in this machine's environment to run it here`);
    return value;
  }
  const github = /^github\.([a-z_]+)$/.exec(expression);
  if (github && Object.hasOwn(context.github, github[1])) return context.github[github[1]]();
  throw new WorkflowError(
    `${name} uses \${{ ${expression} }}, which has no local value (tools/pipeline/workflow-file.mjs lists those that have)`,
  );
}

/**
 * `env` (a workflow's, job's or step's env block) with local values: every value a string; an entry
 * naming a service container takes this machine's value of the same name or is left out.
 */
export function localEnv(env, context) {
  const result = {};
  for (const [name, raw] of Object.entries(env ?? {})) {
    const value = String(raw);
    const expressions = [...value.matchAll(EXPRESSION)].map((m) => m[1]);
    if (expressions.some((e) => e.startsWith('job.services.'))) {
      if (context.env[name] !== undefined) result[name] = context.env[name];
      continue;
    }
    result[name] = value.replace(EXPRESSION, (_, expression) => valueOf(expression, name, context));
  }
  return result;
}

/** Identifiers an `if:` may use and still only choose which GitHub event runs a job or step. */
const EVENT_IDENTIFIER = /^github\.(event_name|ref|ref_name|ref_type|base_ref|head_ref|event\.[A-Za-z0-9_.]+)$/;

/**
 * Whether an `if:` condition depends on nothing but the GitHub event (which event, which branch):
 * such a condition is ignored here, since a local run stands for a push to main. Any other
 * condition (a status function such as failure(), a step's output, a variable) cannot be decided here.
 */
export function isEventCondition(condition) {
  const text = String(condition)
    .replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1')
    .replace(/'(?:[^']|'')*'/g, "''");
  if (/\(\s*\)|[A-Za-z_][\w.-]*\s*\(/.test(text)) return false;
  const identifiers = text.match(/[A-Za-z_][\w.-]*/g) ?? [];
  return identifiers.every((id) => EVENT_IDENTIFIER.test(id) || id === 'true' || id === 'false' || id === 'null');
}

/** The `${{ }}` expressions of a `run:` line (there must be none: env blocks carry them). */
export function expressionsIn(run) {
  return [...String(run).matchAll(EXPRESSION)].map((m) => m[0]);
}
