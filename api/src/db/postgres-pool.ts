/**
 * The PostgreSQL connection pool as Kysely uses it, made to survive the network: every connection
 * has a connect deadline, a statement deadline on the server and a read deadline in the client (a
 * server or link that stops answering), TCP keep-alive, and an error listener for its whole life (a
 * connection that breaks while a request holds it must not crash the process). A connection that
 * failed that way is thrown away instead of going back to the pool, and the request gets a
 * `DatabaseUnavailableError` (answered 503 with Retry-After) instead of a 500.
 *
 * Each connection also prepares the statements it runs (a named statement per SQL text, see
 * `preparedQuery` and prepared-statements.ts): PostgreSQL parses and analyses a statement once per
 * connection instead of on every request, and plans it once where its plan does not depend on its
 * parameters.
 */
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { MAX_PREPARED_PER_CONNECTION, runsPrepared } from './prepared-statements';

export interface PoolTimeouts {
  /** Opening a connection, and waiting for a free one when all are busy. */
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout; the client gives up on an answer a little after it. 0: no limit (scripts, migrations). */
  statementTimeoutMs: number;
}

/** The database could not be reached or did not answer in time: the request may be retried later. */
export class DatabaseUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** SQLSTATE classes and codes that mean the connection or the server, not the query: 08 connection exception, 57P0x shutdown, 53300 too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|53300)$/;
/** PostgreSQL cancelled the statement after statement_timeout. */
const QUERY_CANCELED = '57014';

/** Whether an error from pg means "the database is not there (in time)", as opposed to an error of the query itself. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATE.test(code) || code === QUERY_CANCELED) return true;
    // Node's socket errors: ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, EHOSTUNREACH, …
    if (/^E[A-Z]+$/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly|not queryable/i.test(
      message,
    )
  );
}

type PgClient = pg.PoolClient & { __broken?: unknown; __prepared?: Set<string> };

/** The statement's name: one per SQL text (pg keeps track of which its connection has prepared), hashed once per text. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `sr_${createHash('sha1').update(text).digest('base64url')}`;
    // Bounded like the connections' own sets: past the bound a text is hashed on each use, still correct.
    if (names.size < MAX_PREPARED_PER_CONNECTION) names.set(text, name);
  }
  return name;
}

/**
 * `client.query(text, values)` with parameters as a named (prepared) statement, `{ name, text, values }`,
 * and a single read without them likewise (runsPrepared), while the connection holds fewer than
 * MAX_PREPARED_PER_CONNECTION. Anything else as given: any other query without parameters keeps pg's
 * simple protocol (a migration's text may hold several statements), a search's pattern match is
 * planned for its pattern (prepared-statements.ts), and a cursor or a config object is pg's own.
 */
export function preparedQuery(client: PgClient, args: unknown[]): unknown[] {
  const [text, values] = args;
  if (typeof text !== 'string' || !Array.isArray(values) || !runsPrepared(text, values)) return args;
  const name = statementName(text);
  const prepared = (client.__prepared ??= new Set());
  if (!prepared.has(name)) {
    if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return args;
    prepared.add(name);
  }
  return [{ name, text, values }];
}

export interface ResilientPool extends PostgresPool {
  /** The pg pool underneath (for its counts). */
  readonly pool: pg.Pool;
}

export function createResilientPool(
  config: pg.PoolConfig,
  timeouts: PoolTimeouts,
  onConnectionError: (error: Error) => void,
): ResilientPool {
  const limited = timeouts.statementTimeoutMs > 0;
  const serverOptions = limited
    ? [`-c statement_timeout=${timeouts.statementTimeoutMs}`, `-c idle_in_transaction_session_timeout=${timeouts.statementTimeoutMs * 4}`]
    : [];
  const pool = new pg.Pool({
    ...config,
    options: [config.options, ...serverOptions].filter(Boolean).join(' '),
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    // The server cancels a slow statement at statement_timeout; this is for a server that does not answer at all.
    ...(limited ? { query_timeout: timeouts.statementTimeoutMs + 1000 } : {}),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection's error (the server went away): pg-pool drops that connection.
  pool.on('error', onConnectionError);
  // A connection's error while a request holds it: remembered, so it is thrown away on release.
  pool.on('connect', (client: PgClient) => {
    client.on('error', (error) => {
      client.__broken = error;
      onConnectionError(error);
    });
  });

  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: PgClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      wrapper = {
        query: (async (...args: unknown[]) => {
          try {
            return await (client.query as (...a: unknown[]) => Promise<unknown>)(...preparedQuery(client, args));
          } catch (error) {
            if (isUnavailable(error)) {
              client.__broken ??= error;
              throw new DatabaseUnavailableError(error);
            }
            throw error;
          }
        }) as PostgresPoolClient['query'],
        release: () => {
          const broken = client.__broken;
          client.__broken = undefined;
          // A truthy argument makes pg-pool close this connection instead of reusing it.
          client.release(broken ? (broken as Error) : undefined);
        },
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };

  return {
    pool,
    connect: async () => {
      try {
        return wrap((await pool.connect()) as PgClient);
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
    },
    end: () => pool.end(),
  };
}
