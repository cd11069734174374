/**
 * A throw-away copy of the workspace in which the delivery tests build apps against another version of
 * shared-contracts, the way another team's branch would, without touching this checkout: the sources
 * of shared-contracts, tools and the chosen apps are copied; node_modules is a folder of links to this
 * checkout's packages, except `shared-contracts`, which links to the copy. A build there records the
 * copy's contract version in its manifest (or provides.json), exactly as a real build would.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './site';

/** Workspace packages: linked to their copies (or left out), never to this checkout's. */
const WORKSPACE_PACKAGES = new Set([
  'shared-contracts',
  'api',
  'shell',
  'mf-auth',
  'mf-stores',
  'mf-admin',
  'mf-owner',
  'mf-customer',
  'e2e',
]);
const SKIPPED = /(^|\/)(node_modules|dist|test-results|coverage)(\/|$)/;

export interface ScratchWorkspace {
  dir: string;
  /** Sets shared-contracts' version in the copy (its package.json) and rebuilds it. */
  setContractsVersion(version: string): void;
  /** Adds a source file to shared-contracts' root entry (a new export: the surface grows). */
  addContractsExport(file: string, source: string): void;
  /** Replaces `from` with `to` in a copied file (it must be there). */
  edit(file: string, from: string, to: string): void;
  /** Builds shared-contracts. */
  buildContracts(): void;
  /** A production build of an app; returns its dist folder. */
  buildApp(folder: string, release: string): string;
  remove(): void;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`);
}

export function createScratchWorkspace(apps: string[]): ScratchWorkspace {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-ratings-scratch-'));
  for (const entry of ['package.json', 'tsconfig.base.json', 'tools', 'shared-contracts', ...apps]) {
    cpSync(path.join(REPO_ROOT, entry), path.join(dir, entry), {
      recursive: true,
      filter: (source) => !SKIPPED.test(path.relative(REPO_ROOT, source)),
    });
  }
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
    if (!WORKSPACE_PACKAGES.has(name)) symlinkSync(path.join(REPO_ROOT, 'node_modules', name), path.join(modules, name));
  }
  symlinkSync(path.join(dir, 'shared-contracts'), path.join(modules, 'shared-contracts'));

  const contracts = path.join(dir, 'shared-contracts');
  const workspace: ScratchWorkspace = {
    dir,
    setContractsVersion(version) {
      const file = path.join(contracts, 'package.json');
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
      writeFileSync(file, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
    },
    addContractsExport(file, source) {
      writeFileSync(path.join(contracts, 'src', file), source);
      const index = path.join(contracts, 'src', 'index.ts');
      writeFileSync(index, `${readFileSync(index, 'utf8')}export * from './${file.replace(/\.tsx?$/, '')}';\n`);
    },
    edit(file, from, to) {
      const target = path.join(dir, file);
      const text = readFileSync(target, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer contains: ${from}`);
      writeFileSync(target, text.replace(from, to));
    },
    buildContracts() {
      run('npm', ['run', 'build'], contracts);
    },
    buildApp(folder, release) {
      run(path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], path.join(dir, folder), {
        APP_RELEASE: release,
      });
      return path.join(dir, folder, 'dist');
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return workspace;
}
