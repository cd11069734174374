/**
 * DATA_DIR holds the embedded database (emails and argon2 hashes, in its tables and its WAL) and the
 * generated JWT secret: it is its owner's only. The server runs under umask 077 (main.ts), so every
 * folder it and PGlite create is 0700 and every file 0600; a data folder made before (by an older
 * version, or under another umask) is fixed up once at start by `makeDataDirPrivate`.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Takes every right of group and others off `dir` and everything under it (symbolic links are left
 * alone, and not followed). Returns how many entries it changed; nothing when `dir` does not exist.
 */
export function makeDataDirPrivate(dir: string): number {
  let changed = 0;
  const walk = (entry: string) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(entry, stat.mode & 0o7700);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return changed;
}
