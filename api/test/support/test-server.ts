/**
 * Starts the real API on a free port for a test suite, on a fresh database: in-memory PGlite, or,
 * when TEST_DATABASE_URL is set, a schema of its own in that PostgreSQL database (dropped after).
 * Tests talk to it over HTTP only, as a client would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cityFromAddress, createApiClient, emailKey, type Role } from 'shared-contracts';
import type { ZodApp } from '../../src/app-context';
import { buildApp } from '../../src/app';
import { hashPassword } from '../../src/auth/passwords';
import type { ThrottleLimits } from '../../src/auth/throttle';
import { signToken } from '../../src/auth/tokens';
import { type Config, RESILIENCE_DEFAULTS, type ResilienceSettings } from '../../src/config';
import { type Database, type Engine, openDatabase } from '../../src/db/database';
import { keptCountsThatDisagree, storesWithWrongFigures } from '../../src/db/invariants';

export type { Engine };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, with `contentType` (default application/json). */
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface CreatedUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  password: string;
  token: string;
}

export interface TestServerOptions {
  seedDemoData?: boolean;
  throttle?: Partial<ThrottleLimits>;
  redisUrl?: string;
  /** Deadlines and queue sizes other than the defaults (e.g. a Redis command's wait). */
  resilience?: Partial<ResilienceSettings>;
  tokenTtlSeconds?: number;
  /** A checkout-like folder with shell/dist and mf-<area>/dist to serve as the site. */
  siteDir?: string;
  remotesFile?: string;
  releasesDir?: string;
  benchCeilingRoutes?: boolean;
  /** Mail goes to this SMTP server; without it, to the data folder's outbox/. */
  smtpUrl?: string;
  /** The origin the mailed links start with. */
  publicUrl?: string;
  /**
   * Runs on the freshly opened database before the app starts (and migrates it to the latest): e.g.
   * to migrate part of the way and insert the rows an older version would have written.
   */
  prepareDatabase?: (db: Database['db'], schema: string | undefined) => Promise<void>;
  /** Told of every statement the server sends to the database. */
  onQuery?: (query: { sql: string; parameters: readonly unknown[] }) => void;
  /** PostgreSQL connections of the server's pool (10); PGlite has one. */
  poolSize?: number;
}

export class TestServer {
  private userCounter = 0;
  private storeCounter = 0;

  constructor(
    readonly engine: Engine,
    readonly app: ZodApp,
    readonly database: Database,
    readonly baseUrl: string,
    private readonly cleanup: () => Promise<void>,
    /** The server's DATA_DIR (its mail outbox/ when no SMTP server is given). */
    readonly dataDir = '',
  ) {}

  get db() {
    return this.database.db;
  }

  /**
   * Waits until this server has heard of every user change committed so far. A change made straight
   * in the database reaches the server's held users through PostgreSQL's announcement, within
   * milliseconds (auth/signed-in-users.ts); one made through the API is waited for by the API itself.
   */
  async usersSettled(): Promise<void> {
    await this.app.signedInUsers.settle();
  }

  /** Waits until the mails the server sends after its answers (password reset, verification) have gone. */
  async mailSettled(): Promise<void> {
    await this.app.accountMail.settled();
  }

