import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { demoPlot, farmerOf } from "../../tests/support/demo-plots";
import { AppError } from "~/lib/app-error";
import { overduePlotVisits, plotVisitsDue } from "~/models/plot-visits-due.server";
import { plotsOnMap } from "~/models/plot-map.server";
import { homeAudience } from "~/models/team-scope.server";

beforeEach(resetDatabase);

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

/** Two teams: Lahore (ayesha, led by manager) and Karachi (sana). */
async function twoTeams() {
  const lahore = (await prisma.team.create({ data: { name: "Lahore" } })).id;
  const karachi = (await prisma.team.create({ data: { name: "Karachi" } })).id;
  const manager = await person("manager", "MANAGER", null);
  await prisma.teamManager.create({ data: { teamId: lahore, userId: manager.id } });
  const ayesha = await person("ayesha", "OFFICER", lahore);
  const sana = await person("sana", "OFFICER", karachi);
  const admin = await person("admin", "ADMIN", null);
  return { lahore, karachi, manager, ayesha, sana, admin };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? error.status : error;
}

describe("the plot visits due on an officer's plan", () => {
  it("lists the mid-season visit of a sown plot and the harvest of a plot not harvested from their due days, overdue 7 days after", async () => {
    const { ayesha } = await twoTeams();
    const farmer = await farmerOf(null);
    const plot = (fields: Omit<Parameters<typeof demoPlot>[0], "officerId" | "farmerId">) =>
      demoPlot({ officerId: ayesha.id, farmerId: farmer.id, ...fields });
    const dueToday = await plot({ midVisitDueOn: "2026-11-20", harvestDueOn: "2027-03-01" });
    await plot({ midVisitDueOn: "2026-11-21", harvestDueOn: "2027-03-01" });
    const sevenLate = await plot({ midVisitDueOn: "2026-11-13", harvestDueOn: "2027-03-01" });
    const sixLate = await plot({ midVisitDueOn: "2026-11-14", harvestDueOn: "2027-03-01", crop: "cotton" });
    // Visited at mid-season: only its harvest waits.
    const visited = await plot({ stage: "MID_SEASON", midVisitDueOn: "2026-09-01", harvestDueOn: "2026-11-20" });
    await plot({ stage: "HARVESTED", midVisitDueOn: "2026-09-01", harvestDueOn: "2026-10-01" });

    const due = await plotVisitsDue(ayesha, ayesha.id, "2026-11-20");
    expect(
      due.map(({ plotId, visit, dueOn, daysLate, overdue }) => ({ plotId, visit, dueOn, daysLate, overdue })),
    ).toEqual([
      { plotId: sevenLate.id, visit: "MID_SEASON", dueOn: "2026-11-13", daysLate: 7, overdue: true },
      { plotId: sixLate.id, visit: "MID_SEASON", dueOn: "2026-11-14", daysLate: 6, overdue: false },
      { plotId: dueToday.id, visit: "MID_SEASON", dueOn: "2026-11-20", daysLate: 0, overdue: false },
      { plotId: visited.id, visit: "HARVEST", dueOn: "2026-11-20", daysLate: 0, overdue: false },
    ]);
    expect(due[1]).toMatchObject({ farmerName: "Rashid Ali", crop: "cotton" });
  });

  it("names an erased farmer 'Erased farmer' and shows none of another officer's plots", async () => {
    const { ayesha, sana } = await twoTeams();
    const farmer = await farmerOf(null);
    await demoPlot({
      officerId: ayesha.id,
      farmerId: farmer.id,
      midVisitDueOn: "2026-11-01",
      harvestDueOn: "2027-03-01",
    });
    await demoPlot({
      officerId: sana.id,
      farmerId: farmer.id,
      midVisitDueOn: "2026-11-01",
      harvestDueOn: "2027-03-01",
    });
    await prisma.farmer.update({
      where: { id: farmer.id },
      data: { name: "Erased farmer", phone: null, erasedAt: new Date() },
    });

    const due = await plotVisitsDue(ayesha, ayesha.id, "2026-11-20");
    expect(due).toHaveLength(1);
    expect(due[0]!.farmerName).toBe("Erased farmer");
  });

  it("is read by whoever reads the plan: 403 for another team's officer, 404 for nobody", async () => {
    const { manager, ayesha, sana } = await twoTeams();
    expect(await plotVisitsDue(manager, ayesha.id, "2026-11-20")).toEqual([]);
    expect(await refusal(plotVisitsDue(manager, sana.id, "2026-11-20"))).toBe(403);
    expect(await refusal(plotVisitsDue(ayesha, sana.id, "2026-11-20"))).toBe(403);
    expect(await refusal(plotVisitsDue(manager, 999, "2026-11-20"))).toBe(404);
  });
});

