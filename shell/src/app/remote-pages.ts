/**
 * The remote pages of the route table, typed: for each path, the remote and exposed module that render
 * it and how the area is named to the user. The data is remote-pages.json, which the shell's build also
 * reads to record in provides.json what it loads from each remote (the compatibility gate compares that
 * with each remote's mf-manifest.json). The guards around these paths stay in AppRoutes.tsx.
 */
import { isPageSkeletonKind, type PageSkeletonKind, REMOTE_APPS, type RemoteApp } from 'shared-contracts';
import { matchPath } from 'shared-contracts/react';
import table from './remote-pages.json';

export type RemotePagePath = keyof typeof table.pages;

export interface RemotePageEntry {
  remote: RemoteApp;
  /** The module the remote exposes, e.g. 'StoreListPage' (loaded as 'mf_stores/StoreListPage'). */
  module: string;
  /** How the area is named while it loads and in its fallback, e.g. 'store list'. */
  area: string;
  /** The browser tab's title while the page loads (the page's header then sets its own). */
  title: string;
  /** The layout of its loading skeleton. */
  skeleton: PageSkeletonKind;
}

const isRemoteApp = (value: string): value is RemoteApp => (REMOTE_APPS as readonly string[]).includes(value);

function checkedEntry(
  path: string,
  entry: { remote: string; module: string; area: string; title: string; skeleton: string },
): RemotePageEntry {
  if (!isRemoteApp(entry.remote)) throw new Error(`remote-pages.json: ${path} names '${entry.remote}', which is not a remote`);
  if (!entry.module || !entry.area || !entry.title) throw new Error(`remote-pages.json: ${path} needs a module, an area and a title`);
  if (!isPageSkeletonKind(entry.skeleton)) throw new Error(`remote-pages.json: ${path} names '${entry.skeleton}', which is not a skeleton`);
  return { remote: entry.remote, module: entry.module, area: entry.area, title: entry.title, skeleton: entry.skeleton };
}

/** Every remote page, by path (checked once, when the route table is first read). */
export const REMOTE_PAGES = Object.fromEntries(
  Object.entries(table.pages).map(([path, entry]) => [path, checkedEntry(path, entry)]),
) as Readonly<Record<RemotePagePath, RemotePageEntry>>;

/** The remote page a location shows (`/stores/12` → the `/stores/:id` entry), or null for the shell's own paths. */
export function remotePageAt(pathname: string): RemotePageEntry | null {
  for (const [pattern, entry] of Object.entries(REMOTE_PAGES)) if (matchPath(pattern, pathname)) return entry;
  return null;
}
