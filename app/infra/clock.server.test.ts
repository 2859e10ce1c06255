import { afterEach, describe, expect, it, vi } from "vitest";
import { appDate, appDayRange, appOffsetMs, appPeriodRange, currentTime } from "~/infra/clock.server";

const HOUR = 3_600_000;
/** 2026-11-18 00:00 in Asia/Karachi (UTC+5), the app's time zone in tests. */
const WED = Date.UTC(2026, 10, 18) - 5 * HOUR;

afterEach(() => {
  vi.useRealTimers();
});

describe("the clock", () => {
  it("is the one now of the server: moving Vitest's fake clock moves today with it", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: WED + 30 * 60_000 });
    expect(currentTime().getTime()).toBe(WED + 30 * 60_000);
    expect(appDate()).toBe("2026-11-18");
    expect(appPeriodRange("today")).toEqual({ from: WED, to: WED + 24 * HOUR });
    vi.setSystemTime(WED - 30 * 60_000);
    expect(appDate()).toBe("2026-11-17");
    expect(appPeriodRange("today")).toEqual({ from: WED - 24 * HOUR, to: WED });
  });

  it("counts days in the app's time zone", () => {
    expect(appOffsetMs(new Date(WED))).toBe(5 * HOUR);
    expect(appDayRange("2026-11-18")).toEqual({ from: WED, to: WED + 24 * HOUR });
  });
});
