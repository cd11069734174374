/**
 * What the reliability scripts run against: a database of their own (a fresh PostgreSQL database
 * made from a server URL, or PGlite in a fresh data directory), migrated and filled with one store
 * owner, an administrator, a few stores and many customers, and signed tokens for the customers, so that load starts
 * at once without signing in (argon2 would dominate the first seconds).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { emailKey } from 'shared-contracts';
import { hashPassword } from '../src/auth/passwords';
import { signToken } from '../src/auth/tokens';
import { type Database, type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

export const WORLD_PASSWORD = 'Reliable#2026';

export interface WorldSize {
  customers: number;
  stores: number;
}

export interface World {
  engine: Engine;
  /** The environment that points the API at this database (DATABASE_URL, or DATA_DIR for PGlite). */
  env: Record<string, string>;
  jwtSecret: string;
  customers: Array<{ id: number; email: string; token: string }>;
  owner: { id: number; email: string; token: string };
  admin: { id: number; email: string; token: string };
  storeIds: number[];
  /** Opens the database directly (for PGlite only while no server holds it). */
  open(): Promise<Database>;
  /** Drops the database or deletes the data directory. */
  destroy(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for `engine`: on PostgreSQL a new database on the server of `postgresUrl`
 * (needs the right to create databases), on PGlite a new data directory.
 */
export async function createWorld(engine: Engine, size: WorldSize, postgresUrl?: string): Promise<World> {
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), `store-ratings-${engine}-`));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as void;
  if (engine === 'postgres') {
    if (!postgresUrl) throw new Error('PostgreSQL needs a server URL (DATABASE_URL or TEST_DATABASE_URL)');
    const name = `store_ratings_rel_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await withClient(postgresUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await withClient(postgresUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    };
  }
  const open = () => openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDataDir: path.join(dataDir, 'pglite') });

  const destroy = async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let world: Omit<World, 'engine' | 'env' | 'jwtSecret' | 'open' | 'destroy'>;
  let database: Database | undefined;
  try {
    database = await open();
    await migrateToLatest(database.db);
    const passwordHash = await hashPassword(WORLD_PASSWORD);
    const run = randomBytes(3).toString('hex');
    const token = (id: number) => signToken({ userId: id, tokenVersion: 0 }, jwtSecret, 24 * 60 * 60);
    const owner = await database.db
      .insertInto('users')
      .values({
        name: 'Reliability Store Owner Account',
        email: `owner.${run}@reliability.example`,
        email_key: emailKey(`owner.${run}@reliability.example`),
        address: '1 Owner Road',
        role: 'store_owner',
        password_hash: passwordHash,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const admin = await database.db
      .insertInto('users')
      .values({
        name: 'Reliability System Administrator',
        email: `admin.${run}@reliability.example`,
        email_key: emailKey(`admin.${run}@reliability.example`),
        address: '1 Admin Road',
        role: 'system_admin',
        password_hash: passwordHash,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const customers = await database.db
      .insertInto('users')
      .values(
        Array.from({ length: size.customers }, (_, i) => ({
          name: `Reliability Customer Number ${i + 1}`,
          email: `customer.${i + 1}.${run}@reliability.example`,
          email_key: emailKey(`customer.${i + 1}.${run}@reliability.example`),
          address: `${i + 1} Customer Street`,
          role: 'normal_user' as const,
          password_hash: passwordHash,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const stores = await database.db
      .insertInto('stores')
      .values(
        Array.from({ length: size.stores }, (_, i) => ({
          name: `Reliability Store ${i + 1}`,
          address: `${i + 1} Market Road`,
          owner_id: owner.id,
        })),
      )
      .returning(['id'])
      .execute();
    world = {
      customers: customers.map((c) => ({ id: c.id, email: c.email, token: token(c.id) })),
      owner: { ...owner, token: token(owner.id) },
      admin: { ...admin, token: token(admin.id) },
      storeIds: stores.map((s) => s.id),
    };
  } catch (error) {
    await database?.close();
    await destroy();
    throw error;
  }
  await database.close();
  return {
    ...world,
    engine,
    // Empty values override whatever the calling shell has set (an empty DATABASE_URL means PGlite).
    env: { DATABASE_URL: databaseUrl ?? '', REDIS_URL: '', DATA_DIR: dataDir, JWT_SECRET: jwtSecret },
    jwtSecret,
    open,
    destroy,
  };
}
