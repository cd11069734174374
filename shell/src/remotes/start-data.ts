/**
 * What the server wrote into the page for its first visit (shared-contracts `StartData`,
 * api/src/http/start-page.ts): the remotes chosen for this browser and the route's remote manifest.
 * The manifest is handed to the federation runtime once, through its `fetch` hook, instead of a request;
 * any later load of it (a retry after a failure) goes to the network.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { START_DATA_ELEMENT_ID, type StartData } from 'shared-contracts';

/** A plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page's start data, or null when the page has none (an older server, the development server) or it is unreadable. */
export function readStartData(doc: Document = document): StartData | null {
  const element = doc.getElementById(START_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data: unknown = JSON.parse(element.textContent);
    if (!isRecord(data) || !isRecord(data.remotes)) return null;
    return { remotes: data.remotes, manifests: isRecord(data.manifests) ? data.manifests : {} };
  } catch {
    return null;
  }
}

/** The path and query of a URL as the page would ask for it, so `/mf/x/mf-manifest.json` and its absolute form match. */
function sameOriginKey(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

/** A federation runtime plugin answering each written-in manifest once, from the page. */
export function inlineManifestsPlugin(manifests: Record<string, unknown>): ModuleFederationRuntimePlugin {
  const waiting = new Map(Object.entries(manifests).map(([location, manifest]) => [sameOriginKey(location), manifest]));
  return {
    name: 'store-ratings-inline-manifests',
    fetch(url) {
      const key = sameOriginKey(url);
      const manifest = waiting.get(key);
      if (manifest === undefined) return undefined;
      waiting.delete(key);
      return Promise.resolve(new Response(JSON.stringify(manifest), { status: 200, headers: { 'content-type': 'application/json' } }));
    },
  };
}
