/**
 * Fixed-window counters for throttling: in process memory by default, in Redis when REDIS_URL is
 * set so that several API processes share them.
 */
import { Redis } from 'ioredis';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface CounterStore {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one off a live count (never below 0, never starting a window). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
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


  async decrement(key: string): Promise<void> {
    const entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= Date.now()) return;
    entry.count -= 1;
    if (entry.count <= 0) this.counters.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
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

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'store-ratings:throttle:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    // Connection errors surface on the commands that fail; don't crash on the emitter.
    this.redis.on('error', () => undefined);
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }


  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT_SCRIPT, 1, this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
