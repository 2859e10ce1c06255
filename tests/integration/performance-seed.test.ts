import { describe, expect, it } from "vitest";
import { prisma } from "../support/db";
import { seedDemoData } from "../../prisma/seed";
import { calculatePerformance } from "~/models/performance.server";

// The seed replays a month of calculations in memory with the app's rules (app/lib/performance.ts);
// the app's SQL calculation, run at the seed's last calculation time, must find the same standings
// and so announce nothing.
describe("the demo seed and the performance calculation", () => {
  it("agree: recalculating at the seed's last calculation changes nothing and notifies nobody", async () => {
    await seedDemoData({ now: new Date("2026-11-22T07:30:00Z") });
    const select = {
      id: true,
      currentBadge: true,
      performanceRank: true,
      currentPerformanceScore: true,
      performanceDealersPart: true,
      performanceRecoveryPart: true,
      performanceGapPart: true,
      performanceActivityPart: true,
      lastPerformanceCalculation: true,
    } as const;
    const before = await prisma.user.findMany({ orderBy: { id: "asc" }, select });
    const at = before.find((user) => user.lastPerformanceCalculation)?.lastPerformanceCalculation;
    expect(at).toBeInstanceOf(Date);
    const notifications = await prisma.notification.count();

    const result = await calculatePerformance({ now: at ?? undefined });
    expect(result).toMatchObject({ officers: 8, ranked: 8, notifications: 0 });
    expect(await prisma.user.findMany({ orderBy: { id: "asc" }, select })).toEqual(before);
    expect(await prisma.notification.count()).toBe(notifications);
  });
});
