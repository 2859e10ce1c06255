import { describe, expect, it } from "vitest";
import { lowTierMultiplier, median, waitForQuietMachine } from "./bench-calibration.mjs";

describe("lowTierMultiplier", () => {
  it("slows the machine down to DevTools' low-tier phone (benchmarkIndex 264)", () => {
    expect(lowTierMultiplier(2820)).toBe(10.68);
    expect(lowTierMultiplier(1056)).toBe(4);
    expect(lowTierMultiplier(264)).toBe(1);
  });

  it("never speeds up a machine slower than the phone", () => {
    expect(lowTierMultiplier(200)).toBe(1);
  });

  it("refuses a missing benchmarkIndex", () => {
    expect(() => lowTierMultiplier(Number.NaN)).toThrow("No benchmarkIndex");
    expect(() => lowTierMultiplier(0)).toThrow("No benchmarkIndex");
  });
});

describe("median", () => {
  it("takes the middle run of an odd count, whatever the order", () => {
    expect(median([98, 76, 81, 79, 90])).toBe(81);
  });

  it("takes the mean of the middle two of an even count", () => {
    expect(median([400, 100, 300, 200])).toBe(250);
  });

  it("is null for no runs", () => {
    expect(median([])).toBeNull();
  });
});

/** The machine's load average as a list of readings, one per `sleep`, on a clock that `sleep` moves. */
function machine(loads: number[]) {
  let clock = 0;
  let reading = 0;
  return {
    readLoad: () => loads[Math.min(reading++, loads.length - 1)]!,
    now: () => clock,
    sleep: async (ms: number) => {
      clock += ms;
    },
  };
}

describe("waitForQuietMachine", () => {
  const rule = { threshold: 1, holdMs: 10_000, maxWaitMs: 60_000, intervalMs: 5000 };

  it("starts once the load has stayed under the threshold for the whole hold", async () => {
    expect(await waitForQuietMachine({ ...rule, ...machine([3, 0.8, 0.7, 0.5]) })).toEqual({
      quiet: true,
      load: 0.5,
      waitedMs: 15_000,
    });
  });

  it("starts the hold again after a reading over the threshold", async () => {
    expect(await waitForQuietMachine({ ...rule, ...machine([0.5, 0.6, 1.4, 0.9, 0.8, 0.7]) })).toEqual({
      quiet: true,
      load: 0.7,
      waitedMs: 25_000,
    });
  });

  it("gives up after the longest wait and says with what load", async () => {
    expect(await waitForQuietMachine({ ...rule, ...machine([4.2, 0.5, 3.9]) })).toEqual({
      quiet: false,
      load: 3.9,
      waitedMs: 60_000,
    });
  });

  it("does not wait at all with no hold on a quiet machine, nor with no wait allowed on a busy one", async () => {
    expect(await waitForQuietMachine({ ...rule, holdMs: 0, ...machine([0.2]) })).toEqual({
      quiet: true,
      load: 0.2,
      waitedMs: 0,
    });
    expect(await waitForQuietMachine({ ...rule, maxWaitMs: 0, ...machine([2.5]) })).toEqual({
      quiet: false,
      load: 2.5,
      waitedMs: 0,
    });
  });
});
