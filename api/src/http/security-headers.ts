/**
 * Security headers (DESIGN.md §9) from helmet, on every answer. The middleware is built once: the
 * @fastify/helmet plugin built a new one, its Content-Security-Policy parsed again, for every request.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const securityHeaders = helmet({
  // Served over plain HTTP locally; TLS, where there is any, ends at the load balancer.
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  // Sent only over HTTPS, by registerAnswerHeaders (http/answer-headers.ts).
  strictTransportSecurity: false,
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // helmet only sets headers on the response (and throws rather than call back with an error).
    securityHeaders(request.raw, reply.raw, () => done());
  });
}
