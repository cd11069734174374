/** Numbered migrations, applied in order at start under Kysely's migration lock. */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as initial from './migrations/0001_initial';
import * as storeCategory from './migrations/0002_store_category';
import * as scale from './migrations/0003_scale';
import * as remoteHealth from './migrations/0004_remote_health';
import type { DB } from './schema';

/** Add new migrations here, numbered, never edited once released. */
const MIGRATIONS: Record<string, { statements: string[] }> = {
  '0001_initial': initial,
  '0002_store_category': storeCategory,
  '0003_scale': scale,
  '0004_remote_health': remoteHealth,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, { statements }]) => [
        name,
        {
          up: async (db: Kysely<unknown>) => {
            for (const statement of statements) await sql.raw(statement).execute(db);
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

/** Applies the migrations up to and including `name` (tests of a migration over existing data). */
export async function migrateUpTo(db: Kysely<DB>, name: keyof typeof MIGRATIONS & string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function migrateToLatest(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const { error, results } = await migratorFor(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
