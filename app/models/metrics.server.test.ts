import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { PrismaClient } from "~/generated/prisma/client";
import { appPeriodRange } from "~/infra/clock.server";
import { type DayPoint, distanceKm, legReason } from "~/lib/location-quality";
import { agentMetrics, agentRankings, distanceToday, listAgentRankings } from "~/models/metrics.server";

beforeEach(resetDatabase);

const HOUR = 3_600_000;
/** 2026-11-18 (a Wednesday) 00:00 in Asia/Karachi (UTC+5). */
const WED = Date.UTC(2026, 10, 18) - 5 * HOUR;
const NOW = new Date(WED + 15 * HOUR);

async function officer(username: string, extra: { firstName?: string; role?: string } = {}) {
  return prisma.user.create({
    data: {
      username,
      email: `${username}@example.pk`,
      passwordHash: "x",
      role: extra.role ?? "OFFICER",
      firstName: extra.firstName,
    },
  });
}

async function checkIn(
  userId: number,
  at: number,
  lat: number,
  lng: number,
  more: { accuracyM?: number | null; address?: string | null } = {},
) {
  await prisma.checkIn.create({ data: { userId, type: "CHECK_IN", lat, lng, createdAt: new Date(at), ...more } });
}

describe("agentMetrics", () => {
  it("leaves out the legs lib/location-quality.ts leaves out, by reason, as legReason does leg by leg for the same day", async () => {
    const ali = await officer("ali");
    // Multan, a poor fix, Lahore ten minutes later (about 300 km), back in Multan, then the same
    // coordinates under another address, and a last ordinary leg.
    const day: DayPoint[] = [
      { lat: 30.1575, lng: 71.5249, at: WED + 8 * HOUR, accuracyM: 12, address: "Ghalla Mandi, Multan" },
      { lat: 30.1984, lng: 71.4687, at: WED + 9 * HOUR, accuracyM: 1500, address: null },
      { lat: 30.2468, lng: 71.4134, at: WED + 10 * HOUR, accuracyM: 20, address: null },
      { lat: 31.5204, lng: 74.3587, at: WED + 10 * HOUR + 600_000, accuracyM: null, address: "Liberty, Lahore" },
      { lat: 30.2468, lng: 71.4134, at: WED + 12 * HOUR, accuracyM: 15, address: "Shop 4, Multan" },
      { lat: 30.2468, lng: 71.4134, at: WED + 15 * HOUR, accuracyM: 15, address: "Main Bazaar, Shujabad" },
      { lat: 30.1575, lng: 71.5249, at: WED + 17 * HOUR, accuracyM: 10, address: null },
    ];
    for (const point of day)
      await checkIn(ali.id, point.at, point.lat, point.lng, { accuracyM: point.accuracyM, address: point.address });

    // The rule leg by leg, as the map applies it: the kilometres and hours of the legs that count.
    const expected = { km: 0, hours: 0, leftOut: { "too fast": 0, "poor fix": 0, "repeated point": 0 } };
    for (const [index, to] of day.entries()) {
      const from = day[index - 1];
      if (!from) continue;
      const reason = legReason(from, to);
      if (reason) expected.leftOut[reason] += 1;
      else {
        expected.km += distanceKm(from, to);
        expected.hours += (to.at - from.at) / HOUR;
      }
    }
    expect(expected.leftOut).toEqual({ "too fast": 2, "poor fix": 2, "repeated point": 1 });
    const metrics = (await agentMetrics({ from: WED, to: WED + 24 * HOUR })).get(ali.id);
    expect(metrics?.leftOut).toEqual({ tooFast: 2, poorFix: 2, repeatedPoint: 1 });
    expect(metrics?.distanceKm).toBeCloseTo(expected.km, 6);
    expect(metrics?.hours).toBeCloseTo(expected.hours, 6);
    expect(metrics?.checkIns).toBe(7);
  });

  it("sums haversine distance between consecutive check-ins within each Karachi day, and first-to-last hours per day", async () => {
    const ali = await officer("ali");
    // Day 1 (Wednesday): Lahore -> 1 degree of latitude north (111.19 km) -> back, 08:00 to 17:00.
    await checkIn(ali.id, WED + 8 * HOUR, 31, 74);
    await checkIn(ali.id, WED + 12 * HOUR, 32, 74);
    await checkIn(ali.id, WED + 17 * HOUR, 31, 74);
    // Day 2 (Thursday, 04:00 Karachi = 23:00 UTC Wednesday): one check-in far away, then one more at the same spot.
    await checkIn(ali.id, WED + 28 * HOUR, 24.86, 67);
    await checkIn(ali.id, WED + 30 * HOUR, 24.86, 67);

    const metrics = (await agentMetrics({ from: WED, to: WED + 48 * HOUR })).get(ali.id);
    // No leg joins Wednesday's last check-in to Thursday's first.
    expect(metrics?.distanceKm).toBeCloseTo(2 * 111.195, 1);
    expect(metrics?.hours).toBeCloseTo(9 + 2, 6);
    expect(metrics?.checkIns).toBe(5);

    const today = await distanceToday([ali.id], NOW);
    expect(today.get(ali.id)).toBeCloseTo(222.4, 1);
  });

  it("splits the days at midnight in Karachi, not at midnight UTC", async () => {
    const omar = await officer("omar");
    // 23:30 and 00:30 in Karachi: one UTC day (18:30 and 19:30 UTC), two Karachi days, so no leg joins them.
    await checkIn(omar.id, WED + 23.5 * HOUR, 31, 74);
    await checkIn(omar.id, WED + 24.5 * HOUR, 31.1, 74);

    const metrics = (await agentMetrics({ from: WED, to: WED + 48 * HOUR })).get(omar.id);
    expect(metrics?.checkIns).toBe(2);
    expect(metrics?.distanceKm).toBe(0);
    expect(metrics?.hours).toBe(0);
  });

  it("sums SALE totals, RECOVERY amounts and dealers created in the period only", async () => {
    const sana = await officer("sana");
    const inside = new Date(WED + 10 * HOUR);
    const outside = new Date(WED - 40 * 24 * HOUR);
    await prisma.post.createMany({
      data: [
        {
          userId: sana.id,
          type: "SALE",
          saleQty: 10,
          salePriceCents: 125_050n,
          saleTotalCents: 1_250_500n,
          createdAt: inside,
        },
        { userId: sana.id, type: "SALE", saleQty: 1, salePriceCents: 100n, saleTotalCents: 100n, createdAt: outside },
        { userId: sana.id, type: "RECOVERY", recoveryAmountCents: 50_025n, createdAt: inside },
        { userId: sana.id, type: "FIELD_VISIT", createdAt: inside },
      ],
    });
    await prisma.dealer.create({
      data: {
        businessName: "Kissan Store",
        street: "1 Road",
        city: "Multan",
        state: "Punjab",
        lat: 30,
        lng: 71,
        createdById: sana.id,
        createdAt: inside,
      },
    });
    const metrics = (await agentMetrics(appPeriodRange("month", NOW))).get(sana.id);
    expect(metrics).toMatchObject({
      salesCents: 1_250_500n,
      recoveryCents: 50_025n,
      dealers: 1,
      posts: 3,
      distanceKm: 0,
      hours: 0,
    });
  });
});

