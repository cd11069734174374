#!/usr/bin/env node
// `npm run pipeline -- <app> [--releases-dir <dir>] [--canary N]`: runs an app's GitHub Actions
// workflow (.github/workflows/<app>.yml) here, step by step, against this machine's releases, so the
// pipeline definitions are the ones tested (README "One team, one remote").
//
// - Jobs run in `needs` order, every step's `run:` with bash (`-eo pipefail`, as GitHub's `shell: bash`)
//   in the repository root, with the workflow's, job's and step's env (GitHub expressions given the
//   local values listed in tools/pipeline/workflow-file.mjs; RELEASES_DIR is the local releases folder).
// - Skipped here: `uses:` steps (checkout, setup-node, artifacts: this checkout already is the
//   workspace, its builds are in place) and the step with `id: install` (dependencies are installed).
// - `if:` conditions that only choose GitHub events (push to main, pull request) are ignored: a local
//   run stands for a push to main, so every job runs. Any other condition stops the run before it starts.
// - `environment:` approvals, `runs-on`, `concurrency`, `services` and `permissions` are GitHub's; the
//   person running this command is the approval.
// - --canary N sets CANARY_PERCENT for every job (the share of browsers a canary publish gets).
// The run stops at the first failing step with that step's exit code and ends with one summary line.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expressionsIn, isEventCondition, jobOrder, localContext, localEnv, readWorkflow, WorkflowError } from './workflow-file.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run pipeline -- <app> [--releases-dir <dir>] [--canary <percent>]';

function parseArgs(argv) {
  const options = { app: undefined, releasesDir: undefined, canary: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--releases-dir' || arg === '--canary') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new WorkflowError(`${arg} needs a value\n${USAGE}`);
      if (arg === '--canary' && !/^\d+$/.test(value))
        throw new WorkflowError(`--canary takes a share of browsers from 1 to 99 (got "${value}")`);
      options[arg === '--canary' ? 'canary' : 'releasesDir'] = value;
      i += 1;
    } else if (arg.startsWith('--') || options.app !== undefined) {
      throw new WorkflowError(`unexpected argument "${arg}"\n${USAGE}`);
    } else {
      options.app = arg;
    }
  }
  if (options.app === undefined) throw new WorkflowError(USAGE);
  return options;
}

/** Every job and step to run, checked before anything runs: a workflow this runner cannot follow runs nothing. */
function plan(workflow, context, overrides) {
  const workflowEnv = localEnv(workflow.env, context);
  return jobOrder(workflow).map((id) => {
    const job = workflow.jobs[id];
    const where = `job ${id}`;
    if (job.if !== undefined && !isEventCondition(job.if))
      throw new WorkflowError(`${where}: cannot decide "if: ${job.if}" here (only conditions on the GitHub event are ignored)`);
    if (!Array.isArray(job.steps)) throw new WorkflowError(`${where} has no steps (a reusable workflow cannot run here)`);
    const jobEnv = { ...workflowEnv, ...localEnv(job.env, context), ...overrides };
    const steps = job.steps.map((step, index) => {
      const name = step.name ?? step.uses ?? step.id ?? `step ${index + 1}`;
      const at = `${where}, step "${name}"`;
      if (step.if !== undefined && !isEventCondition(step.if)) throw new WorkflowError(`${at}: cannot decide "if: ${step.if}" here`);
      if (step.uses !== undefined) return { name, skip: `skipped here: ${step.uses}` };
      if (step.id === 'install') return { name, skip: 'skipped here: install (the dependencies of this checkout are installed)' };
      if (typeof step.run !== 'string') throw new WorkflowError(`${at} has neither run nor uses`);
      const shell = step.shell ?? job.defaults?.run?.shell ?? workflow.defaults?.run?.shell ?? 'bash';
      if (shell !== 'bash') throw new WorkflowError(`${at} runs with "${shell}"; only bash runs here`);
      const expressions = expressionsIn(step.run);
      if (expressions.length > 0)
        throw new WorkflowError(`${at}: its run line uses ${expressions.join(', ')}; pass it through env so the step runs the same here`);
      const dir =
        step['working-directory'] ?? job.defaults?.run?.['working-directory'] ?? workflow.defaults?.run?.['working-directory'] ?? '.';
      return {
        name,
        run: step.run,
        condition: step.if,
        cwd: path.resolve(REPO_ROOT, dir),
        env: { ...jobEnv, ...localEnv(step.env, context), ...overrides },
      };
    });
    return { id, name: job.name ?? id, environment: job.environment, condition: job.if, steps };
  });
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function main(argv) {
  const options = parseArgs(argv);
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const releasesDir = path.resolve(invokedFrom, options.releasesDir ?? process.env.RELEASES_DIR ?? path.join(REPO_ROOT, 'releases'));
  const { file, workflow } = readWorkflow(REPO_ROOT, options.app);
  const context = localContext({ repoRoot: REPO_ROOT, releasesDir });
  const overrides = options.canary !== undefined ? { CANARY_PERCENT: options.canary } : {};
  const jobs = plan(workflow, context, overrides);

  const started = Date.now();
  console.log(
    `pipeline ${options.app}: ${path.relative(REPO_ROOT, file)} (jobs: ${jobs.map((j) => j.id).join(' → ')}), releases in ${releasesDir}`,
  );
  let ran = 0;
  let skipped = 0;
  for (const job of jobs) {
    console.log(`\n=== job ${job.id}: ${job.name}`);
    if (job.condition !== undefined)
      console.log(`    if: ${job.condition} — a GitHub event condition, ignored here (a local run stands for a push to main)`);
    if (job.environment !== undefined) {
      const environment = typeof job.environment === 'string' ? job.environment : job.environment.name;
      console.log(`    environment: ${environment} — GitHub's protection rules (approval) apply there; here you started the run`);
    }
    for (const step of job.steps) {
      if (step.skip) {
        console.log(`--- ${job.id} › ${step.name}: ${step.skip}`);
        skipped += 1;
        continue;
      }
      console.log(`--- ${job.id} › ${step.name}`);
      if (step.condition !== undefined) console.log(`    if: ${step.condition} — a GitHub event condition, ignored here`);
      const stepStarted = Date.now();
      const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
        cwd: step.cwd,
        env: { ...process.env, ...step.env },
        stdio: 'inherit',
      });
      ran += 1;
      if (result.error) console.error(`    could not start bash: ${result.error.message}`);
      const code = result.error ? 127 : (result.status ?? 128 + (os.constants.signals[result.signal] ?? 0));
      if (code !== 0) {
        console.error(`\npipeline ${options.app}: FAILED at ${job.id} › ${step.name} (exit ${code}) after ${seconds(started)}`);
        return code;
      }
      console.log(`    ok (${seconds(stepStarted)})`);
    }
  }
  console.log(`\npipeline ${options.app}: passed — ${jobs.length} jobs, ${ran} steps run, ${skipped} skipped here, in ${seconds(started)}`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof WorkflowError)) throw error;
  console.error(`pipeline: ${error.message}`);
  process.exitCode = 2;
}
