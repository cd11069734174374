/**
 * Faults for the fault-isolation tests: a remote's files or the API made unreachable through
 * Playwright routes (404, 500, a request that never answers, a refused connection, a 401), and the
 * probes those tests need (no page reload, counted requests, the shell's fallback, toasts seen).
 */
import type { Locator, Page, Request, Route } from 'playwright-core';
import { MESSAGES, REMOTE_HEALTH_PATH } from 'shared-contracts';

export type RemoteArea = 'auth' | 'stores' | 'admin' | 'owner' | 'customer';
/**
 * How a file or call fails: an HTTP 404; a 500 from a gateway (an HTML page) or from our API itself
 * ('500-json': `{ message: 'Internal server error' }`, what api/src/http/errors.ts sends); a request
 * that never answers; a server that is down; a 401 (the token is no longer accepted).
 */
export type Fault = '404' | '500' | '500-json' | 'hang' | 'refused' | '401';

export const FALLBACK_TITLE = 'This part of Store Ratings is not available right now';

export interface InstalledFault {
  /** Requests the fault has answered (or is holding) so far. */
  readonly hits: number;
  /** URLs of those requests, in order. */
  readonly urls: string[];
  /** The same requests as 'METHOD /path?query', in order. */
  readonly calls: string[];
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
    case '500-json':
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.internalError }) });
    case '401':
      return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.invalidToken }) });
    case 'refused':
      return route.abort('connectionrefused');
    case 'hang':
      // Never answered: the request stays pending until the test's context closes.
      held.push(route);
      return;
  }
}

async function installFault(page: Page, matches: (url: URL) => boolean, fault: Fault, method?: string): Promise<InstalledFault> {
  const urls: string[] = [];
  const calls: string[] = [];
  const held: Route[] = [];
  const predicate = (url: URL) => matches(url);
  const handler = async (route: Route) => {
    const request = route.request();
    // Another method on the same path goes on as if this route were not there.
    if (method && request.method() !== method.toUpperCase()) return route.fallback();
    const url = new URL(request.url());
    urls.push(request.url());
    calls.push(`${request.method()} ${url.pathname}${url.search}`);
    await failRoute(route, fault, held);
  };
  await page.route(predicate, handler);
  return {
    get hits() {
      return urls.length;
    },
    urls,
    calls,
    restore: () => page.unroute(predicate, handler),
  };
}

/** Every file under /mf/<area>/ (manifest, remoteEntry.js, chunks, CSS) fails with `fault`. */
export function breakRemote(page: Page, area: RemoteArea, fault: Fault): Promise<InstalledFault> {
  return installFault(page, (url) => url.pathname.startsWith(`/mf/${area}/`), fault);
}

/**
 * Calls to the API (/api/...) whose path matches `path` (default: all of them), and whose method is
 * `method` when one is given, fail with `fault`. The shell's health reports (REMOTE_HEALTH_PATH, a
 * beacon whenever the page has gathered some) are not the screens' calls: they go on untouched.
 */
export function breakApi(
  page: Page,
  fault: Fault,
  path: (pathname: string) => boolean = () => true,
  method?: string,
): Promise<InstalledFault> {
  return installFault(page, (url) => isScreenApiCall(url.href) && path(url.pathname), fault, method);
}

/** A call of the API that a screen makes: anything under /api but the shell's health reports. */
export function isScreenApiCall(url: string): boolean {
  const { pathname } = new URL(url);
  return (pathname === '/api' || pathname.startsWith('/api/')) && pathname !== REMOTE_HEALTH_PATH;
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
    count: () => page.evaluate((k) => (window as unknown as Record<string, { count: number }>)[k]?.count ?? -1, key),
  };
}

/**
 * Records the text of every toast the shell shows from now on, in this document, in order: each toast
 * once, and again whenever its text changes (a toast re-used by id for a new message). Spinners and
 * other role=status elements outside the toaster are not toasts.
 */
export async function recordToasts(page: Page): Promise<{ texts: () => Promise<string[]> }> {
  const key = `toastLog-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((key) => {
    const last = new WeakMap<Element, string>();
    const texts: string[] = [];
    (window as unknown as Record<string, unknown>)[key] = texts;
    const check = () => {
      document.querySelectorAll('[data-rht-toaster] [role="status"]').forEach((el) => {
        const text = (el.textContent ?? '').trim();
        if (text !== '' && last.get(el) !== text) {
          last.set(el, text);
          texts.push(text);
        }
      });
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  }, key);
  return {
    texts: () => page.evaluate((k) => [...((window as unknown as Record<string, string[]>)[k] ?? [])], key),
  };
}
