/**
 * Configuration from the environment, checked at start: a bad value is a clear error and a
 * non-zero exit, never a half-working server.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { ThrottleLimits } from './auth/throttle';

export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database and the generated JWT secret. */
  dataDir: string;
  /** A PostgreSQL server; without it the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /** Given JWT secret; without it one is generated and kept in dataDir. */
  jwtSecret?: string;
  tokenTtlSeconds: number;
  redisUrl?: string;
  /** Which proxies' X-Forwarded-For (and -Proto) to believe: none, the nearest N hops, or these addresses and ranges. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** Seed the demo data into an empty database. */
  seedDemoData: boolean;
  /** Mail (password reset and verification links) goes through this SMTP server; without it, to dataDir/outbox/ (api/src/mail). */
  smtpUrl?: string;
  /** The From address of those mails. */
  mailFrom?: string;
  /** The site's public origin, which the mailed links start with; without it, http://localhost:<port> (or the HOST given). */
  publicUrl?: string;
  throttle: ThrottleLimits;
  /** The checkout whose shell/dist and mf-<area>/dist are served next to the API. */
  siteDir: string;
  /** A remotes.json to serve instead of the shell's own (point a remote at another build). */
  remotesFile?: string;
  /**
   * Published remote builds, one folder per version (`<remote>/<version>/`), served at /releases/;
   * its remotes.json, written by `npm run publish:remote`, is served when REMOTES_FILE is not set.
   */
  releasesDir: string;
  /**
   * How old the admin dashboard's integrity checks (store figures against the ratings table, store
   * owners' roles) may be: they read whole tables, so they run in the background at most this often.
   * 0 runs them on every request.
   */
  integrityCheckMaxAgeMs: number;
  /** Only for `npm run bench`: the constant-response routes of the HTTP ceiling (routes/bench-ceiling.ts). */
  benchCeilingRoutes: boolean;
  /**
   * Check every answer against its zod schema before the compiled serialiser writes it (a mismatch is a
   * 500). The API tests turn it on; production skips that work (http/response-serializer.ts).
   */
  checkResponses: boolean;
  /** The shell's health reports and the automatic abort of failing canaries; absent: REMOTE_HEALTH_DEFAULTS. */
  remoteHealth?: RemoteHealthSettings;
  /** Deadlines of the outside calls and the size of the work queues; absent: RESILIENCE_DEFAULTS. */
  resilience?: ResilienceSettings;
  /** Client timeouts and the connection cap; absent: CONNECTION_DEFAULTS. */
  connections?: ConnectionSettings;
}

/**
 * How long a client may take to send a request, how long an idle connection is kept, and how many
 * connections one process holds (http/connections.ts; README "Configuration").
 */
export interface ConnectionSettings {
  /** A whole request, headers and body, must have arrived within this (else 408 and the socket is closed). */
  requestTimeoutMs: number;
  /** Its headers within this (at most requestTimeoutMs): Slowloris, or a connection that sends nothing. */
  headersTimeoutMs: number;
  /** A keep-alive connection idle between requests is closed after this (longer than a load balancer's idle timeout). */
  keepAliveTimeoutMs: number;
  /** A connection with no bytes moving either way while a request is under way (a client that stops reading) is closed after this. */
  socketTimeoutMs: number;
  /** Open connections at most; more are closed as they arrive. Lowered at start to what the descriptor limit leaves room for. */
  maxConnections: number;
}

export const CONNECTION_DEFAULTS: Readonly<ConnectionSettings> = {
  requestTimeoutMs: 15_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  socketTimeoutMs: 60_000,
  maxConnections: 2000,
};

/** The connection settings of a configuration (one built in code without them gets the defaults). */
export function connectionSettings(config: Pick<Config, 'connections'>): ConnectionSettings {
  return config.connections ?? { ...CONNECTION_DEFAULTS };
}

/** How long the server waits for PostgreSQL and Redis, and how much slow work it queues (RELIABILITY.md, "Running it in production"). */
export interface ResilienceSettings {
  /** PostgreSQL connections open at most (per process). */
  databasePoolSize: number;
  /** Opening a PostgreSQL connection, or waiting for a free one. */
  databaseConnectTimeoutMs: number;
  /** A statement's longest run (PostgreSQL's statement_timeout). */
  databaseStatementTimeoutMs: number;
  /** GET /api/health's wait for the database (and Redis) before it answers 503. */
  healthTimeoutMs: number;
  /** A Redis command's longest wait; past it the throttle counts in this process for a while. */
  redisTimeoutMs: number;
  /** Password hashes and checks waiting for a turn at most; past it a sign-in, sign-up or password change answers 503. */
  hashQueueMax: number;
}

export const RESILIENCE_DEFAULTS: Readonly<ResilienceSettings> = {
  databasePoolSize: 10,
  databaseConnectTimeoutMs: 5000,
  databaseStatementTimeoutMs: 10_000,
  healthTimeoutMs: 2000,
  redisTimeoutMs: 500,
  hashQueueMax: 32,
};

