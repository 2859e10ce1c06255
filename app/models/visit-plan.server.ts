import { prisma, readRows } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { env } from "~/env.server";
import { AppError } from "~/lib/app-error";
import { appDate, appDayRange, currentTime } from "~/infra/clock.server";
import { addDays, dayNumber, isCalendarDate } from "~/lib/calendar";
import { distanceKm } from "~/lib/location-quality";
import { displayName } from "~/lib/names";
import { type VisitPlace, visitPlace, type VisitWhy, visitWhy } from "~/lib/visit-place";
import { directionsUrl, drivingOrder, MAX_STOPS, type Place, routeDirections } from "~/lib/visit-order";
import { DEALER_NOT_FOUND, listDealersNear, type NearbyDealer } from "~/models/dealer.server";
import { territoryTeamsOf } from "~/models/team.server";
import { sqlRows } from "~/models/rows.server";
import { authorize } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import type { Viewer } from "~/models/team-scope.server";
import {
  logVisitPath,
  type MissedStop,
  nextStopOf,
  PLAN_FULL,
  PLAN_HORIZON_DAYS,
  PLAN_PAST,
  PLAN_TOO_FAR,
  PLAN_USER_NOT_FOUND,
  type PlanNext,
  type PlanView,
  type PlanWithWhy,
  type StopStatus,
} from "~/models/visit-plan.schema";

// Visit plans (decision 43): the dealers an officer means to visit on a local day, in driving
// order from where they start. The officer plans their own days; a manager those of the officers
// of the teams they lead; an admin anyone's. A stop is done when the officer posts for its dealer
// that day from a GPS fix near it (decision 64), not confirmed when posted for from elsewhere or
// from a typed place, missed when the day has ended without any such post.

const ownerSelect = {
  id: true,
  role: true,
  teamId: true,
  firstName: true,
  lastName: true,
  homeLat: true,
  homeLng: true,
} as const;
type PlanOwner = { id: number; role: string; teamId: number | null; firstName: string | null; lastName: string | null };
type OwnerRow = PlanOwner & { homeLat: number | null; homeLng: number | null };

/** The officer whose plan `viewer` asks for: 404 when there is none, 403 when not theirs to see. */
async function planOwner(viewer: Viewer, userId: number): Promise<OwnerRow> {
  const owner = await prisma.user.findUnique({ where: { id: userId }, select: ownerSelect });
  if (!owner) throw new AppError(404, PLAN_USER_NOT_FOUND);
  authorize(await policyViewer(viewer), "plan.read", { ownerId: owner.id, teamId: owner.teamId });
  return owner;
}

/** 400 unless `day` is today or a coming day within the horizon (Asia/Karachi). */
function requireEditableDay(day: string, now: Date): void {
  const ahead = dayNumber(day) - dayNumber(appDate(now));
  if (!isCalendarDate(day) || ahead < 0) throw new AppError(400, PLAN_PAST, { field: "day" });
  if (ahead > PLAN_HORIZON_DAYS)
    throw new AppError(400, PLAN_TOO_FAR, { field: "day", values: { days: PLAN_HORIZON_DAYS } });
}

function isEditable(day: string, now: Date): boolean {
  const ahead = dayNumber(day) - dayNumber(appDate(now));
  return ahead >= 0 && ahead <= PLAN_HORIZON_DAYS;
}

/** The last day a plan may be made for, from today. */
export function lastPlanDay(now = currentTime()): string {
  return addDays(appDate(now), PLAN_HORIZON_DAYS);
}

type Start = Place & { source: "CURRENT" | "HOME" };

/**
 * Where the driving order starts: the place the officer's own browser sent, else their home. A
 * manager's browser is not where the officer starts, so a plan made for someone else starts at
 * their home.
 */
function startOf(viewer: Viewer, owner: OwnerRow, current: Partial<Place>): Start | null {
  if (viewer.id === owner.id && current.lat !== undefined && current.lng !== undefined)
    return { lat: current.lat, lng: current.lng, source: "CURRENT" };
  if (owner.homeLat !== null && owner.homeLng !== null)
    return { lat: owner.homeLat, lng: owner.homeLng, source: "HOME" };
  return null;
}

/**
 * Replaces the plan's stops by `dealerIds` (each a dealer; at most MAX_STOPS) in driving order
 * from `start`. Inside the caller's transaction, so that a change reads and writes one plan.
 */
