import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import {
  buildReport,
  previousRange,
  REPORT_OFFICER_FORBIDDEN,
  reportOfficers,
  reportRange,
} from "~/models/report.server";
import { TEAM_FORBIDDEN } from "~/models/policy";
import { reportQuerySchema } from "~/models/report.schema";
import { english } from "../../tests/support/english";

beforeEach(resetDatabase);

const HOUR = 3_600_000;
/** Karachi midnight (UTC+5) starting a local day "2026-11-dd". */
const karachi = (day: number, hour = 0) => Date.UTC(2026, 10, day) - 5 * HOUR + hour * HOUR;
/** Wednesday 2026-11-25, 15:00 in Karachi: last week is Sunday 15 to Saturday 21 November. */
const NOW = new Date(karachi(25, 15));
const manager = { id: 0, role: "MANAGER" };

const query = (input: Record<string, string>) => reportQuerySchema.parse(input);

async function user(username: string, firstName: string) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER", firstName },
  });
}

async function dealer(name: string, city: string, state: string, createdById: number, at: number) {
  return prisma.dealer.create({
    data: { businessName: name, street: "Shop 1", city, state, lat: 31, lng: 74, createdById, createdAt: new Date(at) },
  });
}

async function sale(
  userId: number,
  at: number,
  product: string,
  qty: number,
  priceCents: number,
  dealerId: number | null = null,
) {
  return prisma.post.create({
    data: {
      userId,
      type: "SALE",
      saleProduct: product,
      saleQty: qty,
      salePriceCents: BigInt(priceCents),
      saleTotalCents: BigInt(qty * priceCents),
      dealerId,
      createdAt: new Date(at),
    },
  });
}

async function recovery(userId: number, at: number, cents: number, dealerId: number | null = null) {
  return prisma.post.create({
    data: { userId, type: "RECOVERY", recoveryAmountCents: BigInt(cents), dealerId, createdAt: new Date(at) },
  });
}

