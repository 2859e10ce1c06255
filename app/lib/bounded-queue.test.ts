import { describe, expect, it } from "vitest";
import { boundedQueue } from "~/lib/bounded-queue";

/** A job that runs until `finish` is called, recording how many jobs run at once. */
function gate() {
  let running = 0;
  let most = 0;
  const finishers: Array<() => void> = [];
  const job = () =>
    new Promise<number>((resolve) => {
      running++;
      most = Math.max(most, running);
      finishers.push(() => {
        running--;
        resolve(most);
      });
    });
  return { job, finishNext: () => finishers.shift()?.(), most: () => most, started: () => finishers.length };
}

const full = () => new Error("full");

describe("boundedQueue", () => {
  it("runs at most `concurrency` jobs at once, keeps at most `waiting` more and refuses the rest at once", async () => {
    const queue = boundedQueue({ concurrency: 2, waiting: 3, full });
    const { job, finishNext, most, started } = gate();
    const accepted = Array.from({ length: 5 }, () => queue.run(job));
    await expect(queue.run(job)).rejects.toThrow("full");
    expect(started()).toBe(2);
    expect(queue.state()).toEqual({ running: 2, waiting: 3 });
    for (let n = 0; n < 5; n++) {
      await Promise.resolve();
      finishNext();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(accepted);
    expect(most()).toBe(2);
    expect(queue.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees a place when a job fails, and takes new jobs once the queue drains", async () => {
    const queue = boundedQueue({ concurrency: 1, waiting: 0, full });
    await expect(queue.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    await expect(queue.run(() => Promise.resolve("next"))).resolves.toBe("next");
    const slow = queue.run(() => new Promise((resolve) => setTimeout(resolve, 20, "slow")));
    await expect(queue.run(() => Promise.resolve("refused"))).rejects.toThrow("full");
    await expect(slow).resolves.toBe("slow");
    await expect(queue.run(() => Promise.resolve("again"))).resolves.toBe("again");
  });

  it("keeps at most `perKey.limit` jobs of one key running or waiting, refuses its next, and takes it again once one ends", async () => {
    const queue = boundedQueue({
      concurrency: 1,
      waiting: 5,
      full,
      perKey: { limit: 2, refused: () => new Error("yours wait") },
    });
    const { job, finishNext } = gate();
    const first = queue.run(job, 7);
    const second = queue.run(job, 7);
    // Refused at once, not put in line.
    await expect(Promise.race([queue.run(job, 7), Promise.resolve("in line")])).rejects.toThrow("yours wait");
    // Another key, and a job without a key, still find a place.
    const other = queue.run(job, 8);
    const unkeyed = queue.run(job);
    finishNext();
    await first;
    const third = queue.run(job, 7);
    for (let n = 0; n < 4; n++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      finishNext();
    }
    await Promise.all([second, other, unkeyed, third]);
    // A refused job holds no place: the key runs two again.
    const again = [queue.run(job, 7), queue.run(job, 7)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishNext();
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishNext();
    await Promise.all(again);
  });
});
