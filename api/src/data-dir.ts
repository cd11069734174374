/**
 * DATA_DIR holds the embedded database (emails and argon2 hashes, in its tables and its WAL) and the
 * generated JWT secret: it is its owner's only. The server runs under umask 077 (main.ts), so every
 * folder it and PGlite create is 0700 and every file 0600; a data folder made before (by an older
 * version, or under another umask) is fixed up once at start by `makeDataDirPrivate`.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What `makeDataDirPrivate` did: entries made private, and entries it left as they are (with why). */
export interface PrivacyFixUp {
  changed: number;
  /** Not this user's (a volume's root owned by root, a file another user left), or not readable or gone meanwhile. */
  skipped: string[];
}

const SKIPPABLE = new Set(['EPERM', 'EACCES', 'ENOENT']);

/**
 * Takes every right of group and others off `dir` and everything under it that this user owns
 * (symbolic links are left alone, and not followed). Never throws for one entry: what it may not
 * change (another user's, unreadable, removed meanwhile by a running server) is listed in `skipped`.
 */
export function makeDataDirPrivate(dir: string): PrivacyFixUp {
  const result: PrivacyFixUp = { changed: 0, skipped: [] };
  const uid = process.getuid?.();
  const walk = (entry: string) => {
    try {
      const stat = lstatSync(entry);
      if (stat.isSymbolicLink()) return;
      if (uid !== undefined && stat.uid !== uid) {
        result.skipped.push(`${entry} (owned by uid ${stat.uid})`);
        return;
      }
      if ((stat.mode & 0o077) !== 0) {
        chmodSync(entry, stat.mode & 0o7700);
        result.changed++;
      }
      if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!SKIPPABLE.has(code)) throw error;
      if (code !== 'ENOENT') result.skipped.push(`${entry} (${code})`);
    }
  };
  walk(dir);
  return result;
}
