// The parts of the Lighthouse benchmark that decide rather than measure: the CPU slowdown that
// makes this machine a low-tier phone, the median of a few runs, and whether the machine is quiet
// enough to start (docs/benchmarks.md, "Lighthouse calibrated to a low-tier phone").
import os from "node:os";
import { setTimeout as sleepFor } from "node:timers/promises";

/**
 * The benchmarkIndex of Chrome DevTools' "low-tier mobile" CPU calibration (its
 * CalibrationController's target, a Moto G Power class phone), on Lighthouse's own benchmark.
 */
export const LOW_TIER_BENCHMARK_INDEX = 264;

/**
 * Lighthouse's CPU slowdown multiplier that makes a machine of `benchmarkIndex` as slow as the
 * low-tier phone: their ratio, two decimals. Never under 1: a machine slower than the phone is
 * simulated as it is (DevTools calls it too weak to calibrate).
 */
export function lowTierMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`No benchmarkIndex to calibrate with (${benchmarkIndex})`);
  return Math.max(1, Math.round((benchmarkIndex / LOW_TIER_BENCHMARK_INDEX) * 100) / 100);
}

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Waits until the machine is quiet: the 1-minute load average under `threshold` at every reading
 * for `holdMs` on end. Gives up after `maxWaitMs`. Resolves `{ quiet, load, waitedMs }`, `load`
 * being the last reading. `readLoad`, `now` and `sleep` are the machine's unless given.
 */
export async function waitForQuietMachine({
  threshold,
  holdMs,
  maxWaitMs,
  intervalMs = 5000,
  readLoad = () => os.loadavg()[0],
  now = Date.now,
  sleep = sleepFor,
  onWait = () => {},
}) {
  const started = now();
  let quietSince = null;
  for (;;) {
    const load = readLoad();
    const at = now();
    quietSince = load < threshold ? (quietSince ?? at) : null;
    if (quietSince !== null && at - quietSince >= holdMs) return { quiet: true, load, waitedMs: at - started };
    if (at - started >= maxWaitMs) return { quiet: false, load, waitedMs: at - started };
    onWait(load, at - started);
    await sleep(intervalMs);
  }
}
