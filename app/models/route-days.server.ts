import { Prisma } from "~/generated/prisma/client";
import { prisma, readRows, type RowOf } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { currentTime } from "~/infra/clock.server";
import { DAY_MS, dateOfTime, type TimeRange } from "~/lib/calendar";
import { LEG_LIMITS } from "~/lib/location-quality";
import { distanceCtes, localDayOffsetMs } from "~/models/metrics.server";

// Each officer's distance and hours per local day, as the rankings count them, for reports.
// Judging 90 days of a whole team takes about a second, so an ended day is judged once, kept in
// RouteDay and marked done in RouteDayDone under the leg rules it used. Triggers on CheckIn delete
// a day's mark when one of its check-ins changes, and a change of LEG_LIMITS makes every mark
// stale. The day in progress is always judged afresh.

/** The rules a stored day was judged by: a mark under other rules does not count. */
const RULES = JSON.stringify(LEG_LIMITS);

/** Routes summed per officer (keys: user ids) or per local day (keys: "2026-11-17"). */
export type RouteTotalsBy = "officer" | "day";

export type RouteTotals = Map<string, { km: number; hours: number }>;

/** `userId` is null in sums per day, `dayStart` in sums per officer. */
type RouteRow = RowOf<typeof sqlRows.route>;

/** Each user's kilometres and milliseconds per local day, as a SELECT over `distanceCtes`' legs. */
function routesByDaySql(range: TimeRange, users?: readonly number[]): Prisma.Sql {
  const offset = localDayOffsetMs(range);
  return Prisma.sql`
    WITH ${distanceCtes(range, users)}
    SELECT userId, day * ${Prisma.raw(String(DAY_MS))} - ${Prisma.raw(String(offset))} AS dayStart,
      SUM(CASE WHEN isLeg AND leftOut IS NULL THEN km ELSE 0.0 END) AS km,
      SUM(CASE WHEN isLeg AND leftOut IS NULL THEN ms ELSE 0 END) AS ms
    FROM legs GROUP BY userId, day`;
}

/** The starts of the local days wholly inside `range` that have ended by `now`. */
function endedDays(range: TimeRange, offset: number, now: Date): number[] {
  const first = Math.ceil((range.from + offset) / DAY_MS);
  const end = Math.floor((Math.min(range.to, now.getTime()) + offset) / DAY_MS);
  return Array.from({ length: Math.max(0, end - first) }, (_, index) => (first + index) * DAY_MS - offset);
}

/** Judges every officer's days from `from` to `to` (local midnights) and marks them done, in one transaction. */
async function storeDays(from: number, to: number): Promise<void> {
  const marks = Array.from({ length: Math.round((to - from) / DAY_MS) }, (_, index) => from + index * DAY_MS);
  await prisma.$transaction([
    prisma.$executeRaw`DELETE FROM RouteDay WHERE dayStart >= ${from} AND dayStart < ${to}`,
    prisma.$executeRaw`INSERT INTO RouteDay (userId, dayStart, km, ms) ${routesByDaySql({ from, to })}`,
    prisma.$executeRaw`INSERT OR REPLACE INTO RouteDayDone (dayStart, dayEnd, rules) VALUES ${Prisma.join(
      marks.map((start) => Prisma.sql`(${start}, ${start + DAY_MS}, ${RULES})`),
    )}`,
  ]);
}

/** The ended days of `days` that RouteDay holds under today's rules. */
function doneDays(days: readonly number[]): Set<number> {
  const done = readRows(
    sqlRows.routeDayDone,
    Prisma.sql`
    SELECT dayStart FROM RouteDayDone WHERE dayStart >= ${days[0]} AND dayStart <= ${days.at(-1)} AND rules = ${RULES}`,
  );
  return new Set(done.map((row) => row.dayStart.getTime()));
}

/**
 * The kilometres and hours of the legs that count in `range`, as the rankings count them, summed
 * per officer or per local day (of all officers, or of the given ones). Ended days are read from
 * RouteDay, judged first where not yet done; the rest of the range is judged now.
 */
export async function routeTotals(
  range: TimeRange,
  by: RouteTotalsBy,
  users?: readonly number[],
  now = currentTime(),
): Promise<RouteTotals> {
  const totals: RouteTotals = new Map();
  if (users && users.length === 0) return totals;
  const offset = localDayOffsetMs(range);
  const add = (row: RouteRow) => {
    const key = by === "officer" ? String(row.userId) : dateOfTime((row.dayStart?.getTime() ?? 0) + offset);
    const total = totals.get(key) ?? { km: 0, hours: 0 };
    total.km += row.km ?? 0;
    total.hours += (row.ms ?? 0) / 3_600_000;
    totals.set(key, total);
  };

  const days = endedDays(range, offset, now);
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) {
    readRows(sqlRows.route, routesByDaySql(range, users)).forEach(add);
    return totals;
  }
  const done = doneDays(days);
  const missing = days.filter((day) => !done.has(day));
  const firstMissing = missing[0];
  const lastMissing = missing.at(-1);
  if (firstMissing !== undefined && lastMissing !== undefined) await storeDays(firstMissing, lastMissing + DAY_MS);

  const userFilter = users ? Prisma.sql`AND userId IN (${Prisma.join(users)})` : Prisma.empty;
  const key = Prisma.raw(by === "officer" ? "userId, NULL AS dayStart" : "NULL AS userId, dayStart");
  readRows(
    sqlRows.route,
    Prisma.sql`
    SELECT ${key}, SUM(km) AS km, SUM(ms) AS ms FROM RouteDay
    WHERE dayStart >= ${first} AND dayStart <= ${last} ${userFilter}
    GROUP BY ${Prisma.raw(by === "officer" ? "userId" : "dayStart")}`,
  ).forEach(add);
  if (range.from < first) readRows(sqlRows.route, routesByDaySql({ from: range.from, to: first }, users)).forEach(add);
  if (last + DAY_MS < range.to)
    readRows(sqlRows.route, routesByDaySql({ from: last + DAY_MS, to: range.to }, users)).forEach(add);
  return totals;
}
