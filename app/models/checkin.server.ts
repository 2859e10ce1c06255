import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { checkInTypeLabel } from "~/lib/post-types";
import type { Province } from "~/lib/provinces";
import { agentMetrics, timeZoneOffsetMs, type TimeRange } from "~/models/metrics.server";

// The agents' check-ins of one local day, as the map shows them (decisions.md §3): each agent's
// stops numbered in time order, the first "Start", the last "Latest" today and "Stop" on other
// days; a colour per agent derived from the user id; that day's distance and hours from the
// metrics module (the same SQL as the rankings, so the numbers agree everywhere).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local day `date` (yyyy-MM-dd) in `timeZone` as epoch ms [from, to). */
export function dayRange(date: string, timeZone = env.APP_TIME_ZONE): TimeRange {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const utcMidnight = Date.UTC(year, month - 1, day);
  // The offset at local noon of that day: away from any midnight change of clocks.
  const offset = timeZoneOffsetMs(new Date(utcMidnight + 12 * 60 * 60 * 1000), timeZone);
  const from = utcMidnight - offset;
  const nextOffset = timeZoneOffsetMs(new Date(utcMidnight + DAY_MS + 12 * 60 * 60 * 1000), timeZone);
  return { from, to: utcMidnight + DAY_MS - nextOffset };
}

/** Today's date (yyyy-MM-dd) in `timeZone`. */
export function localDate(now = new Date(), timeZone = env.APP_TIME_ZONE): string {
  return new Date(now.getTime() + timeZoneOffsetMs(now, timeZone)).toISOString().slice(0, 10);
}

/**
 * The agent's colour: a hue spread by the golden angle from the user id, so neighbouring ids
 * differ clearly, at a saturation and lightness that reads on map tiles and against white text.
 */
export function agentColor(userId: number): string {
  const hue = Math.round((userId * 137.508) % 360);
  return `hsl(${hue}, 72%, 38%)`;
}

export type StopLabel = "Start" | "Stop" | "Latest";

export type MapStop = {
  id: number;
  number: number;
  label: StopLabel | null;
  type: string;
  typeLabel: string;
  lat: number;
  lng: number;
  address: string | null;
  createdAt: string;
};

export type AgentRoute = {
  userId: number;
  name: string;
  color: string;
  distanceKm: number;
  hours: number;
  stops: MapStop[];
};

/** One check-in as GET /api/agents/checkins sends it: the spec's fields, then the map's extras. */
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
};

export type DayCheckIns = {
  date: string;
  isToday: boolean;
  /** Every agent with check-ins that day (after the province filter), for the agent select. */
  agents: { userId: number; name: string; color: string }[];
  /** The routes shown: one agent's with the agent filter, else every agent's. */
  routes: AgentRoute[];
  /** The spec's flat shape of GET /api/agents/checkins, in time order. */
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

/**
 * The day's check-ins. `province` keeps the agents who checked in there that day (an address
 * naming the province), with their whole route; `agent` keeps one agent's route.
 */
export async function dayCheckIns(
  { date, province, agent }: { date: string; province?: Province; agent?: number },
  now = new Date(),
  timeZone = env.APP_TIME_ZONE,
): Promise<DayCheckIns> {
  const range = dayRange(date, timeZone);
  const rows = await prisma.checkIn.findMany({
    where: { createdAt: { gte: new Date(range.from), lt: new Date(range.to) } },
    select: {
      id: true,
      userId: true,
      type: true,
      lat: true,
      lng: true,
      address: true,
      createdAt: true,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  // The agents' names in a statement of their own: as a relation of thousands of check-ins
  // the same few users were loaded once per check-in.
  const users = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: [...new Set(rows.map((row) => row.userId))] } },
        select: { id: true, username: true, firstName: true, lastName: true },
      })
    ).map((user) => [user.id, user]),
  );

  const byAgent = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byAgent.get(row.userId);
    if (list) list.push(row);
    else byAgent.set(row.userId, [row]);
  }
  if (province) {
    const needle = province.toLowerCase();
    for (const [userId, list] of byAgent) {
      if (!list.some((row) => row.address?.toLowerCase().includes(needle))) byAgent.delete(userId);
    }
  }

  const agents = [...byAgent.entries()]
    .map(([userId]) => {
      const user = users.get(userId);
      return { userId, name: user ? displayName(user) : String(userId), color: agentColor(userId) };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
  const shown = agents.filter((a) => agent === undefined || a.userId === agent);
  const metrics = shown.length > 0 ? await agentMetrics(range, shown.map((a) => a.userId)) : new Map();
  const isToday = localDate(now, timeZone) === date;

  const routes = shown.map((a): AgentRoute => {
    const list = byAgent.get(a.userId) ?? [];
    const m = metrics.get(a.userId);
    return {
      ...a,
      distanceKm: m?.distanceKm ?? 0,
      hours: m?.hours ?? 0,
      stops: list.map((row, index) => ({
        id: row.id,
        number: index + 1,
        label: stopLabel(index, list.length, isToday),
        type: row.type,
        typeLabel: checkInTypeLabel(row.type),
        lat: row.lat,
        lng: row.lng,
        address: row.address,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });

  const items = routes
    .flatMap((route) =>
      route.stops.map((stop) => ({
        userId: route.userId,
        userDisplayName: route.name,
        type: stop.type,
        lat: stop.lat,
        lng: stop.lng,
        address: stop.address,
        createdAt: stop.createdAt,
        number: stop.number,
        label: stop.label,
        color: route.color,
      })),
    )
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.userId - b.userId || a.number - b.number);

  return { date, isToday, agents, routes, items };
}