/** The resilience settings of a configuration (one built in code without them gets the defaults). */
export function resilienceSettings(config: Pick<Config, 'resilience'>): ResilienceSettings {
  return config.resilience ?? { ...RESILIENCE_DEFAULTS };
}

/** The shell's health reports (POST /api/telemetry/remote-health) and what they decide about canaries. */
export interface RemoteHealthSettings {
  /** A canary failing more than this share of its load attempts (percent, 1..100) is aborted automatically, */
  canaryMaxFailurePercent: number;
  /** ... once it has at least this many load attempts (loads + load failures). */
  canaryMinLoads: number;
  /** Reported minutes older than this many days are pruned. */
  retentionDays: number;
  /** Reports accepted per client address per minute (429 above). */
  reportsPerMinute: number;
}

export const REMOTE_HEALTH_DEFAULTS: Readonly<RemoteHealthSettings> = {
  canaryMaxFailurePercent: 20,
  canaryMinLoads: 20,
  retentionDays: 7,
  reportsPerMinute: 60,
};

/** The remote-health settings of a configuration (one built in code without them gets the defaults). */
export function remoteHealthSettings(config: Pick<Config, 'remoteHealth'>): RemoteHealthSettings {
  return config.remoteHealth ?? { ...REMOTE_HEALTH_DEFAULTS };
}

/**
 * TRUST_PROXY: `false` (no proxy: the socket's address is the client's), a hop count (`1`: the one
 * balancer in front; the client is the last address it appended to X-Forwarded-For, whatever the
 * client sent before it), or the proxies' addresses, CIDR ranges and proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`), comma-separated. Never "every proxy" (`true`): then the
 * client itself chooses its address, and with it the throttle it is counted by.
 */
export type TrustProxy = false | number | string[];

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_PROXY_HOPS = 10;

