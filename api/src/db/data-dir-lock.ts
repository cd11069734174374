/**
 * PGlite's files belong to one process at a time: a second process opening them would corrupt them.
 *
 * The lock is a file beside the data folder (`<dataDir>.lock`), created whole or not at all (written
 * aside, then hard-linked into place, which fails when it exists), naming its holder:
 *
 * - a Unix socket the holder listens on, beside the lock: the kernel stops it listening when the
 *   holder dies, however it dies, so a newcomer that connects knows the holder is alive and one whose
 *   connection is refused knows it is gone. This holds whatever the PIDs: a server that is PID 1 of a
 *   container, killed and started again as PID 1, finds the socket of the dead PID 1 refusing; two
 *   containers of one machine sharing the folder see each other's socket listening.
 * - when the socket could not be made (a path too long for a socket, a file system without sockets):
 *   the machine's boot id and the holder's PID and start time as /proc shows them (field 22 of
 *   `/proc/<pid>/stat`), so a PID reused by another process, this very one included, is recognised.
 *   Without /proc (macOS): the PID, and for this process's own PID its start time.
 *
 * A lock whose holder is alive (this very process too: a second PGlite on the same files) is refused,
 * and so is one held on another host, or where the holder cannot be asked; a lock whose holder is gone
 * is taken over: moved aside atomically and checked to be the one judged, so that two processes
 * starting together after a crash cannot both take it.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';

/** What the lock file says about its holder. Older versions wrote only host and pid. */
interface Holder {
  host: string;
  /** Its PID as it saw itself (1 in a container). */
  pid: number;
  /** When it started, ms since the epoch (tells this process from an earlier one with its PID). */
  startedAt?: number;
  /** /proc/sys/kernel/random/boot_id: one per boot of one machine. */
  bootId?: string;
  /** The device of the /proc it read: equal only where PIDs are seen alike (the same PID namespace view). */
  procDev?: number;
  /** Its PID and start time (clock ticks after boot) as that /proc shows them. */
  procPid?: number;
  startTicks?: string;
  /** Its socket, a name in the lock's folder. */
  socket?: string;
}

/** The longest socket path every platform takes (sun_path is 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;
const PROBE_TIMEOUT_MS = 2000;

/** Locks `dataDir` for this process, or throws saying who holds it. Returns the release function. */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const lockFile = `${dataDir}.lock`;
  const folder = path.dirname(lockFile);
  const token = randomBytes(6).toString('hex');
  const listener = await listenBeside(`${lockFile}.${token}.sock`);
  const mine: Holder = { ...myIdentity(), ...(listener ? { socket: path.basename(listener.socketPath) } : {}) };
  const content = JSON.stringify(mine);
  const draft = `${lockFile}.${token}.draft`;
  writeFileSync(draft, content);
  let locked = false;
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, lockFile);
        locked = true;
        return () => {
          try {
            if (readFileSync(lockFile, 'utf8') === content) unlinkSync(lockFile);
          } catch {
            // Already gone.
          }
          listener?.close();
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let found: string;
      try {
        found = readFileSync(lockFile, 'utf8');
      } catch {
        continue; // released meanwhile
      }
      const holder = parseHolder(found);
      if (holder) {
        const verdict = await judge(holder, folder);
        if (verdict !== 'gone') {
          throw new Error(
            `the embedded database in ${dataDir} is in use by another process (pid ${holder.pid} on ${holder.host}${verdict === 'unknown' ? ', which this process cannot ask whether it is alive' : ''}); ` +
              'PGlite serves one process at a time: stop that process, give this one another DATA_DIR, or run several ' +
              `instances on PostgreSQL (DATABASE_URL). If no process uses it, delete ${lockFile}.`,
          );
        }
      }
      takeOver(lockFile, found, `${lockFile}.${token}.stale`);
      if (holder?.socket) removeQuietly(path.join(folder, path.basename(holder.socket)));
    }
    throw new Error(`could not lock ${dataDir}: others kept taking its lock over`);
  } finally {
    removeQuietly(draft);
    if (!locked) listener?.close();
  }
}

