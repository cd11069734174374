/**
 * The benchmark's HTTP ceiling (`npm run bench`), only when BENCH_CEILING_ROUTES=true: the same
 * server answering a constant JSON body, so a run can tell what HTTP and JSON cost from what the
 * database costs. PUT /api/bench/constant/:name keeps a body; GET /api/bench/constant/:name answers it.
 */
import type { ZodApp } from '../app-context';

export function registerBenchCeilingRoutes(app: ZodApp): void {
  const bodies = new Map<string, unknown>();
  app.put<{ Params: { name: string } }>('/api/bench/constant/:name', { schema: { hide: true } }, async (request) => {
    bodies.set(request.params.name, request.body);
    return { stored: request.params.name };
  });
  app.get<{ Params: { name: string } }>('/api/bench/constant/:name', { schema: { hide: true } }, async (request, reply) => {
    const body = bodies.get(request.params.name);
    return body === undefined ? reply.callNotFound() : body;
  });
}
