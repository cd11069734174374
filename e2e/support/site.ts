/**
 * The production site the way `npm start` runs it (`node api/dist/main.js` serving the built shell and
 * remotes), on a throw-away embedded database with the demo data and a free port; stopped after.
 * The apps must be built first: Nx builds them before this project's tests (implicit dependencies).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'api', 'dist', 'main.js');
const STARTUP_TIMEOUT_MS = 90_000;

export interface Site {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** Everything the server printed, for a failing test's message. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface SiteOptions {
  /** Extra environment for the server (SITE_DIR, REMOTES_FILE, RELEASES_DIR, ...). */
  env?: Record<string, string>;
}

/** Starts the site; resolves once it answers /api/health with the database up. */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  for (const dir of ['api', 'shell', 'mf-auth', 'mf-stores', 'mf-admin', 'mf-owner', 'mf-customer']) {
    const built = path.join(REPO_ROOT, dir, 'dist');
    if (!existsSync(built))
      throw new Error(`${dir} is not built: run \`npx nx run-many -t build\` (or \`npx nx test e2e\`, which builds first)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-ratings-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      // Every test signs in from 127.0.0.1: the per-address limits would otherwise be reached.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      REGISTER_MAX_PER_ADDRESS: '100000',
      // ... and every browser reports its remotes' health from there too.
      REMOTE_HEALTH_REPORTS_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const port = await waitForPort(
      () => log,
      () => child.exitCode !== null,
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url);
    return { url, dataDir, output: () => log, stop };
  } catch (error) {
    await stop();
    throw new Error(`The site did not start: ${(error as Error).message}\n${log}`, { cause: error });
  }
}

async function waitForPort(output: () => string, hasExited: () => boolean): Promise<number> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = /Store Ratings API on http:\/\/[^:]+:(\d+)/.exec(output());
    if (match) return Number(match[1]);
    if (hasExited()) throw new Error('the server exited');
    await sleep(100);
  }
  throw new Error('no port announced in time');
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not accepting connections yet
    }
    await sleep(200);
  }
  throw new Error('/api/health did not answer 200 in time');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
