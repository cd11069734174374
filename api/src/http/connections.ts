/**
 * Slow and abusive clients (issue 14; README "Configuration"; RELIABILITY.md): a request's headers
 * must arrive within HEADERS_TIMEOUT_MS and the whole request, body included, within
 * REQUEST_TIMEOUT_MS, else the server answers 408 and closes the socket (Node checks every
 * CONNECTIONS_CHECK_INTERVAL_MS, so a socket is closed at most that much after its deadline); a
 * connection where nothing moves while a request is under way (a client that stops reading its answer)
 * is closed after SOCKET_TIMEOUT_MS, an idle keep-alive one after KEEP_ALIVE_TIMEOUT_MS. Handlers and
 * answers are not cut short by the request timeout: it ends once the request has been read.
 *
 * The process holds at most MAX_CONNECTIONS connections; more are closed as they arrive (the client
 * sees a reset; a load balancer tries another instance). The cap is lowered at start to half of the
 * file descriptors left over (`ulimit -n` minus those already open: the embedded database keeps about
 * 150), since a connection may hold a second descriptor (a site file being sent), so a flood of
 * sockets cannot take the descriptors the database, Redis and files need.
 *
 * A shutdown does not wait for requests still arriving: see CLOSING_REQUEST_GRACE_MS.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { ZodApp } from '../app-context';
import type { ConnectionSettings } from '../config';

/** How often Node looks for requests past their headers or request timeout. */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1000;
/**
 * From the shutdown's close on (after its drain, http/draining.ts), a socket whose request is still
 * arriving this long after is closed: the request has not reached a handler, so nothing is lost, and
 * the socket would otherwise hold the shutdown past its grace (main.ts) for up to REQUEST_TIMEOUT_MS,
 * since Node stops checking request timeouts once the server closes.
 */
export const CLOSING_REQUEST_GRACE_MS = 1000;
/** Connections refused at the cap are reported at most this often. */
const DROP_REPORT_INTERVAL_MS = 10_000;

/** The Fastify server options for these settings. */
export function connectionOptions(settings: ConnectionSettings): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: settings.requestTimeoutMs,
    connectionTimeout: settings.socketTimeoutMs,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    // Fastify passes `http` to http.createServer (fastify/lib/server.js), and sets the three above itself.
    http: { headersTimeout: settings.headersTimeoutMs, connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS },
  };
}

/** The process's limit on open files (the soft one, which Node raises to the hard one at start); null where /proc is not there. */
export function descriptorLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** Descriptors the process has open; null where /proc is not there. */
export function descriptorsInUse(): number | null {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

/** MAX_CONNECTIONS, or half the descriptors left over when that is fewer (at least 1). */
export function effectiveMaxConnections(maxConnections: number, limit: number | null, inUse: number | null): number {
  if (limit === null || inUse === null) return maxConnections;
  return Math.max(1, Math.min(maxConnections, Math.floor((limit - inUse) / 2)));
}

/** Sets the connection cap once the app is ready (the database open, its files with it), and reports refusals. */
export function capConnections(app: ZodApp, settings: ConnectionSettings): void {
  app.addHook('onReady', async () => {
    const limit = descriptorLimit();
    const inUse = descriptorsInUse();
    const cap = effectiveMaxConnections(settings.maxConnections, limit, inUse);
    app.server.maxConnections = cap;
    if (cap < settings.maxConnections) {
      app.log.warn(
        { maxConnections: cap, configured: settings.maxConnections, descriptorLimit: limit, descriptorsInUse: inUse },
        `MAX_CONNECTIONS lowered to ${cap}: the process may open ${limit} files (ulimit -n) and has ${inUse} open; raise the limit to allow more`,
      );
    }
  });

  const arriving = trackArrivingRequests(app);
  let closer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    const closeArriving = () => {
      for (const socket of arriving()) socket.destroy();
    };
    closer = setTimeout(() => {
      closeArriving();
      closer = setInterval(closeArriving, 250).unref();
    }, CLOSING_REQUEST_GRACE_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(closer));

  let dropped = 0;
  let reported = 0;
  app.server.on('drop', () => {
    dropped++;
    const now = Date.now();
    if (now - reported < DROP_REPORT_INTERVAL_MS) return;
    reported = now;
    app.log.warn(
      { maxConnections: app.server.maxConnections, refusedSinceLastReport: dropped },
      'connection cap reached: refusing new connections',
    );
    dropped = 0;
  });
}

/**
 * The sockets whose request is still arriving: its headers (no 'request' yet, or between two requests
 * of a keep-alive connection, where nothing is under way either) or its body (`complete` not yet true).
 * A socket whose request has arrived whole, its handler running or its answer being sent, is not one.
 */
function trackArrivingRequests(app: ZodApp): () => Socket[] {
  const sockets = new Set<Socket>();
  const current = new Map<Socket, IncomingMessage>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      current.delete(socket);
    });
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    current.set(socket, request);
    response.once('close', () => {
      if (current.get(socket) === request) current.delete(socket);
    });
  });
  return () => [...sockets].filter((socket) => !current.get(socket)?.complete);
}
