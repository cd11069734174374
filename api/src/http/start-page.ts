/**
 * The HTML of a page, with what its first visit needs written in (issue 16), so the browser asks for it
 * all at once: HTML → code (and the profile check) → data, instead of HTML → main.js → shared chunks →
 * /remotes.json → profile → manifest → remoteEntry → chunks → data.
 *
 * Into the live shell's index.html go, per request:
 * - the /remotes.json answer for this browser (its rollout cookie, set here when it has none, so a
 *   canary serves the same share of browsers as before) and the manifest of the route's remote, in a
 *   JSON element the shell reads instead of fetching them (shared-contracts `StartData`);
 * - `preload` hints for the shell's start files (its build's start.json) and, in the start data, for a
 *   route a remote renders, that remote's remoteEntry.js, the exposed page's files and the shared
 *   libraries the shell does not provide (from the chosen version's mf-manifest.json), with who may open
 *   the route: the inline script preloads those only for a visitor the route's guard lets in;
 * - the inline script that starts the saved session's profile check at once, allowed by its hash in
 *   this answer's Content-Security-Policy;
 * - the route's layout in grey inside the root element, shown from the first paint (boot-skeleton.ts).
 * A live shell built without a start.json (an older release) gets its index.html as a plain file.
 *
 * The answer is never cached without asking (no-cache), carries an ETag of its bytes (304 when
 * unchanged) and goes out brotli- or gzip-compressed when accepted, like the site's files.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EARLY_PROFILE_SCRIPT, isPageAccess, isPageSkeletonKind, START_DATA_ELEMENT_ID, type StartData } from 'shared-contracts';
import { BOOT_SKELETON_CSS, bootSkeletonHtml } from './boot-skeleton';

export interface StartPageSite {
  liveShellDir: () => string;
  releasesDir: string;
  /** Each remote's build and the path it is served under. */
  remotes: Array<{ mountPath: string; dir: string }>;
}

interface ShellStart {
  /** The shell's files loaded before its first render, beyond main.js. */
  files: string[];
  /** Route table: path pattern → remote, exposed module and the layout of its loading skeleton. */
  pages: Record<string, { remote: string; module: string; title?: string; skeleton?: string; access?: string }>;
}

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; assets?: ManifestAssets }>;
  shared?: Array<{ name?: string; assets?: ManifestAssets }>;
}

/** The inline script's hash, as a CSP source. */
const EARLY_PROFILE_HASH = `'sha256-${createHash('sha256').update(EARLY_PROFILE_SCRIPT).digest('base64')}'`;

/** A JSON file read once per change of its modification time (publishing switches folders; a rebuild rewrites). */
const jsonCache = new Map<string, { mtimeMs: number; value: unknown }>();
function readJson(file: string): unknown {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = jsonCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.value;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    jsonCache.set(file, { mtimeMs, value });
    return value;
  } catch {
    return undefined;
  }
}

