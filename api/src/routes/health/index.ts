import { healthResponseSchema } from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import type { CounterStore } from '../../auth/counter-store';

export interface HealthOptions {
  /** The throttle's counters: with Redis behind them, health reports whether it answers. */
  counters: CounterStore;
  /** How long health waits for the database (and Redis) before answering 503. */
  timeoutMs: number;
}

/** Resolves with the promise's outcome, or rejects once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function registerHealthRoutes(app: ZodApp, { database, lifecycle }: AppContext, { counters, timeoutMs }: HealthOptions): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary:
          'Liveness with a real database round trip within HEALTH_TIMEOUT_MS; 503 when the database does not answer or the server is shutting down. ' +
          'With REDIS_URL, `redis` says whether Redis answers (when it does not, throttling counts per process and the server still serves).',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const [databaseAnswer, redis] = await Promise.all([
        within(database.ping(), timeoutMs).then(
          () => 'ok' as const,
          (error: unknown) => {
            request.log.error({ err: error }, 'health check: the database did not answer');
            return 'unreachable' as const;
          },
        ),
        counters.health(timeoutMs),
      ]);
      const extra = redis ? { redis } : {};
      if (databaseAnswer !== 'ok') {
        reply.code(503);
        return { status: 'error' as const, database: databaseAnswer, ...extra };
      }
      if (lifecycle.draining) {
        // Shutting down (SIGTERM): a load balancer should stop sending requests here.
        reply.code(503);
        return { status: 'draining' as const, database: 'ok' as const, ...extra };
      }
      return { status: 'ok' as const, database: 'ok' as const, ...extra };
    },
  );
}
