import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "../support/db";
import { seedDemoData } from "../../prisma/seed";
import type { MeasureProgress } from "~/models/targets.schema";
import { copyTargets, ownProgress, progressOfEach } from "~/models/targets.server";
import { teamDay } from "~/models/team-day.server";

// 12:30 in Karachi on 22 November 2026: 21 whole days of November gone, 9 left; Rabi 2026 since 1 October.
const NOW = new Date("2026-11-22T07:30:00Z");

afterEach(() => vi.useRealTimers());

const viewerOf = (username: string) =>
  prisma.user.findUniqueOrThrow({ where: { username }, select: { id: true, role: true, teamId: true } });

/** Each measure's pace against what progressOf owes by today: above 1 ahead of it, below 1 behind. */
const paceOf = ({ actual, target }: MeasureProgress, total: number, gone: number) => (actual * total) / (target * gone);

describe("the demo seed's targets", () => {
  it("set this month's, this season's and last month's targets by each officer's manager, with officers ahead, on pace and behind", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const counts = await seedDemoData({ now: NOW });
    const officers = await prisma.user.findMany({
      where: { role: "OFFICER" },
      select: { id: true, username: true, teamId: true },
      orderBy: { id: "asc" },
    });
    expect(counts.targets).toBe(await prisma.target.count());

    // Every officer has targets in the three periods, set by the manager who leads their team.
    const leads = await prisma.teamManager.findMany({ select: { teamId: true, userId: true } });
    const rows = await prisma.target.findMany({ select: { userId: true, period: true, setById: true, value: true } });
    for (const officer of officers) {
      const own = rows.filter((row) => row.userId === officer.id);
      expect(new Set(own.map((row) => row.period)), officer.username).toEqual(
        new Set(["2026-11", "RABI-2026", "2026-10"]),
      );
      const lead = leads.find((team) => team.teamId === officer.teamId)?.userId;
      expect(own.every((row) => row.setById === lead && row.value >= 1n)).toBe(true);
    }

    // Ahead (every measure done, or at least 1.15 times the pace), on pace (every measure on it) and behind (every one).
    const month = progressOfEach(
      officers.map((officer) => officer.id),
      ["2026-11"],
      NOW,
    ).get("2026-11");
    const standings = officers.map((officer) => {
      const measures = month?.get(officer.id) ?? [];
      expect(measures.length, officer.username).toBeGreaterThanOrEqual(3);
      if (measures.every((measure) => measure.status === "done" || paceOf(measure, 30, 21) >= 1.15)) return "ahead";
      if (measures.every((measure) => measure.status === "behind")) return "behind";
      return measures.every((measure) => measure.status === "onPace") ? "on pace" : "mixed";
    });
    expect(standings).toEqual(expect.arrayContaining(["ahead", "on pace", "behind"] as const));
    expect(standings).not.toContain("mixed");

    // The officer's home: "Your month" and "Your season", with figures.
    const [first] = officers;
    const own = ownProgress(first?.id ?? 0, NOW);
    expect(own.map(({ kind, label, daysLeft }) => ({ kind, label, daysLeft }))).toEqual([
      { kind: "month", label: "November 2026", daysLeft: 9 },
      { kind: "season", label: "Rabi 2026–27", daysLeft: 130 },
    ]);
    for (const period of own) {
      expect(period.progress.length).toBeGreaterThanOrEqual(3);
      expect(period.progress.every((measure) => measure.target > 0 && measure.actual > 0)).toBe(true);
    }

    // The manager's day: each of their officers' month at a glance.
    const day = await teamDay(await viewerOf("manager"), {}, NOW);
    expect(day.people.length).toBeGreaterThan(0);
    for (const person of day.people) {
      expect(person.targets, person.username).toMatchObject({ measures: expect.any(Number) as number });
      expect(person.targets?.measures).toBeGreaterThanOrEqual(3);
    }
    expect(day.people.some((person) => (person.targets?.behind ?? 0) > 0)).toBe(true);

    // Last month's targets are there for "copy last period's" (last, as it writes over this month's).
    expect(await copyTargets(await viewerOf("manager"), { period: "2026-11", percent: 10 }, NOW)).toBe(3);
  });

  it("writes the same targets for the same moment", async () => {
    const rowsOf = () =>
      prisma.target.findMany({
        select: { userId: true, period: true, measure: true, value: true, setById: true, setAt: true },
        orderBy: [{ userId: "asc" }, { period: "asc" }, { measure: "asc" }],
      });
    await seedDemoData({ now: NOW });
    const first = await rowsOf();
    await seedDemoData({ now: NOW });
    expect(await rowsOf()).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
  });

  it("gives the test servers' one team no targets", async () => {
    const counts = await seedDemoData({ now: NOW, teams: "one" });
    expect(counts.targets).toBe(0);
    expect(await prisma.target.count()).toBe(0);
  });
});

describe("the demo seed's languages", () => {
  it("has one officer who reads Fieldline in Urdu and everyone else unchosen (decision 101)", async () => {
    await seedDemoData({ now: NOW });
    const chosen = await prisma.user.findMany({
      where: { language: { not: null } },
      select: { username: true, language: true },
    });
    expect(chosen).toEqual([{ username: "officer7", language: "ur" }]);
  });
});
