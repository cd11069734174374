/**
 * The server's log: JSON lines written to stdout asynchronously (pino's buffered destination, flushed
 * on exit), so logging never waits for the terminal or the pipe on the event loop; and one line per
 * request, when its answer has gone (method, URL, status, time), instead of Fastify's two. At `debug`
 * a line is also written when a request arrives ("incoming request").
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';

export function serverLogger(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization'],
    stream: pino.destination({ dest: 1, sync: false }),
  };
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });
}
