/**
 * TRUST_PROXY (config.ts) as Fastify takes it. Behind trusted proxies, `request.ip` (what the sign-in
 * throttle counts by) and `request.protocol` come from X-Forwarded-For and -Proto, read from the right:
 * each trusted hop vouches for the address before it, and the first one not trusted is the client,
 * whatever a client put further left.
 *
 * - Addresses and ranges: a hop is trusted when its address is one of them (proxy-addr).
 * - A hop count N: the N nearest hops are trusted whatever their address. Fastify itself no longer
 *   takes a number (it cannot check the nearest peer), so it is given as the function proxy-addr calls
 *   with each hop's index. It is right only where clients cannot reach the API but through the proxies.
 */
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
