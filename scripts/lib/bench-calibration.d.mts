// Types for bench-calibration.mjs, so that its TypeScript tests can import it.
export declare const LOW_TIER_BENCHMARK_INDEX: number;
export declare function lowTierMultiplier(benchmarkIndex: number): number;
export declare function median(values: number[]): number | null;
export declare function waitForQuietMachine(options: {
  threshold: number;
  holdMs: number;
  maxWaitMs: number;
  intervalMs?: number;
  readLoad?: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<unknown>;
  onWait?: (load: number, waitedMs: number) => void;
}): Promise<{ quiet: boolean; load: number; waitedMs: number }>;
