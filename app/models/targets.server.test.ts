import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import type { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { noMeasures, TARGET_MEASURES } from "~/lib/target-measures";
import { TARGETS_FORBIDDEN, TEAM_FORBIDDEN } from "~/models/policy";
import {
  achievementOf,
  copyTargets,
  getTargets,
  monthAtAGlance,
  ownProgress,
  periodProgress,
  setTargets,
  targetsToSet,
} from "~/models/targets.server";
import type { TargetValues } from "~/models/targets.schema";

beforeEach(resetDatabase);

// 2026-11-22 12:00 in Karachi (UTC+5): 21 whole days of November gone, 9 left with today.
const NOW = new Date("2026-11-22T07:00:00Z");

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

function values(set: Partial<TargetValues>): TargetValues {
  return { ...(Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, null])) as TargetValues), ...set };
}

const post = (data: Prisma.PostUncheckedCreateInput) => prisma.post.create({ data });

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

describe("achievement counted from the posts", () => {
  it("counts bags by product, money sold and recovered, dealer visits, meetings and demo plots, by the Karachi day", async () => {
    const { ayesha, bilal, dealer } = await world();
    const sale = { type: "SALE", dealerId: dealer.id, salePriceCents: 100_00n };
    // November's first instant in Karachi (2026-10-31 19:00 UTC) and its last (2026-11-30 18:59:59.999 UTC).
    await post({
      userId: ayesha.id,
      ...sale,
      saleProduct: "SSP",
      saleQty: 10,
      saleTotalCents: 1000_00n,
      createdAt: new Date("2026-10-31T19:00:00Z"),
    });
    await post({
      userId: ayesha.id,
      ...sale,
      saleProduct: "SULFUR",
      saleQty: 3,
      saleTotalCents: 300_00n,
      createdAt: new Date("2026-11-30T18:59:59.999Z"),
    });
    // A minute either side is October's and December's.
    await post({
      userId: ayesha.id,
      ...sale,
      saleProduct: "SSP",
      saleQty: 100,
      saleTotalCents: 1_00n,
      createdAt: new Date("2026-10-31T18:59:00Z"),
    });
    await post({
      userId: ayesha.id,
      ...sale,
      saleProduct: "SSP",
      saleQty: 100,
      saleTotalCents: 1_00n,
      createdAt: new Date("2026-11-30T19:00:00Z"),
    });
    const mid = new Date("2026-11-15T06:00:00Z");
    await post({
      userId: ayesha.id,
      type: "RECOVERY",
      dealerId: dealer.id,
      recoveryAmountCents: 250_50n,
      createdAt: mid,
    });
    await post({ userId: ayesha.id, type: "DEALER_MEETING", dealerId: dealer.id, createdAt: mid });
    await post({ userId: ayesha.id, type: "FARMER_MEETING", createdAt: mid });
    await post({ userId: ayesha.id, type: "DEMO_PLOT", createdAt: mid });
    await post({ userId: ayesha.id, type: "FIELD_VISIT", createdAt: mid });
    await post({ userId: bilal.id, type: "FARMER_MEETING", createdAt: mid });

    const november = achievementOf([ayesha.id, bilal.id], ["2026-11", "RABI-2026"]);
    expect(november.get("2026-11")?.get(ayesha.id)).toEqual({
      sspBags: 10,
      organicBags: 0,
      sulfurBags: 3,
      salesAmount: 1300_00,
      recoveryAmount: 250_50,
      dealerVisits: 4,
      farmerMeetings: 1,
      demoPlots: 1,
    });
    expect(november.get("2026-11")?.get(bilal.id)).toEqual({ ...noMeasures(), farmerMeetings: 1 });
    // The season holds October's and December's posts too.
    expect(november.get("RABI-2026")?.get(ayesha.id)?.sspBags).toBe(210);
    expect(achievementOf([ayesha.id], ["2026-10"]).get("2026-10")?.get(ayesha.id)?.sspBags).toBe(100);
  });
});

