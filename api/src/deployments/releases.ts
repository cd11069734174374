/**
 * Delivering the shell and the remotes (DESIGN.md §5): publish a build as an immutable version under
 * `<releases>/<folder>/<version>/`, live for everyone or as a canary for a share of browsers; promote,
 * abort and roll back. Every change that makes a build live passes the compatibility gate first
 * (gate.ts), so an unsafe release changes nothing. Used by the release commands (api/scripts/deploy.ts)
 * and by the API (the admin's deployments endpoints, the health monitor's automatic abort, and
 * /remotes.json and the shell's files, chosen per browser).
 */
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  APP_FOLDERS,
  BUILT_IN_VERSION,
  type DeployableApp,
  type DeploymentAction,
  RELEASE_VERSION_PATTERN,
  REMOTE_APPS,
  type RemoteApp,
} from 'shared-contracts';
import { digestOf, readRemoteBuild, readShellBuild, ReleaseError, type ShellBuild } from './builds';
import { checkRemoteAgainstShell, type GateProblem } from './gate';
import { type AppDeploymentState, type CanaryRef, type DeploymentState, DeploymentStateFile } from './state-file';

export { ReleaseError } from './builds';
export type { GateProblem } from './gate';

/** The gate refused: nothing was changed. */
export class GateError extends ReleaseError {
  constructor(
    readonly what: string,
    readonly problems: GateProblem[],
  ) {
    super(
      `the compatibility gate refused ${what} (nothing was changed):\n${problems.map((p) => `  - ${p.subject}: ${p.message}`).join('\n')}`,
    );
  }
}

export interface ReleasesOptions {
  /** Where published versions and deployments.json live. */
  releasesDir: string;
  /** The checkout whose `<folder>/dist` builds are the built-in versions. */
  siteDir: string;
}

export interface PublishOptions {
  /** The build folder; the app's own dist by default. */
  from?: string;
  /** The version's name; `<package version>-<digest>` by default. */
  version?: string;
  /** Live for this share of browsers only (1..99); remotes only. */
  canaryPercent?: number;
  by: string;
}

export interface PublishResult {
  app: DeployableApp;
  version: string;
  /** The version was already published with the same files (it is pointed at again). */
  reused: boolean;
  folder: string;
  /** What was live before. */
  previous: string;
  canaryPercent: number | null;
}

export interface ChangeResult {
  app: DeployableApp;
  /** The version live (promote, rollback) or the canary ended (abort). */
  version: string;
  previous: string | null;
  message: string;
}

export interface AbortOptions {
  action?: Extract<DeploymentAction, 'abort' | 'auto_abort'>;
  note?: string;
}

const NO_APP_STATE: AppDeploymentState = { live: null, canary: null, previous: [] };

export const isRemoteApp = (app: DeployableApp): app is RemoteApp => app !== 'shell';

export class Releases {
  readonly releasesDir: string;
  readonly siteDir: string;
  private readonly stateFile: DeploymentStateFile;

  constructor(options: ReleasesOptions) {
    this.releasesDir = path.resolve(options.releasesDir);
    this.siteDir = path.resolve(options.siteDir);
    this.stateFile = new DeploymentStateFile(this.releasesDir);
  }

  state(): DeploymentState {
    return this.stateFile.read();
  }

  appState(app: DeployableApp, state = this.state()): AppDeploymentState {
    return state.apps[app] ?? NO_APP_STATE;
  }

  liveVersion(app: DeployableApp): string {
    return this.appState(app).live?.version ?? BUILT_IN_VERSION;
  }

  canary(app: DeployableApp): CanaryRef | null {
    return this.appState(app).canary;
  }

  /** The version a rollback would make live, or null. */
  rollbackTarget(app: DeployableApp): string | null {
    const previous = this.appState(app).previous;
    return previous.length > 0 ? previous[previous.length - 1]!.version : null;
  }

  /** Every version of `app` the platform has served or may serve: health reports name only these. */
  knownVersions(app: DeployableApp): Set<string> {
    const state = this.state();
    const own = this.appState(app, state);
    const versions = new Set<string>([BUILT_IN_VERSION]);
    if (own.live) versions.add(own.live.version);
    if (own.canary) versions.add(own.canary.version);
    for (const entry of own.previous) versions.add(entry.version);
    for (const entry of state.history) if (entry.app === app) versions.add(entry.version);
    return versions;
  }

  /** The folder a version of an app is served from. */
  buildDir(app: DeployableApp, version: string): string {
    return version === BUILT_IN_VERSION
      ? path.join(this.siteDir, APP_FOLDERS[app], 'dist')
      : path.join(this.releasesDir, APP_FOLDERS[app], version);
  }

  liveShellDir(): string {
    return this.buildDir('shell', this.liveVersion('shell'));
  }