const textCache = new Map<string, { mtimeMs: number; value: string }>();
function readText(file: string): string {
  const { mtimeMs } = statSync(file);
  const cached = textCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.value;
  const value = readFileSync(file, 'utf8');
  textCache.set(file, { mtimeMs, value });
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function shellStart(shellDir: string): ShellStart | null {
  const start = readJson(path.join(shellDir, 'start.json'));
  if (!isRecord(start) || !Array.isArray(start.files) || !isRecord(start.pages)) return null;
  return start as unknown as ShellStart;
}

/** The remote page a path shows, by the route table's patterns (`/stores/:id`). */
export function pageFor(pages: ShellStart['pages'], urlPath: string): ShellStart['pages'][string] | null {
  const parts = urlPath.replace(/\/+$/, '').split('/');
  for (const [pattern, page] of Object.entries(pages)) {
    const expected = pattern.split('/');
    if (expected.length === parts.length && expected.every((part, i) => (part.startsWith(':') ? parts[i] !== '' : part === parts[i])))
      return page;
  }
  return null;
}

/** The file on disk behind a same-origin location of the site (a remote's build or a published version), or null. */
function fileOf(site: StartPageSite, location: string): string | null {
  if (!location.startsWith('/') || location.startsWith('//') || location.includes('..')) return null;
  const urlPath = location.split('?')[0];
  if (urlPath.startsWith('/releases/')) return path.join(site.releasesDir, urlPath.slice('/releases/'.length));
  const remote = site.remotes.find((r) => urlPath.startsWith(r.mountPath));
  return remote ? path.join(remote.dir, urlPath.slice(remote.mountPath.length)) : null;
}

/** The shared libraries the live shell provides (its own mf-manifest.json), by name. */
function shellShares(shellDir: string): Set<string> {
  const manifest = readJson(path.join(shellDir, 'mf-manifest.json'));
  const shared = isRecord(manifest) && Array.isArray(manifest.shared) ? manifest.shared : [];
  return new Set(shared.flatMap((entry) => (isRecord(entry) && typeof entry.name === 'string' ? [entry.name] : [])));
}

interface Hint {
  href: string;
  as: 'script' | 'style';
}

const hintOf = (href: string): Hint | null =>
  /\.js$/.test(href) ? { href, as: 'script' } : /\.css$/.test(href) ? { href, as: 'style' } : null;

/** The files a remote's page needs before it renders: its remoteEntry, the page's own, and shared libraries the shell lacks. */
function remoteFiles(manifest: RemoteManifest, module: string, provided: Set<string>): string[] {
  const files: string[] = [];
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) files.push(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`);
  const assets = (a?: ManifestAssets) => [...(a?.js?.sync ?? []), ...(a?.css?.sync ?? [])];
  files.push(...assets(manifest.exposes?.find((expose) => expose.name === module)?.assets));
  for (const shared of manifest.shared ?? []) if (shared.name && !provided.has(shared.name)) files.push(...assets(shared.assets));
  return files;
}

const uniqueBy = <T>(items: T[], key: (item: T) => string): T[] => [...new Map(items.map((item) => [key(item), item])).values()];
const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page for `urlPath`: the live shell's index.html with the start data, hints and script in its
 * head; null when the live shell has no start.json (it is sent as a file then).
 */
export function renderStartPage(site: StartPageSite, urlPath: string, remotes: Record<string, unknown>): string | null {
  const shellDir = site.liveShellDir();
  const start = shellStart(shellDir);
  if (!start) return null;
  const index = readText(path.join(shellDir, 'index.html'));

  const hints: Hint[] = start.files.flatMap((file) => hintOf(`/${file}`) ?? []);
  // The route's remote files: preloaded by the page's inline script, for a visitor its guard lets in.
  const routeHints: Hint[] = [];
  const manifests: Record<string, unknown> = {};
  const page = pageFor(start.pages, urlPath);
  const location = page ? remotes[page.remote] : undefined;
  if (page && typeof location === 'string') {
    const file = fileOf(site, location);
    const manifest = file ? readJson(file) : undefined;
    if (isRecord(manifest)) {
      manifests[location] = manifest;
      const base = location.slice(0, location.lastIndexOf('/') + 1);
      for (const remoteFile of remoteFiles(manifest as RemoteManifest, page.module, shellShares(shellDir))) {
        const hint = hintOf(`${base}${remoteFile}`);
        if (hint) routeHints.push(hint);
      }
    }
  }
  const access = page?.access;
  const data: StartData = {
    remotes,
    manifests,
    ...(isPageAccess(access) && routeHints.length > 0 ? { route: { access, preload: uniqueBy(routeHints, (hint) => hint.href) } } : {}),
  };
  const kind = isPageSkeletonKind(page?.skeleton) ? page.skeleton : 'dashboard';
  const head = [
    `<style>${BOOT_SKELETON_CSS}</style>`,
    `<script id="${START_DATA_ELEMENT_ID}" type="application/json">${escapeJson(data)}</script>`,
    `<script>${EARLY_PROFILE_SCRIPT}</script>`,
    ...uniqueBy(hints, (hint) => hint.href).map((hint) => `<link rel="preload" href="${escapeAttribute(hint.href)}" as="${hint.as}">`),
  ].join('');
  const withHead = index.includes('</head>') ? index.replace('</head>', `${head}</head>`) : `${head}${index}`;
  const titled = page?.title
    ? withHead.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)} · Store Ratings</title>`)
    : withHead;
  return titled.replace(/<div id=(?:"root"|root)><\/div>/, `<div id="root">${bootSkeletonHtml(kind)}</div>`);
}

/** The Content-Security-Policy of a start page: the one helmet set, its script-src also allowing the inline script. */
function withEarlyProfileHash(policy: string): string {
  if (/script-src [^;]*/.test(policy)) return policy.replace(/script-src ([^;]*)/, `script-src $1 ${EARLY_PROFILE_HASH}`);
  return policy;
}

/** brotli, else gzip (also for `*`), else none, by the request's Accept-Encoding and its q-values. */
export function preferredEncoding(accept: string): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*') ?? 0;
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? wildcard) > 0) return 'gzip';
  return null;
}

/** Sends a start page: ETag, 304, compression by Accept-Encoding, HEAD without a body. */
export function sendStartPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('Content-Security-Policy', withEarlyProfileHash(policy));
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header('ETag', etag).type('text/html; charset=utf-8');
  const encoding = preferredEncoding(String(request.headers['accept-encoding'] ?? ''));
  const taggedEtag = encoding ? `"${etag.slice(1, -1)}-${encoding}"` : etag;
  reply.header('ETag', taggedEtag);
  if (request.headers['if-none-match'] === taggedEtag) return reply.code(304).send();
  let body: Buffer = Buffer.from(html);
  if (encoding === 'br') body = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  else if (encoding === 'gzip') body = gzipSync(body);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.code(200).send(body);
}