async function writeStops(
  tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0],
  { viewer, owner, day, start }: { viewer: Viewer; owner: OwnerRow; day: string; start: Start | null },
  dealerIds: number[],
): Promise<void> {
  const ids = [...new Set(dealerIds)];
  if (ids.length > MAX_STOPS) throw new AppError(400, PLAN_FULL, { field: "dealerId" });
  const found = await tx.dealer.findMany({ where: { id: { in: ids } }, select: { id: true, lat: true, lng: true } });
  const byId = new Map(found.map((dealer) => [dealer.id, dealer]));
  const dealers = ids.map((id) => {
    const dealer = byId.get(id);
    if (!dealer) throw new AppError(404, DEALER_NOT_FOUND, { field: "dealerId" });
    return dealer;
  });
  const order = drivingOrder(start, dealers);
  const startColumns = {
    startLat: start?.lat ?? null,
    startLng: start?.lng ?? null,
    startSource: start?.source ?? null,
  };
  const plan = await tx.visitPlan.upsert({
    where: { userId_day: { userId: owner.id, day } },
    create: { userId: owner.id, day, ...startColumns, createdById: viewer.id, updatedById: viewer.id },
    update: { ...startColumns, updatedById: viewer.id },
    select: { id: true },
  });
  await tx.visitPlanStop.deleteMany({ where: { planId: plan.id } });
  await tx.visitPlanStop.createMany({
    data: order.map((index, position) => ({ planId: plan.id, dealerId: dealers[index]!.id, position: position + 1 })),
  });
}

type PlanChange = { viewer: Viewer; userId: number; day: string; current?: Partial<Place>; now?: Date };

/** Changes a plan: `change` turns its dealers (in their order) into the new ones; the plan is then put in driving order. */
async function changePlan(
  { viewer, userId, day, current = {}, now = currentTime() }: PlanChange,
  change: (dealerIds: number[]) => number[],
): Promise<PlanView> {
  const owner = await planOwner(viewer, userId);
  requireEditableDay(day, now);
  const start = startOf(viewer, owner, current);
  await prisma.$transaction(async (tx) => {
    const stops = await tx.visitPlanStop.findMany({
      where: { plan: { userId: owner.id, day } },
      select: { dealerId: true },
      orderBy: { position: "asc" },
    });
    await writeStops(tx, { viewer, owner, day, start }, change(stops.map((stop) => stop.dealerId)));
  });
  return readPlan(owner, day, now);
}

/** Adds a dealer to the plan (already there: nothing changes but the order); 400 past MAX_STOPS. */
export function addPlanStop(change: PlanChange, dealerId: number): Promise<PlanView> {
  return changePlan(change, (ids) => (ids.includes(dealerId) ? ids : [...ids, dealerId]));
}

/** Takes a dealer out of the plan (one not in it: nothing to take out). */
export function removePlanStop(change: PlanChange, dealerId: number): Promise<PlanView> {
  return changePlan(change, (ids) => ids.filter((id) => id !== dealerId));
}

/** Puts the plan in driving order again, from where the officer is now (or home). */
export function reorderPlan(change: PlanChange): Promise<PlanView> {
  return changePlan(change, (ids) => ids);
}

/** PUT /api/plans/{day}: the plan's dealers are these, in driving order. */
export function setPlanStops(change: PlanChange, dealerIds: number[]): Promise<PlanView> {
  return changePlan(change, () => dealerIds);
}

/** Deletes the day's plan (none: nothing to delete). */
export async function deletePlan({ viewer, userId, day, now = currentTime() }: PlanChange): Promise<void> {
  const owner = await planOwner(viewer, userId);
  requireEditableDay(day, now);
  await prisma.visitPlan.deleteMany({ where: { userId: owner.id, day } });
}

/** The plan of `userId` for `day`, as `viewer` may see it (a day without one has no stops). */
export async function getVisitPlan(
  viewer: Viewer,
  userId: number,
  day: string,
  now = currentTime(),
): Promise<PlanWithWhy> {
  const owner = await planOwner(viewer, userId);
  return readPlan(owner, day, now);
}

/**
 * The plan the map shows beside the day's routes: `userId`'s when the viewer may see it and it
 * has stops, else none (the map never refuses for a plan).
 */