/** TRUST_PROXY read; a bad value is added to `problems` (and read as false). */
function trustProxyFrom(raw: string | undefined, problems: string[]): TrustProxy {
  const refuse = (problem: string): false => {
    problems.push(problem);
    return false;
  };
  const value = raw?.trim() ?? '';
  if (value === '' || ['false', 'no', 'off', '0'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return false;
    if (hops <= MAX_PROXY_HOPS) return hops;
    return refuse(`TRUST_PROXY as a hop count must be from 1 to ${MAX_PROXY_HOPS} (got "${raw}")`);
  }
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) {
    return refuse(
      'TRUST_PROXY=true would believe any X-Forwarded-For, so a client could choose its own address and dodge the sign-in throttle: ' +
        'give the number of proxies in front of the API (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    return refuse(
      `TRUST_PROXY must be false, a hop count, or comma-separated addresses, CIDR ranges (not /0; IPv4 ones as IPv4) or ${PROXY_RANGE_NAMES.join('/')} (not ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  // A /0 trusts every address (as `true` would). An IPv4-mapped range (::ffff:a.b.c.d) matches only
  // from /96 on (proxy-addr), so a shorter one would silently trust nothing: write it as IPv4 instead.
  const minBits = family === 6 && /^::ffff:/i.test(address) ? 96 + 1 : 1;
  return bits >= minBits && bits <= (family === 4 ? 32 : 128);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** The repository's default data folder (git-ignored). */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '.data');
/** The repository, whose built apps are the site. */
export const DEFAULT_SITE_DIR = path.resolve(__dirname, '..', '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      return undefined;
    }
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes'].includes(raw)) return true;
    if (['0', 'false', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const jwtSecret = env.JWT_SECRET;
  if (jwtSecret !== undefined && jwtSecret !== '' && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }
  const siteDir = env.SITE_DIR?.trim() ? path.resolve(env.SITE_DIR.trim()) : DEFAULT_SITE_DIR;
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const config: Config = {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR.trim()) : DEFAULT_DATA_DIR,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    jwtSecret: jwtSecret || undefined,
    tokenTtlSeconds: integer('JWT_TTL_SECONDS', 24 * 60 * 60, 60, 30 * 24 * 60 * 60),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    trustProxy: trustProxyFrom(env.TRUST_PROXY, problems),
    logLevel,
    bodyLimit: integer('BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    seedDemoData: flag('SEED_DEMO_DATA', true),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mailFromOf(env.MAIL_FROM, problems),
    publicUrl: publicUrlOf(env.PUBLIC_URL, problems),
    siteDir,
    ...(env.REMOTES_FILE?.trim() ? { remotesFile: path.resolve(env.REMOTES_FILE.trim()) } : {}),
    releasesDir: env.RELEASES_DIR?.trim() ? path.resolve(env.RELEASES_DIR.trim()) : path.join(siteDir, 'releases'),
    benchCeilingRoutes: flag('BENCH_CEILING_ROUTES', false),
    checkResponses: flag('CHECK_RESPONSES', false),
    integrityCheckMaxAgeMs: integer('INTEGRITY_CHECK_MAX_AGE_SECONDS', 60, 0, 24 * 60 * 60) * 1000,
    throttle: {
      windowMs: integer('THROTTLE_WINDOW_SECONDS', 15 * 60, 1, 24 * 60 * 60) * 1000,
      loginFailuresPerAccount: integer('LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1_000_000),
      loginFailuresPerAddress: integer('LOGIN_MAX_FAILURES_PER_ADDRESS', 50, 1, 1_000_000),
      registrationsPerAddress: integer('REGISTER_MAX_PER_ADDRESS', 20, 1, 1_000_000),
      registrationsPerAccount: integer('REGISTER_MAX_PER_ACCOUNT', 5, 1, 1_000_000),
      passwordFailuresPerAccount: integer('PASSWORD_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1_000_000),
      emailRequestsPerAccount: integer('EMAIL_MAX_REQUESTS_PER_ACCOUNT', 3, 1, 1_000_000),
      emailRequestsPerAddress: integer('EMAIL_MAX_REQUESTS_PER_ADDRESS', 20, 1, 1_000_000),
    },
    resilience: {
      databasePoolSize: integer('DB_POOL_SIZE', RESILIENCE_DEFAULTS.databasePoolSize, 1, 1000),
      databaseConnectTimeoutMs: integer('DB_CONNECT_TIMEOUT_MS', RESILIENCE_DEFAULTS.databaseConnectTimeoutMs, 100, 600_000),
      databaseStatementTimeoutMs: integer('DB_STATEMENT_TIMEOUT_MS', RESILIENCE_DEFAULTS.databaseStatementTimeoutMs, 100, 3_600_000),
      healthTimeoutMs: integer('HEALTH_TIMEOUT_MS', RESILIENCE_DEFAULTS.healthTimeoutMs, 100, 600_000),
      redisTimeoutMs: integer('REDIS_TIMEOUT_MS', RESILIENCE_DEFAULTS.redisTimeoutMs, 50, 600_000),
      hashQueueMax: integer('HASH_QUEUE_MAX', RESILIENCE_DEFAULTS.hashQueueMax, 1, 100_000),
    },
    connections: connectionsFrom(integer, problems),
    remoteHealth: {
      canaryMaxFailurePercent: integer('CANARY_MAX_FAILURE_PERCENT', REMOTE_HEALTH_DEFAULTS.canaryMaxFailurePercent, 1, 100),
      canaryMinLoads: integer('CANARY_MIN_LOADS', REMOTE_HEALTH_DEFAULTS.canaryMinLoads, 1, 1_000_000),
      retentionDays: integer('REMOTE_HEALTH_RETENTION_DAYS', REMOTE_HEALTH_DEFAULTS.retentionDays, 1, 3650),
      reportsPerMinute: integer('REMOTE_HEALTH_REPORTS_PER_MINUTE', REMOTE_HEALTH_DEFAULTS.reportsPerMinute, 1, 1_000_000),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** PUBLIC_URL: an http(s) origin (a path is kept, a trailing slash dropped); no query or fragment. */
function publicUrlOf(raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  try {
    const parsed = new URL(value);
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.search || parsed.hash || parsed.username) throw new Error('shape');
    return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
  } catch {
    problems.push(`PUBLIC_URL must be the site's address, starting with http:// or https:// (got "${raw}")`);
    return undefined;
  }
}

/** MAIL_FROM: an address, or a name and <address>; on one line. */
function mailFromOf(raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (/[\r\n]/.test(value) || !/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value)) {
    problems.push(`MAIL_FROM must be an email address, or a name and <address> (got "${raw}")`);
    return undefined;
  }
  return value;
}

/** REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, SOCKET_TIMEOUT_MS, MAX_CONNECTIONS. */
function connectionsFrom(
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): ConnectionSettings {
  const requestTimeoutMs = integer('REQUEST_TIMEOUT_MS', CONNECTION_DEFAULTS.requestTimeoutMs, 1000, 3_600_000);
  const headersTimeoutMs = integer('HEADERS_TIMEOUT_MS', Math.min(CONNECTION_DEFAULTS.headersTimeoutMs, requestTimeoutMs), 1000, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    problems.push(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be more than REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_MS', CONNECTION_DEFAULTS.keepAliveTimeoutMs, 1000, 3_600_000),
    socketTimeoutMs: integer('SOCKET_TIMEOUT_MS', CONNECTION_DEFAULTS.socketTimeoutMs, 1000, 3_600_000),
    maxConnections: integer('MAX_CONNECTIONS', CONNECTION_DEFAULTS.maxConnections, 1, 1_000_000),
  };
}

/** The configured JWT secret, or the one kept in dataDir (generated on first use, readable by its owner only). */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
