/**
 * The rules the database keeps itself (each store's figures, the daily counts, the monthly trend, the
 * rating upsert) live in `functions/*.sql`, one file per rule, written `create or replace`: each file
 * is the current definition of its functions and triggers, readable whole. After the migrations, every
 * file whose text changed since it was last applied (its sha256 in `database_functions`, migration
 * 0007) is applied, in one transaction under an advisory lock, so instances starting together apply
 * it once and a failing file changes nothing.
 *
 * What `create or replace` cannot do needs a migration: renaming or dropping a function or trigger,
 * changing a function's arguments or result type (drop it there; the file creates it again).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

/** Beside this module, in src/ and (copied by the build) in dist/. */
export const FUNCTIONS_DIR = path.join(__dirname, 'functions');

/** Any fixed number: the advisory lock that makes one starting instance at a time apply the files. */
const APPLY_LOCK = 7_306_001;

export interface FunctionsFile {
  file: string;
  sha256: string;
  statements: string[];
}

/** The files in name order, each split into its statements. */
export function readFunctionsFiles(dir: string = FUNCTIONS_DIR): FunctionsFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      return { file, sha256: createHash('sha256').update(text).digest('hex'), statements: splitStatements(text) };
    });
}

/**
 * Splits SQL at each `;` that ends a line outside a dollar-quoted body (`$$ … $$`, where the
 * function's own statements end with `;`). `--` comment lines outside bodies are dropped.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of text.split('\n')) {
    if (!inBody && current.length === 0 && (line.trim() === '' || line.trim().startsWith('--'))) continue;
    current.push(line);
    inBody = (line.split('$$').length - 1) % 2 === 1 ? !inBody : inBody;
    if (!inBody && line.trimEnd().endsWith(';')) {
      statements.push(current.join('\n').trim().replace(/;$/, ''));
      current = [];
    }
  }
  if (current.some((line) => line.trim() !== ''))
    throw new Error(`SQL after the last statement does not end with ';': ${current.join('\n').trim().slice(0, 80)}`);
  return statements;
}

/**
 * Applies the files that changed since they were last applied (every file with `everyFile`: after a
 * migration, which may have dropped a table and its triggers); returns their names.
 */
export async function applyDatabaseFunctions(db: Kysely<DB>, dir: string = FUNCTIONS_DIR, { everyFile = false } = {}): Promise<string[]> {
  const files = readFunctionsFiles(dir);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${APPLY_LOCK})`.execute(trx);
    const rows = await trx.selectFrom('database_functions').select(['file', 'sha256']).execute();
    const applied = new Map(rows.map((row) => [row.file, row.sha256]));
    const changed = files.filter(({ file, sha256 }) => everyFile || applied.get(file) !== sha256);
    for (const { file, sha256, statements } of changed) {
      for (const statement of statements) {
        try {
          await sql.raw(statement).execute(trx);
        } catch (error) {
          throw new Error(`db/functions/${file}: ${(error as Error).message}`, { cause: error });
        }
      }
      await trx
        .insertInto('database_functions')
        .values({ file, sha256 })
        .onConflict((oc) => oc.column('file').doUpdateSet({ sha256, applied_at: sql<Date>`now()` }))
        .execute();
    }
    return changed.map(({ file }) => file);
  });
}
