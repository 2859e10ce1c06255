/**
 * Runs at most `concurrency` jobs at once and keeps at most `waiting` more in line; a job that
 * finds the line full is refused at once with `full()`, so a burst costs a bounded amount of CPU
 * and memory and the caller can tell the client to come back later.
 */
export function boundedQueue(options: { concurrency: number; waiting: number; full: () => Error }) {
  let running = 0;
  const line: Array<() => void> = [];

  function release(): void {
    const next = line.shift();
    if (next) next();
    else running--;
  }

  async function place(): Promise<void> {
    if (running < options.concurrency) {
      running++;
      return;
    }
    if (line.length >= options.waiting) throw options.full();
    // The place is handed over by `release`, so `running` counts it already.
    await new Promise<void>((resolve) => line.push(resolve));
  }

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      await place();
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
