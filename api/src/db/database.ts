/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise embedded PGlite (in a data
 * directory, or in memory). Both return bigint and numeric columns as JS numbers and run the same
 * migrations and queries.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, type LogEvent, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { makeDataDirPrivate } from '../data-dir';
import { lockDataDir } from './data-dir-lock';
import { PGliteDialect } from './pglite-dialect';
import { type ListenHandlers, listenOnPGlite, listenOnPostgres, type StopListening } from './notifications';
import { createResilientPool, type PoolTimeouts } from './postgres-pool';
import type { DB } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** One real round trip; throws when the database does not answer. */
  ping(): Promise<void>;
  /** LISTEN on a channel (db/notifications.ts): messages, and word of when listening starts and is lost. */
  listen(channel: string, handlers: ListenHandlers): StopListening;
  close(): Promise<void>;
}

/** Without timeouts given (scripts, tests, migrations): a connect deadline, no statement limit. The server gives its own. */
export const DEFAULT_POOL_TIMEOUTS: Readonly<PoolTimeouts> = { connectTimeoutMs: 10_000, statementTimeoutMs: 0 };

export interface DatabaseOptions {
  /** postgres:// URL of a PostgreSQL server; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite's data folder; without it PGlite keeps everything in memory. */
  pgliteDataDir?: string;
  /** PostgreSQL schema to work in (tests give each suite its own); created when missing. */
  schema?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL's deadlines (connect, statement); DEFAULT_POOL_TIMEOUTS without them. */
  timeouts?: PoolTimeouts;
  /** Told of every PostgreSQL connection that broke (logged by the server); the connection is replaced. */
  onConnectionError?: (error: Error) => void;
  /** Called with every query's SQL and parameters once it has run, and how long it took (the benchmark records them). */
  onQuery?: (query: { sql: string; parameters: readonly unknown[] }, durationMs: number) => void;
}

function kyselyLog(options: DatabaseOptions) {
  const onQuery = options.onQuery;
  return onQuery
    ? {
        log: (event: LogEvent) => {
          if (event.level === 'query') onQuery(event.query, event.queryDurationMillis);
        },
      }
    : {};
}

const toNumber = (value: string) => Number(value);
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPGlite(options);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const schema = options.schema;
  const timeouts = options.timeouts ?? DEFAULT_POOL_TIMEOUTS;
  if (schema) await ensureSchema(url, schema, timeouts);
  const resilient = createResilientPool(
    {
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 || oid === PG_NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    },
    timeouts,
    options.onConnectionError ?? (() => undefined),
  );
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: resilient }), ...kyselyLog(options) });
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers, { connectTimeoutMs: timeouts.connectTimeoutMs }),
    close: () => db.destroy(),
  };
}

async function ensureSchema(url: string, schema: string, timeouts: PoolTimeouts): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectTimeoutMs });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`create schema if not exists ${quoteIdent(schema)}`);
  } finally {
    await client.end();
  }
}

async function openPGlite(options: DatabaseOptions): Promise<Database> {
  let unlock = () => undefined as void;
  if (options.pgliteDataDir) {
    // Its owner's only (data-dir.ts).
    mkdirSync(options.pgliteDataDir, { recursive: true, mode: 0o700 });
    // One process at a time (data-dir-lock.ts).
    unlock = await lockDataDir(options.pgliteDataDir);
  }
  try {
    return await openPGliteIn(options, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPGliteIn(options: DatabaseOptions, unlock: () => void): Promise<Database> {
  const pglite = await PGlite.create({
    ...(options.pgliteDataDir ? { dataDir: options.pgliteDataDir } : {}),
    parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber },
    // The trigram indexes of the searches (migration 0003).
    extensions: { pg_trgm },
  });
  // PGlite sets the modes of the files it starts from itself (0666, whatever the umask): its owner's only.
  if (options.pgliteDataDir) makeDataDirPrivate(options.pgliteDataDir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), ...kyselyLog(options) });
  if (options.schema) {
    await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
    await sql`set search_path to ${sql.id(options.schema)}`.execute(db);
  }
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    listen: (channel, handlers) => listenOnPGlite(pglite, channel, handlers),
    close: async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return `"${name}"`;
}
