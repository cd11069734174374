/**
 * The throttle's counters in Redis (src/auth/counter-store.ts) as a freshly started API process uses
 * them: the requests that come before the first connection is made wait for it, so two processes
 * share their counts from the first request; when Redis is not there at start, the wait is bounded
 * and the counts stay in the process. Runs with TEST_REDIS_URL (CI).
 */
import net from 'node:net';
import { RedisCounterStore } from '../src/auth/counter-store';

const redisUrl = process.env.TEST_REDIS_URL;
const describeRedis = redisUrl ? describe : describe.skip;

const WINDOW_MS = 10_000;
const uniqueKey = (label: string) => `counter-store-test:${label}:${process.pid}:${Date.now()}:${Math.random()}`;

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describeRedis('Redis counters of a process that has just started', () => {
  const stores: RedisCounterStore[] = [];
  const open = (url: string, timeoutMs = 2000) => {
    const store = new RedisCounterStore(url, { timeoutMs, prefix: 'store-ratings:counter-store-test:' });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it('two stores counting the same key from their very first command share the count', async () => {
    const key = uniqueKey('first-command');
    const a = open(redisUrl!);
    const b = open(redisUrl!);
    // Both commands are issued in the tick the connections are opened in, before either is ready.
    const [first, second] = await Promise.all([a.increment(key, WINDOW_MS), b.increment(key, WINDOW_MS)]);
    expect([first.count, second.count].sort()).toEqual([1, 2]);
    expect((await a.get(key)).count).toBe(2);
    expect(await a.health(1000)).toBe('ok');
  });

  it('a store whose Redis is not there at start counts in the process once its wait is over', async () => {
    const key = uniqueKey('no-redis');
    const store = open(`redis://127.0.0.1:${await closedPort()}`, 300);
    const started = Date.now();
    expect((await store.increment(key, WINDOW_MS)).count).toBe(1);
    expect((await store.increment(key, WINDOW_MS)).count).toBe(2);
    expect(await store.health(300)).toBe('unreachable');
    // The wait for the first connection is one command's timeout, not one per command or per retry.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
