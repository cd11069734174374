/**
 * Which database the benchmark uses, for `bench:seed`, `bench` and the server it starts alike:
 * DATABASE_URL (PostgreSQL), else embedded PGlite in `<DATA_DIR>/pglite` (DATA_DIR defaults to .data/bench).
 */
import path from 'node:path';
import { type DatabaseOptions, openDatabase } from '../src/db/database';

const DEFAULT_BENCH_DATA_DIR = path.resolve(__dirname, '..', '..', '.data', 'bench');

export interface BenchTarget {
  databaseUrl?: string;
  /** The server's DATA_DIR; PGlite lives in its pglite/ folder. */
  dataDir: string;
}

export function benchTarget(env: NodeJS.ProcessEnv = process.env): BenchTarget {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return { databaseUrl, dataDir: path.resolve(env.DATA_DIR?.trim() || DEFAULT_BENCH_DATA_DIR) };
}

export function openBenchDatabase(target: BenchTarget, options: Pick<DatabaseOptions, 'poolSize' | 'onQuery'> = {}) {
  return openDatabase(
    target.databaseUrl
      ? { databaseUrl: target.databaseUrl, ...options }
      : { pgliteDataDir: path.join(target.dataDir, 'pglite'), ...options },
  );
}
