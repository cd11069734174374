/**
 * The remote of a likely next page, fetched ahead (issue 16): when a link to it is hovered, focused or
 * touched, and for the role's main pages once the browser is idle. Only the files are fetched (the
 * remote's entry and the page's own, through the federation runtime's preloadRemote): nothing runs
 * until the page is visited. A remote is prefetched once per page load; a failure is left to the visit.
 */
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { remotePageAt } from '../app/remote-pages';

const prefetched = new Set<string>();

/** Fetches ahead the remote page that renders `pathname` (nothing for the shell's own paths or one already fetched). */
export function prefetchPageAt(pathname: string): void {
  const page = remotePageAt(pathname);
  if (!page) return;
  const key = `${page.remote}/${page.module}`;
  if (prefetched.has(key)) return;
  prefetched.add(key);
  // The visit itself will load it, and report a failure then.
  const forget = () => prefetched.delete(key);
  try {
    Promise.resolve(preloadRemote([{ nameOrAlias: page.remote, exposes: [page.module], resourceCategory: 'sync', share: false }])).catch(
      forget,
    );
  } catch {
    forget();
  }
}

/** The same-origin page path of a link, or null (another origin, a download, a new tab). */
function linkPath(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname : null;
}

/** Prefetches on intent anywhere on the page (the navbar, every remote's links: one delegated listener). Returns the cleanup. */
export function prefetchOnIntent(): () => void {
  const onIntent = (event: Event) => {
    const path = linkPath(event.target);
    if (path && path !== window.location.pathname) prefetchPageAt(path);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) document.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of events) document.removeEventListener(type, onIntent);
  };
}

/** How long after the page's load the idle prefetch waits: the page's own data comes first. */
const AFTER_LOAD_MS = 2_000;

/**
 * Prefetches `paths` once the page has loaded, its own requests have had their turn and the browser is
 * idle (on a slow link, a prefetch beside the page's data would slow the page itself). Returns the cleanup.
 */
export function prefetchWhenIdle(paths: readonly string[]): () => void {
  let cancelled = false;
  let timer: number | undefined;
  let idle: number | undefined;
  const run = () => {
    if (!cancelled) paths.forEach(prefetchPageAt);
  };
  const afterLoad = () => {
    timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 5_000 });
      else run();
    }, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/** For tests: forget what was prefetched. */
export function resetPrefetched(): void {
  prefetched.clear();
}
