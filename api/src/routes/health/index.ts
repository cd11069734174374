import { healthResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';

export function registerHealthRoutes(app: ZodApp, { database }: AppContext): void {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness with a real database round trip', response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        reply.code(503);
        return { status: 'error' as const, database: 'unreachable' as const };
      }
    },
  );
}
