import { describe, expect, it } from "vitest";
import {
  addDays,
  dayNumber,
  dayRange,
  FIRST_DATE,
  isCalendarDate,
  LAST_DATE,
  localDate,
  periodRange,
  timeZoneOffsetMs,
  weekStart,
} from "~/lib/calendar";
import { checkInQuerySchema } from "~/models/checkin.schema";
import { reportQuerySchema } from "~/models/report.schema";
import { english } from "../../tests/support/english";

describe("calendar dates", () => {
  it("accepts only real days from 2000-01-01 to 2100-12-31", () => {
    for (const good of [FIRST_DATE, "2026-02-28", "2028-02-29", LAST_DATE]) expect(isCalendarDate(good)).toBe(true);
    for (const bad of [
      "1999-12-31",
      "2101-01-01",
      "9999-12-31",
      "0000-01-01",
      "+275760-09-13",
      "2026-02-30",
      "2026-13-01",
      "26-11-18",
      "2026-11-18T00:00",
      "２０２６-11-18",
      "",
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it("walks days and weeks by number, so every accepted day has a next and a previous day", () => {
    expect(addDays(LAST_DATE, 1)).toBe("2101-01-01");
    expect(addDays(FIRST_DATE, -366)).toBe("1998-12-31");
    expect(dayNumber(addDays("2026-11-26", 7)) - dayNumber("2026-11-26")).toBe(7);
    expect(weekStart("2026-11-26")).toBe("2026-11-22");
    expect(weekStart(LAST_DATE)).toBe("2100-12-26");
  });

  it("the report and the map refuse a date past the range instead of taking it", () => {
    const report = reportQuerySchema.safeParse({ from: "9999-12-31", to: "9999-12-31", groupBy: "day" });
    expect(report.success).toBe(false);
    expect(report.error?.issues.map((issue) => english(issue.message))).toContain(
      "From must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd",
    );
    const map = checkInQuerySchema.safeParse({ date: "9999-12-31" });
    expect(english(map.error?.issues[0]?.message ?? "")).toBe(
      "Query parameter date must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd",
    );
  });
});

const HOUR = 3_600_000;
const TZ = "Asia/Karachi";
/** 2026-11-18 (a Wednesday) 00:00 in Asia/Karachi (UTC+5). */
const WED = Date.UTC(2026, 10, 18) - 5 * HOUR;
const NOW = new Date(WED + 15 * HOUR);

describe("periodRange", () => {
  it("uses Karachi days, weeks from Sunday and calendar months", () => {
    expect(timeZoneOffsetMs(NOW, TZ)).toBe(5 * HOUR);
    expect(periodRange("today", NOW, TZ)).toEqual({ from: WED, to: WED + 24 * HOUR });
    expect(periodRange("week", NOW, TZ).from).toBe(WED - 3 * 24 * HOUR);
    expect(periodRange("month", NOW, TZ).from).toBe(Date.UTC(2026, 10, 1) - 5 * HOUR);
    expect(periodRange("all", NOW, TZ).from).toBe(0);
  });
});

describe("dates", () => {
  it("turns a Karachi calendar day into its UTC range, and now into today's date", () => {
    expect(dayRange("2026-11-18", TZ)).toEqual({ from: WED, to: WED + 24 * HOUR });
    expect(localDate(new Date(WED + 30 * 60_000), TZ)).toBe("2026-11-18");
    expect(localDate(new Date(WED - 30 * 60_000), TZ)).toBe("2026-11-17");
  });
});