describe("progress", () => {
  it("shows an officer their own targets and their team's totals, and a team sums its officers'", async () => {
    const { manager, ayesha, bilal, sana } = await world();
    await setTargets(manager, ayesha.id, "2026-11", values({ farmerMeetings: 30, salesAmount: 1000_00 }), NOW);
    await setTargets(manager, bilal.id, "2026-11", values({ farmerMeetings: 10 }), NOW);
    for (let i = 0; i < 21; i++)
      await post({ userId: ayesha.id, type: "FARMER_MEETING", createdAt: new Date("2026-11-02T06:00:00Z") });
    await post({ userId: sana.id, type: "FARMER_MEETING", createdAt: new Date("2026-11-02T06:00:00Z") });

    const own = await periodProgress(ayesha, { period: "2026-11" }, NOW);
    expect(own).toMatchObject({ label: "November 2026", daysLeft: 9 });
    expect(own.people.map((person) => person.id)).toEqual([ayesha.id]);
    expect(own.people[0]?.progress).toEqual([
      {
        measure: "salesAmount",
        target: 1000_00,
        actual: 0,
        percent: 0,
        daysLeft: 9,
        neededPerDay: 11112,
        status: "behind",
      },
      {
        measure: "farmerMeetings",
        target: 30,
        actual: 21,
        percent: 70,
        daysLeft: 9,
        neededPerDay: 1,
        status: "onPace",
      },
    ]);
    expect(own.teams).toEqual([
      {
        team: { id: ayesha.teamId, name: "North" },
        officers: 2,
        progress: [
          expect.objectContaining({ measure: "salesAmount", target: 1000_00, actual: 0 }),
          expect.objectContaining({ measure: "farmerMeetings", target: 40, actual: 21, percent: 52 }),
        ],
      },
    ]);
    // The manager sees their team's officers; an admin everyone.
    const led = await periodProgress(manager, { period: "2026-11" }, NOW);
    expect(led.people.map((person) => person.username)).toEqual(["ayesha", "bilal"]);
  });

  it("refuses an officer or a manager another team named, and answers an officer their own team named", async () => {
    const { manager, ayesha, north, south } = await world();
    await expect(periodProgress(ayesha, { period: "2026-11", team: south }, NOW)).rejects.toEqual(
      new AppError(403, TEAM_FORBIDDEN),
    );
    await expect(periodProgress(manager, { period: "2026-11", team: south }, NOW)).rejects.toEqual(
      new AppError(403, TEAM_FORBIDDEN),
    );
    const own = await periodProgress(ayesha, { period: "2026-11", team: north }, NOW);
    expect(own.people.map((person) => person.id)).toEqual([ayesha.id]);
    expect(own.teams.map((team) => team.team.id)).toEqual([north]);
  });
});

describe("progress where work happens", () => {
  it("gives an officer their month and season with targets, and the manager each officer's month at a glance", async () => {
    const { manager, ayesha, bilal } = await world();
    await setTargets(manager, ayesha.id, "2026-11", values({ demoPlots: 4, farmerMeetings: 10 }), NOW);
    await setTargets(manager, ayesha.id, "RABI-2026", values({ demoPlots: 20 }), NOW);
    await post({ userId: ayesha.id, type: "DEMO_PLOT", createdAt: new Date("2026-10-20T06:00:00Z") });
    for (let i = 0; i < 4; i++)
      await post({ userId: ayesha.id, type: "DEMO_PLOT", createdAt: new Date("2026-11-21T06:00:00Z") });

    expect(ownProgress(ayesha.id, NOW)).toEqual([
      {
        kind: "month",
        period: "2026-11",
        label: "November 2026",
        daysLeft: 9,
        progress: [
          expect.objectContaining({ measure: "farmerMeetings", actual: 0, status: "behind" }),
          expect.objectContaining({ measure: "demoPlots", actual: 4, percent: 100, status: "done" }),
        ],
      },
      {
        kind: "season",
        period: "RABI-2026",
        label: "Rabi 2026–27",
        daysLeft: 130,
        progress: [expect.objectContaining({ measure: "demoPlots", target: 20, actual: 5, percent: 25 })],
      },
    ]);
    expect(ownProgress(bilal.id, NOW)).toEqual([]);
    expect(monthAtAGlance([ayesha.id, bilal.id], NOW)).toEqual(
      new Map([[ayesha.id, { measures: 2, behind: 1, lowestPercent: 0 }]]),
    );
  });
});

describe("an officer's own progress kept between reads", () => {
  it("is computed again after their post, its change or deletion, a target's change, a wipe, or the day's end", async () => {
    const { manager, ayesha, bilal } = await world();
    const demoPlots = () => ownProgress(ayesha.id, NOW)[0]?.progress[0];
    await setTargets(manager, ayesha.id, "2026-11", values({ demoPlots: 4 }), NOW);
    expect(demoPlots()).toMatchObject({ actual: 0, target: 4 });
    const plot = await post({ userId: ayesha.id, type: "DEMO_PLOT", createdAt: NOW });
    expect(demoPlots()).toMatchObject({ actual: 1 });
    await prisma.post.update({ where: { id: plot.id }, data: { type: "FARMER_MEETING" } });
    expect(demoPlots()).toMatchObject({ actual: 0 });
    await prisma.post.update({ where: { id: plot.id }, data: { type: "DEMO_PLOT", userId: bilal.id } });
    expect(demoPlots()).toMatchObject({ actual: 0 });
    await prisma.post.update({ where: { id: plot.id }, data: { userId: ayesha.id } });
    expect(demoPlots()).toMatchObject({ actual: 1 });
    await prisma.post.delete({ where: { id: plot.id } });
    expect(demoPlots()).toMatchObject({ actual: 0 });
    // Another officer's post leaves the kept progress as it is, and right.
    await post({ userId: bilal.id, type: "DEMO_PLOT", createdAt: NOW });
    expect(demoPlots()).toMatchObject({ actual: 0 });
    await setTargets(manager, ayesha.id, "2026-11", values({ demoPlots: 8 }), NOW);
    expect(demoPlots()).toMatchObject({ target: 8 });
    // The next day has one day fewer left.
    expect(ownProgress(ayesha.id, new Date(NOW.getTime() + 86_400_000))[0]?.daysLeft).toBe(8);
    await prisma.target.deleteMany({ where: { userId: ayesha.id } });
    expect(ownProgress(ayesha.id, NOW)).toEqual([]);
    // The same id, made again after a wipe, is another officer.
    await setTargets(manager, ayesha.id, "2026-11", values({ demoPlots: 3 }), NOW);
    expect(demoPlots()).toMatchObject({ target: 3 });
    await resetDatabase();
    const again = await world();
    expect(again.ayesha.id).toBe(ayesha.id);
    expect(ownProgress(again.ayesha.id, NOW)).toEqual([]);
  });
});

