/**
 * Fake builds of the shell and of the remotes, a fake site made of them, and a releases folder over
 * that site, all in temporary folders, for tests of the releases (publish, the compatibility gate,
 * canaries), of the release commands and of the API and site that serve them. The builds have the
 * files the platform reads and serves, shaped like the real ones:
 * - a remote: `remoteEntry.js`, a content-hashed chunk and an `mf-manifest.json` as Module Federation
 *   writes it (`{ id, name, metaData: { buildInfo: { buildVersion } }, shared: [{ name, version,
 *   requiredVersion, singleton }], exposes: [{ name, path }] }`);
 * - the shell: `index.html`, `main.js`, a content-hashed chunk, `remotes.json` and `provides.json`
 *   (`{ app: 'shell', buildVersion, provides: { package: version }, loads: { remote: [modules] } }`).
 * By default every build fits every other (the shell provides what the remotes require and loads what
 * they expose); options change versions, requirements, exposed modules and contents.
 * A site is a checkout-like folder whose `<folder>/dist` builds are the built-in versions, live until
 * something is published; `createFakeReleases` gives one with its releases folder (`<site>/releases`,
 * where the release commands and the API put them by default) and the real `Releases` over both.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { APP_FOLDERS, REMOTE_APPS, type RemoteApp } from 'shared-contracts';
import { Releases } from '../../src/deployments/releases';
import { inCanary, newBrowserId } from '../../src/deployments/rollout';

/** What the default fake shell provides (the versions the real shell bundles, contracts at 1.1.0). */
export const DEFAULT_SHELL_PROVIDES: Readonly<Record<string, string>> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-hot-toast': '2.6.1',
  axios: '1.21.1',
  'shared-contracts': '1.1.0',
};

/** What a default fake remote requires, as a real remote's manifest names it (subpaths included). */
export const DEFAULT_REMOTE_REQUIRES: Readonly<Record<string, string>> = {
  react: '^19.3.1',
  'react/jsx-runtime': '^19.3.1',
  'react-dom': '^19.3.1',
  'react-hot-toast': '^2.6.1',
  axios: '^1.21.1',
  'shared-contracts': '^1.1.0',
  'shared-contracts/react': '^1.1.0',
  'shared-contracts/ui': '^1.1.0',
};

/** The pages each remote exposes and the shell's route table loads from it, by default. */
export const DEFAULT_PAGES: Readonly<Record<RemoteApp, readonly string[]>> = {
  mf_auth: ['LoginPage', 'ProfilePage', 'RegisterPage'],
  mf_stores: ['StoreDetailPage', 'StoreListPage'],
  mf_admin: [
    'AdminAnalyticsPage',
    'AdminDashboardPage',
    'AdminDeploymentsPage',
    'AdminModerationPage',
    'AdminStoresPage',
    'AdminUsersPage',
  ],
  mf_owner: ['OwnerDashboardPage'],
  mf_customer: ['CustomerDashboardPage', 'MyRatingsPage'],
};

export interface FakeRemoteOptions {
  /** The app's Module Federation name (default mf_stores). */
  app?: RemoteApp;
  /** The name the manifest gives (default `app`): another name makes it another app's build. */
  manifestName?: string;
  /** metaData.buildInfo.buildVersion (default 1.0.0). */
  buildVersion?: string;
  /** Shared entries (name → requiredVersion) laid over DEFAULT_REMOTE_REQUIRES; null drops one. */
  requires?: Record<string, string | null>;
  /** The exposed modules (default DEFAULT_PAGES[app]). */
  exposes?: readonly string[];
  /** Changes the files' bytes (and so the build's digest) without changing what it declares. */
  marker?: string;
}

export interface FakeRemoteBuild {
  dir: string;
  app: RemoteApp;
  /** The content-hashed chunk's file name. */
  chunk: string;
  /** The exact contents of remoteEntry.js. */
  remoteEntry: string;
  manifest: FakeRemoteManifest;
}

