/**
 * batchedWrites (db/write-batches.ts), with a `run` of our own in place of the database: writes of one
 * event-loop turn go together; a lone write goes after its turn; writes arriving while batches run are
 * gathered into the next; writes with one key never
 * share or overlap a batch and apply in the order they came; a failing batch of several is run again
 * write by write, so only the failing write's caller sees the error.
 */
import { batchedWrites } from '../src/db/write-batches';

interface Write {
  key: string;
  value: number;
}

/** A `run` whose batches the test ends by hand, recording each batch it was given. */
function heldRuns(fail: (items: Write[]) => boolean = () => false) {
  const batches: Write[][] = [];
  const pending: (() => void)[] = [];
  const run = (items: Write[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() =>
        fail(items) ? reject(new Error(`failed: ${items.map((w) => w.value).join(',')}`)) : resolve(items.map((w) => w.value * 10)),
      );
    });
  };
  /** Ends the oldest running batch and lets its follow-up start. */
  const endOldest = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { run, batches, endOldest, running: () => pending.length };
}

const write = (key: string, value: number): Write => ({ key, value });
/** The end of the event loop's current turn, when waiting writes start. */
const turnEnd = () => new Promise((resolve) => setImmediate(resolve));
const values = (batches: Write[][]) => batches.map((batch) => batch.map((w) => w.value));

describe('batchedWrites', () => {
  it('runs a lone write at the end of its turn, as a batch of one, and gives its result', async () => {
    const runs = heldRuns();
    const writeOne = batchedWrites({ run: runs.run, keyOf: (w: Write) => w.key, inFlight: 2, maxSize: 10 });
    const result = writeOne(write('a', 1));
    expect(values(runs.batches)).toEqual([]);
    await turnEnd();
    expect(values(runs.batches)).toEqual([[1]]);
    await runs.endOldest();
    await expect(result).resolves.toBe(10);
  });

  it('puts the writes of one turn in one batch, up to maxSize', async () => {
    const runs = heldRuns();
    const writeOne = batchedWrites({ run: runs.run, keyOf: (w: Write) => w.key, inFlight: 2, maxSize: 3 });
    const results = [1, 2, 3, 4].map((value) => writeOne(write(`k${value}`, value)));
    await turnEnd();
    expect(values(runs.batches)).toEqual([[1, 2, 3], [4]]);
    while (runs.running() > 0) await runs.endOldest();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40]);
  });

  it('gathers the writes that arrive while inFlight batches run into the next batch, up to maxSize', async () => {
    const runs = heldRuns();
    const writeOne = batchedWrites({ run: runs.run, keyOf: (w: Write) => w.key, inFlight: 2, maxSize: 3 });
    const results: Promise<number>[] = [];
    for (const value of [1, 2]) {
      results.push(writeOne(write(`k${value}`, value)));
      await turnEnd();
    }
    for (const value of [3, 4, 5, 6, 7]) results.push(writeOne(write(`k${value}`, value)));
    await turnEnd();
    // Two batches of one run, one from each turn; the five that came meanwhile wait.
    expect(values(runs.batches)).toEqual([[1], [2]]);
    await runs.endOldest();
    expect(values(runs.batches)).toEqual([[1], [2], [3, 4, 5]]);
    await runs.endOldest();
    expect(values(runs.batches)).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    while (runs.running() > 0) await runs.endOldest();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('never puts two writes of one key in one batch, nor in two batches at once: they apply in the order they came', async () => {
    const runs = heldRuns();
    const writeOne = batchedWrites({ run: runs.run, keyOf: (w: Write) => w.key, inFlight: 2, maxSize: 10 });
    const first = writeOne(write('same', 1));
    await turnEnd();
    const results = [first, ...[write('same', 2), write('other', 3), write('same', 4)].map(writeOne)];
    await turnEnd();
    // 'same' 1 runs; 'same' 2 may not run beside it, so the second batch takes 'other' alone.
    expect(values(runs.batches)).toEqual([[1], [3]]);
    await runs.endOldest();
    expect(values(runs.batches)).toEqual([[1], [3], [2]]);
    await runs.endOldest();
    await runs.endOldest();
    expect(values(runs.batches)).toEqual([[1], [3], [2], [4]]);
    await runs.endOldest();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40]);
  });

  it('runs each write of a failing batch again alone, so only the failing write is refused', async () => {
    const runs = heldRuns((items) => items.some((w) => w.value === 3));
    const writeOne = batchedWrites({ run: runs.run, keyOf: (w: Write) => w.key, inFlight: 1, maxSize: 10 });
    const results = [1, 2, 3, 4].map((value) => writeOne(write(`k${value}`, value)).catch((error: Error) => error.message));
    await turnEnd();
    expect(values(runs.batches)).toEqual([[1, 2, 3, 4]]);
    await runs.endOldest(); // the batch fails: 1 is run again alone
    await runs.endOldest(); // 1 ends, then 2 runs
    await runs.endOldest(); // 2 ends, then 3 runs
    await runs.endOldest(); // 3 fails alone too, then 4 runs
    await runs.endOldest(); // 4 ends
    expect(values(runs.batches)).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 'failed: 3', 40]);
  });

  it('refuses a batch whose results do not match its writes one for one', async () => {
    const writeOne = batchedWrites({ run: async () => [], keyOf: (w: Write) => w.key, inFlight: 1, maxSize: 10 });
    await expect(writeOne(write('a', 1))).rejects.toThrow('a batch of 1 writes gave 0 results');
  });

  it('needs room for at least one batch of one write', () => {
    expect(() => batchedWrites({ run: async () => [], keyOf: (w: Write) => w.key, inFlight: 0, maxSize: 10 })).toThrow(/at least 1/);
  });
});
