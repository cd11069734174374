/**
 * The web site next to the API on one port (DESIGN.md §2, §5): the live shell at `/` (its own build,
 * `shell/dist`, until a shell release is published, then `releases/shell/<version>/`), each remote's
 * build at `/mf/<area>/`, published remote versions at `/releases/<remote>/<version>/`, and
 * `/remotes.json`, chosen per browser on every request (the live version of each remote, or its canary
 * for the canary's share of browsers), so publishing, promoting or aborting needs no restart.
 * Hashed files and published remote versions are cached for good; entry points are revalidated.
 * Unknown `/mf/...` and `/releases/...` files are 404s; other unknown page paths get the shell's index.html.
 *
 * Text files of 1 KiB and more go out brotli- or gzip-compressed when the request accepts it: see
 * `compressSiteFiles` below. @fastify/static still finds the file, checks the path and answers the
 * identity, HEAD, Range and conditional cases; the compressed bytes come from a memory cache.
 */
import { existsSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_FOLDERS } from 'shared-contracts';
import type { Releases } from '../deployments/releases';
import { isBrowserId, newBrowserId, remotesFor, ROLLOUT_COOKIE } from '../deployments/rollout';
import { cookieValue } from './cookies';

const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;
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
 * (the shell's entry points, wherever the live shell is) is revalidated. Also notes which file a reply
 * carries, for the compression hook.
 */
function cacheHeadersFor(site: SiteLayout) {
  const releases = path.resolve(site.releases.releasesDir) + path.sep;
  const shellReleases = path.join(releases, APP_FOLDERS.shell) + path.sep;
  return (reply: FastifyReply, filePath: string, stat: Stats): void => {
    servedFiles.set(reply, { filePath, stat });
    const resolved = path.resolve(filePath);
    const publishedRemote = resolved.startsWith(releases) && !resolved.startsWith(shellReleases);
    const immutable = HASHED_FILE.test(path.basename(filePath)) || publishedRemote;
    reply.header('Cache-Control', immutable ? IMMUTABLE : REVALIDATE);
  };
}

/** The live shell's index.html through @fastify/static: ETag, Last-Modified, 304, HEAD and compression like any file. */
function sendIndex(site: SiteLayout, reply: FastifyReply): FastifyReply {
  return reply.code(200).sendFile('index.html', site.releases.liveShellDir());
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
    return isPage ? sendIndex(site, reply) : undefined;
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
  compressSiteFiles(app, new CompressedFiles(COMPRESSED_CACHE_BYTES));
  const cacheHeaders = cacheHeadersFor(site);

  // Every route that serves files (the live shell's /*, each remote's /mf/<area>/*, /releases/…/*) names
  // the file in its wildcard parameter, decoded (so `.%6Dap` is caught too): a source map is a 404.
  app.addHook('onRequest', async (request, reply) => {
    const file = (request.params as Record<string, unknown> | undefined)?.['*'];
    if (typeof file === 'string' && SOURCE_MAP.test(file)) return reply.callNotFound();
  });

  // Per browser: the rollout cookie names it (set on its first visit), and the answer is never cached.
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    let browserId = cookieValue(request.headers.cookie, ROLLOUT_COOKIE);
    if (!isBrowserId(browserId)) {
      browserId = newBrowserId();
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header('Set-Cookie', `${ROLLOUT_COOKIE}=${browserId}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`);
    }
    reply.header('Cache-Control', 'no-store');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(remotesFor(site.releases, browserId, baseRemotes(site))));
  });

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

  // One registration owns reply.sendFile (and its setHeaders); each remote's build is served under its path.
  await app.register(fastifyStatic, { root: site.shellDir, serve: false, decorateReply: true, index: false, setHeaders: cacheHeaders });
  for (const remote of site.remotes) {
    await app.register(fastifyStatic, {
      root: remote.dir,
      prefix: remote.mountPath,
      decorateReply: false,
      index: false,
      setHeaders: cacheHeaders,
    });
  }
  // The live shell's files, looked up per request: publishing or rolling back a shell needs no restart.
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const file = request.params['*'];
    const dir = file ? shellFolderFor(site, file) : null;
    return dir ? reply.sendFile(file, dir) : reply.callNotFound();
  });
  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(site, reply));
}