export interface FakeRemoteManifest {
  id: string;
  name: string;
  metaData: {
    name: string;
    type: 'app';
    buildInfo: { buildVersion: string; buildName: string };
    remoteEntry: { name: string; path: string; type: 'global' };
    globalName: string;
    publicPath: 'auto';
  };
  shared: Array<{
    id: string;
    name: string;
    version: string;
    singleton?: boolean;
    requiredVersion: string;
    assets: { js: { async: string[]; sync: string[] }; css: { async: string[]; sync: string[] } };
    fallback: string;
  }>;
  remotes: never[];
  exposes: Array<{
    id: string;
    name: string;
    assets: { js: { async: string[]; sync: string[] }; css: { async: string[]; sync: string[] } };
    path: string;
  }>;
}

export interface FakeShellOptions {
  /** provides.json's buildVersion (default 1.0.0). */
  buildVersion?: string;
  /** Shared packages (name → version) laid over DEFAULT_SHELL_PROVIDES; null drops one. */
  provides?: Record<string, string | null>;
  /** Modules the route table loads, per remote, replacing DEFAULT_PAGES for the remotes named. */
  loads?: Partial<Record<RemoteApp, readonly string[]>>;
  /** The shell build's remotes.json (default: each remote at /mf/<area>/mf-manifest.json). */
  remotes?: Record<string, string>;
  /** Changes the files' bytes (and the chunk's hash) without changing what it declares. */
  marker?: string;
}

export interface FakeShellBuild {
  dir: string;
  /** The content-hashed chunk's file name (`176.<8 hex>.js`). */
  chunk: string;
  /** The exact contents of the build's files, for comparing with what a server sends. */
  indexHtml: string;
  mainJs: string;
  chunkJs: string;
  provides: { app: 'shell'; buildVersion: string; provides: Record<string, string>; loads: Record<string, string[]> };
}

const hash8 = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** `overrides` laid over `defaults`; a null value drops the key. */
function overlay(defaults: Readonly<Record<string, string>>, overrides: Record<string, string | null> = {}): Record<string, string> {
  const merged: Record<string, string | null> = { ...defaults, ...overrides };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null));
}

function writeFiles(dir: string, files: Record<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
}

/** The area of a remote's URL path (`mf_stores` → `stores`). */
export const areaOf = (app: RemoteApp): string => APP_FOLDERS[app].replace(/^mf-/, '');

/** The remotes.json of a shell build: each remote from its own build at /mf/<area>/. */
export function defaultRemotesJson(): Record<string, string> {
  return Object.fromEntries(REMOTE_APPS.map((app) => [app, `/mf/${areaOf(app)}/mf-manifest.json`]));
}

/** Writes a remote's build into `dir` (replacing whatever was there). */
export function writeRemoteBuild(dir: string, options: FakeRemoteOptions = {}): FakeRemoteBuild {
  const app = options.app ?? 'mf_stores';
  const name = options.manifestName ?? app;
  const buildVersion = options.buildVersion ?? '1.0.0';
  const requires = overlay(DEFAULT_REMOTE_REQUIRES, options.requires);
  const exposes = [...(options.exposes ?? DEFAULT_PAGES[app])];
  const fingerprint = JSON.stringify({ name, buildVersion, requires, exposes, marker: options.marker ?? '' });
  const chunk = `262.${hash8(`chunk ${fingerprint}`)}.js`;
  const assets = (js: string[]) => ({ js: { async: [], sync: js }, css: { async: [], sync: [] } });
  const manifest: FakeRemoteManifest = {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion, buildName: APP_FOLDERS[app] },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: name,
      publicPath: 'auto',
    },
    shared: Object.entries(requires).map(([shared, range]) => ({
      id: `${name}:${shared}`,
      name: shared,
      version: semver.minVersion(range)?.version ?? '0.0.0',
      ...(shared.includes('/') ? {} : { singleton: true }),
      requiredVersion: range,
      assets: assets([chunk]),
      fallback: '',
    })),
    remotes: [],
    exposes: exposes.map((page) => ({ id: `${name}:${page}`, name: page, assets: assets([chunk]), path: `./${page}` })),
  };
  const remoteEntry = `/* ${name} ${buildVersion} ${options.marker ?? ''} */\nvar ${name} = { get: function (module) { return import("./${chunk}"); } };\n`;
  writeFiles(dir, {
    'remoteEntry.js': remoteEntry,
    [chunk]: `/* ${fingerprint} */\nexport default function Page() { return null; }\n`,
    'mf-manifest.json': `${JSON.stringify(manifest, null, 2)}\n`,
  });
  return { dir, app, chunk, remoteEntry, manifest };
}

