import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatLocalDate } from "~/lib/date-format";

describe("US English dates", () => {
  it("show an instant in the app's time zone", () => {
    expect(formatLocalDate("2026-11-22T20:30:00Z", "Asia/Karachi")).toBe("Nov 23, 2026");
    expect(formatLocalDate("2026-11-22T10:05:00Z", "Asia/Karachi", { withTime: true })).toBe("Nov 22, 2026, 3:05 PM");
  });

  it("show a calendar day (yyyy-MM-dd) as that same day, whatever the time zone", () => {
    expect(formatCalendarDate("2026-11-02")).toBe("Nov 2, 2026");
    expect(formatCalendarDate("2026-01-01")).toBe("Jan 1, 2026");
  });
});

describe("dates in Urdu", () => {
  it("names the month in Urdu and keeps Western digits", () => {
    expect(formatCalendarDate("2026-11-02", "ur")).toBe("2 نومبر، 2026");
    expect(formatLocalDate("2026-11-22T10:05:00Z", "Asia/Karachi", { withTime: true, language: "ur" })).toBe(
      "22 نومبر، 2026، 3:05 PM",
    );
  });
});
