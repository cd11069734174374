#!/usr/bin/env node
// Independent deployment of one remote (DESIGN.md §2, §5): publish a remote's build into a versioned
// folder and point the live remotes.json at it; roll back to the version it pointed at before.
// The shell and the other remotes are not rebuilt or touched; the server reads remotes.json on every
// request, so the switch needs no restart.
//
//   npm run publish:remote -- <remote> [--from <build folder>] [--version <name>]
//   npm run rollback:remote -- <remote>
//   npm run releases                     (what is live, and each remote's history)
//
// <remote> is its folder (mf-stores), area (stores) or federation name (mf_stores).
// --releases-dir (or RELEASES_DIR) defaults to <repo>/releases, what the server serves at /releases/;
// --remotes-file (or REMOTES_FILE) defaults to <releases-dir>/remotes.json, which the server serves
// as /remotes.json when REMOTES_FILE is not set.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apps = createRequire(import.meta.url)('../apps.js');
const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export class ReleaseError extends Error {}

export function findRemote(id) {
  const remote = apps.remotes.find((r) => r.folder === id || r.key === id || r.name === id);
  if (!remote) {
    throw new ReleaseError(`unknown remote "${id}"; one of: ${apps.remotes.map((r) => r.folder).join(', ')}`);
  }
  return remote;
}

export function locations(options = {}) {
  const releasesDir = path.resolve(options.releasesDir || process.env.RELEASES_DIR || path.join(REPO_ROOT, 'releases'));
  const remotesFile = path.resolve(options.remotesFile || process.env.REMOTES_FILE || path.join(releasesDir, 'remotes.json'));
  return { releasesDir, remotesFile, historyFile: path.join(releasesDir, 'history.json') };
}

/** Where each remote lives when nothing was published: the shell's own remotes.json. */
function defaultRemotes() {
  for (const file of [path.join(REPO_ROOT, 'shell', 'dist', 'remotes.json'), path.join(REPO_ROOT, 'shell', 'public', 'remotes.json')]) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  }
  return Object.fromEntries(apps.remotes.map((r) => [r.name, `${r.mountPath}mf-manifest.json`]));
}

function readJson(file, fallback) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback;
}

/** Written next to the target and renamed over it, so the server never reads half a file. */
function writeJsonAtomically(file, value) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = path.posix.join(prefix, entry.name);
      return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), relative) : [relative];
    });
}

/** A digest of a build folder: every file's path and bytes. */
export function digestOf(dir) {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

function checkBuild(remote, from) {
  if (!existsSync(from) || !statSync(from).isDirectory()) {
    throw new ReleaseError(`no build at ${from}: build it first (npx nx run ${remote.folder}:build)`);
  }
  for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
    if (!existsSync(path.join(from, file))) throw new ReleaseError(`${from} is not a remote's build: ${file} is missing`);
  }
  const manifest = JSON.parse(readFileSync(path.join(from, 'mf-manifest.json'), 'utf8'));
  if (manifest.name !== remote.name) {
    throw new ReleaseError(`${from} is the build of ${manifest.name ?? 'an unknown app'}, not of ${remote.name}`);
  }
}

function liveRemotes(where) {
  return { ...defaultRemotes(), ...readJson(where.remotesFile, {}) };
}

