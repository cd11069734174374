/**
 * The web site next to the API on one port (DESIGN.md §2, §5): the live shell at `/` (its own build,
 * `shell/dist`, until a shell release is published, then `releases/shell/<version>/`), each remote's
 * build at `/mf/<area>/`, published remote versions at `/releases/<remote>/<version>/`, and
 * `/remotes.json`, chosen per browser on every request (the live version of each remote, or its canary
 * for the canary's share of browsers), so publishing, promoting or aborting needs no restart.
 * Hashed files and published remote versions are cached for good; entry points are revalidated.
 * Unknown `/mf/...` and `/releases/...` files are 404s; other unknown page paths get the shell's index.html.
 *
 * Text files go out brotli- or gzip-compressed when the request accepts it, as the build compressed
 * them once (`<file>.br` and `<file>.gz` beside each, tools/precompress.js; a published version is a
 * copy of its build): @fastify/static's `preCompressed` picks one by Accept-Encoding, brotli first, and
 * answers HEAD, Range and conditional requests for it with its own ETag. A file without them (small,
 * not text, or from an older build) goes out as it is.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_FOLDERS } from 'shared-contracts';
import type { Releases } from '../deployments/releases';
import { isBrowserId, newBrowserId, remotesFor, ROLLOUT_COOKIE } from '../deployments/rollout';
import { cookieValue } from './cookies';
import { renderStartPage, sendStartPage, type StartPageSite } from './start-page';

/** A content-hashed file, its source map, or its compressed copy (which the cache rules treat as the file). */
const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css)(\.map|\.br|\.gz)?$/;
/**
 * Source maps are never served: they would hand out the apps' source. Production builds write them
 * without a `sourceMappingURL` comment (tools/webpack-app.js, devtool 'hidden-source-map') and keep
 * them next to the files on disk, for the size report and the bundle checks that read them.
 */
const SOURCE_MAP = /\.map$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface SiteLayout {
  /** The shell's own build (index.html, remotes.json, provides.json, its chunks): live until a shell release is. */
  shellDir: string;
  /** Each remote's build and the path it is served under. */
  remotes: Array<{ mountPath: string; dir: string }>;
  /** A remotes.json to start from instead of the live shell's own. */
  remotesFile?: string;
  /** Published versions (`<folder>/<version>/`) and the deployment state. */
  releases: Releases;
}

const RELEASES_PREFIX = '/releases/';
const ROBOTS_TXT = 'User-agent: *\nDisallow: /api/\n';
const RELEASE_REMOTE = /^mf-[a-z0-9-]+$/;
const RELEASE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Finds the built apps in a checkout: shell/dist and every mf-<area>/dist. Null when the shell is not built. */
export function discoverSite(siteDir: string, releases: Releases, remotesFile?: string): SiteLayout | null {
  const shellDir = path.join(siteDir, 'shell', 'dist');
  if (!existsSync(path.join(shellDir, 'index.html'))) return null;
  const remotes = readdirSync(siteDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^mf-[a-z0-9-]+$/.test(entry.name))
    .map((entry) => ({ mountPath: `/mf/${entry.name.slice(3)}/`, dir: path.join(siteDir, entry.name, 'dist') }))
    .filter((remote) => existsSync(remote.dir));
  return { shellDir, remotes, releases, ...(remotesFile ? { remotesFile } : {}) };
}

/**
 * Content-hashed files and everything of a published remote version are cached for good; the rest
 * (the shell's entry points, wherever the live shell is) is revalidated. `filePath` is the file sent:
 * `main.<hash>.js.br` for a compressed answer, which follows the rule of `main.<hash>.js`.
 */
function cacheHeadersFor(site: SiteLayout) {
  const releases = path.resolve(site.releases.releasesDir) + path.sep;
  const shellReleases = path.join(releases, APP_FOLDERS.shell) + path.sep;
  return (reply: FastifyReply, filePath: string): void => {
    const resolved = path.resolve(filePath);
    const publishedRemote = resolved.startsWith(releases) && !resolved.startsWith(shellReleases);
    const immutable = HASHED_FILE.test(path.basename(filePath)) || publishedRemote;
    reply.header('Cache-Control', immutable ? IMMUTABLE : REVALIDATE);
    // preCompressed adds it to every answer anyway, as `accept-encoding`: this is the same header.
    reply.header('Vary', 'Accept-Encoding');
  };
}

