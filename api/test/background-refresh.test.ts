/** The admin dashboard's integrity checks run at most every maxAgeMs, in the background after the first. */
import { refreshedInBackground } from '../src/routes/admin/integrity';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('refreshedInBackground', () => {
  it('waits for the first value, then answers the last one at once while it is fresh', async () => {
    let now = 0;
    let runs = 0;
    const value = refreshedInBackground(
      async () => ++runs,
      60_000,
      () => now,
    );
    expect(await value()).toBe(1);
    now = 59_000;
    expect(await value()).toBe(1);
    expect(runs).toBe(1);
  });

  it('answers the stale value at once and refreshes once in the background', async () => {
    let now = 0;
    const results = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const value = refreshedInBackground(
      () => results[calls++].promise,
      1_000,
      () => now,
    );
    const first = value();
    results[0].resolve('first');
    expect(await first).toBe('first');

    now = 5_000;
    expect(await value()).toBe('first'); // stale: answered at once, one refresh started
    expect(await value()).toBe('first'); // the refresh is running: not a second one
    expect(calls).toBe(2);
    results[1].resolve('second');
    await new Promise((r) => setImmediate(r));
    expect(await value()).toBe('second');
  });

  it('keeps the last value when a background refresh fails', async () => {
    let now = 0;
    let fail = false;
    const value = refreshedInBackground(
      async () => {
        if (fail) throw new Error('database away');
        return 'good';
      },
      1_000,
      () => now,
    );
    expect(await value()).toBe('good');
    fail = true;
    now = 2_000;
    expect(await value()).toBe('good');
    await new Promise((r) => setImmediate(r));
    expect(await value()).toBe('good');
  });

  it('computes afresh on every call with maxAgeMs 0', async () => {
    let runs = 0;
    const value = refreshedInBackground(async () => ++runs, 0);
    expect([await value(), await value(), await value()]).toEqual([1, 2, 3]);
  });
});