  /** The gate alone: what would refuse this build (none: it may go live). */
  check(app: DeployableApp, from = this.buildDir(app, BUILT_IN_VERSION)): GateProblem[] {
    return this.problemsOf(app, path.resolve(from), 'this build');
  }

  publish(app: DeployableApp, options: PublishOptions): PublishResult {
    const from = path.resolve(options.from ?? this.buildDir(app, BUILT_IN_VERSION));
    const canaryPercent = options.canaryPercent ?? null;
    if (canaryPercent !== null) {
      if (!isRemoteApp(app)) throw new ReleaseError('the shell is published for everyone at once: --canary is for remotes');
      if (!Number.isInteger(canaryPercent) || canaryPercent < 1 || canaryPercent > 99) {
        throw new ReleaseError(`--canary takes a share of browsers from 1 to 99 (got ${canaryPercent})`);
      }
    }
    if (isRemoteApp(app)) readRemoteBuild(from, app);
    else readShellBuild(from);

    const digest = digestOf(from);
    const version = options.version ?? `${this.packageVersion(app)}-${digest.slice(0, 10)}`;
    if (!RELEASE_VERSION_PATTERN.test(version) || version === BUILT_IN_VERSION) {
      throw new ReleaseError(
        `version "${version}" must be letters, digits, '.', '_' or '-' (at most 64, not starting with a symbol, not "${BUILT_IN_VERSION}")`,
      );
    }
    const target = this.buildDir(app, version);
    const reused = existsSync(target);
    if (reused && digestOf(target) !== digest) {
      throw new ReleaseError(`version ${version} of ${APP_FOLDERS[app]} is already published with other files; choose another --version`);
    }

    const problems = this.problemsOf(app, from, `${app} ${version}`);
    if (problems.length > 0) throw new GateError(`${app} ${version}`, problems);

    if (!reused) this.copyRelease(from, target, digest, version, app);

    return this.stateFile.update((state) => {
      const own = structuredClone(this.appState(app, state));
      const previous = own.live?.version ?? BUILT_IN_VERSION;
      const now = new Date().toISOString();
      if (canaryPercent !== null) {
        if (version === previous) throw new ReleaseError(`${app} ${version} is already live for everyone`);
        const replaced = own.canary;
        own.canary = { version, percent: canaryPercent, since: now };
        state.history.push({
          at: now,
          app,
          action: 'canary',
          version,
          previousVersion: previous,
          by: options.by,
          note: `live for ${canaryPercent}% of browsers${replaced ? `; replaces the canary ${replaced.version}` : ''}`,
        });
      } else {
        if (version !== previous) {
          own.previous.push(own.live ?? { version: BUILT_IN_VERSION, since: null });
          own.live = { version, since: now };
        }
        const ended = own.canary;
        own.canary = null;
        state.history.push({
          at: now,
          app,
          action: 'publish',
          version,
          previousVersion: previous,
          by: options.by,
          note: ended ? `ends the canary ${ended.version}` : version === previous ? 'already live' : null,
        });
      }
      state.apps[app] = own;
      return { app, version, reused, folder: target, previous, canaryPercent };
    });
  }

  /** The canary becomes live for everyone. */
  promote(app: DeployableApp, by: string): ChangeResult {
    const canary = this.canary(app);
    if (!canary) throw new ReleaseError(`${app} has no canary to promote`);
    const problems = this.problemsOf(app, this.buildDir(app, canary.version), `${app} ${canary.version}`);
    if (problems.length > 0) throw new GateError(`${app} ${canary.version}`, problems);
    return this.stateFile.update((state) => {
      const own = structuredClone(this.appState(app, state));
      if (!own.canary || own.canary.version !== canary.version) throw new ReleaseError(`${app}'s canary changed meanwhile; look again`);
      const previous = own.live?.version ?? BUILT_IN_VERSION;
      const now = new Date().toISOString();
      own.previous.push(own.live ?? { version: BUILT_IN_VERSION, since: null });
      own.live = { version: canary.version, since: now };
      own.canary = null;
      state.apps[app] = own;
      state.history.push({
        at: now,
        app,
        action: 'promote',
        version: canary.version,
        previousVersion: previous,
        by,
        note: `was live for ${canary.percent}% of browsers`,
      });
      return { app, version: canary.version, previous, message: `${app} ${canary.version} is live for everyone` };
    });
  }