// ---------------------------------------------------------------------------------------------
// Compression of the site's text files.
//
// @fastify/static answers every site request as before (path checks, 404s, identity bytes, HEAD,
// Range, If-None-Match/If-Modified-Since against the identity ETag), and its setHeaders callback
// notes the file in `servedFiles`. An onSend hook then swaps a full (200) answer of a text file of
// at least 1 KiB for its brotli or gzip bytes when the request accepts them, with an ETag of its own
// per encoding, and evaluates the request's validators against that ETag (so a 304 is per encoding).
// A Range request keeps the identity answer (ranges are byte positions of the uncompressed file).
// The compressed bytes are made once per file version (path + size + mtime) and kept in memory,
// least recently used first out past COMPRESSED_CACHE_BYTES; a file rewritten on disk (index.html,
// remotes.json, remoteEntry.js when a remote is published) has a new size or mtime, so new bytes.
// API answers never pass through here (no file noted), so they stay uncompressed.
// ---------------------------------------------------------------------------------------------

/** Text types worth compressing, by extension, with the Content-Type @fastify/static gives them. */
const COMPRESSIBLE: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
/** Below this the framing costs more than compression saves. */
const MIN_COMPRESSED_FILE_BYTES = 1024;
/** Compressed bytes kept in memory (the whole built site, every encoding, is far less). */
const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;
/** Brotli's best quality, paid once per file version; files over 1 MiB take 9. */
const brotliQuality = (size: number): number => (size <= 1024 * 1024 ? zlib.BROTLI_MAX_QUALITY : 9);

export type ContentEncoding = 'br' | 'gzip';

/** The file @fastify/static put into a reply, noted by setHeaders. */
const servedFiles = new WeakMap<FastifyReply, { filePath: string; stat: Stats }>();

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: brotli whenever it is acceptable (q > 0, named
 * or through `*`), else gzip, else identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | 'identity' {
  if (!acceptEncoding) return 'identity';
  const quality = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    const value = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const acceptable = (...names: string[]): boolean => {
    for (const name of names) if (quality.has(name)) return quality.get(name)! > 0;
    return (quality.get('*') ?? 0) > 0;
  };
  if (acceptable('br')) return 'br';
  if (acceptable('gzip', 'x-gzip')) return 'gzip';
  return 'identity';
}

/**
 * Compresses a file as it is on disk, null when that is not worth it (no smaller) or when the file is
 * no longer the version `stat` describes (then its identity answer is the consistent one).
 */
async function compressFile(filePath: string, stat: Stats, encoding: ContentEncoding): Promise<Buffer | null> {
  const file = await open(filePath, 'r');
  let data: Buffer;
  try {
    const now = await file.stat();
    if (now.size !== stat.size || now.mtimeMs !== stat.mtimeMs) return null;
    data = await file.readFile();
  } finally {
    await file.close();
  }
  if (data.length !== stat.size) return null;
  const compressed =
    encoding === 'br'
      ? await brotli(data, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: brotliQuality(data.length),
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        })
      : await gzipAsync(data, { level: zlib.Z_BEST_COMPRESSION });
  return compressed.length < data.length ? compressed : null;
}

interface CacheEntry {
  version: string;
  bytes: Promise<Buffer | null>;
  size: number;
}

/** Compressed file bytes by encoding + path, for one version (size + mtime) each; least recently used out first. */
export class CompressedFiles {
  private readonly entries = new Map<string, CacheEntry>();
  private total = 0;

  constructor(private readonly limitBytes: number) {}