describe("periods", () => {
  it("quick picks are Karachi calendar periods, and the previous period has the same length just before", () => {
    // Without a pick, this month so far: the rankings' period, and the month a manager's targets are for.
    expect(reportRange({}, NOW)).toEqual({ from: "2026-11-01", to: "2026-11-25" });
    expect(reportRange({ period: "last-week" }, NOW)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(reportRange({ period: "this-week" }, NOW)).toEqual({ from: "2026-11-22", to: "2026-11-25" });
    expect(reportRange({ period: "this-month" }, NOW)).toEqual({ from: "2026-11-01", to: "2026-11-25" });
    expect(reportRange({ period: "last-month" }, NOW)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(reportRange({ period: "last-90-days" }, NOW)).toEqual({ from: "2026-08-28", to: "2026-11-25" });
    expect(reportRange({ from: "2026-01-01", to: "2026-01-31" }, NOW)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(reportRange({ period: "this-week", from: "2026-01-01", to: "2026-01-31" }, NOW)).toEqual({
      from: "2026-11-22",
      to: "2026-11-25",
    });
    // 19:30 UTC on the 25th is already the 26th in Karachi.
    expect(reportRange({ period: "this-week" }, new Date(Date.UTC(2026, 10, 25, 19, 30)))).toEqual({
      from: "2026-11-22",
      to: "2026-11-26",
    });
    expect(previousRange({ from: "2026-11-15", to: "2026-11-21" })).toEqual({ from: "2026-11-08", to: "2026-11-14" });
    expect(previousRange({ from: "2026-10-01", to: "2026-10-31" })).toEqual({ from: "2026-08-31", to: "2026-09-30" });
  });

  it("refuses dates that are not real, a period that runs backwards, and one over a year", () => {
    expect(
      english(reportQuerySchema.safeParse({ from: "2026-02-30", to: "2026-03-01" }).error?.issues[0]?.message ?? ""),
    ).toBe("From must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd");
    expect(
      english(reportQuerySchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).error?.issues[0]?.message ?? ""),
    ).toBe("From must be on or before To");
    expect(
      english(reportQuerySchema.safeParse({ from: "2025-01-01", to: "2026-03-01" }).error?.issues[0]?.message ?? ""),
    ).toBe("A report covers at most 366 days");
    expect(english(reportQuerySchema.safeParse({ groupBy: "region" }).error?.issues[0]?.message ?? "")).toBe(
      "Unknown grouping",
    );
    expect(reportQuerySchema.parse({ groupBy: "", period: "", officer: "", province: "All", type: "" })).toEqual({
      groupBy: "officer",
    });
  });
});

describe("buildReport", () => {
  it("sums sales, quantity by product, recovery and posts per officer, against the week before", async () => {
    const ali = await user("ali", "Ali");
    const sana = await user("sana", "Sana");
    const shop = await dealer("Kisan Traders", "Multan", "Punjab", ali.id, karachi(16, 10));
    // Last week (15–21 Nov).
    await sale(ali.id, karachi(16, 11), "SSP", 10, 150_000, shop.id);
    await sale(ali.id, karachi(21, 23), "SULFUR", 2, 90_000, shop.id);
    await recovery(ali.id, karachi(17, 9), 500_000, shop.id);
    await sale(sana.id, karachi(18, 12), "SSP", 4, 150_000);
    // The week before (8–14 Nov), and outside both (22 Nov, after last week).
    await sale(ali.id, karachi(10, 12), "SSP", 5, 150_000, shop.id);
    await sale(ali.id, karachi(22, 0), "SSP", 99, 150_000);

    const report = await buildReport(manager, query({ period: "last-week" }), NOW);
    expect(report.range).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(report.previousRange).toEqual({ from: "2026-11-08", to: "2026-11-14" });
    expect(report.rows.map((row) => row.label)).toEqual(["Ali", "Sana"]);
    const [aliRow, sanaRow] = report.rows;
    expect(aliRow?.current).toMatchObject({
      salesCents: 1_680_000n,
      salesQty: 12,
      recoveryCents: 500_000n,
      posts: 3,
      dealersVisited: 1,
      newDealers: 1,
    });
    expect(aliRow?.current.salesByProduct).toMatchObject({
      SSP: { qty: 10, cents: 1_500_000n },
      SULFUR: { qty: 2, cents: 180_000n },
      ORGANIC: { qty: 0, cents: 0n },
    });
    expect(aliRow?.current.postsByType).toMatchObject({ SALE: 2, RECOVERY: 1, FIELD_VISIT: 0 });
    expect(aliRow?.previous).toMatchObject({ salesCents: 750_000n, salesQty: 5, posts: 1 });
    expect(sanaRow?.current).toMatchObject({ salesCents: 600_000n, dealersVisited: 0 });
    expect(report.totals.current).toMatchObject({
      salesCents: 2_280_000n,
      recoveryCents: 500_000n,
      posts: 4,
      newDealers: 1,
    });
    expect(report.totals.previous).toMatchObject({ salesCents: 750_000n, posts: 1 });
  });

  it("leaves a manager who posts out of the officer rows and out of every grouping's totals", async () => {
    const ali = await user("ali", "Ali");
    const boss = await prisma.user.create({
      data: { username: "boss", email: "boss@example.pk", passwordHash: "x", role: "MANAGER", firstName: "Boss" },
    });
    await sale(ali.id, karachi(16, 11), "SSP", 10, 150_000);
    await sale(boss.id, karachi(17, 11), "SSP", 1, 150_000);

    const report = await buildReport(manager, query({ period: "last-week" }), NOW);
    expect(report.rows.map((row) => row.label)).toEqual(["Ali"]);
    expect(report.totals.current).toMatchObject({ salesCents: 1_500_000n, posts: 1 });
    // Every grouping adds up to the same officers' work.
    for (const groupBy of ["day", "product", "team"]) {
      const other = await buildReport(manager, query({ period: "last-week", groupBy }), NOW);
      expect(other.totals.current, groupBy).toMatchObject({ salesCents: 1_500_000n, posts: 1 });
    }
  });

  it("groups by province, city, dealer and product, and filters by province and post type", async () => {
    const ali = await user("ali", "Ali");
    const multan = await dealer("Kisan Traders", "Multan", "Punjab", ali.id, karachi(1));
    const sukkur = await dealer("Indus Khad", "Sukkur", "Sindh", ali.id, karachi(1));
    await sale(ali.id, karachi(16, 11), "SSP", 10, 150_000, multan.id);
    await sale(ali.id, karachi(17, 11), "ORGANIC", 3, 100_000, sukkur.id);
    await recovery(ali.id, karachi(18, 11), 200_000, sukkur.id);
    await prisma.post.create({
      data: {
        userId: ali.id,
        type: "FIELD_VISIT",
        address: "Chak 5, Okara, Punjab, Pakistan",
        createdAt: new Date(karachi(19, 9)),
      },
    });

    const byProvince = await buildReport(manager, query({ groupBy: "province" }), NOW);
    expect(byProvince.rows.map((row) => [row.label, row.current.salesCents, row.current.posts])).toEqual([
      ["Punjab", 1_500_000n, 2],
      ["Sindh", 300_000n, 2],
    ]);
    const byCity = await buildReport(manager, query({ groupBy: "city" }), NOW);
    expect(byCity.rows.map((row) => row.label)).toEqual(["Multan", "Sukkur", "No dealer's city"]);
    const byDealer = await buildReport(manager, query({ groupBy: "dealer" }), NOW);
    expect(byDealer.rows.map((row) => [row.label, row.current.recoveryCents])).toEqual([
      ["Kisan Traders", 0n],
      ["Indus Khad", 200_000n],
      ["No dealer", 0n],
    ]);
    const byProduct = await buildReport(manager, query({ groupBy: "product" }), NOW);
    expect(byProduct.rows.map((row) => [row.label, row.current.salesQty])).toEqual([
      ["SSP Fertilizer", 10],
      ["Organic Fertilizer", 3],
      ["No product (not a sale)", 0],
    ]);
    const sindhSales = await buildReport(manager, query({ province: "Sindh", type: "SALE" }), NOW);
    expect(sindhSales.totals.current).toMatchObject({
      salesCents: 300_000n,
      recoveryCents: 0n,
      posts: 1,
      distanceKm: null,
      hours: null,
    });
  });

  it("counts visits, distance and hours as the rankings do, by day with every day of the period, against the day a week earlier", async () => {
    const ali = await user("ali", "Ali");
    // Tuesday 17 Nov: two check-ins a degree of latitude apart (111.19 km), 08:00 to 12:00.
    await prisma.checkIn.create({
      data: { userId: ali.id, type: "CHECK_IN", lat: 31, lng: 74, createdAt: new Date(karachi(17, 8)) },
    });
    await prisma.checkIn.create({
      data: { userId: ali.id, type: "CHECK_IN", lat: 32, lng: 74, createdAt: new Date(karachi(17, 12)) },
    });
    // Tuesday 10 Nov, the week before: one check-in.
    await prisma.checkIn.create({
      data: { userId: ali.id, type: "CHECK_IN", lat: 31, lng: 74, createdAt: new Date(karachi(10, 8)) },
    });

    const byDay = await buildReport(manager, query({ groupBy: "day", period: "last-week" }), NOW);
    expect(byDay.rows.map((row) => row.label)).toEqual([
      "Nov 15, 2026",
      "Nov 16, 2026",
      "Nov 17, 2026",
      "Nov 18, 2026",
      "Nov 19, 2026",
      "Nov 20, 2026",
      "Nov 21, 2026",
    ]);
    const tuesday = byDay.rows[2];
    expect(tuesday?.current.visits).toBe(2);
    expect(tuesday?.current.distanceKm).toBeCloseTo(111.19, 1);
    expect(tuesday?.current.hours).toBeCloseTo(4, 6);
    expect(tuesday?.previous.visits).toBe(1);
    expect(byDay.rows[0]?.current).toMatchObject({ visits: 0, distanceKm: 0 });

    const byOfficer = await buildReport(manager, query({ period: "last-week" }), NOW);
    expect(byOfficer.rows[0]?.current.distanceKm).toBeCloseTo(111.19, 1);
    const byWeek = await buildReport(manager, query({ groupBy: "week", period: "last-90-days" }), NOW);
    expect(byWeek.rows.find((row) => row.key === "2026-11-15")?.current.visits).toBe(2);
  });

  it("shows an officer their own figures only, whatever officer they ask for", async () => {
    const ali = await user("ali", "Ali");
    const sana = await user("sana", "Sana");
    await sale(ali.id, karachi(16, 11), "SSP", 10, 150_000);
    await sale(sana.id, karachi(16, 11), "SSP", 4, 150_000);
    const own = await buildReport({ id: sana.id, role: "OFFICER" }, query({ officer: String(ali.id) }), NOW);
    expect(own.filters.officer).toBe(sana.id);
    expect(own.rows.map((row) => [row.label, row.current.salesCents])).toEqual([["Sana", 600_000n]]);
  });
});

describe("reports by team", () => {
  async function twoTeams() {
    const north = await prisma.team.create({ data: { name: "North", provinces: "[]", districts: "[]" } });
    const south = await prisma.team.create({ data: { name: "South", provinces: "[]", districts: "[]" } });
    const ali = await prisma.user.update({ where: { id: (await user("ali", "Ali")).id }, data: { teamId: north.id } });
    const sana = await prisma.user.update({
      where: { id: (await user("sana", "Sana")).id },
      data: { teamId: south.id },
    });
    const omar = await user("omar", "Omar");
    const boss = await prisma.user.create({
      data: { username: "boss", email: "boss@example.pk", passwordHash: "x", role: "MANAGER", teamId: north.id },
    });
    await prisma.teamManager.create({ data: { teamId: north.id, userId: boss.id } });
    const shop = await dealer("Kisan Traders", "Multan", "Punjab", ali.id, karachi(16, 10));
    await dealer("Sindh Seeds", "Karachi", "Sindh", sana.id, karachi(16, 10));
    await sale(ali.id, karachi(16, 11), "SSP", 10, 150_000, shop.id);
    await sale(sana.id, karachi(17, 11), "SSP", 4, 150_000);
    await sale(omar.id, karachi(18, 11), "SSP", 1, 150_000);
    await prisma.checkIn.create({
      data: { userId: sana.id, type: "CHECK_IN", lat: 24.8, lng: 67, createdAt: new Date(karachi(17, 9)) },
    });
    return { north, south, ali, sana, omar, boss };
  }
  const cents = (report: Awaited<ReturnType<typeof buildReport>>) =>
    report.rows.map((row) => [row.label, row.current.salesCents]);

  it("groups by the officer's team, the unassigned under No team", async () => {
    await twoTeams();
    const admin = { id: 0, role: "ADMIN" };
    const byTeam = await buildReport(admin, query({ groupBy: "team" }), NOW);
    expect(byTeam.rows.map((row) => row.label)).toEqual(["North", "South", "No team"]);
    expect(byTeam.rows.map((row) => [row.current.salesCents, row.current.newDealers, row.current.visits])).toEqual([
      [1_500_000n, 1, 0],
      [600_000n, 1, 1],
      [150_000n, 0, 0],
    ]);
    expect(byTeam.rows.every((row) => row.current.distanceKm !== null)).toBe(true);
  });

  it("gives a manager the teams they lead, an admin everyone or one team", async () => {
    const { north, south, ali, sana, boss } = await twoTeams();
    const lead = { id: boss.id, role: "MANAGER", teamId: north.id };
    const own = await buildReport(lead, query({}), NOW);
    expect(cents(own)).toEqual([["Ali", 1_500_000n]]);
    expect(own.totals.current.newDealers).toBe(1);
    expect((await reportOfficers(lead, undefined)).map((officer) => officer.name)).toEqual(["Ali"]);
    await expect(buildReport(lead, query({ team: String(south.id) }), NOW)).rejects.toMatchObject({
      status: 403,
      message: TEAM_FORBIDDEN,
    });
    await expect(buildReport(lead, query({ officer: String(sana.id) }), NOW)).rejects.toMatchObject({
      status: 403,
      message: REPORT_OFFICER_FORBIDDEN,
    });

    const admin = { id: 0, role: "ADMIN" };
    expect(cents(await buildReport(admin, query({}), NOW))).toHaveLength(3);
    const southOnly = await buildReport(admin, query({ team: String(south.id) }), NOW);
    expect(cents(southOnly)).toEqual([["Sana", 600_000n]]);
    expect(southOnly.teamName).toBe("South");
    expect((await reportOfficers(admin, south.id)).map((officer) => officer.name)).toEqual(["Sana"]);
    await expect(
      buildReport(admin, query({ team: String(south.id), officer: String(ali.id) }), NOW),
    ).rejects.toMatchObject({ status: 403 });
  });
});
