/**
 * What a build says about itself, read from its folder: a remote's `mf-manifest.json` (the shared
 * packages it requires and the modules it exposes, as Module Federation writes them) and the shell's
 * `provides.json` (the shared packages it provides and the exposed modules its route table loads).
 * The compatibility gate (gate.ts) compares the two.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { APP_FOLDERS, type DeployableApp, type RemoteApp } from 'shared-contracts';
import { packageOf } from './gate';

/** A person can act on this message (a wrong folder, nothing to roll back, …). */
export class ReleaseError extends Error {}

export interface SharedRequirement {
  /** As the manifest names it: a package or a subpath ('react/jsx-runtime', 'shared-contracts/ui'). */
  name: string;
  /** A semver range ('^1.1.0'). */
  range: string;
}

export interface RemoteBuild {
  app: RemoteApp;
  buildVersion: string;
  requires: SharedRequirement[];
  exposes: string[];
}

export interface ShellBuild {
  buildVersion: string;
  /** Package name → the version the shell's build bundles and shares. */
  provides: Record<string, string>;
  /** Remote → the exposed modules the shell's route table loads from it. */
  loads: Record<string, string[]>;
}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReleaseError(`${what} is not readable JSON (${(error as Error).message})`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function assertBuildFolder(dir: string, app: DeployableApp): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ReleaseError(`no build at ${dir}: build it first (npx nx run ${APP_FOLDERS[app]}:build)`);
  }
}

/** Reads a remote's build; refuses a folder that is not a build of `app`. */
export function readRemoteBuild(dir: string, app: RemoteApp): RemoteBuild {
  assertBuildFolder(dir, app);
  for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
    if (!existsSync(path.join(dir, file))) throw new ReleaseError(`${dir} is not a remote's build: ${file} is missing`);
  }
  const manifest = readJson(path.join(dir, 'mf-manifest.json'), `${dir}/mf-manifest.json`);
  if (!isRecord(manifest)) throw new ReleaseError(`${dir}/mf-manifest.json is not a manifest`);
  if (manifest.name !== app) {
    throw new ReleaseError(`${dir} is the build of ${typeof manifest.name === 'string' ? manifest.name : 'an unknown app'}, not of ${app}`);
  }
  const metaData = isRecord(manifest.metaData) ? manifest.metaData : {};
  const buildInfo = isRecord(metaData.buildInfo) ? metaData.buildInfo : {};
  const shared = Array.isArray(manifest.shared) ? manifest.shared.filter(isRecord) : [];
  const exposes = Array.isArray(manifest.exposes) ? manifest.exposes.filter(isRecord) : [];
  const requires = shared
    .filter((entry) => typeof entry.name === 'string')
    .map((entry) => ({ name: String(entry.name), range: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '*' }));
  const packages = new Set(requires.map((r) => r.name));
  return {
    app,
    buildVersion: typeof buildInfo.buildVersion === 'string' ? buildInfo.buildVersion : 'unknown',
    // A subpath entry ('shared-contracts/ui', from a trailing-slash share) gets a requiredVersion written
    // from the installed version, not from the shared config (the runtime uses the configured one): where
    // the package has an entry of its own, that entry says what the remote needs of the package.
    requires: requires.filter((r) => r.name === packageOf(r.name) || !packages.has(packageOf(r.name))),
    exposes: exposes
      .map((entry) => entry.name)
      .filter((name): name is string => typeof name === 'string')
      .sort(),
  };
}

/** Reads a shell build (index.html and provides.json). */
export function readShellBuild(dir: string): ShellBuild {
  assertBuildFolder(dir, 'shell');
  if (!existsSync(path.join(dir, 'index.html'))) throw new ReleaseError(`${dir} is not the shell's build: index.html is missing`);
  const file = path.join(dir, 'provides.json');
  if (!existsSync(file))
    throw new ReleaseError(`${dir} has no provides.json: it is not a shell build this platform can check (rebuild it)`);
  const provides = readJson(file, file);
  if (!isRecord(provides) || provides.app !== 'shell' || !isRecord(provides.provides) || !isRecord(provides.loads)) {
    throw new ReleaseError(`${file} is not the shell's provides.json`);
  }
  const strings = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    buildVersion: typeof provides.buildVersion === 'string' ? provides.buildVersion : 'unknown',
    provides: strings(provides.provides),
    loads: Object.fromEntries(
      Object.entries(provides.loads).map(([remote, modules]) => [
        remote,
        Array.isArray(modules) ? modules.filter((m): m is string => typeof m === 'string').sort() : [],
      ]),
    ),
  };
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const relative = path.posix.join(prefix, entry.name);
      return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), relative) : [relative];
    });
}

/** A digest of a build folder: every file's path and bytes (a release's identity). */
export function digestOf(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex');
}