  /** Ends the canary: every browser gets the live version at its next page load. */
  abort(app: DeployableApp, by: string, options: AbortOptions = {}): ChangeResult {
    return this.stateFile.update((state) => {
      const own = structuredClone(this.appState(app, state));
      if (!own.canary) throw new ReleaseError(`${app} has no canary to abort`);
      const { version } = own.canary;
      const live = own.live?.version ?? BUILT_IN_VERSION;
      own.canary = null;
      state.apps[app] = own;
      state.history.push({
        at: new Date().toISOString(),
        app,
        action: options.action ?? 'abort',
        version,
        previousVersion: live,
        by,
        note: options.note ?? null,
      });
      return { app, version, previous: live, message: `the canary ${version} of ${app} is ended; ${live} is live for everyone` };
    });
  }

  /** Makes the version live before the current one live again (and ends a canary). */
  rollback(app: DeployableApp, by: string): ChangeResult {
    const target = this.rollbackTarget(app);
    if (target === null) throw new ReleaseError(`nothing to roll back to: ${APP_FOLDERS[app]} has no earlier published version`);
    const problems = this.problemsOf(app, this.buildDir(app, target), `${app} ${target}`);
    if (problems.length > 0) throw new GateError(`${app} ${target}`, problems);
    return this.stateFile.update((state) => {
      const own = structuredClone(this.appState(app, state));
      const back = own.previous.pop();
      if (!back || back.version !== target) throw new ReleaseError(`${app}'s releases changed meanwhile; look again`);
      const from = own.live?.version ?? BUILT_IN_VERSION;
      const now = new Date().toISOString();
      const ended = own.canary;
      own.live = back.version === BUILT_IN_VERSION ? null : { version: back.version, since: now };
      own.canary = null;
      state.apps[app] = own;
      state.history.push({
        at: now,
        app,
        action: 'rollback',
        version: back.version,
        previousVersion: from,
        by,
        note: ended ? `ends the canary ${ended.version}` : null,
      });
      return { app, version: back.version, previous: from, message: `${app} ${back.version} is live again (was ${from})` };
    });
  }

  /**
   * Copies a build beside its final place and renames it into it, so a version folder is whole or
   * absent. Another publish of the same version may win the rename: its folder is then this one if the
   * files are the same, and a clash otherwise.
   */
  private copyRelease(from: string, target: string, digest: string, version: string, app: DeployableApp): void {
    const staging = path.join(path.dirname(target), `.staging-${version}-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    try {
      cpSync(from, staging, { recursive: true });
      renameSync(staging, target);
    } catch (error) {
      if (!existsSync(target)) throw error;
      if (digestOf(target) !== digest) {
        throw new ReleaseError(`version ${version} of ${APP_FOLDERS[app]} was just published with other files; choose another --version`);
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }

  /**
   * The gate for making the build in `dir` live as `app`: a remote against the live shell; the shell
   * against every live and canary remote.
   */
  private problemsOf(app: DeployableApp, dir: string, label: string): GateProblem[] {
    if (isRemoteApp(app)) {
      const shellVersion = this.liveVersion('shell');
      const shell = readShellBuild(this.buildDir('shell', shellVersion));
      return checkRemoteAgainstShell(readRemoteBuild(dir, app), shell, { remote: label, shell: `the live shell (${shellVersion})` });
    }
    const shell: ShellBuild = readShellBuild(dir);
    const problems: GateProblem[] = [];
    for (const remote of REMOTE_APPS) {
      const own = this.appState(remote);
      const versions = [own.live?.version ?? BUILT_IN_VERSION, ...(own.canary ? [own.canary.version] : [])];
      for (const version of versions) {
        const remoteDir = this.buildDir(remote, version);
        const channel = own.canary?.version === version ? 'canary' : 'live';
        if (!existsSync(remoteDir)) {
          problems.push({ subject: remote, message: `the ${channel} ${remote} ${version} cannot be checked: ${remoteDir} is missing` });
          continue;
        }
        problems.push(
          ...checkRemoteAgainstShell(readRemoteBuild(remoteDir, remote), shell, {
            remote: `the ${channel} ${remote} ${version}`,
            shell: label === 'this build' ? 'this shell build' : `the shell ${label.replace(/^shell /, '')}`,
          }),
        );
      }
    }
    return problems;
  }

  private packageVersion(app: DeployableApp): string {
    try {
      const pkg = JSON.parse(readFileSync(path.join(this.siteDir, APP_FOLDERS[app], 'package.json'), 'utf8')) as { version?: unknown };
      return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      return '0.0.0';
    }
  }
}

/** 'shell', a folder ('mf-stores'), an area ('stores') or a federation name ('mf_stores') → the app. */
export function resolveApp(id: string): DeployableApp {
  const found = (Object.entries(APP_FOLDERS) as Array<[DeployableApp, string]>).find(
    ([app, folder]) => id === app || id === folder || id === folder.replace(/^mf-/, ''),
  );
  if (!found) throw new ReleaseError(`unknown app "${id}"; one of: ${Object.values(APP_FOLDERS).join(', ')}`);
  return found[0];
}
