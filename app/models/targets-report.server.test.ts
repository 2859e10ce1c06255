import { beforeEach, describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import { targetsTable } from "~/models/report-view.server";
import { buildTargetsReport, type MeasureFigure } from "~/models/targets-report.server";

beforeEach(resetDatabase);

// 2026-11-22 12:00 in Karachi (UTC+5): November runs, October is over, December is to come.
const NOW = new Date("2026-11-22T07:00:00Z");
const KARACHI_MS = 5 * 3_600_000;

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

async function world() {
  const north = (await prisma.team.create({ data: { name: "North" } })).id;
  const south = (await prisma.team.create({ data: { name: "South" } })).id;
  const manager = await person("manager", "MANAGER", null);
  await prisma.teamManager.create({ data: { teamId: north, userId: manager.id } });
  const admin = await person("admin", "ADMIN", null);
  const ayesha = await person("ayesha", "OFFICER", north);
  const bilal = await person("bilal", "OFFICER", north);
  const sana = await person("sana", "OFFICER", south);
  const dealer = await prisma.dealer.create({
    data: { businessName: "A Traders", street: "Main Bazaar", city: "Lahore", state: "Punjab", lat: 31.5, lng: 74.3 },
  });
  return { north, south, manager, admin, ayesha, bilal, sana, dealer };
}

/** A post's figures, as the test counts them itself: bags, money (cents) and counts by measure. */
type Raw = { userId: number; at: Date; figures: Partial<Record<TargetMeasure, number>> };

/** The Karachi month (yyyy-MM) of an instant. */
const monthOfInstant = (at: Date) => new Date(at.getTime() + KARACHI_MS).toISOString().slice(0, 7);

/** Posts of every kind around November's edges (its first and last Karachi instants, and a minute either side). */
async function posts({ ayesha, bilal, sana, dealer }: Awaited<ReturnType<typeof world>>): Promise<Raw[]> {
  const instants = [
    new Date("2026-10-31T18:59:00Z"), // October's last minute
    new Date("2026-10-31T19:00:00Z"), // November's first instant
    new Date("2026-11-15T06:00:00Z"),
    new Date("2026-11-30T18:59:59.999Z"), // November's last instant
    new Date("2026-11-30T19:00:00Z"), // December's first
    new Date("2026-06-10T06:00:00Z"), // Kharif, before the Rabi season
  ];
  const raws: Raw[] = [];
  let n = 0;
  for (const officer of [ayesha, bilal, sana])
    for (const at of instants) {
      n += 1;
      const qty = 1 + ((n * 7) % 40);
      const product = (["SSP", "ORGANIC", "SULFUR"] as const)[n % 3] ?? "SSP";
      const bags = { SSP: "sspBags", ORGANIC: "organicBags", SULFUR: "sulfurBags" } as const;
      await prisma.post.create({
        data: {
          userId: officer.id,
          type: "SALE",
          dealerId: dealer.id,
          saleProduct: product,
          saleQty: qty,
          salePriceCents: 100_00n,
          saleTotalCents: BigInt(qty * 100_00),
          createdAt: at,
        },
      });
      raws.push({
        userId: officer.id,
        at,
        figures: { [bags[product]]: qty, salesAmount: qty * 100_00, dealerVisits: 1 },
      });
      await prisma.post.create({
        data: { userId: officer.id, type: "RECOVERY", dealerId: dealer.id, recoveryAmountCents: 55_50n, createdAt: at },
      });
      raws.push({ userId: officer.id, at, figures: { recoveryAmount: 55_50, dealerVisits: 1 } });
      const type = n % 2 === 0 ? "FARMER_MEETING" : "DEMO_PLOT";
      await prisma.post.create({ data: { userId: officer.id, type, createdAt: at } });
      raws.push({
        userId: officer.id,
        at,
        figures: { [type === "FARMER_MEETING" ? "farmerMeetings" : "demoPlots"]: 1 },
      });
      // A field visit names no dealer and counts for nothing.
      await prisma.post.create({ data: { userId: officer.id, type: "FIELD_VISIT", createdAt: at } });
    }
  return raws;
}

function actualOf(raws: Raw[], people: number[], months: string[], measure: TargetMeasure): number {
  return raws
    .filter((raw) => people.includes(raw.userId) && months.includes(monthOfInstant(raw.at)))
    .reduce((sum, raw) => sum + (raw.figures[measure] ?? 0), 0);
}

async function target(userId: number, period: string, measure: TargetMeasure, value: number) {
  await prisma.target.create({ data: { userId, period, measure, value: BigInt(value), setAt: NOW } });
}

const figure = (figures: MeasureFigure[], measure: TargetMeasure) => figures.find((f) => f.measure === measure);

describe("the targets report", () => {
  it("matches targets and the posts counted by the test, by officer, team, measure and month, each scoped", async () => {
    const w = await world();
    const raws = await posts(w);
    const RABI = ["2026-10", "2026-11", "2026-12", "2027-01", "2027-02", "2027-03"];
    await target(w.ayesha.id, "2026-11", "sspBags", 10);
    await target(w.ayesha.id, "2026-11", "salesAmount", 5000_00);
    await target(w.bilal.id, "2026-11", "sspBags", 30);
    await target(w.sana.id, "2026-11", "farmerMeetings", 2);
    await target(w.sana.id, "2026-11", "sspBags", 5);
    await target(w.ayesha.id, "2026-10", "sspBags", 1);
    await target(w.ayesha.id, "RABI-2026", "demoPlots", 9);

    // The admin, by officer: every officer, each measure against their own posts.
    const byOfficer = await buildTargetsReport(w.admin, { period: "2026-11", groupBy: "officer" }, NOW);
    expect(byOfficer.rows.map((row) => row.label)).toEqual(["ayesha", "bilal", "sana"]);
    for (const [row, officer] of byOfficer.rows.map((row, i) => [row, [w.ayesha, w.bilal, w.sana][i]] as const)) {
      for (const measure of TARGET_MEASURES)
        expect(figure(row.measures, measure)?.actual, `${row.label} ${measure}`).toBe(
          actualOf(raws, [officer?.id ?? 0], ["2026-11"], measure),
        );
    }
    const ayeshaSsp = figure(byOfficer.rows[0]?.measures ?? [], "sspBags");
    const ssp = actualOf(raws, [w.ayesha.id], ["2026-11"], "sspBags");
    expect(ayeshaSsp).toEqual({
      measure: "sspBags",
      target: 10,
      actual: ssp,
      percent: Math.floor((ssp * 100) / 10),
      standing: ssp >= 10 ? "done" : expect.any(String),
    });
    // No target: no percentage, no pace (the page's "–"), never 0 %.
    expect(figure(byOfficer.rows[0]?.measures ?? [], "demoPlots")).toMatchObject({
      target: null,
      percent: null,
      standing: null,
    });

    // By team: a team's target the sum of its officers', its achievement all of theirs.
    const byTeam = await buildTargetsReport(w.admin, { period: "2026-11", groupBy: "team" }, NOW);
    expect(byTeam.rows.map((row) => [row.label, figure(row.measures, "sspBags")?.target])).toEqual([
      ["North", 40],
      ["South", 5],
    ]);
    expect(figure(byTeam.rows[0]?.measures ?? [], "sspBags")?.actual).toBe(
      actualOf(raws, [w.ayesha.id, w.bilal.id], ["2026-11"], "sspBags"),
    );
    expect(figure(byTeam.totals.measures, "farmerMeetings")).toMatchObject({
      target: 2,
      actual: actualOf(raws, [w.ayesha.id, w.bilal.id, w.sana.id], ["2026-11"], "farmerMeetings"),
    });

    // By month over the Rabi season: its six months, each against its own posts; the season's own target is not a month's.
    const byMonth = await buildTargetsReport(w.manager, { period: "RABI-2026", groupBy: "period" }, NOW);
    expect(byMonth.rows.map((row) => row.key)).toEqual(RABI);
    for (const row of byMonth.rows)
      expect(figure(row.measures, "salesAmount")?.actual, row.key).toBe(
        actualOf(raws, [w.ayesha.id, w.bilal.id], [row.key], "salesAmount"),
      );
    const octoberSsp = actualOf(raws, [w.ayesha.id, w.bilal.id], ["2026-10"], "sspBags");
    expect(figure(byMonth.rows[0]?.measures ?? [], "sspBags")).toMatchObject({
      target: 1,
      standing: octoberSsp >= 1 ? "done" : "missed",
    });
    expect(figure(byMonth.rows[3]?.measures ?? [], "sspBags")).toMatchObject({ target: null });
    expect(figure(byMonth.rows[1]?.measures ?? [], "demoPlots")).toMatchObject({ target: null });
    expect(byMonth.totals).toMatchObject({ first: "2026-10-01", last: "2027-03-31" });
    expect(figure(byMonth.totals.measures, "sspBags")?.target).toBe(41);

    // A month: the twelve months to it.
    const year = await buildTargetsReport(w.admin, { period: "2026-11", groupBy: "period" }, NOW);
    expect(year.rows.map((row) => row.key)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(figure(year.rows[6]?.measures ?? [], "sspBags")?.actual).toBe(
      actualOf(raws, [w.ayesha.id, w.bilal.id, w.sana.id], ["2026-06"], "sspBags"),
    );

    // By measure for the season: the season's own targets.
    const byMeasure = await buildTargetsReport(w.ayesha, { period: "RABI-2026", groupBy: "measure" }, NOW);
    expect(byMeasure.rows.map((row) => row.key)).toEqual([...TARGET_MEASURES]);
    expect(byMeasure.rows[7]?.measures).toEqual([
      {
        measure: "demoPlots",
        target: 9,
        actual: actualOf(raws, [w.ayesha.id], RABI, "demoPlots"),
        percent: Math.floor((actualOf(raws, [w.ayesha.id], RABI, "demoPlots") * 100) / 9),
        // 52 of the season's 182 days gone: 9 × 52 / 182 = 2.6 plots owed so far.
        standing: "onPace",
      },
    ]);
  });

  it("shows an officer their own row and their team's total, a manager their teams; another team is refused", async () => {
    const w = await world();
    await target(w.ayesha.id, "2026-11", "demoPlots", 4);
    await target(w.bilal.id, "2026-11", "demoPlots", 6);
    const own = await buildTargetsReport(w.ayesha, { period: "2026-11", groupBy: "officer" }, NOW);
    expect(own.rows.map((row) => row.label)).toEqual(["ayesha"]);
    expect(figure(own.totals.measures, "demoPlots")?.target).toBe(4);
    const team = await buildTargetsReport(w.ayesha, { period: "2026-11", groupBy: "team" }, NOW);
    expect(team.rows.map((row) => [row.label, figure(row.measures, "demoPlots")?.target])).toEqual([["North", 10]]);

    const led = await buildTargetsReport(w.manager, { period: "2026-11", groupBy: "officer" }, NOW);
    expect(led.rows.map((row) => row.label)).toEqual(["ayesha", "bilal"]);
    for (const viewer of [w.manager, w.ayesha])
      await expect(
        buildTargetsReport(viewer, { period: "2026-11", groupBy: "officer", team: w.south }, NOW),
      ).rejects.toSatisfy((error) => error instanceof AppError && error.status === 403);
    const south = await buildTargetsReport(w.admin, { period: "2026-11", groupBy: "officer", team: w.south }, NOW);
    expect(south).toMatchObject({ team: { id: w.south, name: "South" } });
    expect(south.rows.map((row) => row.label)).toEqual(["sana"]);
  });

  it("says a measure's pace while its period runs, reached or missed once over, not started before", async () => {
    const w = await world();
    // 21 of November's 30 days gone: 7 of 10 is on pace, 6 behind.
    for (let i = 0; i < 7; i++)
      await prisma.post.create({
        data: { userId: w.ayesha.id, type: "DEMO_PLOT", createdAt: new Date("2026-11-03T06:00:00Z") },
      });
    await target(w.ayesha.id, "2026-11", "demoPlots", 10);
    await target(w.bilal.id, "2026-11", "demoPlots", 10);
    await target(w.ayesha.id, "2026-10", "demoPlots", 1);
    await target(w.ayesha.id, "2026-12", "demoPlots", 1);
    const now = await buildTargetsReport(w.manager, { period: "2026-11", groupBy: "officer" }, NOW);
    expect(now.rows.map((row) => figure(row.measures, "demoPlots")?.standing)).toEqual(["onPace", "behind"]);
    const table = targetsTable(now, english);
    expect(table.columns.slice(29)).toEqual([
      "Demo plots target",
      "Demo plots actual",
      "Demo plots % of target",
      "Demo plots pace",
    ]);
    expect(table.rows[0]?.slice(29)).toEqual([
      { kind: "number", value: 10, decimals: 0 },
      { kind: "number", value: 7, decimals: 0 },
      { kind: "percent", value: 70 },
      { kind: "text", value: "On pace" },
    ]);
    // A measure without a target: "–" for its target, percentage and pace.
    expect(table.rows[0]?.slice(1, 5)).toEqual([
      { kind: "text", value: "–" },
      { kind: "number", value: 0, decimals: 0 },
      { kind: "text", value: "–" },
      { kind: "text", value: "–" },
    ]);
    const october = await buildTargetsReport(w.ayesha, { period: "2026-10", groupBy: "measure" }, NOW);
    expect(figure(october.rows[7]?.measures ?? [], "demoPlots")?.standing).toBe("missed");
    const december = await buildTargetsReport(w.ayesha, { period: "2026-12", groupBy: "measure" }, NOW);
    expect(figure(december.rows[7]?.measures ?? [], "demoPlots")?.standing).toBe("upcoming");
    expect(targetsTable(december, english).totals).toEqual([]);
  });
});
