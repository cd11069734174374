/**
 * The one place remotes are located and loaded. Locations come from /remotes.json at run time
 * (never baked into the build), with the version the server chose for each app (its `$versions`
 * entry); a page module is fetched only when a route that needs it renders. A page that cannot be
 * loaded is reported (a load failure, with its reason) and rejected as a RemoteLoadError.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  BUILT_IN_VERSION,
  type DeployableApp,
  RELEASE_VERSION_PATTERN,
  type RemoteApp,
  type RemoteLoadFailureReason,
  REMOTES_VERSIONS_KEY,
} from 'shared-contracts';
import { reportRemoteHealth } from './health';
import { inlineManifestsPlugin, isRecord, readStartData } from './start-data';

export type RemoteName = RemoteApp;
export type RemoteLocations = Record<string, string>;
/** The version the server chose for each app, e.g. `{ shell: '1.1.0-a1', mf_stores: 'dist' }`. */
export type AppVersions = Record<string, string>;

export interface RemotesConfig {
  locations: RemoteLocations;
  versions: AppVersions;
}

const REMOTES_URL = '/remotes.json';
const LOAD_TIMEOUT_MS = 20_000;
/** How long the probe that classifies a load failure may take before the failure is called a network one. */
const PROBE_TIMEOUT_MS = 5_000;

let locations: RemoteLocations = {};
let versions: AppVersions = {};

/** A remote page that could not be loaded (as opposed to one that loaded and then threw while rendering). */
export class RemoteLoadError extends Error {
  constructor(
    message: string,
    readonly reason: RemoteLoadFailureReason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteLoadError';
  }
}

/** The string entries of an object: remote locations, or (under `$versions`) version names. */
function stringEntries(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function remotesConfigOf(body: unknown, from: string): RemotesConfig {
  if (!isRecord(body)) throw new Error(`${from} is not an object`);
  const chosen = body[REMOTES_VERSIONS_KEY];
  return { locations: stringEntries(body), versions: isRecord(chosen) ? stringEntries(chosen) : {} };
}

export async function fetchRemotesConfig(url = REMOTES_URL): Promise<RemotesConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return remotesConfigOf(await response.json(), url);
}

/**
 * Reads where the remotes are: from the page itself when the server wrote them in (the start data, with
 * the route's remote manifest, which the federation runtime then takes instead of fetching it), else
 * from /remotes.json.
 */
export async function registerRemotesFromConfig(url = REMOTES_URL): Promise<void> {
  const start = readStartData();
  ({ locations, versions } = start ? remotesConfigOf(start.remotes, 'the page’s start data') : await fetchRemotesConfig(url));
  if (start) registerPlugins([inlineManifestsPlugin(start.manifests)]);
  registerRemotes(Object.entries(locations).map(([name, entry]) => ({ name, entry })));
}

/** The version of an app this page runs, as /remotes.json named it; BUILT_IN_VERSION when it named none. */
export function appVersion(app: DeployableApp): string {
  const version = versions[app];
  return version !== undefined && RELEASE_VERSION_PATTERN.test(version) ? version : BUILT_IN_VERSION;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(`${what} did not load within ${ms / 1000} s`, 'timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Why a remote failed to load, found by asking its manifest once more: 404 → not_found, 5xx →
 * server_error, no answer → network, anything else (the manifest is fine, a chunk or the module is
 * not) → other. Never rejects.
 */
export async function probeLoadFailure(remote: RemoteName): Promise<RemoteLoadFailureReason> {
  const manifest = locations[remote];
  if (!manifest) return 'other';
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(manifest, { cache: 'no-store', signal: abort.signal });
    if (response.status === 404) return 'not_found';
    if (response.status >= 500) return 'server_error';
    return 'other';
  } catch {
    return 'network';
  } finally {
    clearTimeout(timer);
  }
}

/** Classifies a failed load, reports it, and gives the error the page's boundary receives. */
async function loadFailure(remote: RemoteName, module: string, error: unknown): Promise<RemoteLoadError> {
  const reason = error instanceof RemoteLoadError ? error.reason : await probeLoadFailure(remote);
  reportRemoteHealth({ app: remote, version: appVersion(remote), kind: 'load_failure', reason });
  if (error instanceof RemoteLoadError) return error;
  const message = error instanceof Error ? error.message : `${remote}/${module} did not load`;
  return new RemoteLoadError(message, reason, { cause: error });
}

async function loadPageModule(remote: RemoteName, module: string, fresh: boolean): Promise<{ default: ComponentType }> {
  if (fresh) {
    if (Object.keys(locations).length === 0) await registerRemotesFromConfig();
    else if (locations[remote]) registerRemotes([{ name: remote, entry: locations[remote] }], { force: true });
  }
  const loaded = await withTimeout(loadRemote<{ default: ComponentType }>(`${remote}/${module}`), LOAD_TIMEOUT_MS, `${remote}/${module}`);
  if (!loaded || !isComponentType(loaded.default)) throw new Error(`${remote}/${module} did not load`);
  return loaded;
}

/**
 * Loads a page a remote exposes. `fresh` (a retry) registers the remote again, dropping the cached
 * failure, so a remote that is back is fetched anew without reloading the page. A failure is
 * reported (with its reason) before the returned promise rejects with a RemoteLoadError.
 */
export async function loadRemotePage(remote: RemoteName, module: string, fresh = false): Promise<{ default: ComponentType }> {
  try {
    return await loadPageModule(remote, module, fresh);
  } catch (error) {
    throw await loadFailure(remote, module, error);
  }
}

/** A function or class component, or one wrapped by memo/forwardRef/lazy (objects React tags with $$typeof). */
function isComponentType(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}
