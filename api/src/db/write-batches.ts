/**
 * Writes gathered into batches as they arrive: a write waits for the end of the event loop's current
 * turn, so the writes of every request read in that turn go together, and then starts while fewer than
 * `inFlight` batches run; otherwise it waits on, and when a batch ends, every write that waited
 * meanwhile (up to `maxSize`) goes in the next one. (On PGlite, whose one connection runs each statement
 * on the server's own thread, the turn is what gathers them: no other request is read while a batch
 * runs.) A lone write is a batch of one; under load, one statement, its triggers and its commit serve
 * many writes (the rating upsert, routes/ratings/rating-writes.ts: 1.1-1.7x the upserts/s of one
 * statement per write over HTTP, side by side, BENCHMARKS.md).
 *
 * Two writes with the same key never share a batch (one statement cannot change a row twice), nor run
 * in two batches at once: the later one waits until the earlier one's batch has ended, so writes to one
 * row apply in the order they arrived.
 * When a batch of several fails, each of its writes is run again alone, one after the other, so an
 * error (a store deleted meanwhile, say) reaches only the write it belongs to.
 */

export interface WriteBatchOptions<Item, Result> {
  /** Runs the writes as one; resolves with one result per item, in the items' order. */
  run: (items: Item[]) => Promise<Result[]>;
  /** Writes with equal keys go in different batches. */
  keyOf: (item: Item) => string;
  /** How many batches may run at once (each holds a database connection). */
  inFlight: number;
  /** The most writes in one batch. */
  maxSize: number;
}

interface Pending<Item, Result> {
  item: Item;
  key: string;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** A function that writes one item, batched with the writes around it. */
export function batchedWrites<Item, Result>(options: WriteBatchOptions<Item, Result>): (item: Item) => Promise<Result> {
  const { run, keyOf, inFlight, maxSize } = options;
  if (!(inFlight >= 1 && maxSize >= 1)) throw new Error('batchedWrites needs inFlight and maxSize of at least 1');
  let waiting: Pending<Item, Result>[] = [];
  let running = 0;
  let startScheduled = false;
  /** The keys of the writes in running batches. */
  const busyKeys = new Set<string>();

  /** The first waiting writes whose keys are free and distinct, up to maxSize; the rest keep their place. */
  function takeBatch(): Pending<Item, Result>[] {
    const batch: Pending<Item, Result>[] = [];
    const left: Pending<Item, Result>[] = [];
    for (const pending of waiting) {
      if (batch.length < maxSize && !busyKeys.has(pending.key)) {
        busyKeys.add(pending.key);
        batch.push(pending);
      } else left.push(pending);
    }
    waiting = left;
    return batch;
  }

  async function runBatch(batch: Pending<Item, Result>[]): Promise<void> {
    try {
      const results = await run(batch.map((pending) => pending.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} writes gave ${results.length} results`);
      batch.forEach((pending, i) => pending.resolve(results[i] as Result));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) {
        try {
          const [result] = await run([pending.item]);
          pending.resolve(result as Result);
        } catch (aloneError) {
          pending.reject(aloneError);
        }
      }
    }
  }

  function startBatches(): void {
    while (running < inFlight && waiting.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return; // every waiting write's key is busy: the batch that frees it starts them
      running++;
      void runBatch(batch).finally(() => {
        running--;
        for (const pending of batch) busyKeys.delete(pending.key);
        startBatches();
      });
    }
  }

  function startAfterThisTurn(): void {
    if (startScheduled) return;
    startScheduled = true;
    setImmediate(() => {
      startScheduled = false;
      startBatches();
    });
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, key: keyOf(item), resolve, reject });
      startAfterThisTurn();
    });
}
