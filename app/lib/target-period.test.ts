import { describe, expect, it } from "vitest";
import { dayRange } from "~/lib/calendar";
import {
  isTargetPeriod,
  monthsFor,
  monthOf,
  nextPeriod,
  periodLabel,
  periodSpan,
  previousPeriod,
  progressOf,
  seasonOf,
  targetAtPace,
  standingOf,
} from "~/lib/target-period";

describe("target periods", () => {
  it("spans a month, Kharif (April to September) and Rabi (October to March of the next year)", () => {
    expect(periodSpan("2026-11")).toEqual({ first: "2026-11-01", last: "2026-11-30" });
    expect(periodSpan("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(periodSpan("2026-12")).toEqual({ first: "2026-12-01", last: "2026-12-31" });
    expect(periodSpan("KHARIF-2026")).toEqual({ first: "2026-04-01", last: "2026-09-30" });
    expect(periodSpan("RABI-2026")).toEqual({ first: "2026-10-01", last: "2027-03-31" });
  });

  it("refuses what is not a period the app accepts, the year 9999 among them", () => {
    for (const bad of [
      "9999-12",
      "RABI-9999",
      "2026-13",
      "2026-00",
      "1999-12",
      "RABI-2100",
      "rabi-2026",
      "2026-1",
      "",
      "2026-11-01",
    ]) {
      expect(isTargetPeriod(bad), bad).toBe(false);
    }
    expect(isTargetPeriod("KHARIF-2100")).toBe(true);
  });

  it("finds a day's month and season, and the period before", () => {
    expect(monthOf("2026-11-28")).toBe("2026-11");
    expect(seasonOf("2026-04-01")).toBe("KHARIF-2026");
    expect(seasonOf("2026-09-30")).toBe("KHARIF-2026");
    expect(seasonOf("2026-10-01")).toBe("RABI-2026");
    expect(seasonOf("2027-03-31")).toBe("RABI-2026");
    expect(previousPeriod("2026-01")).toBe("2025-12");
    expect(previousPeriod("2026-11")).toBe("2026-10");
    expect(previousPeriod("KHARIF-2026")).toBe("RABI-2025");
    expect(previousPeriod("RABI-2026")).toBe("KHARIF-2026");
    expect(nextPeriod("2026-12")).toBe("2027-01");
    expect(nextPeriod("KHARIF-2026")).toBe("RABI-2026");
    expect(nextPeriod("RABI-2026")).toBe("KHARIF-2027");
  });

  it("names periods as people say them", () => {
    expect(periodLabel("2026-11")).toBe("November 2026");
    expect(periodLabel("RABI-2026")).toBe("Rabi 2026–27");
    expect(periodLabel("KHARIF-2026")).toBe("Kharif 2026");
  });

  it("starts and ends a period at Karachi's midnights", () => {
    const span = periodSpan("2026-11");
    if (!span) throw new Error("no span");
    expect(new Date(dayRange(span.first, "Asia/Karachi").from).toISOString()).toBe("2026-10-31T19:00:00.000Z");
    expect(new Date(dayRange(span.last, "Asia/Karachi").to).toISOString()).toBe("2026-11-30T19:00:00.000Z");
  });
});

describe("pace", () => {
  const november = { first: "2026-11-01", last: "2026-11-30" };

  it("on the first day nobody is behind, and all 30 days are left", () => {
    expect(progressOf(300, 0, november, "2026-11-01")).toEqual({
      percent: 0,
      daysLeft: 30,
      neededPerDay: 10,
      status: "onPace",
    });
  });

  it("62 % with 9 days left: what is needed per day, rounded up, and whether the days gone are covered", () => {
    // 21 days gone of 30: on pace needs 300 × 21 / 30 = 210.
    expect(progressOf(300, 186, november, "2026-11-22")).toEqual({
      percent: 62,
      daysLeft: 9,
      neededPerDay: 13,
      status: "behind",
    });
    expect(progressOf(300, 210, november, "2026-11-22").status).toBe("onPace");
    expect(progressOf(300, 209, november, "2026-11-22").status).toBe("behind");
  });

  it("on the last day one day is left; after it none, and a short target needs what no day can give", () => {
    expect(progressOf(300, 290, november, "2026-11-30")).toMatchObject({
      daysLeft: 1,
      neededPerDay: 10,
      status: "onPace",
    });
    expect(progressOf(300, 290, november, "2026-12-01")).toMatchObject({
      daysLeft: 0,
      neededPerDay: null,
      status: "behind",
    });
  });

  it("a target reached is done, whatever the day, and its percentage passes 100", () => {
    expect(progressOf(300, 450, november, "2026-11-02")).toEqual({
      percent: 150,
      daysLeft: 29,
      neededPerDay: 0,
      status: "done",
    });
  });

  it("before the period starts, every day is left and nothing is owed", () => {
    expect(progressOf(300, 0, november, "2026-10-15")).toEqual({
      percent: 0,
      daysLeft: 30,
      neededPerDay: 10,
      status: "onPace",
    });
  });

  it("finds the target an achievement is ahead of, just on, or behind the pace of", () => {
    // 21 whole days of 30 gone: 186 bags owe 186 × 30 / 21 = 265.7 bags for the month.
    expect(targetAtPace(186, november, "2026-11-22", 1)).toBe(265);
    expect(progressOf(265, 186, november, "2026-11-22").status).toBe("onPace");
    expect(progressOf(266, 186, november, "2026-11-22").status).toBe("behind");
    expect(targetAtPace(186, november, "2026-11-22", 1.3)).toBe(204);
    expect(targetAtPace(186, november, "2026-11-22", 0.8)).toBe(333);
    expect(progressOf(333, 186, november, "2026-11-22").status).toBe("behind");
    const season = { first: "2026-10-01", last: "2027-03-31" };
    for (const [actual, today, pace] of [
      [1, "2026-11-22", 0.5],
      [7, "2026-10-02", 1],
      [5_000_00, "2027-03-30", 1.02],
      [3, "2026-12-31", 0.9],
    ] as const) {
      const target = targetAtPace(actual, season, today, pace);
      expect(target, `${actual} on ${today} at ${pace}`).not.toBeNull();
      const { status } = progressOf(target ?? 0, actual, season, today);
      expect(status === "behind", `${actual} on ${today} at ${pace}: ${status}`).toBe(pace < 1);
    }
  });

  it("has no target to find on a period's first day, when nothing is owed yet", () => {
    expect(targetAtPace(12, november, "2026-11-01", 0.8)).toBeNull();
    expect(targetAtPace(12, november, "2026-10-20", 1)).toBeNull();
  });
});

describe("a report's months and standings", () => {
  const november = { first: "2026-11-01", last: "2026-11-30" };

  it("lists a season's six months, or the twelve months to a month (fewer near January 2000)", () => {
    expect(monthsFor("RABI-2026")).toEqual(["2026-10", "2026-11", "2026-12", "2027-01", "2027-02", "2027-03"]);
    expect(monthsFor("KHARIF-2027")).toEqual(["2027-04", "2027-05", "2027-06", "2027-07", "2027-08", "2027-09"]);
    expect(monthsFor("2026-02")).toEqual([
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(monthsFor("2000-03")).toEqual(["2000-01", "2000-02", "2000-03"]);
    expect(monthsFor("9999-01")).toEqual([]);
  });

  it("is reached whatever the day; on pace or behind while the period runs; missed after it; upcoming before it", () => {
    expect(standingOf(10, 10, november, "2026-10-01")).toBe("done");
    expect(standingOf(10, 0, november, "2026-10-31")).toBe("upcoming");
    expect(standingOf(30, 21, november, "2026-11-22")).toBe("onPace");
    expect(standingOf(30, 20, november, "2026-11-22")).toBe("behind");
    expect(standingOf(30, 29, november, "2026-12-01")).toBe("missed");
  });
});