/**
 * Removes the stale lock whose content was `judged`, and only that one: it is moved aside (atomic),
 * and if what was moved is not what was judged (another process took the lock over meanwhile and
 * holds it now), it is put back.
 */
function takeOver(lockFile: string, judged: string, aside: string): void {
  try {
    renameSync(lockFile, aside);
  } catch {
    return; // gone meanwhile
  }
  try {
    if (readFileSync(aside, 'utf8') !== judged) linkSync(aside, lockFile);
  } catch {
    // Put back failed: someone locked meanwhile, and holds it now.
  } finally {
    removeQuietly(aside);
  }
}

type Verdict = 'alive' | 'gone' | 'unknown';

async function judge(holder: Holder, folder: string): Promise<Verdict> {
  const me = myIdentity();
  const sameKernel = holder.bootId !== undefined && holder.bootId === me.bootId;
  if (holder.bootId && me.bootId && !sameKernel) {
    // Another boot: of this machine (restarted since: the holder is gone), or another machine.
    return holder.host === me.host ? 'gone' : 'unknown';
  }
  // Another host name on the same kernel is another container of this machine: it can still be asked.
  if (!sameKernel && holder.host !== me.host) return 'unknown';
  if (holder.socket) {
    const answer = await probe(path.join(folder, path.basename(holder.socket)));
    if (answer !== 'no answer') return answer;
  }
  if (sameKernel) {
    if (holder.procDev !== me.procDev || holder.procPid === undefined || holder.startTicks === undefined) return 'unknown';
    return startTicksOf(holder.procPid) === holder.startTicks ? 'alive' : 'gone';
  }
  // No /proc here or there: the PID alone (a reused PID of another process cannot be told apart).
  if (holder.pid === process.pid) return holder.startedAt === me.startedAt ? 'alive' : 'gone';
  return processIsAlive(holder.pid) ? 'alive' : 'gone';
}

/** Connects to a holder's socket: it listens while its process lives; the kernel refuses once it is gone. */
function probe(socketPath: string): Promise<'alive' | 'gone' | 'no answer'> {
  return new Promise((resolve) => {
    const connection = net.connect(socketPath);
    const done = (answer: 'alive' | 'gone' | 'no answer') => {
      clearTimeout(timer);
      connection.destroy();
      resolve(answer);
    };
    // A connection neither made nor refused in time: something is there.
    const timer = setTimeout(() => done('alive'), PROBE_TIMEOUT_MS);
    connection.once('connect', () => done('alive'));
    connection.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'gone' : 'no answer'));
  });
}

/** A socket that answers (and hangs up) every connection while this process lives, or null where none can be made. */
async function listenBeside(socketPath: string): Promise<{ socketPath: string; close: () => void } | null> {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) return null;
  const server = net.createServer((connection) => connection.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } catch {
    server.close();
    return null;
  }
  server.unref();
  // An accept that fails later (EMFILE) must not crash the process: the socket only needs to exist.
  server.on('error', () => undefined);
  return {
    socketPath,
    close: () => {
      server.close();
      removeQuietly(socketPath);
    },
  };
}

let identity: Omit<Holder, 'socket'> | undefined;

function myIdentity(): Omit<Holder, 'socket'> {
  if (identity) return identity;
  identity = { host: hostname(), pid: process.pid, startedAt: Math.round(performance.timeOrigin) };
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const procPid = Number(readFileSync('/proc/self/stat', 'utf8').split(' ', 1)[0]);
    const startTicks = startTicksOf(procPid);
    if (bootId && Number.isInteger(procPid) && startTicks) {
      identity = { ...identity, bootId, procDev: statSync('/proc').dev, procPid, startTicks };
    }
  } catch {
    // No /proc (macOS): host, PID and start time only.
  }
  return identity;
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses), or null. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const holder = JSON.parse(text) as Partial<Holder>;
    return typeof holder.host === 'string' && Number.isInteger(holder.pid) ? (holder as Holder) : null;
  } catch {
    return null; // not a lock of ours: stale
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