describe("distanceToday", () => {
  it("follows every change of today's check-ins, whoever writes them, and the turn of the day", async () => {
    const ali = await officer("ali");
    const sana = await officer("sana");
    await checkIn(ali.id, WED + 8 * HOUR, 31, 74);
    await checkIn(ali.id, WED + 9 * HOUR, 32, 74);
    expect([...(await distanceToday([ali.id, sana.id], NOW))].map(([id, km]) => [id, Math.round(km)])).toEqual([
      [ali.id, 111],
    ]);

    await checkIn(sana.id, WED + 10 * HOUR, 30, 74);
    await prisma.$executeRaw`INSERT INTO CheckIn (userId, type, lat, lng, createdAt) VALUES (${sana.id}, 'CHECK_IN', 30.5, 74, ${WED + 11 * HOUR})`;
    expect(Math.round((await distanceToday([sana.id], NOW)).get(sana.id) ?? 0)).toBe(56);

    await prisma.checkIn.deleteMany({ where: { userId: ali.id, lat: 32 } });
    expect((await distanceToday([ali.id, sana.id], NOW)).has(ali.id)).toBe(false);
    expect((await distanceToday([sana.id], new Date(NOW.getTime() + 24 * HOUR))).size).toBe(0);
  });
});

describe("agentRankings", () => {
  it("lists active officers only, by sales, then recovery, then name", async () => {
    const a = await officer("a", { firstName: "Zara" });
    const b = await officer("b", { firstName: "Bilal" });
    const c = await officer("c", { firstName: "Adeel" });
    await officer("boss", { role: "MANAGER" });
    const inactive = await officer("gone");
    await prisma.user.update({ where: { id: inactive.id }, data: { isActive: false } });
    const at = new Date(WED + HOUR);
    await prisma.post.createMany({
      data: [
        { userId: a.id, type: "SALE", saleTotalCents: 500n, createdAt: at },
        { userId: b.id, type: "SALE", saleTotalCents: 500n, createdAt: at },
        { userId: b.id, type: "RECOVERY", recoveryAmountCents: 10n, createdAt: at },
      ],
    });
    const rows = await agentRankings("month", NOW);
    expect(rows.map((row) => row.username)).toEqual(["b", "a", "c"]);
    const api = await listAgentRankings("month", NOW);
    expect(api[0]).toMatchObject({
      username: "b",
      name: "Bilal",
      sales: "5.00",
      recovery: "0.10",
      distance: "0.0",
      hours: "0.0",
      dealers: 0,
    });
    expect(c.id).toBeGreaterThan(0);
  });
});

