#!/usr/bin/env node
// `npm test`: type-checks, lints and tests every project through Nx, then prints one closing line
// ("N passed, N failed") summed over all projects. The unit and API suites run first, two at a time;
// the browser suite (e2e, which builds every app first) runs after them on its own, so a browser and
// a server never share this machine kind's two cores with the API suites. Extra arguments go to both
// `nx run-many` calls (e.g. `npm test -- --skip-nx-cache`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const summaryFile = (project) => join(root, project, 'test-results', 'summary.json');
for (const project of workspaces) rmSync(summaryFile(project), { force: true });
const extra = process.argv.slice(2);
const nx = (...args) =>
  spawnSync('npx', ['nx', 'run-many', '-t', 'typecheck', 'lint', 'test', '--outputStyle=stream', ...args, ...extra], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  }).status ?? 1;
// Two tasks at a time on this two-core machine kind: more only makes every suite slower.
const unitStatus = nx('--exclude=e2e', '--parallel=2');
const browserStatus = nx('--projects=e2e', '--parallel=1');

let passed = 0;
let failed = 0;
let skipped = 0;
const projects = [];
const failures = [];
for (const project of workspaces) {
  if (!existsSync(summaryFile(project))) continue;
  const s = JSON.parse(readFileSync(summaryFile(project), 'utf8'));
  passed += s.passed;
  failed += s.failed;
  skipped += s.skipped;
  projects.push(`${s.project} ${s.passed}/${s.total}`);
  for (const failure of s.failures ?? []) failures.push(`  ${s.project}: ${failure}`);
}

const status = unitStatus !== 0 ? unitStatus : browserStatus;
if (projects.length > 0) console.log(`\nprojects: ${projects.join(', ')}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
if (status !== 0 && failed === 0) failed = 1; // a failing typecheck or a crashed runner still fails the line
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status);
