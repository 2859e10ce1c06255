import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "../support/db";
import { seedDemoData } from "../../prisma/seed";
import { appDate } from "~/infra/clock.server";
import { addDays, dayNumber } from "~/lib/calendar";
import { CROPS } from "~/lib/crops";
import { PERFORMANCE_WINDOW_DAYS } from "~/lib/performance";
import { seasonOf } from "~/lib/target-period";

// 12:30 in Karachi on 22 November 2026: Rabi 2026 since 1 October, Kharif 2026 before it.
const NOW = new Date("2026-11-22T07:30:00Z");
const TODAY = "2026-11-22";

afterEach(() => vi.useRealTimers());

describe("the demo seed's farmers, meetings and demo plots", () => {
  it("keep the register's and the season's rules: farmers of the officers' teams and districts, head counts, plots at every stage", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const counts = await seedDemoData({ now: NOW });
    const officers = await prisma.user.findMany({ where: { role: "OFFICER" }, select: { id: true, teamId: true } });
    const teamOf = new Map(officers.map((officer) => [officer.id, officer.teamId]));

    // Every officer works with farmers of their own team, with unique Pakistani mobiles and land within the register's bounds.
    const farmers = await prisma.farmer.findMany();
    expect(farmers).toHaveLength(counts.farmers);
    for (const officer of officers)
      expect(farmers.filter((farmer) => farmer.createdById === officer.id).length).toBeGreaterThanOrEqual(20);
    for (const farmer of farmers) {
      expect(farmer.teamId).toBe(teamOf.get(farmer.createdById!));
      if (farmer.phone !== null) expect(farmer.phone).toMatch(/^\+923\d{9}$/);
      expect(farmer.landHundredths).toBeGreaterThanOrEqual(1);
      expect(farmer.landHundredths).toBeLessThanOrEqual(1_000_000);
      expect(
        (JSON.parse(farmer.mainCrops) as string[]).every((crop) => (CROPS as readonly string[]).includes(crop)),
      ).toBe(true);
    }
    const phones = farmers.flatMap((farmer) => (farmer.phone ? [farmer.phone] : []));
    expect(new Set(phones).size).toBe(phones.length);

    // A meeting counts at least the farmers it names, all of its author's team; some meet again this season.
    const meetings = await prisma.post.findMany({
      where: { type: "FARMER_MEETING" },
      select: { id: true, userId: true, headCount: true, createdAt: true, attendees: { select: { farmer: true } } },
    });
    for (const meeting of meetings) {
      expect(meeting.attendees.length, `meeting ${meeting.id}`).toBeGreaterThanOrEqual(3);
      expect(meeting.headCount).toBeGreaterThanOrEqual(meeting.attendees.length);
      for (const { farmer } of meeting.attendees) expect(farmer.teamId).toBe(teamOf.get(meeting.userId));
    }
    const metIn = (season: string) =>
      new Set(
        meetings
          .filter((meeting) => seasonOf(appDate(meeting.createdAt)) === season)
          .flatMap((meeting) => meeting.attendees.map(({ farmer }) => farmer.id)),
      );
    const [rabi, kharif] = [metIn("RABI-2026"), metIn("KHARIF-2026")];
    expect(kharif.size).toBeGreaterThan(0);
    expect([...rabi].some((id) => kharif.has(id))).toBe(true);
    expect([...rabi].some((id) => !kharif.has(id))).toBe(true);

    // Each plot: started by a Demo Plot post of its officer; the mid-season visit due halfway; its
    // visits Demo Plot posts of the officer, on the post's day, never before sowing nor after today;
    // harvested exactly when a harvest visit says so, with both yields and a verdict.
    const plots = await prisma.demoPlot.findMany({
      include: { post: true, farmer: true, visits: { include: { post: true } } },
    });
    expect(plots).toHaveLength(counts.plots);
    for (const plot of plots) {
      expect([plot.post.type, plot.post.userId]).toEqual(["DEMO_PLOT", plot.officerId]);
      expect(plot.farmer.teamId).toBe(teamOf.get(plot.officerId));
      const days = dayNumber(plot.harvestDueOn) - dayNumber(plot.sownOn);
      expect(plot.midVisitDueOn).toBe(addDays(plot.sownOn, Math.floor(days / 2)));
      expect(plot.controlAreaHundredths).toBeGreaterThan(0);
      for (const visit of plot.visits) {
        expect([visit.post.type, visit.post.userId]).toEqual(["DEMO_PLOT", plot.officerId]);
        expect(visit.visitedOn).toBe(appDate(visit.post.createdAt));
        expect(dayNumber(visit.visitedOn)).toBeGreaterThanOrEqual(dayNumber(plot.sownOn));
        expect(dayNumber(visit.visitedOn)).toBeLessThanOrEqual(dayNumber(TODAY));
      }
      const harvest = plot.visits.find((visit) => visit.stage === "HARVEST");
      expect(plot.stage).toBe(harvest ? "HARVESTED" : plot.visits.length > 0 ? "MID_SEASON" : "SOWN");
      expect(plot.harvestedOn).toBe(harvest?.visitedOn ?? null);
      if (harvest) {
        expect(plot.yieldKgPerAcre).toBeGreaterThan(0);
        expect(plot.controlYieldKgPerAcre).toBeGreaterThan(0);
        expect(plot.verdict).toBeTruthy();
      }
    }
    // Every stage, in this Rabi and the last Kharif; visits due today and overdue (7 days after).
    expect(new Set(plots.map((plot) => plot.stage))).toEqual(new Set(["SOWN", "MID_SEASON", "HARVESTED"]));
    expect(new Set(plots.map((plot) => seasonOf(plot.sownOn)))).toEqual(new Set(["RABI-2026", "KHARIF-2026"]));
    const dueOn = (plot: (typeof plots)[number]) =>
      plot.stage === "SOWN" ? plot.midVisitDueOn : plot.stage === "MID_SEASON" ? plot.harvestDueOn : null;
    expect(plots.filter((plot) => dueOn(plot) === TODAY).length).toBeGreaterThanOrEqual(3);
    const overdue = plots.filter((plot) => {
      const due = dueOn(plot);
      return due !== null && dayNumber(due) + 7 < dayNumber(TODAY);
    });
    expect(new Set(overdue.map((plot) => plot.stage))).toEqual(new Set(["SOWN", "MID_SEASON"]));

    // The posts this adds are all older than the rankings' window: the month's posts are the seed's.
    const windowStart = NOW.getTime() - PERFORMANCE_WINDOW_DAYS * 86_400_000;
    expect(
      await prisma.post.count({ where: { createdAt: { gte: new Date(windowStart) }, id: { gt: counts.posts } } }),
    ).toBe(0);
  });

  it("leaves the test servers' one team without farmers", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const counts = await seedDemoData({ now: NOW, teams: "one" });
    expect([counts.farmers, counts.plots, await prisma.farmer.count(), await prisma.post.count()]).toEqual([
      0,
      0,
      0,
      counts.posts,
    ]);
  });
});
