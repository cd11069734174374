/**
 * What the server writes into the HTML of a page (api/src/http/start-page.ts) so that a first visit asks
 * for everything at once instead of one file after another (issue 16), and how the shell reads it:
 * - a JSON element (`START_DATA_ELEMENT_ID`) with the /remotes.json answer chosen for this browser
 *   (canaries included) and the manifest of the route's remote, so neither is fetched;
 * - preload hints for the shell's start files and the route's remote files (no contract: plain HTML);
 * - one small inline script (`EARLY_PROFILE_SCRIPT`) that starts the saved session's profile check while
 *   the code is still loading; the shell takes its answer (`EARLY_PROFILE_GLOBAL`) instead of asking again.
 * A page without them (an older shell build, the development server) works as before: the shell fetches.
 */
import { API_TIMEOUT_MS, TOKEN_STORAGE_KEY } from './constants';

export const START_DATA_ELEMENT_ID = 'start-data';

/** Who may open a page: signed-out visitors only, any signed-in user, or one role (its guard's rule). */
export const PAGE_ACCESS = ['signed-out', 'signed-in', 'system_admin', 'store_owner', 'normal_user'] as const;
export type PageAccess = (typeof PAGE_ACCESS)[number];
export const isPageAccess = (value: unknown): value is PageAccess => (PAGE_ACCESS as readonly unknown[]).includes(value);

/**
 * The layouts of the site's pages while they load: the route table names one per page; the server
 * paints it before any script (api/src/http/boot-skeleton.ts), the UI kit's PageSkeleton after.
 */
export const PAGE_SKELETON_KINDS = ['cards', 'detail', 'dashboard', 'table', 'form', 'auth'] as const;
export type PageSkeletonKind = (typeof PAGE_SKELETON_KINDS)[number];
export const isPageSkeletonKind = (value: unknown): value is PageSkeletonKind =>
  (PAGE_SKELETON_KINDS as readonly unknown[]).includes(value);

/** A file the page will need, to fetch ahead with `<link rel="preload" href as>`. */
export interface PreloadHint {
  href: string;
  as: 'script' | 'style';
}

export interface StartData {
  /** The /remotes.json answer for this browser, as GET /remotes.json would give it. */
  remotes: Record<string, unknown>;
  /** Remote manifests by the location remotes names (e.g. `/mf/stores/mf-manifest.json`). */
  manifests: Record<string, unknown>;
  /**
   * The route's remote files and who may open the route: the inline script preloads them only for a
   * visitor the guard will let in (so nothing of an area comes down for someone it bounces).
   */
  route?: { access: PageAccess; preload: PreloadHint[] };
}

/**
 * Where the shell keeps the signed-in user's role between visits (their own role, not a secret), so the
 * page's inline script can tell, before any code runs, whether the route's guard will let them in.
 * A stale value costs at most a wasted preload: the profile check decides.
 */
export const ROLE_HINT_STORAGE_KEY = 'role';

/** Where the inline script leaves the profile check it started: the token it used and the answer (null: no answer). */
export const EARLY_PROFILE_GLOBAL = '__storeRatingsEarlyProfile';

export interface EarlyProfile {
  token: string;
  response: Promise<Response | null>;
}

/** The profile path the script asks, the API client's `auth.getProfile`. */
export const PROFILE_PATH = '/api/auth/profile';

/**
 * The inline script. It preloads the route's remote files when the route's guard will let this visitor
 * in (no token: signed-out routes only; a token: signed-in routes, and a role's routes when the saved
 * role hint names that role). With a saved token, it asks for the profile at once (bearer token, the API
 * client's timeout); a failed request settles as null, never as an unhandled rejection. Fixed text, so
 * the page's Content-Security-Policy allows it by its hash.
 */
export const EARLY_PROFILE_SCRIPT =
  `(function(){try{var t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}),r=localStorage.getItem(${JSON.stringify(ROLE_HINT_STORAGE_KEY)});` +
  `var d=document.getElementById(${JSON.stringify(START_DATA_ELEMENT_ID)}),s=d&&JSON.parse(d.textContent||'{}'),p=s&&s.route;` +
  `if(p){var a=p.access,ok=t?(a==='signed-in'||a===r):a==='signed-out';` +
  `if(ok)p.preload.forEach(function(h){var l=document.createElement('link');l.rel='preload';l.href=h.href;l.setAttribute('as',h.as);document.head.appendChild(l)})}` +
  `if(!t)return;var o={headers:{Authorization:'Bearer '+t}};if(window.AbortSignal&&AbortSignal.timeout)o.signal=AbortSignal.timeout(${API_TIMEOUT_MS});` +
  `window.${EARLY_PROFILE_GLOBAL}={token:t,response:fetch(${JSON.stringify(PROFILE_PATH)},o).catch(function(){return null})}}catch(e){}})();`;
