/**
 * The one place remotes are located and loaded. Locations come from /remotes.json at run time
 * (never baked into the build); a page module is fetched only when a route that needs it renders.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export type RemoteName = 'mf_auth' | 'mf_stores' | 'mf_admin' | 'mf_owner' | 'mf_customer';
export type RemoteLocations = Record<string, string>;

const REMOTES_URL = '/remotes.json';
const LOAD_TIMEOUT_MS = 20_000;

let locations: RemoteLocations = {};

export async function fetchRemoteLocations(url = REMOTES_URL): Promise<RemoteLocations> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error(`${url} is not an object`);
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export async function registerRemotesFromConfig(url = REMOTES_URL): Promise<void> {
  locations = await fetchRemoteLocations(url);
  registerRemotes(Object.entries(locations).map(([name, entry]) => ({ name, entry })));
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
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
 * Loads a page a remote exposes. `fresh` (a retry) registers the remote again, dropping the cached
 * failure, so a remote that is back is fetched anew without reloading the page.
 */
export async function loadRemotePage(remote: RemoteName, module: string, fresh = false): Promise<{ default: ComponentType }> {
  if (fresh) {
    if (Object.keys(locations).length === 0) await registerRemotesFromConfig();
    else if (locations[remote]) registerRemotes([{ name: remote, entry: locations[remote] }], { force: true });
  }
  const loaded = await withTimeout(loadRemote<{ default: ComponentType }>(`${remote}/${module}`), LOAD_TIMEOUT_MS, `${remote}/${module}`);
  if (!loaded || !isComponentType(loaded.default)) throw new Error(`${remote}/${module} did not load`);
  return loaded;
}

/** A function or class component, or one wrapped by memo/forwardRef/lazy (objects React tags with $$typeof). */
function isComponentType(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}
