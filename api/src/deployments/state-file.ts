/**
 * The deployment state, one JSON file (`<releases>/deployments.json`) that the release commands and
 * every API process share: which version of each app is live, its canary, what a rollback returns to,
 * and the history. Readers get a parsed copy cached by the file's size and mtime (the server reads it
 * on every /remotes.json); writers change it under an exclusive lock file and replace it atomically
 * (written beside it, then renamed), so a reader never sees half a file and two writers never lose
 * each other's change.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeployableApp, DeploymentAction } from 'shared-contracts';
import { ReleaseError } from './builds';

export interface ReleaseRef {
  version: string;
  /** When it became live (null for the built-in dist, live before anything was published). */
  since: string | null;
}

export interface CanaryRef {
  version: string;
  percent: number;
  since: string;
}

export interface AppDeploymentState {
  /** null: the app's own build (`<folder>/dist`, version 'dist'). */
  live: ReleaseRef | null;
  canary: CanaryRef | null;
  /** What each rollback returns to, the most recent last. */
  previous: ReleaseRef[];
}

export interface HistoryEntry {
  at: string;
  app: DeployableApp;
  action: DeploymentAction;
  version: string;
  previousVersion: string | null;
  by: string;
  note: string | null;
}

export interface DeploymentState {
  apps: Partial<Record<DeployableApp, AppDeploymentState>>;
  /** Oldest first. */
  history: HistoryEntry[];
}

/** The history kept (the oldest entries go first). */
const HISTORY_LIMIT = 1000;
const LOCK_WAIT_MS = 10_000;
/** A lock this old was left by a command that died: it is taken over. */
const STALE_LOCK_MS = 30_000;

export const emptyState = (): DeploymentState => ({ apps: {}, history: [] });

export class DeploymentStateFile {
  readonly file: string;
  private cached: { key: string; state: DeploymentState } | null = null;

  constructor(releasesDir: string) {
    this.file = path.join(releasesDir, 'deployments.json');
  }

  /** The state as it is now (a copy the caller may not change). */
  read(): DeploymentState {
    let key: string;
    try {
      const stat = statSync(this.file);
      key = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
    } catch {
      return emptyState();
    }
    if (this.cached?.key === key) return this.cached.state;
    const state = parseState(readFileSync(this.file, 'utf8'), this.file);
    this.cached = { key, state };
    return state;
  }

  /** Reads, changes and writes the state under the lock; returns what `change` returned. */
  update<T>(change: (state: DeploymentState) => T): T {
    const release = this.lock();
    try {
      const state = structuredClone(this.read());
      const result = change(state);
      state.history = state.history.slice(-HISTORY_LIMIT);
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
      renameSync(temporary, this.file);
      return result;
    } finally {
      release();
    }
  }

  private lock(): () => void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const lockFile = `${this.file}.lock`;
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const fd = openSync(lockFile, 'wx');
        writeFileSync(fd, `${os.hostname()} ${process.pid} ${new Date().toISOString()}\n`);
        closeSync(fd);
        return () => rmSync(lockFile, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > STALE_LOCK_MS) rmSync(lockFile, { force: true });
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) {
        throw new ReleaseError(`the releases are locked by another command (${lockFile}); try again in a moment`);
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

function parseState(text: string, file: string): DeploymentState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReleaseError(`${file} is not readable JSON (${(error as Error).message})`);
  }
  const state = value as Partial<DeploymentState> | null;
  if (!state || typeof state !== 'object' || typeof state.apps !== 'object' || !Array.isArray(state.history)) {
    throw new ReleaseError(`${file} is not a deployment state`);
  }
  return { apps: state.apps ?? {}, history: state.history };
}
