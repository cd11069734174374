/**
 * The embedded database's process and files, against the built server (`dist/main.js`) as a child process:
 *
 * - The server as PID 1 of a PID namespace (`unshare --pid --fork`), as in a container: after a SIGKILL,
 *   the next start is again PID 1, the very PID the stale lock names. It must take the lock over and
 *   serve what was written before the kill. Both with the host's /proc and with the namespace's own
 *   (`--mount-proc`, as a container mounts it).
 * - The data folder is its owner's only (0700 folders, 0600 files), even when the server is started
 *   under umask 000, and a data folder left world-readable by an older version is made private at the
 *   next start: another local user cannot read the WAL (which holds emails and argon2 hashes).
 *
 * Needs Linux, root (for unshare and runuser) and `unshare`; CI has them. Rounds of SIGKILL and restart:
 * CHAOS_ROUNDS (default 2).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killApi, type RunningApi, startApi, stopApi } from './support/api-process';

const ROUNDS = Math.max(1, Number(process.env.CHAOS_ROUNDS) || 2);
const PASSWORD = 'Chaos@1234';
const isRoot = process.getuid?.() === 0;
const hasUnshare = isRoot && spawnSync('unshare', ['--pid', '--fork', '--kill-child', '--mount-proc', 'true']).status === 0;
const hasRunuser = isRoot && spawnSync('runuser', ['-u', 'nobody', '--', 'true']).status === 0;

async function post(baseUrl: string, urlPath: string, body: unknown) {
  const res = await fetch(baseUrl + urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const register = (baseUrl: string, email: string) =>
  post(baseUrl, '/api/auth/register', { name: 'Chaos Process Test Customer', email, address: '1 Namespace Road', password: PASSWORD });
const login = (baseUrl: string, email: string) => post(baseUrl, '/api/auth/login', { email, password: PASSWORD, role: 'normal_user' });

/** The server under `unshare` (its PID as this machine sees it). */
function serverPid(api: RunningApi): number {
  const children = readFileSync(`/proc/${api.child.pid}/task/${api.child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  if (children.length !== 1) throw new Error(`unshare (pid ${api.child.pid}) has children ${JSON.stringify(children)}`);
  return Number(children[0]);
}

/**
 * A signal to the server itself (`unshare` ignores SIGTERM and does not pass signals on), then the exit
 * code `unshare` passes on once the server has gone.
 */
async function signalInside(api: RunningApi, signal: NodeJS.Signals): Promise<number | null> {
  if (api.child.exitCode === null && api.child.signalCode === null) process.kill(serverPid(api), signal);
  return api.exited;
}

/** Every path under `dir` (itself included) whose mode gives group or others any right, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(dir, p) || '.'}`);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

/** Makes every folder 0777 and every file 0666, as older versions left them under umask 000. */
function openToEveryone(dir: string): void {
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    chmodSync(p, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
}

const describeNamespaces = hasUnshare ? describe : describe.skip;

describeNamespaces('the server as PID 1 of a PID namespace (as in a container), killed and started again', () => {
  it.each([
    ['with the host /proc', ['unshare', '--pid', '--fork', '--kill-child']],
    ['with its own /proc, as a container mounts it', ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc']],
  ])(
    `%s: after each SIGKILL (${ROUNDS}) the next start, PID 1 again, takes the lock over and serves everything written before`,
    async (_label, prefix) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'store-ratings-pid1-'));
      const env = { DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' };
      const emails: string[] = [];
      let api: RunningApi | undefined;
      try {
        for (let round = 0; round <= ROUNDS; round++) {
          api = await startApi(env, { prefix });
          // The lock names its holder: PID 1, the PID every start in a fresh namespace gets.
          expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(1);
          for (const email of emails) expect({ email, status: (await login(api.baseUrl, email)).status }).toEqual({ email, status: 200 });
          if (round === ROUNDS) break;
          const email = `pid1.${round}.${Date.now()}@example.com`;
          expect((await register(api.baseUrl, email)).status).toBe(201);
          emails.push(email);
          await signalInside(api, 'SIGKILL');
          api = undefined;
        }
        expect(await signalInside(api!, 'SIGTERM')).toBe(0);
        api = undefined;
      } finally {
        if (api) await killApi(api);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000 + ROUNDS * 60_000,
  );
});

describe("the data folder is its owner's only", () => {
  // A parent folder anyone may enter (as /var/lib is), so that only DATA_DIR's own modes protect it.
  const base = mkdtempSync(path.join(tmpdir(), 'store-ratings-modes-'));
  chmodSync(base, 0o755);
  const dataDir = path.join(base, 'data');
  const email = `modes.${Date.now()}@example.com`;
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('started under umask 000, the server keeps DATA_DIR 0700 and every file in it 0600; another user cannot read the WAL', async () => {
    const api = await startApi({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' }, { prefix: ['sh', '-c', 'umask 000; exec "$0" "$@"'] });
    try {
      expect((await register(api.baseUrl, email)).status).toBe(201);
      expect(openToOthers(dataDir)).toEqual([]);
      const walDir = path.join(dataDir, 'pglite', 'pg_wal');
      const wal = readdirSync(walDir)
        .filter((name) => /^[0-9A-F]{24}$/.test(name))
        .map((name) => path.join(walDir, name));
      expect(wal.length).toBeGreaterThan(0);
      // What the attacker of the issue read: the new account's email is in the WAL.
      expect(wal.some((file) => readFileSync(file).includes(email))).toBe(true);
      if (hasRunuser) {
        // The same command reads a file that is readable by others, so a refusal below is the modes'.
        expect(spawnSync('runuser', ['-u', 'nobody', '--', 'cat', '/etc/passwd']).status).toBe(0);
        for (const file of wal) {
          const read = spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file], { encoding: 'utf8' });
          expect({ file, status: read.status, stderr: read.stderr }).toMatchObject({
            file,
            status: 1,
            stderr: expect.stringMatching(/Permission denied/),
          });
        }
      }
    } finally {
      expect(await stopApi(api)).toBe(0);
    }
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it('a data folder left open to everyone (0777/0666) by an older version is made private at the next start, data kept', async () => {
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    openToEveryone(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);
    const api = await startApi({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      expect((await login(api.baseUrl, email)).status).toBe(200);
    } finally {
      expect(await stopApi(api)).toBe(0);
    }
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  (isRoot ? it : it.skip)(
    "what is not this user's (a volume's root-owned entries, another user's file) is left as it is, and the server starts",
    async () => {
      const foreign = path.join(dataDir, 'left-by-another-user.txt');
      writeFileSync(foreign, 'not ours');
      chmodSync(foreign, 0o644);
      chownSync(foreign, 65534, 65534);
      const api = await startApi({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
      try {
        expect((await login(api.baseUrl, email)).status).toBe(200);
        expect(api.output()).toMatch(/left as they are/);
      } finally {
        expect(await stopApi(api)).toBe(0);
      }
      expect(lstatSync(foreign).mode & 0o777).toBe(0o644);
      expect(openToOthers(dataDir)).toEqual(['644 left-by-another-user.txt']);
      rmSync(foreign);
    },
    120_000,
  );
});
