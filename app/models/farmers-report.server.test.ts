import { beforeEach, describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { buildFarmersReport } from "~/models/farmers-report.server";
import { farmersTable } from "~/models/report-view.server";

beforeEach(resetDatabase);

// 2026-11-22 12:00 in Karachi: Rabi 2026 (2026-10-01 to 2027-03-31) runs.
const NOW = new Date("2026-11-22T07:00:00Z");
/** Rabi 2026's first instant in Karachi (UTC+5), and Kharif 2026's last. */
const RABI_FIRST = new Date("2026-09-30T19:00:00Z");
const KHARIF_LAST = new Date("2026-09-30T18:59:59.999Z");

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

async function world() {
  const north = (await prisma.team.create({ data: { name: "North" } })).id;
  const south = (await prisma.team.create({ data: { name: "South" } })).id;
  const manager = await person("manager", "MANAGER", north);
  await prisma.teamManager.create({ data: { teamId: north, userId: manager.id } });
  const admin = await person("admin", "ADMIN", null);
  const ayesha = await person("ayesha", "OFFICER", north);
  const bilal = await person("bilal", "OFFICER", north);
  const sana = await person("sana", "OFFICER", south);
  return { north, south, manager, admin, ayesha, bilal, sana };
}

let farmers = 0;
async function farmer(teamId: number) {
  farmers += 1;
  const data = { name: `Farmer ${farmers}`, tehsil: "Okara", district: "Okara", landHundredths: 500, teamId };
  return (await prisma.farmer.create({ data, select: { id: true } })).id;
}

async function meeting(userId: number, createdAt: Date, farmerIds: number[], headCount: number | null) {
  const post = await prisma.post.create({ data: { userId, type: "FARMER_MEETING", createdAt, headCount } });
  await prisma.meetingAttendee.createMany({ data: farmerIds.map((farmerId) => ({ postId: post.id, farmerId })) });
}

type Harvest = { yieldKgPerAcre: number; controlYieldKgPerAcre: number };
async function plot(
  officerId: number,
  farmerId: number,
  sownOn: string,
  stage: "SOWN" | "MID_SEASON" | "HARVESTED",
  { harvest, crop = "wheat", product = "SSP" }: { harvest?: Harvest; crop?: string; product?: string } = {},
) {
  const post = await prisma.post.create({ data: { userId: officerId, type: "DEMO_PLOT", createdAt: NOW } });
  await prisma.demoPlot.create({
    data: {
      postId: post.id,
      farmerId,
      officerId,
      crop,
      product,
      areaHundredths: 100,
      controlAreaHundredths: 100,
      lat: 30.8,
      lng: 73.4,
      sownOn,
      midVisitDueOn: sownOn,
      harvestDueOn: sownOn,
      stage,
      ...(harvest ? { ...harvest, harvestedOn: sownOn } : {}),
    },
  });
}

describe("the season report of farmers and demo plots", () => {
  it("counts a farmer met before the season as repeat, one first met in it as new, each once however often met", async () => {
    const { north, ayesha, bilal, admin } = await world();
    const [old, fresh, plotOnly, earlierPlot] = [
      await farmer(north),
      await farmer(north),
      await farmer(north),
      await farmer(north),
    ];
    // Kharif's last instant: before Rabi.
    await meeting(ayesha.id, KHARIF_LAST, [old], 5);
    await meeting(ayesha.id, RABI_FIRST, [old, fresh], 12);
    await meeting(bilal.id, NOW, [fresh], null);
    await plot(bilal.id, plotOnly, "2027-03-31", "SOWN");
    // A plot of last Kharif makes its farmer a repeat one when met this Rabi.
    await plot(bilal.id, earlierPlot, "2026-06-01", "HARVESTED");
    await meeting(bilal.id, NOW, [earlierPlot], 1);

    const report = await buildFarmersReport(admin, { season: "RABI-2026", groupBy: "officer" }, NOW);
    const byName = Object.fromEntries(report.rows.map((row) => [row.label, row.figures]));
    expect(byName.ayesha).toMatchObject({ reached: 2, newFarmers: 1, repeatFarmers: 1, meetings: 1 });
    expect(byName.ayesha).toMatchObject({ headCount: 12, namedAttendees: 2 });
    // A meeting without a head count counts its named farmers.
    expect(byName.bilal).toMatchObject({ reached: 3, newFarmers: 2, repeatFarmers: 1, meetings: 2, headCount: 2 });
    expect(byName.bilal?.plots).toEqual({ sown: 1, midSeason: 0, harvested: 0 });
    // Fresh was met by both: once in the total.
    expect(report.totals.figures).toMatchObject({ reached: 4, newFarmers: 2, repeatFarmers: 2, meetings: 3 });
  });

  it("averages the gains of the season's harvested plots, plot by plot, and shows – where there is none", async () => {
    const { north, ayesha, bilal, admin } = await world();
    const someone = await farmer(north);
    // +10 % and +25 %: 17.5 %; then a plot of no gain (–5 %) of another product.
    await plot(ayesha.id, someone, "2026-10-01", "HARVESTED", {
      harvest: { yieldKgPerAcre: 1100, controlYieldKgPerAcre: 1000 },
    });
    await plot(ayesha.id, someone, "2026-11-01", "HARVESTED", {
      harvest: { yieldKgPerAcre: 500, controlYieldKgPerAcre: 400 },
    });
    await plot(ayesha.id, someone, "2026-11-02", "HARVESTED", {
      harvest: { yieldKgPerAcre: 950, controlYieldKgPerAcre: 1000 },
      product: "SULFUR",
      crop: "cotton",
    });
    await plot(ayesha.id, someone, "2026-11-03", "MID_SEASON");
    // Sown last season: not this season's.
    await plot(ayesha.id, someone, "2026-09-30", "HARVESTED", {
      harvest: { yieldKgPerAcre: 3000, controlYieldKgPerAcre: 1000 },
    });

    const report = await buildFarmersReport(admin, { season: "RABI-2026", groupBy: "officer" }, NOW);
    const ayeshas = report.rows.find((row) => row.label === "ayesha")?.figures;
    expect(ayeshas?.yieldGain).toEqual({ plots: 3, percent: 10 });
    expect(ayeshas?.plots).toEqual({ sown: 0, midSeason: 1, harvested: 3 });
    expect(report.gains).toEqual([
      { product: "SSP", crop: "wheat", label: "SSP Fertilizer, Wheat", yieldGain: { plots: 2, percent: 17.5 } },
      { product: "SULFUR", crop: "cotton", label: "Sulfur, Cotton", yieldGain: { plots: 1, percent: -5 } },
    ]);
    // Bilal harvested nothing: "–", never 0 %.
    const table = farmersTable(report, english);
    const bilals = table.rows.find((row) => row[0]?.kind === "text" && row[0].value === "bilal");
    expect(bilals?.at(-1)).toEqual({ kind: "text", value: "–" });
    expect(bilal.id).toBeGreaterThan(0);
  });

  it("shows an officer their own row, a manager their teams, and refuses another team", async () => {
    const { ayesha, manager, south, north } = await world();
    const own = await buildFarmersReport(ayesha, { groupBy: "officer" }, NOW);
    expect(own.season).toBe("RABI-2026");
    expect(own.rows.map((row) => row.label)).toEqual(["ayesha"]);
    const team = await buildFarmersReport(manager, { groupBy: "officer", team: north }, NOW);
    expect(team.rows.map((row) => row.label)).toEqual(["ayesha", "bilal"]);
    await expect(buildFarmersReport(manager, { groupBy: "officer", team: south }, NOW)).rejects.toBeInstanceOf(
      AppError,
    );
    await expect(buildFarmersReport(manager, { groupBy: "officer", team: south }, NOW)).rejects.toMatchObject({
      status: 403,
    });
  });

  it("lists the six seasons to the one asked, by season", async () => {
    const { admin } = await world();
    const report = await buildFarmersReport(admin, { season: "KHARIF-2026", groupBy: "season" }, NOW);
    expect(report.rows.map((row) => row.key)).toEqual([
      "RABI-2023",
      "KHARIF-2024",
      "RABI-2024",
      "KHARIF-2025",
      "RABI-2025",
      "KHARIF-2026",
    ]);
    expect(report.totals).toMatchObject({ first: "2023-10-01", last: "2026-09-30" });
  });
});
