/**
 * Faults for the fault-isolation tests: a remote's files or the API made unreachable through
 * Playwright routes (404, 500, a request that never answers, a refused connection), and the probes
 * those tests need (no page reload, counted requests, the shell's fallback, navbar clicks).
 */
import type { Locator, Page, Request, Route } from 'playwright-core';

export type RemoteArea = 'auth' | 'stores' | 'admin' | 'owner' | 'customer';
/** How a file or call fails: an HTTP 404 or 500, a request that never answers, or a server that is down. */
export type Fault = '404' | '500' | 'hang' | 'refused';

export const FALLBACK_TITLE = 'This part of Store Ratings is not available right now';

export interface InstalledFault {
  /** Requests the fault has answered (or is holding) so far. */
  readonly hits: number;
  /** URLs of those requests, in order. */
  readonly urls: string[];
  /** Takes the route away: what follows reaches the server again. Held requests stay unanswered. */
  restore: () => Promise<void>;
}

async function failRoute(route: Route, fault: Fault, held: Route[]): Promise<void> {
  switch (fault) {
    case '404':
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    case '500':
      // What a gateway in front of a broken server answers: no JSON message of the API's own.
      return route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>500 Internal Server Error</h1>' });
    case 'refused':
      return route.abort('connectionrefused');
    case 'hang':
      // Never answered: the request stays pending until the test's context closes.
      held.push(route);
      return;
  }
}

async function installFault(page: Page, matches: (url: URL) => boolean, fault: Fault): Promise<InstalledFault> {
  const urls: string[] = [];
  const held: Route[] = [];
  const predicate = (url: URL) => matches(url);
  const handler = async (route: Route) => {
    urls.push(route.request().url());
    await failRoute(route, fault, held);
  };
  await page.route(predicate, handler);
  return {
    get hits() {
      return urls.length;
    },
    urls,
    restore: () => page.unroute(predicate, handler),
  };
}

/** Every file under /mf/<area>/ (manifest, remoteEntry.js, chunks, CSS) fails with `fault`. */
export function breakRemote(page: Page, area: RemoteArea, fault: Fault): Promise<InstalledFault> {
  return installFault(page, (url) => url.pathname.startsWith(`/mf/${area}/`), fault);
}

/** Calls to the API (/api/...) whose path matches `path` (default: all of them) fail with `fault`. */
export function breakApi(page: Page, fault: Fault, path: (pathname: string) => boolean = () => true): Promise<InstalledFault> {
  return installFault(page, (url) => (url.pathname === '/api' || url.pathname.startsWith('/api/')) && path(url.pathname), fault);
}

/** Counts requests the page makes whose URL passes `filter` (from now on). */
export function countRequests(page: Page, filter: (request: Request) => boolean): { readonly count: number; readonly urls: string[] } {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (filter(request)) urls.push(`${request.method()} ${request.url()}`);
  });
  return {
    get count() {
      return urls.length;
    },
    urls,
  };
}

export interface ReloadProbe {
  /** Passes only if the document is still the one the probe marked: no reload, no new document request, no load event. */
  expectNoReload: () => Promise<void>;
}

/**
 * Marks the current document (a value on window, gone after any reload) and counts main-frame
 * document requests and load events from now on.
 */
export async function watchForReload(page: Page): Promise<ReloadProbe> {
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((value) => {
    (window as unknown as { __faultMarker?: string }).__faultMarker = value;
  }, marker);
  const documents = countRequests(page, (request) => request.resourceType() === 'document' && request.frame() === page.mainFrame());
  let loads = 0;
  page.on('load', () => (loads += 1));
  return {
    expectNoReload: async () => {
      const now = await page.evaluate(() => (window as unknown as { __faultMarker?: string }).__faultMarker ?? null);
      expect({ marker: now, documentRequests: documents.urls, loadEvents: loads }).toEqual({ marker, documentRequests: [], loadEvents: 0 });
    },
  };
}

/** The shell's contained fallback for a remote route (role=alert, with its title and a Try again button). */
export function remoteFallback(page: Page): Locator {
  return page.getByRole('alert').filter({ has: page.getByRole('heading', { name: FALLBACK_TITLE }) });
}

/**
 * Counts toasts showing `text` as they appear (each toast element once, however often it is
 * updated), from now on, in this document.
 */
export async function watchToasts(page: Page, text: string): Promise<{ count: () => Promise<number> }> {
  const key = `toastWatch-${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, text }) => {
      const seen = new WeakSet<Element>();
      const state = { count: 0 };
      (window as unknown as Record<string, unknown>)[key] = state;
      const check = () => {
        document.querySelectorAll('[role="status"]').forEach((el) => {
          if (!seen.has(el) && (el.textContent ?? '').includes(text)) {
            seen.add(el);
            state.count += 1;
          }
        });
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
      check();
    },
    { key, text },
  );
  return {
    count: () => page.evaluate((k) => ((window as unknown as Record<string, { count: number }>)[k]?.count ?? -1), key),
  };
}
