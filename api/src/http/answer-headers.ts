/**
 * Headers decided per answer, in one place (issue 14; DESIGN.md §9):
 * - `Cache-Control: no-store` on every /api answer that does not set its own: they carry personal data
 *   (profile, users, dashboards, tokens), which no browser or proxy cache should keep. The site's files
 *   set their own (http/site.ts) and keep it.
 * - `Strict-Transport-Security` only on answers to requests that came over HTTPS: directly, or through
 *   a trusted proxy saying `X-Forwarded-Proto: https` (Fastify's `request.protocol` honours the header
 *   only from an address TRUST_PROXY trusts). Over plain HTTP the header means nothing to a browser
 *   (RFC 6797 §8.1) and only tells a client on a local or mistaken plain link that the site is HTTPS.
 */
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../app-context';

/** What @fastify/helmet sent on every answer before: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

function isApiRequest(request: FastifyRequest): boolean {
  // The matched route's pattern, or for a 404 the path asked for.
  const urlPath = request.routeOptions.url ?? request.url.split('?')[0];
  return urlPath === '/api' || urlPath.startsWith('/api/');
}

export function registerAnswerHeaders(app: ZodApp): void {
  // A callback hook: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });
}
