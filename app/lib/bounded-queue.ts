/**
 * Runs at most `concurrency` jobs at once and keeps at most `waiting` more in line; a job that
 * finds the line full is refused at once with `full()`, so a burst costs a bounded amount of CPU
 * and memory and the caller can tell the client to come back later. With `perKey`, one key (a
 * user) has at most `perKey.limit` jobs running or waiting; past that its job is refused with
 * `perKey.refused()`, so one person cannot take the whole line from everyone else.
 */
export function boundedQueue(options: {
  concurrency: number;
  waiting: number;
  full: () => Error;
  perKey?: { limit: number; refused: () => Error };
}) {
  let running = 0;
  const line: Array<() => void> = [];
  const jobsOf = new Map<string | number, number>();

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

  function claim(key: string | number | undefined): () => void {
    if (key === undefined || !options.perKey) return () => {};
    const jobs = jobsOf.get(key) ?? 0;
    if (jobs >= options.perKey.limit) throw options.perKey.refused();
    jobsOf.set(key, jobs + 1);
    return () => {
      const left = (jobsOf.get(key) ?? 1) - 1;
      if (left > 0) jobsOf.set(key, left);
      else jobsOf.delete(key);
    };
  }

  return {
    /** The jobs running and waiting now. */
    state(): { running: number; waiting: number } {
      return { running, waiting: line.length };
    },
    /** Runs `job` in its turn; `key` (a user's id) counts it against that key's limit. */
    async run<T>(job: () => Promise<T>, key?: string | number): Promise<T> {
      const unclaim = claim(key);
      try {
        await place();
      } catch (error) {
        unclaim();
        throw error;
      }
      try {
        return await job();
      } finally {
        release();
        unclaim();
      }
    },
  };
}