/** This browser's rollout id: its sr_rollout cookie, or a new one set on this answer. */
function rolloutBrowserId(request: FastifyRequest, reply: FastifyReply): string {
  const browserId = cookieValue(request.headers.cookie, ROLLOUT_COOKIE);
  if (isBrowserId(browserId)) return browserId;
  const fresh = newBrowserId();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${ROLLOUT_COOKIE}=${fresh}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`);
  return fresh;
}

/** The /remotes.json answer for this browser: the live version of each remote, or its canary. */
function remotesForRequest(site: SiteLayout, request: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  return remotesFor(site.releases, rolloutBrowserId(request, reply), baseRemotes(site));
}

/**
 * A page: the live shell's index.html with its first visit's needs written in (http/start-page.ts), or,
 * for a live shell built without start.json, the file itself through @fastify/static (ETag,
 * Last-Modified, 304, HEAD and compression like any file).
 */
function sendIndex(site: SiteLayout, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const shellDir = site.releases.liveShellDir();
  if (existsSync(path.join(shellDir, 'start.json'))) {
    const urlPath = decodedPath(request.url.split('?')[0]);
    const html = renderStartPage(startPageSite(site), urlPath, remotesForRequest(site, request, reply));
    if (html !== null) return sendStartPage(request, reply, html);
  }
  return reply.code(200).sendFile('index.html', shellDir);
}

function startPageSite(site: SiteLayout): StartPageSite {
  return { liveShellDir: () => site.releases.liveShellDir(), releasesDir: site.releases.releasesDir, remotes: site.remotes };
}

/** For the not-found handler: a page path (not /api, not /mf) gets the shell, so client routes load. */
export function pageFallback(site: SiteLayout) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    // Decoded as the routes decode it, so that `/x.js.%6Dap` is the source map it names, not a page.
    const url = decodedPath(request.url.split('?')[0]);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      url !== '/api' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/mf/') &&
      !url.startsWith(RELEASES_PREFIX) &&
      // A content-hashed file no shell version has: the browser's chunk load should fail clearly.
      !HASHED_FILE.test(url) &&
      !SOURCE_MAP.test(url);
    return isPage ? sendIndex(site, request, reply) : undefined;
  };
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/** `file` inside `dir`, or null when it is not there (or would lead out of it). */
function fileWithin(dir: string, file: string): string | null {
  const resolved = path.resolve(dir, file);
  if (!resolved.startsWith(path.resolve(dir) + path.sep)) return null;
  try {
    return statSync(resolved).isFile() ? resolved : null;
  } catch {
    return null;
  }
}

/**
 * The folder to serve a shell file from: the live shell's; for a content-hashed chunk it does not
 * have, the shell version that does (a page started before a shell release still loads its lazy chunks).
 */
function shellFolderFor(site: SiteLayout, file: string): string | null {
  const live = site.releases.liveShellDir();
  if (fileWithin(live, file)) return live;
  if (!HASHED_FILE.test(file)) return null;
  const published = path.join(site.releases.releasesDir, APP_FOLDERS.shell);
  const others = existsSync(published)
    ? readdirSync(published)
        .filter((version) => !version.startsWith('.'))
        .map((version) => path.join(published, version))
    : [];
  return [site.shellDir, ...others].find((dir) => dir !== live && fileWithin(dir, file)) ?? null;
}

/** The JSON /remotes.json starts from: REMOTES_FILE, else the live shell's remotes.json. */
function baseRemotes(site: SiteLayout): Record<string, unknown> {
  const file = site.remotesFile ?? path.join(site.releases.liveShellDir(), 'remotes.json');
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export async function registerSite(app: FastifyInstance, site: SiteLayout): Promise<void> {
  const cacheHeaders = cacheHeadersFor(site);

  // Every route that serves files (the live shell's /*, each remote's /mf/<area>/*, /releases/…/*) names
  // the file in its wildcard parameter, decoded (so `.%6Dap` is caught too): a source map is a 404.
  app.addHook('onRequest', async (request, reply) => {
    const file = (request.params as Record<string, unknown> | undefined)?.['*'];
    if (typeof file === 'string' && SOURCE_MAP.test(file)) return reply.callNotFound();
  });

  // Per browser: the rollout cookie names it (set on its first visit), and the answer is never cached.
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    const remotes = remotesForRequest(site, request, reply);
    reply.header('Cache-Control', 'no-store');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(remotes));
  });

  // For crawlers: the pages, not the API (DESIGN.md §12: SEO 100 needs a valid robots.txt, not the app's HTML).
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );

  // A published remote version never changes (publishing refuses to overwrite one), so all of it is immutable.
  app.get<{ Params: { remote: string; version: string; '*': string } }>(
    `${RELEASES_PREFIX}:remote/:version/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { remote, version, '*': file } = request.params;
      if (!RELEASE_REMOTE.test(remote) || !RELEASE_VERSION.test(version) || !file) return reply.callNotFound();
      return reply.sendFile(`${remote}/${version}/${file}`, site.releases.releasesDir);
    },
  );

  // One registration owns reply.sendFile; each remote's build is served under its path. Each sends a
  // file's .br or .gz instead of it when the request accepts one (preCompressed).
  const sending = { index: false, preCompressed: true, setHeaders: cacheHeaders } as const;
  await app.register(fastifyStatic, { ...sending, root: site.shellDir, serve: false, decorateReply: true });
  for (const remote of site.remotes) {
    await app.register(fastifyStatic, { ...sending, root: remote.dir, prefix: remote.mountPath, decorateReply: false });
  }
  // The live shell's files, looked up per request: publishing or rolling back a shell needs no restart.
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const file = request.params['*'];
    const dir = file ? shellFolderFor(site, file) : null;
    return dir ? reply.sendFile(file, dir) : reply.callNotFound();
  });
  app.get('/', { schema: { hide: true } }, async (request, reply) => sendIndex(site, request, reply));
}
