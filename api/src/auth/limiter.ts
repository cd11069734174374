/** Raised by a limiter whose queue is full: the caller should answer 503 and let the client retry. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue full');
  }
}

/**
 * At most `slots` tasks at a time; the rest wait their turn in arrival order, at most `maxWaiting`
 * of them: one more is refused at once with QueueFullError instead of waiting behind a backlog.
 */
export function createLimiter(slots: number, maxWaiting = Number.POSITIVE_INFINITY) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < slots) running++;
    else if (waiting.length >= maxWaiting) throw new QueueFullError();
    // A finished task hands its slot straight to the next in line.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
