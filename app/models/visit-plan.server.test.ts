import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { postSchema } from "~/models/post.schema";
import { createPost } from "~/models/post.server";
import { MAX_STOPS } from "~/lib/visit-order";
import {
  addPlanStop,
  deletePlan,
  getVisitPlan,
  missedStops,
  moveMissedToToday,
  planCandidates,
  planProgress,
  removePlanStop,
  setPlanStops,
  todaysPlanNext,
} from "~/models/visit-plan.server";
import { PLAN_FORBIDDEN } from "~/models/policy";
import { PLAN_DAY_INVALID, PLAN_PAST, PLAN_USER_NOT_FOUND, planDaySchema } from "~/models/visit-plan.schema";
import { calendarDateMessage } from "~/lib/calendar";
import { english } from "../../tests/support/english";

beforeEach(resetDatabase);

// 2026-11-20 09:00 in Karachi (UTC+5).
const NOW = new Date("2026-11-20T04:00:00Z");
const TODAY = "2026-11-20";

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    // The message as an English page and /api say it (the models' messages are catalogs' keys).
    if (error instanceof AppError) return { status: error.status, message: english(error.message, error.values) };
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

/** A post for the dealer from a GPS fix at its door: a visit at the dealer (decision 64). */
async function postFor(userId: number, dealerId: number, at: Date) {
  const dealer = await prisma.dealer.findUniqueOrThrow({ where: { id: dealerId }, select: { lat: true, lng: true } });
  const post = await prisma.post.create({ data: { userId, dealerId, type: "DEALER_MEETING", createdAt: at } });
  await prisma.checkIn.create({
    data: { userId, type: "DEALER_MEETING", ...dealer, source: "GPS", postId: post.id, createdAt: at },
  });
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

  it("marks a stop done by a post for its dealer that day from a GPS fix at it, and missed once the day has ended", async () => {
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
      new Map([[officer.id, { planned: 2, done: 1, unconfirmed: 0, missed: 1 }]]),
    );
  });

  it("answers every officer asked for in planProgress, all zero without a plan", async () => {
    const a = await person("a", "OFFICER");
    const b = await person("b", "OFFICER");
    const dealer = await dealerAt("Traders", 31.5, 74.1);
    await setPlanStops({ viewer: a, userId: a.id, day: TODAY, now: NOW }, [dealer.id]);
    const progress = await planProgress([a.id, b.id], TODAY, NOW);
    expect(progress.get(a.id)).toEqual({ planned: 1, done: 0, unconfirmed: 0, missed: 0 });
    expect(progress.get(b.id)).toEqual({ planned: 0, done: 0, unconfirmed: 0, missed: 0 });
    expect(await planProgress([a.id], "not a day", NOW)).toEqual(
      new Map([[a.id, { planned: 0, done: 0, unconfirmed: 0, missed: 0 }]]),
    );
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
        message: english(PLAN_FORBIDDEN),
      });
    expect(await refusal(addPlanStop({ viewer: teammate, userId: officer.id, ...day }, dealer.id))).toMatchObject({
      status: 403,
    });
    expect(await refusal(getVisitPlan(admin, 999, TODAY, NOW))).toEqual({
      status: 404,
      message: english(PLAN_USER_NOT_FOUND),
    });
  });

  it("reads a day that is a real date, refused with the calendar's message", () => {
    const refused = planDaySchema.safeParse("2026-02-30");
    expect(refused.success ? "" : refused.error.issues[0]?.message).toBe(PLAN_DAY_INVALID);
    expect(english(PLAN_DAY_INVALID)).toBe(calendarDateMessage("day"));
    expect(planDaySchema.parse("2026-02-28")).toBe("2026-02-28");
  });

  it("plans only today and the coming 14 days, at most 25 stops, of dealers that exist", async () => {
    const officer = await person("officer", "OFFICER");
    const dealer = await dealerAt("Traders", 31.5, 74.1);
    const change = (day: string) => ({ viewer: officer, userId: officer.id, day, now: NOW });
    expect(await refusal(addPlanStop(change("2026-11-19"), dealer.id))).toEqual({
      status: 400,
      message: english(PLAN_PAST),
    });
    expect(await refusal(addPlanStop(change("2026-12-05"), dealer.id))).toEqual({
      status: 400,
      message: "A plan can be made at most 14 days ahead.",
    });
    expect((await addPlanStop(change("2026-12-04"), dealer.id)).stops).toHaveLength(1);
    expect(await refusal(deletePlan(change("2026-11-19")))).toMatchObject({ status: 400 });
    expect(await refusal(addPlanStop(change(TODAY), 999))).toEqual({ status: 404, message: "Dealer not found." });

    const many = [];
    for (let index = 0; index < MAX_STOPS + 1; index += 1) many.push((await dealerAt(`D${index}`, 31, 74)).id);
    await setPlanStops(change(TODAY), many.slice(0, MAX_STOPS));
    expect(await refusal(addPlanStop(change(TODAY), many[MAX_STOPS]!))).toEqual({
      status: 400,
      message: `A plan holds at most ${MAX_STOPS} stops.`,
    });
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

// 2026-11-20 14:00 in Karachi (UTC+5); the day runs from 2026-11-19T19:00Z to 2026-11-20T19:00Z.
const DAY = TODAY;
const AFTERNOON = new Date("2026-11-20T09:00:00Z");
const AT_SHOP = { lat: 31.5, lng: 74.3 };

async function officer(username = "ayesha") {
  // No team, no home: the where-logged rules need neither.
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER", firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

async function dealer(businessName: string, place = AT_SHOP) {
  return prisma.dealer.create({
    data: { businessName, street: "Main Bazaar", city: "Lahore", state: "Punjab", ...place },
    select: { id: true },
  });
}

async function planOf(userId: number, day: string, dealerIds: number[]) {
  await prisma.visitPlan.create({
    data: { userId, day, stops: { create: dealerIds.map((dealerId, index) => ({ dealerId, position: index + 1 })) } },
  });
}

/** A visit as the officer's post records it: the dealer, and the place with how it was had. */
async function visit(
  userId: number,
  dealerId: number,
  place: { lat: number; lng: number; source: string } | null,
  createdAt = new Date("2026-11-20T06:00:00Z"),
) {
  const post = await prisma.post.create({
    data: { userId, dealerId, type: "DEALER_MEETING", createdAt, lat: place?.lat, lng: place?.lng },
    select: { id: true },
  });
  if (place)
    await prisma.checkIn.create({
      data: { userId, type: "DEALER_MEETING", ...place, postId: post.id, createdAt },
    });
}

describe("where a visit was logged", () => {
  it("a GPS fix 40 km from the dealer is not a visit at the dealer, and says how far it was", async () => {
    const ayesha = await officer();
    const shop = await dealer("A Traders");
    await planOf(ayesha.id, DAY, [shop.id]);
    // 0.36 degrees of latitude north: 40 km.
    await visit(ayesha.id, shop.id, { lat: 31.86, lng: 74.3, source: "GPS" });

    const seen = await getVisitPlan(ayesha, ayesha.id, DAY, AFTERNOON);
    expect(seen.stops[0]).toMatchObject({ status: "unconfirmed", visitNote: "Logged 40 km from the dealer" });
    expect(seen.progress).toEqual({ planned: 1, done: 0, unconfirmed: 1, missed: 0 });
    expect((await planProgress([ayesha.id], DAY, AFTERNOON)).get(ayesha.id)).toEqual({
      planned: 1,
      done: 0,
      unconfirmed: 1,
      missed: 0,
    });
  });

  it("a typed place, even the dealer's own coordinates, is not a visit at the dealer", async () => {
    const ayesha = await officer();
    const shop = await dealer("A Traders");
    await planOf(ayesha.id, DAY, [shop.id]);
    await visit(ayesha.id, shop.id, { ...AT_SHOP, source: "TYPED" });

    const seen = await getVisitPlan(ayesha, ayesha.id, DAY, AFTERNOON);
    expect(seen.stops[0]).toMatchObject({ status: "unconfirmed", visitNote: "Place typed, not from GPS" });
    expect(seen.progress.done).toBe(0);
  });

  it("a GPS fix within the radius (300 m) makes the stop done; a later one far away does not undo it", async () => {
    const ayesha = await officer();
    const shop = await dealer("A Traders");
    await planOf(ayesha.id, DAY, [shop.id]);
    // 0.002 degrees of latitude: 222 m.
    await visit(ayesha.id, shop.id, { lat: 31.502, lng: 74.3, source: "GPS" });
    await visit(ayesha.id, shop.id, { lat: 31.86, lng: 74.3, source: "GPS" }, new Date("2026-11-20T07:00:00Z"));

    const seen = await getVisitPlan(ayesha, ayesha.id, DAY, AFTERNOON);
    expect(seen.stops[0]).toMatchObject({ status: "done", visitNote: null });
    expect(seen.progress).toEqual({ planned: 1, done: 1, unconfirmed: 0, missed: 0 });
  });

  it("a post records how far from its dealer it was logged", async () => {
    const ayesha = await officer();
    const shop = await dealer("A Traders");
    const input = postSchema.parse({
      type: "DEALER_MEETING",
      text: "Visited",
      dealerId: shop.id,
      lat: 31.86,
      lng: 74.3,
      address: "Somewhere else",
      source: "GPS",
    });
    const { id } = await createPost(ayesha.id, input);
    const row = await prisma.post.findUniqueOrThrow({ where: { id }, select: { dealerDistanceM: true } });
    expect(row.dealerDistanceM).toBeGreaterThan(39_900);
    expect(row.dealerDistanceM).toBeLessThan(40_100);
  });
});

describe("the next stop", () => {
  it("is the first stop in driving order with no visit yet; done counts only visits at the dealer", async () => {
    const ayesha = await officer();
    const shops = await Promise.all(["A", "B", "C", "D"].map((name) => dealer(`${name} Traders`)));
    await planOf(
      ayesha.id,
      DAY,
      shops.map((shop) => shop.id),
    );
    expect(await todaysPlanNext(ayesha.id, AFTERNOON)).toEqual({ next: 1, done: 0, planned: 4 });

    await visit(ayesha.id, shops[0]!.id, { ...AT_SHOP, source: "GPS" });
    await visit(ayesha.id, shops[1]!.id, { ...AT_SHOP, source: "GPS" });
    // Logged from a typed place: not done, and not next either.
    await visit(ayesha.id, shops[2]!.id, { ...AT_SHOP, source: "TYPED" });
    expect(await todaysPlanNext(ayesha.id, AFTERNOON)).toEqual({ next: 4, done: 2, planned: 4 });

    await visit(ayesha.id, shops[3]!.id, { ...AT_SHOP, source: "GPS" });
    expect(await todaysPlanNext(ayesha.id, AFTERNOON)).toEqual({ next: null, done: 3, planned: 4 });
  });

  it("is nothing without a plan today", async () => {
    const ayesha = await officer();
    const shop = await dealer("A Traders");
    await planOf(ayesha.id, "2026-11-19", [shop.id]);
    expect(await todaysPlanNext(ayesha.id, AFTERNOON)).toBeNull();
  });
});

describe("missed stops", () => {
  it("the officer sees the stops missed on past days, and moving one puts it on today's plan", async () => {
    const ayesha = await officer();
    const [a, b, c] = [await dealer("A Traders"), await dealer("B Traders"), await dealer("C Traders")];
    await planOf(ayesha.id, "2026-11-19", [a.id, b.id, c.id]);
    await visit(ayesha.id, a.id, { ...AT_SHOP, source: "GPS" }, new Date("2026-11-19T06:00:00Z"));

    const missed = await missedStops(ayesha, ayesha.id, AFTERNOON);
    expect(missed.map((stop) => [stop.businessName, stop.day])).toEqual([
      ["B Traders", "2026-11-19"],
      ["C Traders", "2026-11-19"],
    ]);

    const today = await moveMissedToToday({ viewer: ayesha, userId: ayesha.id, day: DAY, now: AFTERNOON }, [b.id]);
    expect(today.stops.map((stop) => stop.dealerId)).toEqual([b.id]);
    // A dealer not among the missed ones (A was visited) is refused.
    expect(
      await refusal(moveMissedToToday({ viewer: ayesha, userId: ayesha.id, day: DAY, now: AFTERNOON }, [a.id])),
    ).toEqual({
      status: 400,
      message: "That dealer is not among the missed visits.",
    });
    // Moved: no longer offered; the other one still is.
    expect((await missedStops(ayesha, ayesha.id, AFTERNOON)).map((stop) => stop.businessName)).toEqual(["C Traders"]);
  });
});