  /** The bytes of `filePath` at the version `stat` describes, compressed at most once (concurrent callers share the work). */
  get(filePath: string, stat: Stats, encoding: ContentEncoding): Promise<Buffer | null> {
    const key = `${encoding}:${filePath}`;
    const version = `${stat.size}:${stat.mtimeMs}`;
    const found = this.entries.get(key);
    if (found && found.version === version) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.bytes;
    }
    if (found) this.remove(key);
    const entry: CacheEntry = { version, size: 0, bytes: compressFile(filePath, stat, encoding) };
    this.entries.set(key, entry);
    entry.bytes.then(
      (bytes) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = bytes?.length ?? 0;
        this.total += entry.size;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.bytes;
  }

  /** Bytes held (settled entries). */
  get heldBytes(): number {
    return this.total;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total -= entry.size;
    this.entries.delete(key);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.limitBytes || this.entries.size <= 1) return;
      this.remove(key);
    }
  }
}

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = current === undefined ? '' : String(current);
  if (list.split(',').some((item) => ['*', field.toLowerCase()].includes(item.trim().toLowerCase()))) return;
  reply.header('Vary', list ? `${list}, ${field}` : field);
}

/** Whether the request's validators match this representation (the rules @fastify/send applies to the identity one). */
function isFresh(request: FastifyRequest, etag: string, stat: Stats): boolean {
  const cacheControl = request.headers['cache-control'];
  if (cacheControl && cacheControl.includes('no-cache')) return false;
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(stat.mtime.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

function discard(payload: unknown): void {
  if (payload instanceof Readable) payload.destroy();
}

function compressSiteFiles(app: FastifyInstance, cache: CompressedFiles): void {
  // A callback hook, so that the API's answers (no file noted) pass straight through, not via a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const served = servedFiles.get(reply);
    if (!served) return done(null, payload);
    compressedAnswer(cache, request, reply, payload, served).then(
      (answer) => done(null, answer),
      (error: Error) => done(error),
    );
  });
}

/** The payload to send for a site file: the one @fastify/static made, or a compressed (or 304) one instead. */
async function compressedAnswer(
  cache: CompressedFiles,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  { filePath, stat }: { filePath: string; stat: Stats },
): Promise<unknown> {
  const contentType = COMPRESSIBLE[path.extname(filePath).toLowerCase()];
  if (!contentType || stat.size < MIN_COMPRESSED_FILE_BYTES) return payload;

  // The answer depends on Accept-Encoding from here on, whichever encoding it ends up with.
  addVary(reply, 'Accept-Encoding');
  const status = reply.statusCode;
  if ((status !== 200 && status !== 304) || reply.hasHeader('content-encoding') || request.headers.range !== undefined) return payload;
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return payload;

  const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}-${encoding}"`;
  if (isFresh(request, etag, stat)) {
    discard(payload);
    reply.code(304).header('ETag', etag);
    for (const header of ['content-type', 'content-length', 'accept-ranges']) reply.removeHeader(header);
    return Readable.from([]);
  }

  let bytes: Buffer | null;
  try {
    bytes = await cache.get(filePath, stat, encoding);
  } catch (error) {
    request.log.warn({ err: error, file: filePath }, 'could not compress a site file; sending it uncompressed');
    bytes = null;
  }
  // Not worth it, or the file changed meanwhile: the identity answer (200 or 304) stands.
  if (!bytes) return payload;

  discard(payload);
  reply.code(200);
  reply.header('Content-Encoding', encoding);
  reply.header('Content-Length', String(bytes.length));
  reply.header('ETag', etag);
  if (!reply.hasHeader('content-type')) reply.header('Content-Type', contentType);
  if (!reply.hasHeader('last-modified')) reply.header('Last-Modified', stat.mtime.toUTCString());
  reply.removeHeader('accept-ranges');
  // For HEAD, Node sends the headers only.
  return bytes;
}
