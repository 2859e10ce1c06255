import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRelative, relativeTime } from "./relative-time";

describe("relative time", () => {
  it("says what Intl.RelativeTimeFormat says in US English with numeric: auto, for every unit and count", () => {
    const intl = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
    fc.assert(
      fc.property(
        fc.constantFrom("year", "month", "week", "day", "hour", "minute" as const),
        fc.integer({ min: -20_000, max: 20_000 }).filter((value) => value !== 0),
        (unit, value) => {
          expect(formatRelative(value, unit)).toBe(intl.format(value, unit));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("picks the largest whole unit, and says 'just now' under a minute", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(relativeTime("2026-11-26T11:59:31Z", now)).toBe("just now");
    expect(relativeTime("2026-11-26T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-11-26T11:00:00Z", now)).toBe("1 hour ago");
    expect(relativeTime("2026-11-25T11:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-11-12T12:00:00Z", now)).toBe("2 weeks ago");
    expect(relativeTime("2025-11-26T12:00:00Z", now)).toBe("last year");
    expect(relativeTime("2026-11-27T12:00:00Z", now)).toBe("tomorrow");
  });
});

describe("relative time in Urdu", () => {
  it("says what Intl says in Urdu, with Western digits", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(relativeTime("2026-11-26T11:55:00Z", now, "ur")).toBe("5 منٹ پہلے");
    expect(relativeTime("2026-11-25T11:00:00Z", now, "ur")).toBe("گزشتہ کل");
    expect(relativeTime("2026-11-26T11:59:31Z", now, "ur")).toBe("ابھی ابھی");
  });
});
