import { Worker } from "node:worker_threads";

// A stuck event loop answers nothing, health checks included, and Fly's proxy only routes around
// it: the machine stays stuck. The watchdog is a thread of its own, so it still runs when the
// main thread does not. The main thread writes the time into shared memory every second; when the
// watchdog has not seen it move for `limitMs`, it writes one log line and kills the process,
// whose non-zero exit makes the machine start it again.

// An ES module in a data: URL: the same code whether the server runs built or under tsx.
const WATCHER = `
import { workerData } from "node:worker_threads";
import fs from "node:fs";
const heartbeat = new BigInt64Array(workerData.heartbeat);
setInterval(() => {
  const silentMs = Date.now() - Number(Atomics.load(heartbeat, 0));
  if (silentMs < workerData.limitMs) return;
  const rssMb = Math.round(process.memoryUsage.rss() / 1048576);
  // One JSON line, as the server's logger writes (decision 106): this thread has no logger of its own.
  fs.writeSync(
    1,
    JSON.stringify({
      level: "fatal",
      time: new Date().toISOString(),
      blockedMs: silentMs,
      limitMs: workerData.limitMs,
      rssMb,
      msg: "the event loop is blocked: exiting so the server is restarted",
    }) + "\\n",
  );
  process.kill(process.pid, "SIGKILL");
}, Math.min(1000, workerData.limitMs / 4));
`;

/** Starts the watchdog; `limitMs` 0 leaves it off. */
export function startWatchdog(limitMs: number): void {
  if (limitMs <= 0) return;
  const heartbeat = new BigInt64Array(new SharedArrayBuffer(8));
  const beat = () => Atomics.store(heartbeat, 0, BigInt(Date.now()));
  beat();
  setInterval(beat, Math.min(1000, limitMs / 4)).unref();
  const source = new URL(`data:text/javascript,${encodeURIComponent(WATCHER)}`);
  new Worker(source, { workerData: { heartbeat: heartbeat.buffer, limitMs } }).unref();
}
