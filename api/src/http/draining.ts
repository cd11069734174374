/**
 * Graceful shutdown, as seen by clients (DESIGN.md §9, RELIABILITY.md "SIGTERM"):
 * 1. `startDraining()` (main.ts, on SIGTERM): every answer from now on carries `Connection: close`,
 *    so keep-alive clients open a new connection for their next request (to another instance behind
 *    a load balancer), while requests already sent, even those still unread in the socket, are read
 *    and served normally.
 * 2. `app.close()` after a short grace: no new connections; a request that still arrives on an open
 *    connection is refused before any work with a 503 in the API's error shape and Retry-After;
 *    requests already running finish before the database closes.
 */
import { MESSAGES } from 'shared-contracts';
import type { ZodApp } from '../app-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining: answers say Connection: close from now on (see draining.ts). */
    startDraining(): void;
  }
}

export function registerDraining(app: ZodApp): void {
  let draining = false;
  let closing = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    if (closing) return reply.code(503).header('retry-after', '1').send({ message: MESSAGES.serviceUnavailable });
  });
}
