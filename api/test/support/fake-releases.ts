/**
 * A site and a releases folder made of small fake builds, for the suites that publish, promote,
 * abort and roll back through the real `Releases` class and then ask the API about it. A remote's
 * build is a folder with `mf-manifest.json` (its name, the shared packages it requires, the modules
 * it exposes) and `remoteEntry.js`; the shell's has `index.html`, `remotes.json` and `provides.json`
 * (the packages it provides and the modules its route table loads from each remote). The site's own
 * builds (`<folder>/dist`) are the built-in versions, live until something is published.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_FOLDERS, REMOTE_APPS, type RemoteApp } from 'shared-contracts';
import { Releases } from '../../src/deployments/releases';

/** What the fake shell's route table loads from each remote (and so what each remote must expose). */
export const SHELL_LOADS: Readonly<Record<RemoteApp, string[]>> = {
  mf_auth: ['LoginPage', 'ProfilePage', 'RegisterPage'],
  mf_stores: ['StoreDetailPage', 'StoreListPage'],
  mf_admin: ['AdminDashboardPage', 'AdminDeploymentsPage'],
  mf_owner: ['OwnerDashboardPage'],
  mf_customer: ['CustomerDashboardPage'],
};

/** The shared packages of the built-in builds: the shell provides these, the remotes require their caret range. */
export const BUILT_IN_PROVIDES: Readonly<Record<string, string>> = { react: '19.2.0', 'react-hot-toast': '2.5.2', 'shared-contracts': '1.0.0' };

export interface RemoteBuildOptions {
  /** Package → required range; `^<provided>` of BUILT_IN_PROVIDES by default. */
  requires?: Record<string, string>;
  /** The exposed modules; SHELL_LOADS[app] by default. */
  exposes?: string[];
}

export interface ShellBuildOptions {
  provides?: Record<string, string>;
  loads?: Record<string, string[]>;
}

export interface FakeReleases {
  siteDir: string;
  releasesDir: string;
  /** The same releases the server under test reads (one deployments.json). */
  releases: Releases;
  /** Writes a remote build into a folder of its own; `marker` makes its files (and so its digest) its own. */
  remoteBuild(app: RemoteApp, marker: string, options?: RemoteBuildOptions): string;
  shellBuild(marker: string, options?: ShellBuildOptions): string;
  /** Builds a remote and publishes it as `version` (for everyone, or as a canary for `canaryPercent`). */
  publishRemote(app: RemoteApp, version: string, options?: RemoteBuildOptions & { canaryPercent?: number }): void;
  remove(): void;
}

const caretOf = (provides: Record<string, string>) => Object.fromEntries(Object.entries(provides).map(([name, version]) => [name, `^${version}`]));

function writeRemote(dir: string, app: RemoteApp, marker: string, options: RemoteBuildOptions): void {
  mkdirSync(dir, { recursive: true });
  const requires = options.requires ?? caretOf(BUILT_IN_PROVIDES);
  const manifest = {
    id: app,
    name: app,
    metaData: { name: app, buildInfo: { buildVersion: marker } },
    shared: Object.entries(requires).map(([name, requiredVersion]) => ({ id: `${app}:${name}`, name, requiredVersion, singleton: true })),
    exposes: (options.exposes ?? SHELL_LOADS[app]).map((name) => ({ id: `${app}:${name}`, name, path: `./${name}` })),
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${app} ${marker} */\n`);
}

function writeShell(dir: string, marker: string, options: ShellBuildOptions): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Store Ratings ${marker}</title><div id="root"></div>\n`);
  const remotes = Object.fromEntries(REMOTE_APPS.map((app) => [app, `/mf/${APP_FOLDERS[app].replace(/^mf-/, '')}/mf-manifest.json`]));
  writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(remotes));
  const provides = { app: 'shell', buildVersion: marker, provides: options.provides ?? BUILT_IN_PROVIDES, loads: options.loads ?? SHELL_LOADS };
  writeFileSync(path.join(dir, 'provides.json'), JSON.stringify(provides, null, 2));
}

/** A fresh site (every app built) and an empty releases folder, in a temporary folder of their own. */
export function createFakeReleases(): FakeReleases {
  const root = mkdtempSync(path.join(tmpdir(), 'store-ratings-releases-'));
  const siteDir = path.join(root, 'site');
  const releasesDir = path.join(root, 'releases');
  const buildsDir = path.join(root, 'builds');
  writeShell(path.join(siteDir, 'shell', 'dist'), 'built-in', {});
  for (const app of REMOTE_APPS) writeRemote(path.join(siteDir, APP_FOLDERS[app], 'dist'), app, 'built-in', {});
  const releases = new Releases({ releasesDir, siteDir });

  let builds = 0;
  const remoteBuild = (app: RemoteApp, marker: string, options: RemoteBuildOptions = {}) => {
    const dir = path.join(buildsDir, `${++builds}-${APP_FOLDERS[app]}`);
    writeRemote(dir, app, marker, options);
    return dir;
  };
  const shellBuild = (marker: string, options: ShellBuildOptions = {}) => {
    const dir = path.join(buildsDir, `${++builds}-shell`);
    writeShell(dir, marker, options);
    return dir;
  };
  return {
    siteDir,
    releasesDir,
    releases,
    remoteBuild,
    shellBuild,
    publishRemote: (app, version, options = {}) => {
      const from = remoteBuild(app, version, options);
      releases.publish(app, { from, version, by: 'test:setup', ...(options.canaryPercent !== undefined ? { canaryPercent: options.canaryPercent } : {}) });
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