/** Publishes a remote's build as a new version and makes it live. Returns what changed. */
export function publishRemote(id, options = {}) {
  const remote = findRemote(id);
  const where = locations(options);
  const from = path.resolve(options.from || path.join(REPO_ROOT, remote.folder, 'dist'));
  checkBuild(remote, from);

  const digest = digestOf(from);
  const packageVersion = readJson(path.join(REPO_ROOT, remote.folder, 'package.json'), { version: '0.0.0' }).version;
  const version = options.version || `${packageVersion}-${digest.slice(0, 10)}`;
  if (!VERSION_PATTERN.test(version)) {
    throw new ReleaseError(`version "${version}" must be letters, digits, '.', '_' or '-' (at most 64, not starting with a symbol)`);
  }

  const target = path.join(where.releasesDir, remote.folder, version);
  let reused = false;
  if (existsSync(target)) {
    // A published version is served as immutable: it may be pointed at again, never changed.
    if (digestOf(target) !== digest) {
      throw new ReleaseError(`version ${version} of ${remote.folder} is already published with other files; choose another --version`);
    }
    reused = true;
  } else {
    const staging = path.join(where.releasesDir, remote.folder, `.staging-${version}-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    cpSync(from, staging, { recursive: true });
    renameSync(staging, target);
  }

  const remotes = liveRemotes(where);
  const previous = remotes[remote.name];
  const url = `/releases/${remote.folder}/${version}/mf-manifest.json`;
  const history = readJson(where.historyFile, {});
  const trail = history[remote.name] ?? [previous];
  if (trail[trail.length - 1] !== url) trail.push(url);
  history[remote.name] = trail;

  writeJsonAtomically(where.remotesFile, { ...remotes, [remote.name]: url });
  writeJsonAtomically(where.historyFile, history);
  return { remote: remote.name, version, url, previous, reused, target };
}

/** Points a remote back at what was live before its last publish. */
export function rollbackRemote(id, options = {}) {
  const remote = findRemote(id);
  const where = locations(options);
  const history = readJson(where.historyFile, {});
  const trail = history[remote.name] ?? [];
  if (trail.length < 2) throw new ReleaseError(`nothing to roll back to: ${remote.folder} has no earlier published version`);
  const from = trail.pop();
  const url = trail[trail.length - 1];
  writeJsonAtomically(where.remotesFile, { ...liveRemotes(where), [remote.name]: url });
  writeJsonAtomically(where.historyFile, { ...history, [remote.name]: trail });
  return { remote: remote.name, url, previous: from };
}

export function releaseStatus(options = {}) {
  const where = locations(options);
  return { ...where, live: liveRemotes(where), history: readJson(where.historyFile, {}) };
}

function parseArguments(argv) {
  const [command, ...rest] = argv;
  const options = {};
  const positional = [];
  for (let i = 0; i < rest.length; i += 1) {
    const flag = /^--(from|version|releases-dir|remotes-file)$/.exec(rest[i]);
    if (flag) {
      if (rest[i + 1] === undefined) throw new ReleaseError(`${rest[i]} needs a value`);
      options[flag[1].replace(/-([a-z])/g, (_m, c) => c.toUpperCase())] = rest[i + 1];
      i += 1;
    } else if (rest[i].startsWith('--')) {
      throw new ReleaseError(`unknown option ${rest[i]}`);
    } else {
      positional.push(rest[i]);
    }
  }
  return { command, remote: positional[0], options };
}

function main(argv) {
  const { command, remote, options } = parseArguments(argv);
  if (command === 'status') {
    const status = releaseStatus(options);
    console.log(`live remotes (${existsSync(status.remotesFile) ? status.remotesFile : 'the shell build’s defaults'}):`);
    for (const [name, url] of Object.entries(status.live)) console.log(`  ${name.padEnd(12)} ${url}`);
    for (const [name, trail] of Object.entries(status.history)) console.log(`history of ${name}: ${trail.join(' -> ')}`);
    return;
  }
  if (!remote || !['publish', 'rollback'].includes(command)) {
    throw new ReleaseError('usage: remote-release.mjs publish <remote> [--from dir] [--version name] | rollback <remote> | status');
  }
  if (command === 'publish') {
    const result = publishRemote(remote, options);
    console.log(`${result.reused ? 'already published' : 'published'} ${result.target}`);
    console.log(`${result.remote} is live at ${result.url} (was ${result.previous}); roll back with: npm run rollback:remote -- ${findRemote(remote).folder}`);
  } else {
    const result = rollbackRemote(remote, options);
    console.log(`${result.remote} is live at ${result.url} again (was ${result.previous})`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(`remote-release: ${error.message}`);
    process.exit(1);
  }
}
