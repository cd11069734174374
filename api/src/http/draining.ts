/**
 * Graceful shutdown, as clients see it (RELIABILITY.md §4, README "Running several instances"):
 * 1. `startDraining()` (main.ts, on SIGTERM): every answer from now on, including those of requests
 *    already running, carries `Connection: close`, so keep-alive clients open a new connection for
 *    their next request (to another instance, behind a load balancer); `GET /api/health` answers 503
 *    `draining`, so the balancer stops sending traffic; requests already sent, even those still
 *    unread in their socket, are read and served normally.
 * 2. `app.close()` after a short grace: no new connections; a request that still arrives on an open
 *    connection is refused before any work with a 503 in the API's error shape and Retry-After;
 *    requests already running finish before the database closes.
 */
import { MESSAGES } from 'shared-contracts';
import type { ZodApp } from '../app-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining (see draining.ts). */
    startDraining(): void;
  }
}

export interface Lifecycle {
  /** True from SIGTERM (startDraining) on. */
  readonly draining: boolean;
}

export function registerDraining(app: ZodApp): Lifecycle {
  const state = { draining: false, closing: false };
  app.decorate('startDraining', () => {
    state.draining = true;
  });
  app.addHook('preClose', async () => {
    state.draining = true;
    state.closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (state.closing) {
      return reply.code(503).header('connection', 'close').header('retry-after', '1').send({ message: MESSAGES.serviceUnavailable });
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (state.draining) reply.header('connection', 'close');
    return payload;
  });
  return {
    get draining() {
      return state.draining;
    },
  };
}
