import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { MAX_STOPS } from "~/lib/visit-order";
import {
  addPlanStop,
  deletePlan,
  getVisitPlan,
  planCandidates,
  planProgress,
  removePlanStop,
  setPlanStops,
} from "~/models/visit-plan.server";
import { PLAN_FORBIDDEN, PLAN_FULL, PLAN_PAST, PLAN_TOO_FAR, PLAN_USER_NOT_FOUND } from "~/models/visit-plan.schema";

beforeEach(resetDatabase);

// 2026-11-20 09:00 in Karachi (UTC+5).
const NOW = new Date("2026-11-20T04:00:00Z");
const TODAY = "2026-11-20";

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("not refused");
}

let teamId = 0;
async function person(username: string, role: string, options: { team?: number | null; home?: [number, number] } = {}) {
  const user = await prisma.user.create({
    data: {
      username,
      email: `${username}@example.pk`,
      passwordHash: "x",
      role,
      teamId: options.team === undefined ? teamId : options.team,
      homeLat: options.home?.[0] ?? null,
      homeLng: options.home?.[1] ?? null,
    },
    select: { id: true, role: true, teamId: true },
  });
  return user;
}

async function dealerAt(businessName: string, lat: number, lng: number, team: number | null = null) {
  return prisma.dealer.create({
    data: { businessName, street: "Main Bazaar", city: "Lahore", state: "Punjab", lat, lng, teamId: team },
    select: { id: true },
  });
}

async function postFor(userId: number, dealerId: number, at: Date) {
  await prisma.post.create({ data: { userId, dealerId, type: "DEALER_MEETING", createdAt: at } });
}

