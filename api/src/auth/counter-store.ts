/**
 * Fixed-window counters for throttling: in process memory by default, in Redis when REDIS_URL is
 * set so that several API processes share them. Redis that is down or slow never fails a request:
 * each command waits at most REDIS_TIMEOUT_MS, and while Redis is away the counters are kept in this
 * process (a logged warning; health reports `redis: 'unreachable'`) until it answers again.
 */
import { Redis } from 'ioredis';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface CounterStore {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The live count of a key (0 when it has none). */
  get(key: string): Promise<WindowCount>;
  /** Takes one off a live count (never below 0, never starting a window). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Whether the shared store answers (undefined: there is none, the counters live in this process). */
  health(timeoutMs: number): Promise<'ok' | 'unreachable' | undefined>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    const current = this.counters.get(key);
    const entry = current && current.expiresAt > now ? current : { count: 0, expiresAt: now + windowMs };
    entry.count += 1;
    this.counters.set(key, entry);
    return { count: entry.count, resetInMs: entry.expiresAt - now };
  }

  async get(key: string): Promise<WindowCount> {
    const now = Date.now();
    const entry = this.counters.get(key);
    return entry && entry.expiresAt > now ? { count: entry.count, resetInMs: entry.expiresAt - now } : { count: 0, resetInMs: 0 };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= Date.now()) return;
    entry.count -= 1;
    if (entry.count <= 0) this.counters.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async health(): Promise<undefined> {
    return undefined;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }
}

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

const DECREMENT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
end
return 0
`;

const GET_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

export interface RedisCounterOptions {
  /** A command's longest wait before the counters fall back to this process. */
  timeoutMs: number;
  /** Told when Redis goes away (the counters are per process until it is back) and when it is back. */
  onDegraded?: (error: unknown) => void;
  onRecovered?: () => void;
  prefix?: string;
}

/** After a failed command, the counters stay in this process this long before Redis is tried again. */
const RETRY_REDIS_AFTER_MS = 2000;

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  private readonly local = new MemoryCounterStore();
  private readonly prefix: string;
  private degradedUntil = 0;
  private degraded = false;
  /** Settles when Redis is first ready or timeoutMs after start, whichever comes first. */
  private readonly firstConnection: Promise<void>;
  private starting = true;

  constructor(
    url: string,
    private readonly options: RedisCounterOptions,
  ) {
    this.prefix = options.prefix ?? 'store-ratings:throttle:';
    this.redis = new Redis(url, {
      // Fail fast instead of queueing: a command waits at most timeoutMs, and none waits for a reconnect.
      commandTimeout: options.timeoutMs,
      connectTimeout: Math.max(1000, options.timeoutMs * 4),
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
    });
    // Connection errors surface on the commands that fail; don't crash on the emitter.
    this.redis.on('error', () => undefined);
    this.firstConnection = new Promise<void>((resolve) => {
      const started = () => {
        clearTimeout(timer);
        this.redis.off('ready', started);
        this.starting = false;
        resolve();
      };
      const timer = setTimeout(started, options.timeoutMs);
      timer.unref();
      this.redis.on('ready', started);
    });
  }

  increment(key: string, windowMs: number): Promise<WindowCount> {
    return this.run(
      async () => {
        const [count, ttl] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
        return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
      },
      () => this.local.increment(key, windowMs),
    );
  }

  get(key: string): Promise<WindowCount> {
    return this.run(
      async () => {
        const [count, ttl] = (await this.redis.eval(GET_SCRIPT, 1, this.prefix + key)) as [number, number];
        return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
      },
      () => this.local.get(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.run(
      async () => {
        await this.redis.eval(DECREMENT_SCRIPT, 1, this.prefix + key);
      },
      () => this.local.decrement(key),
    );
  }

  reset(key: string): Promise<void> {
    return this.run(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      () => this.local.reset(key),
    );
  }

  async health(timeoutMs: number): Promise<'ok' | 'unreachable'> {
    if (this.starting) await this.firstConnection;
    if (this.redis.status !== 'ready') return 'unreachable';
    try {
      await Promise.race([
        this.redis.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
      ]);
      return 'ok';
    } catch {
      return 'unreachable';
    }
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /**
   * Redis when it is there, this process's counters while it is not. The requests that come while the
   * first connection is being made wait for it (at most one command's timeout, once), so a fresh
   * process counts in Redis from its first request instead of on its own for RETRY_REDIS_AFTER_MS.
   */
  private async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.starting) await this.firstConnection;
    if (this.redis.status !== 'ready' || Date.now() < this.degradedUntil) {
      if (!this.degraded) this.degrade(new Error(`Redis is ${this.redis.status}`));
      return local();
    }
    try {
      const result = await shared();
      if (this.degraded) {
        this.degraded = false;
        this.options.onRecovered?.();
      }
      return result;
    } catch (error) {
      this.degrade(error);
      return local();
    }
  }

  private degrade(error: unknown): void {
    this.degradedUntil = Date.now() + RETRY_REDIS_AFTER_MS;
    if (this.degraded) return;
    this.degraded = true;
    this.options.onDegraded?.(error);
  }
}
