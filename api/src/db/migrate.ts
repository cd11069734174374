/** Numbered migrations, applied in order at start under Kysely's migration lock. */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as initial from './migrations/0001_initial';
import * as storeCategory from './migrations/0002_store_category';
import * as scale from './migrations/0003_scale';
import * as remoteHealth from './migrations/0004_remote_health';
import * as emailKey from './migrations/0005_email_key';
import * as tokenRevocation from './migrations/0006_token_revocation';
import * as databaseFunctions from './migrations/0007_database_functions';
import * as storeFigures from './migrations/0008_store_figures';
import * as ratingReplies from './migrations/0009_rating_replies';
import * as storeCity from './migrations/0010_store_city';
import * as accountEmail from './migrations/0011_account_email';
import * as moderation from './migrations/0012_moderation';
import * as notifications from './migrations/0013_notifications';
import * as ratingBatches from './migrations/0014_rating_batches';
import { applyDatabaseFunctions, FUNCTIONS_DIR } from './functions';
import type { DB } from './schema';

/**
 * A migration: SQL statements run in order, or (where existing rows need what only JavaScript
 * computes, as 0005's email keys) a function given the database.
 */
type Steps = { statements: string[] } | { up: (db: Kysely<unknown>) => Promise<void> };

/** Add new migrations here, numbered, never edited once released. */
const MIGRATIONS: Record<string, Steps> = {
  '0001_initial': initial,
  '0002_store_category': storeCategory,
  '0003_scale': scale,
  '0004_remote_health': remoteHealth,
  '0005_email_key': emailKey,
  '0006_token_revocation': tokenRevocation,
  '0007_database_functions': databaseFunctions,
  '0008_store_figures': storeFigures,
  '0009_rating_replies': ratingReplies,
  '0010_store_city': storeCity,
  '0011_account_email': accountEmail,
  '0012_moderation': moderation,
  '0013_notifications': notifications,
  '0014_rating_batches': ratingBatches,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, steps]) => [
        name,
        {
          up:
            'up' in steps
              ? steps.up
              : async (db: Kysely<unknown>) => {
                  for (const statement of steps.statements) await sql.raw(statement).execute(db);
                },
        },
      ]),
    );
  }
}

function migratorFor(db: Kysely<DB>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * Applies the migrations up to and including `name` (tests of a migration over existing data). In a
 * PostgreSQL schema of its own, name it (as migrateToLatest): Kysely looks for its migration tables in
 * every schema, and would take another schema's for this one's.
 */
export async function migrateUpTo(db: Kysely<DB>, name: keyof typeof MIGRATIONS & string, schema?: string): Promise<void> {
  const { error } = await migratorFor(db, schema).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * Applies the migrations not applied yet, then the database functions that changed (db/functions.ts),
 * or all of them when a migration was applied (it may have dropped what they define).
 * Returns the names of the migrations it applied.
 */
export async function migrateToLatest(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const { error, results } = await migratorFor(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  await applyDatabaseFunctions(db, FUNCTIONS_DIR, { everyFile: applied.length > 0 });
  return applied;
}
