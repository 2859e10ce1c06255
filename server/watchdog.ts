import fs from "node:fs";
import { Worker } from "node:worker_threads";

// A stuck event loop answers nothing, health checks included, and Fly's proxy only routes around
// it: the machine stays stuck. The watchdog is a thread of its own, so it still runs when the
// main thread does not. The main thread writes the time into shared memory every second; when the
// watchdog has not seen it move for `limitMs`, it writes one log line and kills the process,
// whose non-zero exit makes the machine start it again. Each time, it first adds one to the count
// in `restartsFile`, which outlives the process: the metrics report it (decision 105).

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
  // A count that cannot be written must not keep the process alive.
  let restarts = 0;
  try { restarts = Number(fs.readFileSync(workerData.restartsFile, "utf8")) || 0; } catch {}
  try { if (workerData.restartsFile) fs.writeFileSync(workerData.restartsFile, String(restarts + 1)); } catch {}
  process.kill(process.pid, "SIGKILL");
}, Math.min(1000, workerData.limitMs / 4));
`;

/** How many times a watchdog writing to `restartsFile` has ended the server. */
export function watchdogRestarts(restartsFile: string): number {
  try {
    return Number(fs.readFileSync(restartsFile, "utf8")) || 0;
  } catch {
    return 0;
  }
}

/** Starts the watchdog; `limitMs` 0 leaves it off. Its restarts are counted in `restartsFile` when given. */
export function startWatchdog(limitMs: number, restartsFile?: string): void {
  if (limitMs <= 0) return;
  const heartbeat = new BigInt64Array(new SharedArrayBuffer(8));
  const beat = () => Atomics.store(heartbeat, 0, BigInt(Date.now()));
  beat();
  setInterval(beat, Math.min(1000, limitMs / 4)).unref();
  const source = new URL(`data:text/javascript,${encodeURIComponent(WATCHER)}`);
  new Worker(source, { workerData: { heartbeat: heartbeat.buffer, limitMs, restartsFile } }).unref();
}
