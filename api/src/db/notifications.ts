/**
 * PostgreSQL's LISTEN/NOTIFY as the server uses it: one channel, a handler per message, and word of
 * when the listener is connected and when it is lost, so a cache fed by it can empty itself and read
 * from the database until it listens again.
 *
 * On a PostgreSQL server the listener is a connection of its own (not the pool's): it reconnects with
 * a growing pause, and a heartbeat query finds a connection that stopped answering without closing.
 * On PGlite, one connection in this process, PGlite's own `listen` is used: messages arrive as the
 * statement that sent them returns.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenHandlers {
  /** A message on the channel (its payload). */
  onMessage(payload: string): void;
  /** Listening (again): messages from now on arrive; any sent while not listening were missed. */
  onListening(): void;
  /** No longer listening (the connection broke); onListening follows when it is back. */
  onLost(error: unknown): void;
}

/** Stops listening for good. */
export type StopListening = () => Promise<void>;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

export interface PostgresListenOptions {
  connectTimeoutMs: number;
  /** How often the connection is asked a trivial query; no answer within it means lost. */
  heartbeatMs?: number;
  /** The longest pause between reconnection attempts. */
  maxRetryMs?: number;
}

export function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  { connectTimeoutMs, heartbeatMs = 10_000, maxRetryMs = 5_000 }: PostgresListenOptions,
): StopListening {
  checkChannel(channel);
  let stopped = false;
  let current: pg.Client | undefined;
  let retryDelay = 100;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const connect = async () => {
    retryTimer = undefined;
    if (stopped) return;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: heartbeatMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: `store-ratings listener ${channel} ${process.pid}`,
    });
    let gone = false;
    const lose = (error: unknown) => {
      if (gone) return;
      gone = true;
      client.removeAllListeners('notification');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (current === client) {
        current = undefined;
        clearInterval(heartbeat);
        handlers.onLost(error);
      }
      if (!stopped) {
        retryTimer = setTimeout(() => void connect(), retryDelay);
        retryTimer.unref();
        retryDelay = Math.min(maxRetryMs, retryDelay * 2);
      }
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the listener connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (stopped || gone) {
      if (!gone) void client.end().catch(() => undefined);
      return;
    }
    current = client;
    retryDelay = 100;
    heartbeat = setInterval(() => {
      client.query('select 1').catch(lose);
    }, heartbeatMs);
    heartbeat.unref();
    handlers.onListening();
  };
  void connect();

  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(heartbeat);
    const client = current;
    current = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  };
}

export function listenOnPGlite(pglite: PGlite, channel: string, handlers: ListenHandlers): StopListening {
  checkChannel(channel);
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;
  const started = pglite
    .listen(channel, (payload) => handlers.onMessage(payload))
    .then(
      (stop) => {
        unlisten = stop;
        if (!stopped) handlers.onListening();
      },
      (error: unknown) => handlers.onLost(error),
    );
  return async () => {
    stopped = true;
    await started;
    if (unlisten && !pglite.closed) await unlisten().catch(() => undefined);
  };
}