describe("the overdue plot visits on the manager's day", () => {
  // 2026-11-20 00:30 in Karachi: still 2026-11-19 in UTC.
  const NOW = new Date("2026-11-19T19:30:00Z");

  it("lists their officers' visits 7 days past due and more, most overdue first, and no other team's", async () => {
    const { lahore, karachi, manager, ayesha, sana, admin } = await twoTeams();
    const farmer = await farmerOf(lahore, "Bashir Ahmad");
    const overdue = await demoPlot({
      officerId: ayesha.id,
      farmerId: farmer.id,
      midVisitDueOn: "2026-11-13",
      harvestDueOn: "2027-03-01",
    });
    // Sown and past both days: both visits are overdue.
    const late = await demoPlot({
      officerId: ayesha.id,
      farmerId: farmer.id,
      midVisitDueOn: "2026-08-01",
      harvestDueOn: "2026-10-01",
    });
    await demoPlot({
      officerId: ayesha.id,
      farmerId: farmer.id,
      midVisitDueOn: "2026-11-14",
      harvestDueOn: "2027-03-01",
    });
    const theirs = await demoPlot({
      officerId: sana.id,
      farmerId: (await farmerOf(karachi)).id,
      midVisitDueOn: "2026-11-01",
      harvestDueOn: "2027-03-01",
    });

    const mine = await overduePlotVisits(manager, {}, NOW);
    expect(mine.total).toBe(3);
    expect(mine.visits.map(({ plotId, visit, daysLate }) => [plotId, visit, daysLate])).toEqual([
      [late.id, "MID_SEASON", 111],
      [late.id, "HARVEST", 50],
      [overdue.id, "MID_SEASON", 7],
    ]);
    expect(mine.visits[0]).toMatchObject({ officerId: ayesha.id, officerName: "ayesha", farmerName: "Bashir Ahmad" });

    expect(await refusal(overduePlotVisits(manager, { team: karachi }, NOW))).toBe(403);
    const everyone = await overduePlotVisits(admin, {}, NOW);
    expect(everyone.total).toBe(4);
    const karachiOnly = await overduePlotVisits(admin, { team: karachi }, NOW);
    expect(karachiOnly.visits.map((visit) => visit.plotId)).toEqual([theirs.id]);
  });
});

describe("the demo plots on the map", () => {
  it("shows the plots of the viewer's own people, newest first: an officer their team's, an admin everyone's", async () => {
    const { lahore, manager, ayesha, sana, admin } = await twoTeams();
    const farmer = await farmerOf(lahore);
    const plot = (officerId: number, stage: "SOWN" | "MID_SEASON" | "HARVESTED") =>
      demoPlot({ officerId, farmerId: farmer.id, stage, midVisitDueOn: "2026-11-01", harvestDueOn: "2027-03-01" });
    const sown = await plot(ayesha.id, "SOWN");
    const harvested = await plot(ayesha.id, "HARVESTED");
    const other = await plot(sana.id, "MID_SEASON");

    const ids = async (viewer: { id: number; role: string; teamId: number | null }) =>
      plotsOnMap(await homeAudience(viewer)).map((pin) => pin.id);
    expect(await ids(ayesha)).toEqual([harvested.id, sown.id]);
    expect(await ids(manager)).toEqual([harvested.id, sown.id]);
    expect(await ids(sana)).toEqual([other.id]);
    expect(await ids(admin)).toEqual([other.id, harvested.id, sown.id]);
    expect(plotsOnMap(await homeAudience(ayesha))[0]).toMatchObject({
      stage: "HARVESTED",
      crop: "wheat",
      product: "SSP",
      farmerName: "Rashid Ali",
      lat: 30.81,
    });
  });
});
