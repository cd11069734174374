/** At most `slots` tasks at a time; the rest wait their turn in arrival order. */
export function createLimiter(slots: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < slots) running++;
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