/** Writes a shell build into `dir` (replacing whatever was there). */
export function writeShellBuild(dir: string, options: FakeShellOptions = {}): FakeShellBuild {
  const buildVersion = options.buildVersion ?? '1.0.0';
  const provided = overlay(DEFAULT_SHELL_PROVIDES, options.provides);
  const loads = Object.fromEntries(REMOTE_APPS.map((app) => [app, [...(options.loads?.[app] ?? DEFAULT_PAGES[app])]]));
  const provides = { app: 'shell' as const, buildVersion, provides: provided, loads };
  const fingerprint = JSON.stringify({ provides, marker: options.marker ?? '' });
  const chunk = `176.${hash8(`chunk ${fingerprint}`)}.js`;
  const indexHtml = `<!doctype html><html><head><title>Store Ratings</title><meta name="shell" content="${hash8(fingerprint)}"></head><body><div id="root"></div><script src="/main.js"></script></body></html>`;
  const mainJs = `/* shell ${buildVersion} ${hash8(fingerprint)} */\nimport("./${chunk}");\n`;
  const chunkJs = `/* lazy chunk of the shell ${hash8(fingerprint)} */\nexport const routes = ${JSON.stringify(loads)};\n`;
  writeFiles(dir, {
    'index.html': indexHtml,
    'main.js': mainJs,
    [chunk]: chunkJs,
    'remotes.json': `${JSON.stringify(options.remotes ?? defaultRemotesJson(), null, 2)}\n`,
    'provides.json': `${JSON.stringify(provides, null, 2)}\n`,
  });
  return { dir, chunk, indexHtml, mainJs, chunkJs, provides };
}

export interface FakeSiteOptions {
  /** The version in each app's package.json (the first part of a default release version). */
  packageVersion?: string;
  shell?: FakeShellOptions;
  /** Per remote, options of its build in `<folder>/dist`. */
  remotes?: Partial<Record<RemoteApp, Omit<FakeRemoteOptions, 'app'>>>;
}

export interface FakeSite {
  /** A checkout-like folder: `shell/dist`, `mf-<area>/dist` and each folder's package.json. */
  dir: string;
  shell: FakeShellBuild;
  remotes: Record<RemoteApp, FakeRemoteBuild>;
}

/** A new temporary folder (the caller removes it). */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `store-ratings-${prefix}-`));
}

/** Writes a whole site into `dir`: the shell's and every remote's own build (their `dist`), all fitting each other. */
export function writeFakeSite(dir: string, options: FakeSiteOptions = {}): FakeSite {
  const packageJson = (folder: string) =>
    `${JSON.stringify({ name: folder, version: options.packageVersion ?? '1.0.0', private: true }, null, 2)}\n`;
  mkdirSync(path.join(dir, 'shell'), { recursive: true });
  writeFileSync(path.join(dir, 'shell', 'package.json'), packageJson('shell'));
  const shell = writeShellBuild(path.join(dir, 'shell', 'dist'), options.shell);
  const remotes = Object.fromEntries(
    REMOTE_APPS.map((app) => {
      const folder = APP_FOLDERS[app];
      mkdirSync(path.join(dir, folder), { recursive: true });
      writeFileSync(path.join(dir, folder, 'package.json'), packageJson(folder));
      return [app, writeRemoteBuild(path.join(dir, folder, 'dist'), { ...options.remotes?.[app], app })];
    }),
  ) as Record<RemoteApp, FakeRemoteBuild>;
  return { dir, shell, remotes };
}

