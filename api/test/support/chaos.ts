/**
 * What the chaos tests share: a scratch PostgreSQL database per suite, HTTP calls that time
 * themselves, and a stream of readers that records every answer.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { demoAccountFor } from 'shared-contracts';
import type { Role } from 'shared-contracts';

/** Rounds of each chaos scenario: 1 in `npm test`, more with CHAOS_ROUNDS (the long variant). */
export const CHAOS_ROUNDS = Math.max(1, Number(process.env.CHAOS_ROUNDS ?? 1) || 1);

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** A new, empty database on the test PostgreSQL server, and its removal. */
export async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `chaos_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface Timed {
  status: number;
  ms: number;
  body: any;
  headers: Headers;
}

/** One HTTP call with its duration; a network failure is status 0. Gives up after `timeoutMs`. */
export async function timedFetch(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 60_000) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: response.status, ms: performance.now() - started, body, headers: response.headers };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, body: String(error), headers: new Headers() };
  }
}

export function postJson(url: string, body: unknown, token?: string, timeoutMs?: number): Promise<Timed> {
  return timedFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    timeoutMs,
  });
}

export function getJson(url: string, token?: string, timeoutMs?: number): Promise<Timed> {
  return timedFetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, timeoutMs });
}

/** Signs a demo account in (the server seeds them) and returns its token. */
export async function demoToken(baseUrl: string, role: Role): Promise<string> {
  const account = demoAccountFor(role);
  const res = await postJson(`${baseUrl}/api/auth/login`, { email: account.email, password: account.password, role });
  if (res.status !== 200) throw new Error(`demo sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `clients` loops of calls until stop() is called; every answer is kept. */
export function readersLoop(clients: number, call: (i: number) => Promise<Timed>) {
  const answers: Timed[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async (_, i) => {
    while (running) {
      answers.push(await call(i));
      await sleep(10);
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/**
 * One JSON call from a given local address (127.0.0.2, 127.0.0.3, …: every 127/8 address is this
 * machine), so one test can be several clients the server tells apart by address.
 */
export function requestFrom(
  localAddress: string,
  method: string,
  url: string,
  {
    body,
    token,
    headers = {},
    timeoutMs = 60_000,
  }: { body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        localAddress,
        timeout: timeoutMs,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: kept as text
          }
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body: parsed, headers });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, body: String(error), headers: new Headers() }));
    request.end(payload);
  });
}
