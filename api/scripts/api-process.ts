/**
 * The production server (`node api/dist/main.js`) as a child process on a free port, as `npm start`
 * runs it: for the benchmark and the reliability scripts, which stop it gently (SIGTERM), kill it
 * (SIGKILL) and read its memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const MAIN = path.resolve(__dirname, '..', 'dist', 'main.js');

export interface RunningServer {
  url: string;
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process has gone. */
  exited: Promise<number | null>;
  /** The last part of its log (stdout and stderr). */
  output(): string;
  /** SIGTERM, then waits for the exit: in-flight requests finish first. */
  stop(): Promise<number | null>;
  /** SIGKILL, then waits for the exit: the process dies at once, mid-request. */
  kill(): Promise<number | null>;
  /** Resident memory of the process in bytes (Linux /proc), or null when unknown. */
  rssBytes(): number | null;
}

const LOG_KEPT = 20_000;

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the API first (npx nx run api:build)`);
  // API_NODE_ARGS: options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under a benchmark.
  const nodeArgs = (process.env.API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Keep reading its log (one line per request at the default level) so it never blocks on a full pipe.
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-LOG_KEPT);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in 120 s:\n${output}`));
    }, 120_000);
    const poll = setInterval(() => {
      const match = /Store Ratings API on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    }, 5);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  return {
    url,
    child,
    pid: child.pid!,
    exited,
    output: () => output,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    rssBytes: () => {
      try {
        const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return match ? Number(match[1]) * 1024 : null;
      } catch {
        return null;
      }
    },
  };
}