  async request<T = any>(method: string, urlPath: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(this.baseUrl + urlPath, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get = <T = any>(p: string, o?: RequestOptions) => this.request<T>('GET', p, o);
  post = <T = any>(p: string, o?: RequestOptions) => this.request<T>('POST', p, o);
  put = <T = any>(p: string, o?: RequestOptions) => this.request<T>('PUT', p, o);
  del = <T = any>(p: string, o?: RequestOptions) => this.request<T>('DELETE', p, o);

  /** The shared-contracts client, as the web apps use it. */
  client(token?: string, onUnauthorized?: () => void) {
    return createApiClient({ baseURL: this.baseUrl, getToken: () => token ?? null, onUnauthorized });
  }

  /** Signs in through the API and returns the token. */
  async signIn(email: string, password: string, role: Role): Promise<string> {
    const res = await this.post('/api/auth/login', { body: { email, password, role } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return res.body.token;
  }

  /** A user inserted straight into the database, with a valid token (no sign-in round trip). */
  async createUser(
    role: Role,
    overrides: Partial<{ name: string; email: string; password: string; address: string }> = {},
  ): Promise<CreatedUser> {
    const n = ++this.userCounter;
    const unique = randomBytes(3).toString('hex');
    const password = overrides.password ?? 'Secret@123';
    const name = overrides.name ?? `Test ${role.replace('_', ' ')} number ${n} ${unique}`.slice(0, 60);
    const email = overrides.email ?? `${role}.${n}.${unique}@test.example`;
    const row = await this.db
      .insertInto('users')
      .values({
        name,
        email,
        email_key: emailKey(email),
        address: overrides.address ?? `${n} Test Street, Test City`,
        role,
        password_hash: await cachedHash(password),
      })
      .returning(['id', 'token_version'])
      .executeTakeFirstOrThrow();
    const token = signToken({ userId: row.id, tokenVersion: row.token_version }, TEST_JWT_SECRET, 3600);
    return { id: row.id, name, email, role, password, token };
  }

  /** A store inserted straight into the database. */
  async createStore(
    ownerId: number,
    overrides: Partial<{ name: string; address: string; email: string | null; phone: string | null; created_at: Date }> = {},
  ) {
    const n = ++this.storeCounter;
    const address = overrides.address ?? `${n} Market Road, Test City`;
    return this.db
      .insertInto('stores')
      .values({
        name: overrides.name ?? `Test Store ${n}`,
        address,
        // As the API sets it when a client gives none.
        city: cityFromAddress(address),
        email: overrides.email === undefined ? `store${n}@test.example` : overrides.email,
        phone: overrides.phone === undefined ? '+91 80 1234 5678' : overrides.phone,
        owner_id: ownerId,
        ...(overrides.created_at ? { created_at: overrides.created_at, updated_at: overrides.created_at } : {}),
      })
      .returning(['id', 'name', 'address', 'owner_id'])
      .executeTakeFirstOrThrow();
  }

  /** Every store whose kept figures differ from COUNT/SUM over its ratings (the DESIGN.md §8 invariant), one line each. */
  async storesWithWrongAggregates(): Promise<string[]> {
    return storesWithWrongFigures(this.db);
  }

  /**
   * Where the counters kept by triggers (migration 0003: row_counts per day, row_totals, store_months)
   * disagree with counting the tables: one line per difference, none when they agree.
   */
  async keptCountsThatDisagree(): Promise<string[]> {
    return keptCountsThatDisagree(this.db);
  }

  async close(): Promise<void> {
    await this.cleanup();
  }
}

const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

export function testConfig(dataDir: string, options: TestServerOptions = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    jwtSecret: TEST_JWT_SECRET,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    redisUrl: options.redisUrl,
    ...(options.resilience ? { resilience: { ...RESILIENCE_DEFAULTS, ...options.resilience } } : {}),
    trustProxy: false,
    logLevel: 'silent',
    bodyLimit: 64 * 1024,
    seedDemoData: options.seedDemoData ?? false,
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    // By default no built site there: these servers answer the API only.
    siteDir: options.siteDir ?? dataDir,
    ...(options.remotesFile ? { remotesFile: options.remotesFile } : {}),
    releasesDir: options.releasesDir ?? path.join(options.siteDir ?? dataDir, 'releases'),
    // Fresh on every request, so a test sees the effect of its own edits at once.
    integrityCheckMaxAgeMs: 0,
    benchCeilingRoutes: options.benchCeilingRoutes ?? false,
    // Every answer checked against its schema too: the whole suite proves the answers keep the contract.
    checkResponses: true,
    throttle: {
      windowMs: 60_000,
      loginFailuresPerAccount: 1_000,
      loginFailuresPerAddress: 100_000,
      registrationsPerAddress: 100_000,
      registrationsPerAccount: 1_000,
      passwordFailuresPerAccount: 1_000,
      emailRequestsPerAccount: 1_000,
      emailRequestsPerAddress: 100_000,
      ...options.throttle,
    },
  };
}

const SCHEMA_LOCK_KEY = 727_274_002;

/** Runs `work` holding a session advisory lock on the test database (no lock without one). */
async function withSchemaLock<T>(url: string | undefined, mode: 'shared' | 'exclusive', work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    return await work();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-ratings-test-'));
  const url = process.env.TEST_DATABASE_URL;
  const schema = engine === 'postgres' ? `t_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  if (engine === 'postgres' && !url) throw new Error('TEST_DATABASE_URL is needed for the postgres engine');

  const database = await openDatabase({
    ...(engine === 'postgres' ? { databaseUrl: url, schema, poolSize: options.poolSize ?? 10 } : {}),
    onQuery: options.onQuery,
  });
  const config = testConfig(dataDir, options);
  // Kysely's migrator lists the tables of every schema; a suite dropping its schema at that moment
  // makes the listing fail ("schema … does not exist"). Migrations hold a shared lock, drops an exclusive one.
  const app = await withSchemaLock(url, 'shared', async () => {
    await options.prepareDatabase?.(database.db, schema);
    return buildApp({ config, database, schema, logger: false });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  return new TestServer(
    engine,
    app,
    database,
    `http://127.0.0.1:${port}`,
    async () => {
      await app.close();
      if (schema && url) {
        await withSchemaLock(url, 'exclusive', async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`drop schema if exists "${schema}" cascade`);
          await client.end();
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    dataDir,
  );
}
