/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise embedded PGlite (in a data
 * directory, or in memory). Both return bigint and numeric columns as JS numbers and run the same
 * migrations and queries.
 */
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, type LogEvent, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** One real round trip; throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL of a PostgreSQL server; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite's data folder; without it PGlite keeps everything in memory. */
  pgliteDataDir?: string;
  /** PostgreSQL schema to work in (tests give each suite its own); created when missing. */
  schema?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Called with every query's SQL and parameters before it runs (the benchmark records them). */
  onQuery?: (query: { sql: string; parameters: readonly unknown[] }) => void;
}

function kyselyLog(options: DatabaseOptions) {
  const onQuery = options.onQuery;
  return onQuery
    ? {
        log: (event: LogEvent) => {
          if (event.level === 'query') onQuery(event.query);
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
  if (schema) await ensureSchema(url, schema);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 || oid === PG_NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...kyselyLog(options) });
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${quoteIdent(schema)}`);
  } finally {
    await client.end();
  }
}

/**
 * PGlite's files belong to one process at a time: a second process opening them would corrupt them.
 * A lock file beside the data folder names its holder (host and pid). It is created whole or not at
 * all (written aside, then hard-linked into place), so no one ever reads it half written. A lock held
 * by a live process, by this very process (a second PGlite on the same files), or by another host
 * (where this one cannot tell whether it is alive) is refused; a lock whose process is gone (killed)
 * is taken over. Two processes starting in the same instant after a crash could both take over a
 * stale lock; the README's rule (one process per DATA_DIR) is the guard against that.
 * Returns the release function.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  const mine = JSON.stringify({ host: hostname(), pid: process.pid });
  const draft = `${lockFile}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, lockFile);
        return () => {
          try {
            if (readFileSync(lockFile, 'utf8') === mine) unlinkSync(lockFile);
          } catch {
            // Already gone.
          }
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readLockHolder(lockFile);
      if (holder && (holder.host !== hostname() || holder.pid === process.pid || processIsAlive(holder.pid))) {
        throw new Error(
          `the embedded database in ${dataDir} is in use by another process (pid ${holder.pid} on ${holder.host}); ` +
            'PGlite serves one process at a time: stop that process, give this one another DATA_DIR, or run several ' +
            `instances on PostgreSQL (DATABASE_URL). If no process uses it, delete ${lockFile}.`,
        );
      }
      try {
        unlinkSync(lockFile); // left by a process that is gone
      } catch {
        // Someone else took it over first: try again.
      }
    }
    throw new Error(`could not lock ${dataDir}`);
  } finally {
    unlinkSync(draft);
  }
}

function readLockHolder(lockFile: string): { host: string; pid: number } | null {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as { host?: unknown; pid?: unknown };
    return typeof holder.host === 'string' && Number.isInteger(holder.pid) ? { host: holder.host, pid: Number(holder.pid) } : null;
  } catch {
    return null; // gone meanwhile, or not ours: stale
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPGlite(options: DatabaseOptions): Promise<Database> {
  let unlock = () => undefined as void;
  if (options.pgliteDataDir) {
    mkdirSync(options.pgliteDataDir, { recursive: true });
    unlock = lockDataDir(options.pgliteDataDir);
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