describe("setting targets", () => {
  it("a manager sets their teams' officers' targets, replaces them and empties a measure; another team's officer is refused", async () => {
    const { manager, ayesha, sana } = await world();
    expect(await setTargets(manager, ayesha.id, "2026-11", values({ sspBags: 300, demoPlots: 4 }), NOW)).toEqual(
      values({ sspBags: 300, demoPlots: 4 }),
    );
    expect(await setTargets(manager, ayesha.id, "2026-11", values({ sspBags: 320 }), NOW)).toEqual(
      values({ sspBags: 320 }),
    );
    const row = await prisma.target.findFirstOrThrow({
      where: { userId: ayesha.id },
      select: { setById: true, setAt: true },
    });
    expect(row).toEqual({ setById: manager.id, setAt: NOW });

    const refused = setTargets(manager, sana.id, "2026-11", values({ sspBags: 1 }), NOW);
    await expect(refused).rejects.toEqual(new AppError(403, TARGETS_FORBIDDEN));
    await expect(setTargets(manager, 999_999, "2026-11", values({ sspBags: 1 }), NOW)).rejects.toMatchObject({
      status: 404,
    });
    await expect(setTargets(ayesha, ayesha.id, "2026-11", values({ sspBags: 1 }), NOW)).rejects.toMatchObject({
      status: 403,
    });
    expect(await prisma.target.count({ where: { userId: sana.id } })).toBe(0);
  });

  it("lists the officers a manager sets targets for, never another team's", async () => {
    const { manager, admin, south } = await world();
    expect((await targetsToSet(manager, { period: "2026-11" }, NOW)).people.map((person) => person.username)).toEqual([
      "ayesha",
      "bilal",
    ]);
    await expect(targetsToSet(manager, { period: "2026-11", team: south }, NOW)).rejects.toMatchObject({ status: 403 });
    expect((await targetsToSet(admin, { period: "2026-11" }, NOW)).people).toHaveLength(3);
  });

  it("copies last period's targets with a percentage, rounded, and refuses a copy past the largest target", async () => {
    const { manager, ayesha, bilal } = await world();
    await setTargets(manager, ayesha.id, "2026-10", values({ sspBags: 300, salesAmount: 1000_01 }), NOW);
    await setTargets(manager, bilal.id, "2026-11", values({ demoPlots: 2 }), NOW);
    expect(await copyTargets(manager, { period: "2026-11", percent: 10 }, NOW)).toBe(1);
    expect((await periodProgress(manager, { period: "2026-11" }, NOW)).people.map((person) => person.targets)).toEqual([
      values({ sspBags: 330, salesAmount: 1100_01 }),
      values({ demoPlots: 2 }),
    ]);
    await setTargets(manager, ayesha.id, "2026-12", values({ sspBags: 900_000 }), NOW);
    await expect(copyTargets(manager, { period: "2027-01", percent: 20 }, NOW)).rejects.toMatchObject({ status: 400 });
    expect(await prisma.target.count({ where: { period: "2027-01" } })).toBe(0);
  });
});

describe("the change feed", () => {
  it("tells each target set, changed and emptied, with the row as /api writes it", async () => {
    const { manager, ayesha } = await world();
    const since = (await prisma.change.aggregate({ _max: { seq: true } }))._max.seq ?? 0;
    await setTargets(manager, ayesha.id, "2026-11", values({ salesAmount: 1000_50 }), NOW);
    await setTargets(manager, ayesha.id, "2026-11", values({ salesAmount: 2000_00 }), NOW);
    const [target] = await getTargets((await prisma.target.findMany({ select: { id: true } })).map((row) => row.id));
    expect(target).toEqual({
      id: expect.any(Number),
      userId: ayesha.id,
      period: "2026-11",
      measure: "salesAmount",
      value: "2000.00",
      setById: manager.id,
      setAt: NOW.toISOString(),
    });
    await setTargets(manager, ayesha.id, "2026-11", values({}), NOW);
    const changes = await prisma.change.findMany({
      where: { entity: "target", seq: { gt: since } },
      orderBy: { seq: "asc" },
    });
    expect(changes.map((change) => [change.entityId, change.op])).toEqual([
      [target!.id, "created"],
      [target!.id, "updated"],
      [target!.id, "deleted"],
    ]);
  });
});