describe("visit plans", () => {
  beforeEach(async () => {
    teamId = (await prisma.team.create({ data: { name: "Lahore", provinces: '["Punjab"]' }, select: { id: true } })).id;
  });

  it("keeps the stops in driving order from home, whatever order they were added in", async () => {
    const officer = await person("officer", "OFFICER", { home: [31.5, 74.0] });
    const far = await dealerAt("Far Traders", 31.5, 74.3);
    const near = await dealerAt("Near Traders", 31.5, 74.1);
    const middle = await dealerAt("Middle Traders", 31.5, 74.2);
    const change = { viewer: officer, userId: officer.id, day: TODAY, now: NOW };
    await addPlanStop(change, far.id);
    await addPlanStop(change, near.id);
    const plan = await addPlanStop(change, middle.id);
    expect(plan.stops.map((stop) => stop.businessName)).toEqual(["Near Traders", "Middle Traders", "Far Traders"]);
    expect(plan.start).toEqual({ lat: 31.5, lng: 74.0, source: "HOME" });
    expect(plan.stops[0]?.kmFromPrevious).toBeCloseTo(9.5, 0);
    expect(plan.routeDirections).toHaveLength(1);
    expect(plan.createdBy?.id).toBe(officer.id);

    // From where the officer stands now (past the far end), the other way round.
    const fromHere = await removePlanStop({ ...change, current: { lat: 31.5, lng: 74.4 } }, near.id);
    expect(fromHere.stops.map((stop) => stop.businessName)).toEqual(["Far Traders", "Middle Traders"]);
    expect(fromHere.start?.source).toBe("CURRENT");
  });

  it("marks a stop done by a post for its dealer that day, and missed once the day has ended", async () => {
    const officer = await person("officer", "OFFICER");
    const visited = await dealerAt("Visited Traders", 31.5, 74.1);
    const skipped = await dealerAt("Skipped Traders", 31.5, 74.2);
    await setPlanStops({ viewer: officer, userId: officer.id, day: TODAY, now: NOW }, [visited.id, skipped.id]);
    // Yesterday's post does not count; today's (11:00 Karachi) does.
    await postFor(officer.id, skipped.id, new Date("2026-11-19T10:00:00Z"));
    await postFor(officer.id, visited.id, new Date("2026-11-20T06:00:00Z"));

    const during = await getVisitPlan(officer, officer.id, TODAY, new Date("2026-11-20T12:00:00Z"));
    expect(during.stops.map((stop) => [stop.businessName, stop.status])).toEqual([
      ["Visited Traders", "done"],
      ["Skipped Traders", "planned"],
    ]);
    // Midnight in Karachi is 19:00 UTC.
    const after = await getVisitPlan(officer, officer.id, TODAY, new Date("2026-11-20T19:00:00Z"));
    expect(after.stops.map((stop) => stop.status)).toEqual(["done", "missed"]);
    expect(after.editable).toBe(false);
    expect(await planProgress([officer.id], TODAY, new Date("2026-11-20T19:00:00Z"))).toEqual(
      new Map([[officer.id, { planned: 2, done: 1, missed: 1 }]]),
    );
  });

  it("answers every officer asked for in planProgress, all zero without a plan", async () => {
    const a = await person("a", "OFFICER");
    const b = await person("b", "OFFICER");
    const dealer = await dealerAt("Traders", 31.5, 74.1);
    await setPlanStops({ viewer: a, userId: a.id, day: TODAY, now: NOW }, [dealer.id]);
    const progress = await planProgress([a.id, b.id], TODAY, NOW);
    expect(progress.get(a.id)).toEqual({ planned: 1, done: 0, missed: 0 });
    expect(progress.get(b.id)).toEqual({ planned: 0, done: 0, missed: 0 });
    expect(await planProgress([a.id], "not a day", NOW)).toEqual(new Map([[a.id, { planned: 0, done: 0, missed: 0 }]]));
  });

  it("lets the officer, a manager of their team and an admin plan; refuses others", async () => {
    const officer = await person("officer", "OFFICER", { home: [31.5, 74.0] });
    const teammate = await person("teammate", "OFFICER");
    const manager = await person("manager", "MANAGER", { team: null });
    await prisma.teamManager.create({ data: { teamId, userId: manager.id } });
    const otherTeam = (await prisma.team.create({ data: { name: "Karachi" }, select: { id: true } })).id;
    const otherManager = await person("other.manager", "MANAGER", { team: otherTeam });
    const admin = await person("admin", "ADMIN", { team: null });
    const dealer = await dealerAt("Traders", 31.5, 74.1);
    const day = { day: TODAY, now: NOW };

    const byManager = await addPlanStop(
      { viewer: manager, userId: officer.id, ...day, current: { lat: 24.8, lng: 67 } },
      dealer.id,
    );
    // A manager's own place is not where the officer starts.
    expect(byManager.start?.source).toBe("HOME");
    expect(byManager.createdBy?.id).toBe(manager.id);
    expect((await getVisitPlan(admin, officer.id, TODAY, NOW)).stops).toHaveLength(1);

    for (const viewer of [teammate, otherManager])
      expect(await refusal(getVisitPlan(viewer, officer.id, TODAY, NOW))).toEqual({
        status: 403,
        message: PLAN_FORBIDDEN,
      });
    expect(await refusal(addPlanStop({ viewer: teammate, userId: officer.id, ...day }, dealer.id))).toMatchObject({
      status: 403,
    });
    expect(await refusal(getVisitPlan(admin, 999, TODAY, NOW))).toEqual({ status: 404, message: PLAN_USER_NOT_FOUND });
  });

  it("plans only today and the coming 14 days, at most 25 stops, of dealers that exist", async () => {
    const officer = await person("officer", "OFFICER");
    const dealer = await dealerAt("Traders", 31.5, 74.1);
    const change = (day: string) => ({ viewer: officer, userId: officer.id, day, now: NOW });
    expect(await refusal(addPlanStop(change("2026-11-19"), dealer.id))).toEqual({ status: 400, message: PLAN_PAST });
    expect(await refusal(addPlanStop(change("2026-12-05"), dealer.id))).toEqual({ status: 400, message: PLAN_TOO_FAR });
    expect((await addPlanStop(change("2026-12-04"), dealer.id)).stops).toHaveLength(1);
    expect(await refusal(deletePlan(change("2026-11-19")))).toMatchObject({ status: 400 });
    expect(await refusal(addPlanStop(change(TODAY), 999))).toEqual({ status: 404, message: "Dealer not found." });

    const many = [];
    for (let index = 0; index < MAX_STOPS + 1; index += 1) many.push((await dealerAt(`D${index}`, 31, 74)).id);
    await setPlanStops(change(TODAY), many.slice(0, MAX_STOPS));
    expect(await refusal(addPlanStop(change(TODAY), many[MAX_STOPS]!))).toEqual({ status: 400, message: PLAN_FULL });
    // The same dealer again changes nothing.
    expect((await addPlanStop(change(TODAY), many[0]!)).stops).toHaveLength(MAX_STOPS);
  });

  it("offers the officer's territory first, nearest first, and finds others by name", async () => {
    const officer = await person("officer", "OFFICER", { home: [31.5, 74.0] });
    const other = (await prisma.team.create({ data: { name: "Karachi" }, select: { id: true } })).id;
    await dealerAt("Outside Near", 31.5, 74.01, other);
    const inFar = await dealerAt("Inside Far", 31.5, 74.3, teamId);
    await dealerAt("Inside Near", 31.5, 74.1, teamId);
    const offered = await planCandidates(officer, officer.id, { near: {}, exclude: [] });
    expect(offered.dealers.map((dealer) => dealer.businessName)).toEqual(["Inside Near", "Inside Far", "Outside Near"]);
    expect(offered.dealers[0]?.km).toBeCloseTo(9.5, 0);
    const searched = await planCandidates(officer, officer.id, { query: "outside", near: {}, exclude: [] });
    expect(searched.dealers.map((dealer) => dealer.businessName)).toEqual(["Outside Near"]);
    const without = await planCandidates(officer, officer.id, { near: {}, exclude: [inFar.id] });
    expect(without.dealers.map((dealer) => dealer.businessName)).not.toContain("Inside Far");
  });
});
