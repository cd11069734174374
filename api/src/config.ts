/**
 * Configuration from the environment, checked at start: a bad value is a clear error and a
 * non-zero exit, never a half-working server.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  trustProxy: boolean;
  logLevel: string;
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** Seed the demo data into an empty database. */
  seedDemoData: boolean;
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
  /** The shell's health reports and the automatic abort of failing canaries; absent: REMOTE_HEALTH_DEFAULTS. */
  remoteHealth?: RemoteHealthSettings;
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
    trustProxy: flag('TRUST_PROXY', false),
    logLevel,
    bodyLimit: integer('BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    seedDemoData: flag('SEED_DEMO_DATA', true),
    siteDir,
    ...(env.REMOTES_FILE?.trim() ? { remotesFile: path.resolve(env.REMOTES_FILE.trim()) } : {}),
    releasesDir: env.RELEASES_DIR?.trim() ? path.resolve(env.RELEASES_DIR.trim()) : path.join(siteDir, 'releases'),
    benchCeilingRoutes: flag('BENCH_CEILING_ROUTES', false),
    integrityCheckMaxAgeMs: integer('INTEGRITY_CHECK_MAX_AGE_SECONDS', 60, 0, 24 * 60 * 60) * 1000,
    throttle: {
      windowMs: integer('THROTTLE_WINDOW_SECONDS', 15 * 60, 1, 24 * 60 * 60) * 1000,
      loginFailuresPerAccount: integer('LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1_000_000),
      loginFailuresPerAddress: integer('LOGIN_MAX_FAILURES_PER_ADDRESS', 50, 1, 1_000_000),
      registrationsPerAddress: integer('REGISTER_MAX_PER_ADDRESS', 20, 1, 1_000_000),
      registrationsPerAccount: integer('REGISTER_MAX_PER_ACCOUNT', 5, 1, 1_000_000),
    },
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
