/**
 * The web site next to the API on one port (DESIGN.md §2): the shell's build at `/`, each remote's
 * build at `/mf/<area>/`, published remote versions at `/releases/<remote>/<version>/`, and
 * `/remotes.json`, read on every request so that pointing it at a new remote build needs no restart.
 * Hashed files and published versions are cached for good; entry points are revalidated.
 * Unknown `/mf/...` and `/releases/...` files are 404s; other unknown page paths get the shell's index.html.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface SiteLayout {
  /** The shell's build (index.html, remotes.json, its chunks). */
  shellDir: string;
  /** Each remote's build and the path it is served under. */
  remotes: Array<{ mountPath: string; dir: string }>;
  /** A remotes.json to serve instead of the shell's own. */
  remotesFile?: string;
  /** Published remote versions (`<remote>/<version>/`); its remotes.json, when present, is the live one. */
  releasesDir: string;
}

const RELEASES_PREFIX = '/releases/';
const RELEASE_REMOTE = /^mf-[a-z0-9-]+$/;
const RELEASE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Finds the built apps in a checkout: shell/dist and every mf-<area>/dist. Null when the shell is not built. */
export function discoverSite(siteDir: string, releasesDir: string, remotesFile?: string): SiteLayout | null {
  const shellDir = path.join(siteDir, 'shell', 'dist');
  if (!existsSync(path.join(shellDir, 'index.html'))) return null;
  const remotes = readdirSync(siteDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^mf-[a-z0-9-]+$/.test(entry.name))
    .map((entry) => ({ mountPath: `/mf/${entry.name.slice(3)}/`, dir: path.join(siteDir, entry.name, 'dist') }))
    .filter((remote) => existsSync(remote.dir));
  return { shellDir, remotes, releasesDir, ...(remotesFile ? { remotesFile } : {}) };
}

/** Content-hashed files and everything of a published version are cached for good; the rest is revalidated. */
function cacheHeadersFor(site: SiteLayout) {
  const releases = path.resolve(site.releasesDir) + path.sep;
  return (reply: FastifyReply, filePath: string): void => {
    const immutable = HASHED_FILE.test(path.basename(filePath)) || path.resolve(filePath).startsWith(releases);
    reply.header('Cache-Control', immutable ? IMMUTABLE : REVALIDATE);
  };
}

function sendIndex(site: SiteLayout, reply: FastifyReply): FastifyReply {
  const html = readFileSync(path.join(site.shellDir, 'index.html'), 'utf8');
  return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', REVALIDATE).send(html);
}

/** For the not-found handler: a page path (not /api, not /mf) gets the shell, so client routes load. */
export function pageFallback(site: SiteLayout) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const url = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      url !== '/api' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/mf/') &&
      !url.startsWith(RELEASES_PREFIX);
    return isPage ? sendIndex(site, reply) : undefined;
  };
}

/** The live remotes.json: REMOTES_FILE, else the one publishing wrote, else the shell build's default. */
function liveRemotesFile(site: SiteLayout): string {
  if (site.remotesFile) return site.remotesFile;
  const published = path.join(site.releasesDir, 'remotes.json');
  return existsSync(published) ? published : path.join(site.shellDir, 'remotes.json');
}

export async function registerSite(app: FastifyInstance, site: SiteLayout): Promise<void> {
  const cacheHeaders = cacheHeadersFor(site);
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('application/json').header('Cache-Control', REVALIDATE).send(readFileSync(liveRemotesFile(site), 'utf8'));
  });

  // A published version never changes (publishing refuses to overwrite one), so all of it is immutable.
  app.get<{ Params: { remote: string; version: string; '*': string } }>(
    `${RELEASES_PREFIX}:remote/:version/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { remote, version, '*': file } = request.params;
      if (!RELEASE_REMOTE.test(remote) || !RELEASE_VERSION.test(version) || !file) return reply.callNotFound();
      return reply.sendFile(`${remote}/${version}/${file}`, site.releasesDir);
    },
  );

  for (const [i, remote] of site.remotes.entries()) {
    await app.register(fastifyStatic, {
      root: remote.dir,
      prefix: remote.mountPath,
      decorateReply: i === 0,
      index: false,
      setHeaders: cacheHeaders,
    });
  }
  await app.register(fastifyStatic, {
    root: site.shellDir,
    prefix: '/',
    decorateReply: site.remotes.length === 0,
    index: false,
    setHeaders: cacheHeaders,
  });
  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(site, reply));

}
