/** Starts the production server (`node api/dist/main.js`) as a child process on a free port, as `npm start` does. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const MAIN = path.resolve(__dirname, '..', 'dist', 'main.js');

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the API first (npx nx run api:build)`);
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString();
      const match = /Store Ratings API on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  // Keep draining its log (one line per request at the default level) so it never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