/** Another process's client (a script's): its writes pass no after-write hook of this process. */
const otherProcess = new PrismaClient({
  adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL ?? "" }, { timestampFormat: "unixepoch-ms" }),
});

describe("cachedAgentRankings", () => {
  it("reuses an answer until a post changes the metrics", async () => {
    const { cachedAgentRankings } = await import("~/models/metrics.server");
    const { createPost } = await import("~/models/post.server");
    const { postSchema } = await import("~/models/post.schema");
    const ali = await officer("ali");
    expect((await cachedAgentRankings("today"))[0]).toMatchObject({ username: "ali", sales: "0.00" });
    // Another process's write is not seen yet…
    await otherProcess.post.create({ data: { userId: ali.id, type: "SALE", saleTotalCents: 100n } });
    expect((await cachedAgentRankings("today"))[0]?.sales).toBe("0.00");
    // …a post through the app's client is, at once.
    await createPost(ali.id, postSchema.parse({ type: "SALE", saleProduct: "SSP", saleQty: 2, salePrice: "10" }));
    expect((await cachedAgentRankings("today"))[0]?.sales).toBe("21.00");
  });

  it("after 30 seconds answers with the rows it has at once, and brings them up to date behind the answer", async () => {
    const { cachedAgentRankings } = await import("~/models/metrics.server");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const ali = await officer("ali");
      expect((await cachedAgentRankings("today"))[0]?.sales).toBe("0.00");
      await otherProcess.post.create({ data: { userId: ali.id, type: "SALE", saleTotalCents: 100n } });
      vi.setSystemTime(Date.now() + 31_000);
      // No reader waits for the statement (300 ms and more at scale): the old rows, then the new.
      expect((await cachedAgentRankings("today"))[0]?.sales).toBe("0.00");
      await vi.waitFor(async () => expect((await cachedAgentRankings("today"))[0]?.sales).toBe("1.00"));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the rankings by team", () => {
  it("are the company's cached rows of the team's officers, in the same order, and follow a change of team at once", async () => {
    const { rankingsFor, topAgentRankings } = await import("~/models/metrics.server");
    const team = await prisma.team.create({ data: { name: "North" } });
    const a = await officer("a");
    const b = await officer("b");
    const c = await officer("c");
    await prisma.user.update({ where: { id: a.id }, data: { teamId: team.id } });
    await prisma.user.update({ where: { id: c.id }, data: { teamId: team.id } });
    await prisma.post.createMany({
      data: [
        { userId: a.id, type: "SALE", saleTotalCents: 100n },
        { userId: b.id, type: "SALE", saleTotalCents: 300n },
        { userId: c.id, type: "SALE", saleTotalCents: 200n },
      ],
    });
    const viewer = { id: a.id, role: "OFFICER", teamId: team.id };
    const company = await rankingsFor(viewer, { period: "today", scope: "company" });
    expect(company.map((row) => row.username)).toEqual(["b", "c", "a"]);
    expect((await rankingsFor(viewer, { period: "today" })).map((row) => row.username)).toEqual(["c", "a"]);
    const top = await topAgentRankings("today", a.id, 1, { everyone: false, teamIds: [team.id], unassigned: false });
    expect(top).toMatchObject({ total: 2, own: { position: 2 } });
    expect(top.rows.map((row) => row.username)).toEqual(["c"]);

    // Moving b into the team (whoever writes it) shows at once: the cache is checked against the teams.
    await prisma.$executeRaw`UPDATE User SET teamId = ${team.id} WHERE id = ${b.id}`;
    expect((await rankingsFor(viewer, { period: "today" })).map((row) => row.username)).toEqual(["b", "c", "a"]);
    await expect(
      rankingsFor({ id: b.id, role: "OFFICER", teamId: null }, { period: "today", team: team.id }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
