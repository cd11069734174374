/** The password-hashing limiter: never more than its slots at once, everyone served in arrival order, failures release their slot. */
import { createLimiter } from '../src/auth/limiter';

const tick = () => new Promise((r) => setImmediate(r));

describe('createLimiter', () => {
  it('runs at most `slots` tasks at once and all of them in the end, in arrival order', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      limit(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }),
    );
    for (let round = 0; round < 6; round++) {
      await tick();
      expect(running).toBeLessThanOrEqual(2);
      releases.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('gives the slot of a failed task to the next one', async () => {
    const limit = createLimiter(1);
    const failed = limit(async () => {
      throw new Error('boom');
    });
    const next = limit(async () => 'next ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next ran');
  });
});
