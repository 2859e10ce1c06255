import { prisma, readRows, type RowOf } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { env } from "~/env.server";
import { appDate, currentTime } from "~/infra/clock.server";
import { dayRange, localDate, type TimeRange } from "~/lib/calendar";
import { type DayPoint, type LeftOutLegs, type LegReason, legReason } from "~/lib/location-quality";
import type { CheckInQuery } from "~/models/checkin.schema";
import { listVersion } from "~/models/list-version.server";
import { agentMetrics, type AgentMetrics } from "~/models/metrics.server";
import { type Audience, audienceSql, requestedAudience, type Viewer } from "~/models/team-scope.server";

// The agents' check-ins of one local day, as the map shows them. Distance and hours come from the
// metrics module (the same SQL as the rankings, so the numbers agree everywhere).
//
// Whose routes: the viewer's own people (an officer's team; a manager's team and the teams they
// lead; everyone for an admin), or one of those teams with `team`. Never the whole company for an
// officer or a manager: the map has no company switch.

/** The relative luminance (WCAG) of `hsl(hue, 72%, lightness%)`. */
function agentLuminance(hue: number, lightness: number): number {
  const s = 0.72;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

/**
 * The agent's colour: a hue spread by the golden angle from the user id, so neighbouring ids
 * differ clearly, at a saturation that reads on map tiles, and dark enough (38% lightness, less
 * for yellows and greens) that the markers' white numbers keep 4.5:1.
 */
export function agentColor(userId: number): string {
  const hue = Math.round((userId * 137.508) % 360);
  let lightness = 38;
  while (lightness > 10 && 1.05 / (agentLuminance(hue, lightness) + 0.05) < 4.6) lightness -= 1;
  return `hsl(${hue}, 72%, ${lightness}%)`;
}

export type StopLabel = "Start" | "Stop" | "Latest";

type MapStop = {
  id: number;
  number: number;
  label: StopLabel | null;
  type: string;
  lat: number;
  lng: number;
  address: string | null;
  createdAt: string;
  /** How the place was had (lib/location-quality.ts's sources, or UNKNOWN), and how sure a fix was. */
  source: string;
  accuracyM: number | null;
  /** Why the leg from the previous stop is not counted in distance and hours; null when it is (or for the first). */
  legLeftOut: LegReason | null;
};

type AgentRoute = {
  userId: number;
  name: string;
  color: string;
  distanceKm: number;
  hours: number;
  stops: MapStop[];
};

/** One check-in as GET /api/agents/checkins sends it: the call's original fields, then the map's extras. */
export type CheckInItem = {
  userId: number;
  userDisplayName: string;
  type: string;
  lat: number;
  lng: number;
  address: string | null;
  createdAt: string;
  number: number;
  label: StopLabel | null;
  color: string;
  source: string;
  accuracyM: number | null;
  /** Why the leg from the agent's previous check-in that day is not counted; null when it is. */
  legLeftOut: LegReason | null;
};

export type DayCheckIns = {
  date: string;
  isToday: boolean;
  /** Every agent with check-ins that day (after the province filter), for the agent select. */
  agents: { userId: number; name: string; color: string }[];
  /** The routes shown: one agent's with the agent filter, else every agent's. */
  routes: AgentRoute[];
  /** The flat list GET /api/agents/checkins answers, in time order. */
  items: CheckInItem[];
};

/** The label of stop `index` (0-based) of `count` on a day that is or is not today. */
export function stopLabel(index: number, count: number, isToday: boolean): StopLabel | null {
  if (index === 0) return "Start";
  if (index === count - 1) return isToday ? "Latest" : "Stop";
  return null;
}

function displayName(user: { username: string; firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
}

type DayRow = RowOf<typeof sqlRows.checkInOfDay>;

/**
 * The check-ins of a range with their agents' names, in the API's order: time, then agent, then
 * id. One statement: CROSS JOIN keeps SQLite on the createdAt index (the day's few thousand rows)
 * rather than seeking every user's check-ins.
 */
function dayRows(audience: Audience, range: TimeRange): DayRow[] {
  return readRows(
    sqlRows.checkInOfDay,
    Prisma.sql`
    SELECT c.id, c.userId, c.type, c.lat, c.lng, c.address, c.source, c.accuracyM, c.createdAt, u.username, u.firstName, u.lastName
    FROM CheckIn c CROSS JOIN User u ON u.id = c.userId
    WHERE c.createdAt >= ${range.from} AND c.createdAt < ${range.to} ${audienceSql(audience, Prisma.sql`u`)}
    ORDER BY c.createdAt, c.userId, c.id`,
  );
}

/**
 * Whose routes a map query covers (the map, its /api twin and "Location quality"): the viewer's
 * own people, or one team of theirs with `team` (any team for an admin; 403 for another).
 */
export function mapAudience(viewer: Viewer, team: number | undefined): Promise<Audience> {
  return requestedAudience(viewer, { team }, { companyAllowed: false });
}

/**
 * The tag of GET /api/agents/checkins' answer: the check-ins' version (raised by a check-in, an
 * agent's name or team), every parameter, and whose routes it holds, so two viewers of different
 * teams never share a kept answer or a 304.
 */
export function dayCheckInsKey(audience: Audience, query: CheckInQuery, now = currentTime()): string {
  const whose = audience.everyone
    ? "everyone"
    : { teams: [...audience.teamIds].sort((a, b) => a - b), unassigned: audience.unassigned };
  return JSON.stringify([
    "checkins",
    listVersion("CheckIn"),
    whose,
    query.date,
    appDate(now) === query.date,
    query.province ?? null,
    query.agent ?? null,
  ]);
}

const byName = new Intl.Collator().compare;

/**
 * The day's agents, routes (without distance and hours) and flat items in one pass over its rows.
 * `province` keeps the agents who checked in there that day (an address naming the province),
 * with their whole route; `agent` keeps one agent's route.
 */
function readDay(audience: Audience, { date, province, agent }: CheckInQuery, now: Date, timeZone: string) {
  const range = dayRange(date, timeZone);
  const isToday = localDate(now, timeZone) === date;
  const rows = dayRows(audience, range);

  const stopCounts = new Map<number, number>();
  const names = new Map<number, string>();
  const usernames = new Map<number, string>();
  const inProvince = new Set<number>();
  const needle = province?.toLowerCase();
  for (const row of rows) {
    stopCounts.set(row.userId, (stopCounts.get(row.userId) ?? 0) + 1);
    if (!names.has(row.userId)) names.set(row.userId, displayName(row));
    usernames.set(row.userId, row.username);
    if (needle && row.address?.toLowerCase().includes(needle)) inProvince.add(row.userId);
  }
  const agents = [...names]
    .filter(([userId]) => !needle || inProvince.has(userId))
    .map(([userId, name]) => ({ userId, name, color: agentColor(userId) }))
    .sort((a, b) => byName(a.name, b.name) || a.userId - b.userId);

  const routes = new Map<number, Omit<AgentRoute, "distanceKm" | "hours">>();
  for (const a of agents) if (agent === undefined || a.userId === agent) routes.set(a.userId, { ...a, stops: [] });
  const items: CheckInItem[] = [];
  const lastPoints = new Map<number, DayPoint>();
  for (const row of rows) {
    const route = routes.get(row.userId);
    if (!route) continue;
    const number = route.stops.length + 1;
    const label = stopLabel(number - 1, stopCounts.get(row.userId) ?? number, isToday);
    const createdAt = row.createdAt.toISOString();
    const { id, type, lat, lng, address, source, accuracyM } = row;
    // The same rule as the day's distance and hours (lib/location-quality.ts, applied in the metrics' SQL).
    const point: DayPoint = { lat, lng, at: row.createdAt.getTime(), accuracyM, address };
    const previous = lastPoints.get(row.userId);
    lastPoints.set(row.userId, point);
    const legLeftOut = previous ? legReason(previous, point) : null;
    route.stops.push({
      id,
      number,
      label,
      type,
      lat,
      lng,
      address,
      createdAt,
      source,
      accuracyM,
      legLeftOut,
    });
    items.push({
      userId: row.userId,
      userDisplayName: route.name,
      type,
      lat,
      lng,
      address,
      createdAt,
      number,
      label,
      color: route.color,
      source,
      accuracyM,
      legLeftOut,
    });
  }
  return { range, isToday, agents, routes: [...routes.values()], items, usernames };
}

/** The day's check-ins for the map page: agents, routes with that day's distance and hours, and the flat items. */
export async function dayCheckIns(
  audience: Audience,
  query: CheckInQuery,
  now = currentTime(),
  timeZone = env.APP_TIME_ZONE,
): Promise<DayCheckIns> {
  const { range, isToday, agents, routes, items } = readDay(audience, query, now, timeZone);
  const metrics =
    routes.length > 0
      ? await agentMetrics(
          range,
          routes.map((route) => route.userId),
        )
      : new Map<number, AgentMetrics>();
  const withMetrics = routes.map((route) => {
    const m = metrics.get(route.userId);
    return { ...route, distanceKm: m?.distanceKm ?? 0, hours: m?.hours ?? 0 };
  });
  return { date: query.date, isToday, agents, routes: withMetrics, items };
}

/** GET /api/agents/checkins: the day's check-ins in time order, without the routes' metrics. */
export function dayCheckInItems(
  audience: Audience,
  query: CheckInQuery,
  now = currentTime(),
  timeZone = env.APP_TIME_ZONE,
): CheckInItem[] {
  return readDay(audience, query, now, timeZone).items;
}

/** One officer's day as the "Location quality" view shows it. */
export type LocationQualityRow = {
  userId: number;
  name: string;
  username: string;
  checkIns: number;
  /** GPS check-ins as a share of all, 0 to 1. */
  gpsShare: number;
  /** The median accuracy of the GPS check-ins, in metres; null without any. */
  medianAccuracyM: number | null;
  legsLeftOut: LeftOutLegs;
};

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const LEFT_OUT_KEYS: Record<LegReason, keyof LeftOutLegs> = {
  "too fast": "tooFast",
  "poor fix": "poorFix",
  "repeated point": "repeatedPoint",
};

/**
 * How each officer's places were had on a day (managers' "Location quality", and its /api twin):
 * the share of GPS check-ins, their median accuracy and the legs left out, by name. The same rules
 * as the day's distance and hours.
 */
export function dayLocationQuality(
  audience: Audience,
  date: string,
  now = currentTime(),
  timeZone = env.APP_TIME_ZONE,
): LocationQualityRow[] {
  const { agents, items, usernames } = readDay(audience, { date }, now, timeZone);
  return agents.map(({ userId, name }) => {
    const own = items.filter((item) => item.userId === userId);
    const gps = own.filter((item) => item.source === "GPS");
    const legsLeftOut: LeftOutLegs = { tooFast: 0, poorFix: 0, repeatedPoint: 0 };
    for (const item of own) if (item.legLeftOut) legsLeftOut[LEFT_OUT_KEYS[item.legLeftOut]] += 1;
    return {
      userId,
      name,
      username: usernames.get(userId) ?? "",
      checkIns: own.length,
      gpsShare: own.length === 0 ? 0 : gps.length / own.length,
      medianAccuracyM: median(gps.flatMap((item) => (item.accuracyM === null ? [] : [item.accuracyM]))),
      legsLeftOut,
    };
  });
}

/** How long an officer's last check-in still says where they are. */
const RECENT_CHECK_IN_MS = 12 * 60 * 60 * 1000;

/**
 * Where the officer probably is, for lists ordered nearest first: their last check-in of the last
 * 12 hours, else their home location, else nothing known.
 */
export async function lastKnownPlace(
  userId: number,
  now = currentTime(),
): Promise<{ lat: number; lng: number; from: "check-in" | "home" } | null> {
  const checkIn = await prisma.checkIn.findFirst({
    where: { userId, createdAt: { gte: new Date(now.getTime() - RECENT_CHECK_IN_MS) } },
    orderBy: { createdAt: "desc" },
    select: { lat: true, lng: true },
  });
  if (checkIn) return { ...checkIn, from: "check-in" };
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { homeLat: true, homeLng: true } });
  return user?.homeLat != null && user.homeLng != null ? { lat: user.homeLat, lng: user.homeLng, from: "home" } : null;
}