export async function planOnMap(viewer: Viewer, userId: number, day: string): Promise<PlanView | null> {
  try {
    const plan = await getVisitPlan(viewer, userId, day);
    return plan.stops.length > 0 ? plan : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** What a post for a dealer needs for its place to be judged (select it with `visitPlaceSelect`). */
type VisitPost = {
  dealerDistanceM: number | null;
  checkIn: { source: string; lat: number; lng: number } | null;
  dealer: { lat: number; lng: number } | null;
};
export const visitPlaceSelect = {
  dealerDistanceM: true,
  checkIn: { select: { source: true, lat: true, lng: true } },
  dealer: { select: { lat: true, lng: true } },
} as const;

/** What a visit is judged by: how its place was had and how far from the dealer's. */
function visitInput(post: VisitPost): { source: string | null; distanceM: number | null } {
  // Posts saved before the distance was recorded: from their check-in to the dealer's place now.
  const distanceM =
    post.dealerDistanceM ??
    (post.checkIn && post.dealer ? Math.round(distanceKm(post.checkIn, post.dealer) * 1000) : null);
  return { source: post.checkIn?.source ?? null, distanceM };
}

/** Whether a post was logged at its dealer (decision 64), and why not. */
export function placeOfVisit(post: VisitPost): VisitPlace {
  return visitPlace(visitInput(post), env.VISIT_RADIUS_M);
}

/** A visit that counts for a stop: when, whether at the dealer, and why not (in English and without words). */
type Visit = VisitPlace & { at: Date; why: VisitWhy | null };

/**
 * The visit of each of `userIds` to each of `dealerIds` in the local day, "userId:dealerId" →
 * visit: the first one at the dealer, else the first one (decision 64).
 */
async function visitsOf(userIds: number[], dealerIds: number[], day: string): Promise<Map<string, Visit>> {
  const visits = new Map<string, Visit>();
  if (userIds.length === 0 || dealerIds.length === 0) return visits;
  const range = appDayRange(day);
  const posts = await prisma.post.findMany({
    where: {
      userId: { in: userIds },
      dealerId: { in: dealerIds },
      createdAt: { gte: new Date(range.from), lt: new Date(range.to) },
    },
    select: {
      userId: true,
      dealerId: true,
      createdAt: true,
      ...visitPlaceSelect,
    },
    orderBy: { createdAt: "asc" },
  });
  for (const post of posts) {
    const key = `${post.userId}:${post.dealerId}`;
    const place = placeOfVisit(post);
    const known = visits.get(key);
    if (!known || (place.atDealer && !known.atDealer))
      visits.set(key, { at: post.createdAt, ...place, why: visitWhy(visitInput(post), env.VISIT_RADIUS_M) });
  }
  return visits;
}

/** A stop's status: done at the dealer, not confirmed when logged elsewhere, missed when the day has ended without a visit, else planned. */
function statusOf(visit: Visit | undefined, dayOver: boolean): StopStatus {
  if (visit) return visit.atDealer ? "done" : "unconfirmed";
  return dayOver ? "missed" : "planned";
}

const dayIsOver = (day: string, now: Date) => now.getTime() >= appDayRange(day).to;

const personOf = (user: { id: number; firstName: string | null; lastName: string | null } | null) =>
  user ? { id: user.id, name: displayName(user) } : null;

async function readPlan(owner: PlanOwner, day: string, now: Date): Promise<PlanWithWhy> {
  const person = { select: { id: true, firstName: true, lastName: true } };
  const plan = await prisma.visitPlan.findUnique({
    where: { userId_day: { userId: owner.id, day } },
    select: {
      startLat: true,
      startLng: true,
      startSource: true,
      updatedAt: true,
      createdBy: person,
      updatedBy: person,
      stops: {
        orderBy: { position: "asc" },
        select: {
          dealer: {
            select: {
              id: true,
              businessName: true,
              city: true,
              street: true,
              formattedAddress: true,
              lat: true,
              lng: true,
            },
          },
        },
      },
    },
  });
  const start: PlanView["start"] =
    plan?.startLat != null && plan.startLng != null
      ? { lat: plan.startLat, lng: plan.startLng, source: plan.startSource === "CURRENT" ? "CURRENT" : "HOME" }
      : null;
  const dealers = plan?.stops.map((stop) => stop.dealer) ?? [];
  const visits = await visitsOf(
    [owner.id],
    dealers.map((dealer) => dealer.id),
    day,
  );
  const over = dayIsOver(day, now);
  let previous: Place | null = start;
  const stops = dealers.map((dealer, index): PlanWithWhy["stops"][number] => {
    const visit = visits.get(`${owner.id}:${dealer.id}`);
    const address = dealer.formattedAddress || `${dealer.street}, ${dealer.city}`;
    const kmFromPrevious = previous ? Math.round(distanceKm(previous, dealer) * 10) / 10 : null;
    previous = dealer;
    return {
      position: index + 1,
      dealerId: dealer.id,
      businessName: dealer.businessName,
      city: dealer.city,
      address,
      lat: dealer.lat,
      lng: dealer.lng,
      kmFromPrevious,
      status: statusOf(visit, over),
      visitedAt: visit?.at.toISOString() ?? null,
      visitNote: visit?.note ?? null,
      visitWhy: visit?.why ?? null,
      directionsUrl: directionsUrl(dealer),
      logVisitUrl: logVisitPath({ dealerId: dealer.id, lat: dealer.lat, lng: dealer.lng, address }),
    };
  });
  return {
    userId: owner.id,
    officerName: displayName(owner),
    day,
    editable: isEditable(day, now),
    start,
    stops,
    totalKm: Math.round(stops.reduce((sum, stop) => sum + (stop.kmFromPrevious ?? 0), 0) * 10) / 10,
    routeDirections: routeDirections(start, dealers),
    progress: progressOf(stops),
    createdBy: personOf(plan?.createdBy ?? null),
    updatedBy: personOf(plan?.updatedBy ?? null),
    updatedAt: plan?.updatedAt.toISOString() ?? null,
  };
}

/** A dealer the plan page offers to add, with its distance from where the list is seen. */
export type PlanCandidate = NearbyDealer & { km: number | null };

const CANDIDATES = 20;

/**
 * Dealers to add to the plan of `userId`: those of the officer's territory first, nearest first
 * from `near` (where the officer is, else the plan's start, else their home), or those matching
 * `query` through every dealer; the plan's own dealers left out.
 */
export async function planCandidates(
  viewer: Viewer,
  userId: number,
  { query, near, exclude }: { query?: string; near: Partial<Place>; exclude: number[] },
): Promise<{ from: Start | null; dealers: PlanCandidate[] }> {
  const owner = await planOwner(viewer, userId);
  const from = startOf(viewer, owner, near);
  const territory = await territoryTeamsOf(owner);
  const listed = listDealersNear({ query, territory, near: from, limit: CANDIDATES + exclude.length });
  const dealers = listed
    .filter((dealer) => !exclude.includes(dealer.id))
    .slice(0, CANDIDATES)
    .map((dealer) => ({ ...dealer, km: from ? Math.round(distanceKm(from, dealer) * 10) / 10 : null }));
  return { from, dealers };
}

/** How an officer's plan of a day stands: its stops, those done, those not confirmed and those missed. */
export type PlanProgress = { planned: number; done: number; unconfirmed: number; missed: number };

function progressOf(stops: ReadonlyArray<{ status: StopStatus }>): PlanProgress {
  const count = (status: StopStatus) => stops.filter((stop) => stop.status === status).length;
  return { planned: stops.length, done: count("done"), unconfirmed: count("unconfirmed"), missed: count("missed") };
}

/** One stop of a day's plan as the manager's day and the missed-visit notices read it. */
export type DayStop = { dealerId: number; businessName: string; status: StopStatus; note: string | null };

/**
 * The stops of the plans `where` picks (a condition on VisitPlan `p`), each plan's in driving order,
 * the newest day first. A plain read (decision 36): every officer's home asks it twice.
 */
function plansStops(where: Prisma.Sql) {
  return readRows(
    sqlRows.planStop,
    Prisma.sql`
    SELECT p.userId, p.day, s.dealerId, d.businessName, d.city
    FROM VisitPlan p JOIN VisitPlanStop s ON s.planId = p.id JOIN Dealer d ON d.id = s.dealerId
    WHERE ${where}
    ORDER BY p.day DESC, p.id, s.position`,
  );
}

/**
 * Each of `userIds`' stops of `day` (yyyy-MM-dd, Asia/Karachi) in driving order, with their
 * status (none without a plan). No permission check: the caller passes only the people the
 * viewer may see.
 */
export async function planStops(
  userIds: readonly number[],
  day: string,
  now = currentTime(),
): Promise<Map<number, DayStop[]>> {
  const byUser = new Map(userIds.map((id): [number, DayStop[]] => [id, []]));
  if (userIds.length === 0 || !isCalendarDate(day)) return byUser;
  const stops = plansStops(Prisma.sql`p.day = ${day} AND p.userId IN (${Prisma.join(userIds)})`);
  const visits = await visitsOf(
    [...new Set(stops.map((stop) => stop.userId))],
    [...new Set(stops.map((stop) => stop.dealerId))],
    day,
  );
  const over = dayIsOver(day, now);
  for (const stop of stops) {
    const visit = visits.get(`${stop.userId}:${stop.dealerId}`);
    byUser.get(stop.userId)?.push({
      dealerId: stop.dealerId,
      businessName: stop.businessName,
      status: statusOf(visit, over),
      note: visit?.note ?? null,
    });
  }
  return byUser;
}

/** Each of `userIds`' plan of `day` counted: every user asked for has an entry (all zero without a plan). */
export async function planProgress(
  userIds: readonly number[],
  day: string,
  now = currentTime(),
): Promise<Map<number, PlanProgress>> {
  const stops = await planStops(userIds, day, now);
  return new Map([...stops].map(([id, list]): [number, PlanProgress] => [id, progressOf(list)]));
}

/**
 * How an officer's plan of today stands, for their home: the next stop's number in driving order
 * (null once every stop is logged), the stops done at the dealer and the stops planned; null
 * without a plan today.
 */
export async function todaysPlanNext(userId: number, now = currentTime()): Promise<PlanNext | null> {
  const stops = (await planStops([userId], appDate(now), now)).get(userId) ?? [];
  if (stops.length === 0) return null;
  const next = nextStopOf(stops);
  const { done, planned } = progressOf(stops);
  return { next: next ? stops.indexOf(next) + 1 : null, done, planned };
}

/** How many ended days back an officer's missed stops are offered to move to today. */
const MISSED_DAYS = 7;

/**
 * The stops `userId` missed (no visit at all) on the plans of the last MISSED_DAYS ended days,
 * newest day first, each dealer once: those already on today's plan, or posted for since, left out.
 */
export async function missedStops(viewer: Viewer, userId: number, now = currentTime()): Promise<MissedStop[]> {
  return missedStopsOf((await planOwner(viewer, userId)).id, now);
}

/** The officer's own missed stops (their home asks): no permission to check. */
export async function missedStopsOf(ownerId: number, now = currentTime()): Promise<MissedStop[]> {
  const owner = { id: ownerId };
  const today = appDate(now);
  const days = Array.from({ length: MISSED_DAYS }, (_, back) => addDays(today, -(back + 1)));
  // Newest day first, each plan's stops in driving order.
  const stops = plansStops(Prisma.sql`p.userId = ${owner.id} AND p.day IN (${Prisma.join([today, ...days])})`);
  if (stops.every((stop) => stop.day === today)) return [];
  const posts = await prisma.post.findMany({
    where: {
      userId: owner.id,
      dealerId: { in: [...new Set(stops.map((stop) => stop.dealerId))] },
      createdAt: { gte: new Date(appDayRange(days.at(-1)!).from) },
    },
    select: { dealerId: true, createdAt: true },
  });
  const seen = new Set(stops.filter((stop) => stop.day === today).map((stop) => stop.dealerId));
  const missed: MissedStop[] = [];
  for (const stop of stops) {
    if (seen.has(stop.dealerId)) continue;
    seen.add(stop.dealerId);
    // Any post for the dealer from that day on: visited then, or since.
    const from = appDayRange(stop.day).from;
    if (posts.some((post) => post.dealerId === stop.dealerId && post.createdAt.getTime() >= from)) continue;
    missed.push({ dealerId: stop.dealerId, businessName: stop.businessName, city: stop.city, day: stop.day });
  }
  return missed;
}

const NOT_MISSED = "plans:errors.notMissed";

/**
 * Moves missed stops to today's plan: those of `dealerIds`, or all of them without. A dealer not
 * among them is refused (400): the page's list was older than the plan.
 */
export async function moveMissedToToday(change: PlanChange, dealerIds?: number[]): Promise<PlanView> {
  const now = change.now ?? currentTime();
  const missed = (await missedStops(change.viewer, change.userId, now)).map((stop) => stop.dealerId);
  const moving = dealerIds ?? missed;
  if (moving.some((id) => !missed.includes(id))) throw new AppError(400, NOT_MISSED, { field: "dealerId" });
  return changePlan({ ...change, day: appDate(now), now }, (ids) => [
    ...ids,
    ...moving.filter((id) => !ids.includes(id)),
  ]);
}
