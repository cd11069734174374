import { healthResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';

export function registerHealthRoutes(app: ZodApp, { database, lifecycle }: AppContext): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness with a real database round trip; 503 when the database does not answer or the server is shutting down',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        reply.code(503);
        return { status: 'error' as const, database: 'unreachable' as const };
      }
      if (lifecycle.draining) {
        // Shutting down (SIGTERM): a load balancer should stop sending requests here.
        reply.code(503);
        return { status: 'draining' as const, database: 'ok' as const };
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
}