export interface FakeReleasesOptions extends FakeSiteOptions {
  /** Names the temporary folder (`store-ratings-<name>-…`); default `releases`. */
  name?: string;
}

export interface FakeReleases {
  /** The temporary folder holding the site and the builds (`remove()` deletes it). */
  root: string;
  /** `<root>/site`: every app's own build, all fitting each other. */
  siteDir: string;
  site: FakeSite;
  /** `<siteDir>/releases`: empty until something is published. */
  releasesDir: string;
  /** `<root>/builds`: where `remoteBuild` and `shellBuild` write. */
  buildsDir: string;
  /** The real releases over this site and releases folder (the same deployments.json a server or the CLI uses). */
  releases: Releases;
  /** Writes a remote's build into `<buildsDir>/<name>` (replacing one of that name) and returns its folder. */
  remoteBuild(name: string, options?: FakeRemoteOptions): string;
  /** Writes a shell build into `<buildsDir>/<name>` (replacing one of that name) and returns its folder. */
  shellBuild(name: string, options?: FakeShellOptions): string;
  /**
   * Builds a remote of its own for `version` (its files differ from every other version's) and
   * publishes it, for everyone or as a canary for `canaryPercent`, by `test:setup`.
   */
  publishRemote(app: RemoteApp, version: string, options?: Omit<FakeRemoteOptions, 'app'> & { canaryPercent?: number }): void;
  /** Everything under the releases folder (files and their bytes), deployments.json included. */
  snapshot(): Record<string, string>;
  /** Removes the releases folder: nothing published, every app live from its own build again. */
  clearReleases(): void;
  remove(): void;
}

/** A fresh fake site and an empty releases folder in it, in a temporary folder of their own. */
export function createFakeReleases(options: FakeReleasesOptions = {}): FakeReleases {
  const { name = 'releases', ...siteOptions } = options;
  const root = tempDir(name);
  const siteDir = path.join(root, 'site');
  const releasesDir = path.join(siteDir, 'releases');
  const buildsDir = path.join(root, 'builds');
  const site = writeFakeSite(siteDir, siteOptions);
  const releases = new Releases({ releasesDir, siteDir });
  const remoteBuild = (build: string, remote: FakeRemoteOptions = {}) => writeRemoteBuild(path.join(buildsDir, build), remote).dir;
  return {
    root,
    siteDir,
    site,
    releasesDir,
    buildsDir,
    releases,
    remoteBuild,
    shellBuild: (build, shell = {}) => writeShellBuild(path.join(buildsDir, build), shell).dir,
    publishRemote: (app, version, { canaryPercent, ...remote } = {}) => {
      const from = remoteBuild(`${APP_FOLDERS[app]}-${version}`, { marker: version, ...remote, app });
      releases.publish(app, { from, version, by: 'test:setup', ...(canaryPercent !== undefined ? { canaryPercent } : {}) });
    },
    snapshot: () => snapshotTree(releasesDir),
    clearReleases: () => rmSync(releasesDir, { recursive: true, force: true }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Every file under `dir` with a digest of its bytes (relative path → sha256), empty when `dir` does
 * not exist: two snapshots are equal when nothing under it was added, removed or changed.
 */
export function snapshotTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string, prefix: string): void => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(current, entry.name), relative);
      else
        files[relative] = createHash('sha256')
          .update(readFileSync(path.join(current, entry.name)))
          .digest('hex');
    }
  };
  walk(dir, '');
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A browser id the server serves the canary `version` of `app` to (or, with `inside: false`, one it does not). */
export function browserOf(app: RemoteApp, canary: { version: string; percent: number; since?: string }, inside = true): string {
  for (;;) {
    const id = newBrowserId();
    if (inCanary(id, app, { since: '', ...canary }) === inside) return id;
  }
}
