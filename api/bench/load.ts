/** The load generator (autocannon) and the latency figures the report shows. */
// autocannon ships no types; this is the part of its API the benchmark uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS package without types, read through require
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  /** `total`: answered; `sent`: sent, the answered ones and those still running when the run ended included. */
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface Measured {
  /** Requests (or iterations) per second, over the whole run. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not the expected status, plus transport errors (timeouts included). */
  failures: number;
  /** Of the failures, requests that got no answer within the timeout (runLoad only). */
  timeouts?: number;
  /**
   * Requests still running when the run ended (runLoad only): autocannon stops at the deadline without
   * waiting for them, so they are not in `total` (at most one per connection).
   */
  cutOff?: number;
  /** The run's length (runLoad only). */
  seconds?: number;
  total: number;
}

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A fixed path, or one per request. */
  path: string | (() => string);
  headers?: Record<string, string> | (() => Record<string, string>);
  body?: () => string;
  /** The status every answer should have (default: any 2xx). */
  status?: number;
}

export interface LoadOptions {
  /** How long one request may take before it counts as failed (autocannon's timeout; default 10 s). */
  timeoutSeconds?: number;
}

export async function runLoad(
  url: string,
  request: LoadRequest,
  seconds: number,
  connections = 10,
  options: LoadOptions = {},
): Promise<Measured> {
  const pathOf = typeof request.path === 'function' ? request.path : () => request.path as string;
  const headersOf = typeof request.headers === 'function' ? request.headers : () => (request.headers as Record<string, string>) ?? {};
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(options.timeoutSeconds === undefined ? {} : { timeout: options.timeoutSeconds }),
    requests: [
      {
        method: request.method ?? 'GET',
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          path: pathOf(),
          headers: { ...headersOf(), ...(request.body ? { 'content-type': 'application/json' } : {}) },
          ...(request.body ? { body: request.body() } : {}),
        }),
      },
    ],
  });
  const total = result.requests.total;
  return {
    rps: total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout among its errors as well as in `timeouts`: each once here.
    failures: (request.status === undefined ? result.non2xx : unexpected(result.statusCodeStats, request.status)) + result.errors,
    timeouts: result.timeouts,
    cutOff: Math.max(0, Math.min(connections, result.requests.sent - total - result.errors)),
    seconds,
    total,
  };
}

function unexpected(stats: Record<string, { count: number }>, status: number): number {
  return Object.entries(stats).reduce((n, [code, { count }]) => (Number(code) === status ? n : n + Number(count)), 0);
}

/** Runs `iteration` from `concurrency` loops for `seconds`, timing each: the same figures as runLoad, without HTTP. */
export async function runLoop(iteration: () => Promise<unknown>, seconds: number, concurrency = 10): Promise<Measured> {
  const durations: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await iteration();
        } catch {
          failures++;
        }
        durations.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? 0;
  return { rps: durations.length / elapsed, p50: at(0.5), p99: at(0.99), failures, total: durations.length };
}
