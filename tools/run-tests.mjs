#!/usr/bin/env node
// `npm test`: type-checks and tests every project through Nx, then prints one closing line
// ("N passed, N failed") summed over all projects. Extra arguments go to `nx run-many`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const summaryFile = (project) => join(root, project, 'test-results', 'summary.json');
for (const project of workspaces) rmSync(summaryFile(project), { force: true });
// Two tasks at a time on this two-core machine kind: more only makes every suite slower.
const args = ['nx', 'run-many', '-t', 'typecheck', 'test', '--parallel=2', '--outputStyle=stream', ...process.argv.slice(2)];
const run = spawnSync('npx', args, {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});

let passed = 0;
let failed = 0;
let skipped = 0;
const projects = [];
for (const project of workspaces) {
  if (!existsSync(summaryFile(project))) continue;
  const s = JSON.parse(readFileSync(summaryFile(project), 'utf8'));
  passed += s.passed;
  failed += s.failed;
  skipped += s.skipped;
  projects.push(`${s.project} ${s.passed}/${s.total}`);
}

const status = run.status ?? 1;
if (projects.length > 0) console.log(`\nprojects: ${projects.join(', ')}`);
if (status !== 0 && failed === 0) failed = 1; // a failing typecheck or a crashed runner still fails the line
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status);
