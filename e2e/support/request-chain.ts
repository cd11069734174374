/**
 * The request chain of a cold visit: how many requests stand one behind the other from the HTML to the
 * content. Each request's predecessor is the request that finished last before it started (what it
 * was waiting for); the chain of a request is its predecessors back to the page's HTML. A request that started
 * before any other had finished was found in the HTML as it came in (the preload scanner reads it
 * before its last byte is in, and on a busy machine the HTML's end is reported late): its predecessor
 * is the HTML. The content is
 * what the Largest Contentful Paint needed: of the requests that finished before it, the one with the
 * longest chain. A page whose HTML names every file the route needs (preload hints) and whose data
 * request starts once the code is there has a chain of 3: HTML → code → data.
 *
 * Followed through the Chrome DevTools Protocol: Network.requestWillBeSent gives each request's wall
 * time, loadingFinished (or a failure) its end on the same monotonic clock; the page's own
 * PerformanceObserver gives the LCP (read once the page's content has replaced its skeletons), and
 * performance.timeOrigin puts it on the wall clock.
 * The health beacons (sent after the fact, never waited for) are not part of any chain.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { storeToken } from './app';
import { openPage, VIEWPORTS } from './browser';

export interface ChainResult {
  /** Requests in the content's chain, the HTML included. */
  steps: number;
  /** Each step's path (no query), HTML first. */
  path: string[];
}

export interface Timed {
  url: string;
  startWallMs: number;
  /** Monotonic seconds from CDP, for the end. */
  startMono: number;
  endWallMs?: number;
}

const BEACON = /\/api\/remote-health/;

function shortPath(url: string): string {
  const { pathname } = new URL(url);
  return pathname.length > 60 ? `${pathname.slice(0, 57)}…` : pathname;
}

/** The chain of `path` on `baseURL`, visited cold in a new context of `browser`; `token` signs in first. */
export async function requestChain(browser: Browser, baseURL: string, pagePath: string, token: string | null): Promise<ChainResult> {
  const { context, page } = await openPage(browser, baseURL, VIEWPORTS.mobile);
  try {
    if (token) await storeToken(page, token);
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.clearBrowserCache');
    const requests = new Map<string, Timed>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!/^https?:/.test(event.request.url) || BEACON.test(event.request.url)) return;
      requests.set(event.requestId, { url: event.request.url, startWallMs: event.wallTime * 1000, startMono: event.timestamp });
    });
    const finish = (event: { requestId: string; timestamp: number }) => {
      const request = requests.get(event.requestId);
      if (request) request.endWallMs = request.startWallMs + (event.timestamp - request.startMono) * 1000;
    };
    cdp.on('Network.loadingFinished', finish);
    cdp.on('Network.loadingFailed', finish);

    await page.goto(pagePath, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await contentPainted(page);
    const lcpWallMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(performance.timeOrigin + entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(Number.NaN), 2_000);
        }),
    );
    await cdp.detach();
    return chainTo(Number.isNaN(lcpWallMs) ? Number.POSITIVE_INFINITY : lcpWallMs, [...requests.values()]);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the page's skeletons (the server's first paint and the kit's PageSkeleton) have given way
 * to its content, and that has been painted, so its LCP entry is in. React reveals content that
 * suspended at least 300 ms after its fallback showed, with no request meanwhile: on a busy machine
 * the network is idle (500 ms without a request) before the content is in, and the LCP read then was
 * still the server skeleton's brand, a chain of one (CI, /admin and /store-owner).
 */
async function contentPainted(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('main') !== null && document.querySelector('.sr-boot, main[aria-busy="true"]') === null,
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The longest chain among the requests that finished before `contentWallMs`. */
export function chainTo(contentWallMs: number, all: Timed[]): ChainResult {
  type Finished = Timed & { endWallMs: number };
  const finished = all.filter((r): r is Finished => r.endWallMs !== undefined).sort((a, b) => a.startWallMs - b.startWallMs);
  const html = finished[0];
  const chains = new Map<Timed, Timed[]>();
  for (const request of finished) {
    // What it waited for: the request that finished last before it started, else the HTML it was found in.
    let predecessor: Finished | undefined;
    for (const other of finished) {
      if (other === request || other.endWallMs > request.startWallMs) continue;
      if (!predecessor || other.endWallMs > predecessor.endWallMs) predecessor = other;
    }
    if (!predecessor && request !== html) predecessor = html;
    chains.set(request, [...(predecessor ? (chains.get(predecessor) ?? [predecessor]) : []), request]);
  }
  let longest: Timed[] = [];
  for (const request of finished) {
    if (request.endWallMs > contentWallMs) continue;
    const chain = chains.get(request) ?? [request];
    if (chain.length > longest.length) longest = chain;
  }
  return { steps: longest.length, path: longest.map((r) => shortPath(r.url)) };
}
