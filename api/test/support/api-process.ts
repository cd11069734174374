/**
 * The built API (`dist/main.js`) as a child process, the way `npm start` runs it, for tests that need
 * the real process: its exit, its signals, its sockets, its files.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** The built server; API_MAIN runs another build instead (e.g. an older one, to see a test fail before its fix). */
export const API_MAIN = process.env.API_MAIN ?? path.resolve(__dirname, '..', '..', 'dist', 'main.js');

export interface ApiProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

export interface RunningApi extends ApiProcess {
  baseUrl: string;
  port: number;
}

export interface RunOptions {
  /** The command before `node dist/main.js` (e.g. `['unshare', '--pid', '--fork']`). */
  prefix?: string[];
}

/** Starts the process with only PATH, HOME and LOG_LEVEL=info from this environment, plus `env`. */
export function runApi(env: Record<string, string>, { prefix = [] }: RunOptions = {}): ApiProcess {
  const [command, ...args] = [...prefix, process.execPath, API_MAIN];
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the process on a free port of 127.0.0.1 and waits until it listens (or throws with its output). */
export async function startApi(env: Record<string, string>, options: RunOptions = {}): Promise<RunningApi> {
  const proc = runApi({ PORT: '0', HOST: '127.0.0.1', ...env }, options);
  // Generous: a first start seeds the demo data (argon2 hashes) while CI runs other suites beside it.
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    const match = /API on http:\/\/localhost:(\d+)/.exec(proc.output());
    if (match) return { ...proc, baseUrl: `http://127.0.0.1:${match[1]}`, port: Number(match[1]) };
    const code = await Promise.race([proc.exited, new Promise((r) => setTimeout(() => r('running'), 100))]);
    if (code !== 'running') throw new Error(`API exited with ${code}:\n${proc.output()}`);
  }
  proc.child.kill('SIGKILL');
  throw new Error(`API did not start:\n${proc.output()}`);
}

/** SIGTERM, then the exit code. */
export async function stopApi(running: ApiProcess): Promise<number | null> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM');
  return running.exited;
}

/** SIGKILL, then waits for the exit. */
export async function killApi(running: ApiProcess): Promise<void> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
  await running.exited;
}
