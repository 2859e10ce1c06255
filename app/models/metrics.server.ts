import { LRUCache } from "lru-cache";
import { Prisma } from "~/generated/prisma/client";
import { prisma, readRows, type RowOf } from "~/db.server";
import { metricsVersion } from "~/infra/after-write.server";
import { sqlRows } from "~/models/rows.server";
import { centsToDecimal } from "~/lib/money";
import { appOffsetMs, appPeriodRange, currentTime } from "~/infra/clock.server";
import { DAY_MS, type Period, type TimeRange } from "~/lib/calendar";
import type { AgentRanking } from "~/models/metrics.schema";
import type { PublicUser } from "~/models/user.schema";
import { LEG_LIMITS, type LeftOutLegs } from "~/lib/location-quality";
import { listVersion } from "~/models/list-version.server";
import {
  audienceHas,
  requestedAudience,
  type Audience,
  type AudienceQuery,
  type Viewer,
} from "~/models/team-scope.server";

// The activity metrics, computed in SQL so that no caller loads every check-in or post into
// memory: distance (haversine between consecutive check-ins of an agent within one local day),
// hours (first to last check-in of each local day), sales, recovery and dealers created.

const EARTH_RADIUS_KM = 6371.0088;

export type AgentMetrics = {
  userId: number;
  distanceKm: number;
  hours: number;
  salesCents: bigint;
  recoveryCents: bigint;
  dealers: number;
  posts: number;
  checkIns: number;
  /** Legs between check-ins not counted in distance and hours, by reason (lib/location-quality.ts). */
  leftOut: LeftOutLegs;
};

export const NONE_LEFT_OUT: LeftOutLegs = { tooFast: 0, poorFix: 0, repeatedPoint: 0 };

type MetricsRow = RowOf<typeof sqlRows.metrics>;

/** A user filter for the statements below: all users, or only the given ones. */
function usersFilter(column: string, users?: readonly number[]): Prisma.Sql {
  return users ? Prisma.sql`AND ${Prisma.raw(column)} IN (${Prisma.join(users)})` : Prisma.empty;
}

/** The offset that splits a range into local days: the app time zone's at the range's end (or now, if sooner). */
export function localDayOffsetMs(range: TimeRange): number {
  return Math.trunc(appOffsetMs(new Date(Math.min(range.to, currentTime().getTime()))));
}

/** The local day of a row's `createdAt` (days since the epoch), split at the app time zone's midnight. */
function localDaySql(range: TimeRange): Prisma.Sql {
  // Inlined (both are integers we computed): were either bound as a REAL, "/" would divide
  // without truncating and every check-in would be a day of its own.
  return Prisma.raw(`CAST((createdAt + ${localDayOffsetMs(range)}) / ${DAY_MS} AS INTEGER)`);
}

/**
 * The `days`, `legs` and `distance` CTEs: each check-in with the one before it on the same local
 * day, each such leg judged by the rules of lib/location-quality.ts (LEG_LIMITS, the same order
 * as `legReason`), and per user the check-ins, the kilometres and milliseconds of the legs that
 * count, and the legs left out by reason.
 */
export function distanceCtes(range: TimeRange, users?: readonly number[]): Prisma.Sql {
  const { maxSpeedKmh, maxAccuracyM, minLegMs, minJumpKm } = LEG_LIMITS;
  return Prisma.sql`
    days AS (
      SELECT userId, lat, lng, createdAt, accuracyM, address, ${localDaySql(range)} AS day,
        LAG(lat) OVER w AS prevLat, LAG(lng) OVER w AS prevLng, LAG(createdAt) OVER w AS prevAt,
        LAG(accuracyM) OVER w AS prevAccuracyM, LAG(address) OVER w AS prevAddress
      FROM CheckIn
      WHERE createdAt >= ${range.from} AND createdAt < ${range.to} ${usersFilter("userId", users)}
      WINDOW w AS (PARTITION BY userId, ${localDaySql(range)} ORDER BY createdAt, id)
    ),
    measured AS (
      SELECT userId, day, lat, lng, prevLat, prevLng, accuracyM, prevAccuracyM, address, prevAddress,
        max(0, createdAt - prevAt) AS ms,
        2 * ${EARTH_RADIUS_KM} * asin(min(1.0, sqrt(
          pow(sin(radians(lat - prevLat) / 2), 2)
          + cos(radians(prevLat)) * cos(radians(lat)) * pow(sin(radians(lng - prevLng) / 2), 2)
        ))) AS km
      FROM days
    ),
    legs AS (
      SELECT userId, day, prevLat IS NOT NULL AS isLeg, km, ms,
        CASE
          WHEN prevLat IS NULL THEN NULL
          WHEN COALESCE(accuracyM, 0) > ${maxAccuracyM} OR COALESCE(prevAccuracyM, 0) > ${maxAccuracyM} THEN 'poorFix'
          WHEN (ms < ${minLegMs} AND km > ${minJumpKm}) OR (ms >= ${minLegMs} AND km * 3600000.0 / ms > ${maxSpeedKmh}) THEN 'tooFast'
          WHEN lat = prevLat AND lng = prevLng AND lower(trim(address)) <> lower(trim(prevAddress)) THEN 'repeatedPoint'
        END AS leftOut
      FROM measured
    ),
    distance AS (
      SELECT userId, COUNT(*) AS checkIns,
        SUM(CASE WHEN isLeg AND leftOut IS NULL THEN km ELSE 0.0 END) AS km,
        SUM(CASE WHEN isLeg AND leftOut IS NULL THEN ms ELSE 0 END) AS ms,
        SUM(leftOut = 'tooFast') AS tooFast, SUM(leftOut = 'poorFix') AS poorFix, SUM(leftOut = 'repeatedPoint') AS repeatedPoint
      FROM legs GROUP BY userId
    )`;
}

/**
 * One SQL statement: per-user distance, hours, sales, recovery, dealers, posts and check-ins in
 * the range. `users` limits it to some users; without it, every user with any activity.
 */
function metricsRows(range: TimeRange, users?: readonly number[]): MetricsRow[] {
  if (users && users.length === 0) return [];
  return readRows(
    sqlRows.metrics,
    Prisma.sql`
    WITH ${distanceCtes(range, users)},
    money AS (
      SELECT userId,
        SUM(CASE WHEN type = 'SALE' THEN COALESCE(saleTotalCents, 0) ELSE 0 END) AS sales,
        SUM(CASE WHEN type = 'RECOVERY' THEN COALESCE(recoveryAmountCents, 0) ELSE 0 END) AS recovery,
        COUNT(*) AS posts
      FROM Post
      WHERE createdAt >= ${range.from} AND createdAt < ${range.to} ${usersFilter("userId", users)}
      GROUP BY userId
    ),
    dealers AS (
      SELECT createdById AS userId, COUNT(*) AS dealers
      FROM Dealer
      WHERE createdById IS NOT NULL AND createdAt >= ${range.from} AND createdAt < ${range.to} ${usersFilter("createdById", users)}
      GROUP BY createdById
    ),
    everyone AS (
      SELECT userId FROM distance UNION SELECT userId FROM money UNION SELECT userId FROM dealers
    )
    SELECT everyone.userId AS userId, distance.km AS km, distance.ms AS ms, money.sales AS sales,
      money.recovery AS recovery, dealers.dealers AS dealers, money.posts AS posts, distance.checkIns AS checkIns,
      distance.tooFast AS tooFast, distance.poorFix AS poorFix, distance.repeatedPoint AS repeatedPoint
    FROM everyone
    LEFT JOIN distance ON distance.userId = everyone.userId
    LEFT JOIN money ON money.userId = everyone.userId
    LEFT JOIN dealers ON dealers.userId = everyone.userId`,
  );
}

function toMetrics(row: MetricsRow): AgentMetrics {
  return {
    userId: row.userId,
    distanceKm: row.km ?? 0,
    hours: (row.ms ?? 0) / 3_600_000,
    salesCents: row.sales ?? 0n,
    recoveryCents: row.recovery ?? 0n,
    dealers: row.dealers ?? 0,
    posts: row.posts ?? 0,
    checkIns: row.checkIns ?? 0,
    leftOut: {
      tooFast: row.tooFast ?? 0,
      poorFix: row.poorFix ?? 0,
      repeatedPoint: row.repeatedPoint ?? 0,
    },
  };
}

/** The metrics of each user with activity in the range (or of the given users), by user id. */
export async function agentMetrics(range: TimeRange, users?: readonly number[]): Promise<Map<number, AgentMetrics>> {
  return new Map(metricsRows(range, users).map((row) => [row.userId, toMetrics(row)]));
}

// Every post card shows its author's distance today. The whole team's is one query over today's
// check-ins, kept until any check-in changes (the CheckIn list version, whoever writes) or the day
// turns. The version is read before the data: a write in between only makes the next request read again.
let teamToday: { key: string; distances: Map<number, number> } | undefined;

/** Each given user's distance today (km), for the post cards; users who have not moved are absent. */
export async function distanceToday(users: readonly number[], now = currentTime()): Promise<Map<number, number>> {
  if (users.length === 0) return new Map();
  const today = appPeriodRange("today", now);
  const key = `${listVersion("CheckIn")} ${today.from}`;
  if (teamToday?.key !== key) {
    const moved = readRows(
      sqlRows.distanceToday,
      Prisma.sql`
      WITH ${distanceCtes(today)}
      SELECT userId, km FROM distance WHERE km > 0`,
    );
    teamToday = { key, distances: new Map(moved.map((row) => [row.userId, row.km])) };
  }
  const distances = teamToday.distances;
  return new Map(users.flatMap((id) => (distances.has(id) ? [[id, distances.get(id)!] as const] : [])));
}

type RankingRow = PublicUser & {
  teamId: number | null;
  distanceKm: number;
  hours: number;
  salesCents: bigint;
  recoveryCents: bigint;
  dealers: number;
  leftOut: LeftOutLegs;
};

/**
 * The "Sales Agent Rankings": every active OFFICER with the period's metrics, ordered by
 * sales, then recovery, then name. Two queries whatever the team size.
 */
export async function agentRankings(period: Period, now = currentTime()): Promise<RankingRow[]> {
  const [officers, metrics] = await Promise.all([
    prisma.user.findMany({
      where: { role: "OFFICER", isActive: true },
      select: {
        id: true,
        username: true,
        firstName: true,
        lastName: true,
        selectedAvatar: true,
        currentBadge: true,
        teamId: true,
      },
    }),
    agentMetrics(appPeriodRange(period, now)),
  ]);
  const rows = officers.map((officer): RankingRow => {
    const m = metrics.get(officer.id);
    return {
      ...officer,
      distanceKm: m?.distanceKm ?? 0,
      hours: m?.hours ?? 0,
      salesCents: m?.salesCents ?? 0n,
      recoveryCents: m?.recoveryCents ?? 0n,
      dealers: m?.dealers ?? 0,
      leftOut: m?.leftOut ?? NONE_LEFT_OUT,
    };
  });
  const nameOf = (row: RankingRow) =>
    `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim().toLowerCase() || row.username;
  return rows.sort(
    (a, b) =>
      (b.salesCents > a.salesCents ? 1 : b.salesCents < a.salesCents ? -1 : 0) ||
      (b.recoveryCents > a.recoveryCents ? 1 : b.recoveryCents < a.recoveryCents ? -1 : 0) ||
      nameOf(a).localeCompare(nameOf(b)) ||
      a.id - b.id,
  );
}

/** The rankings rows as the API and the feed show them. */
export async function listAgentRankings(period: Period, now = currentTime()): Promise<AgentRanking[]> {
  return (await rankingsOfCompany(period, now)).rows;
}

/** The company's rankings rows, and each one's officer's team (the rows the API shows carry none). */
type CompanyRankings = { rows: AgentRanking[]; teamIds: Array<number | null> };

async function rankingsOfCompany(period: Period, now: Date): Promise<CompanyRankings> {
  const ranked = await agentRankings(period, now);
  return {
    rows: ranked.map((row) => ({
      id: row.id,
      name: [row.firstName, row.lastName].filter(Boolean).join(" ") || row.username,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      selectedAvatar: row.selectedAvatar,
      currentBadge: row.currentBadge,
      distance: row.distanceKm.toFixed(1),
      hours: row.hours.toFixed(1),
      sales: centsToDecimal(row.salesCents),
      recovery: centsToDecimal(row.recoveryCents),
      dealers: row.dealers,
      legsLeftOut: row.leftOut,
    })),
    teamIds: ranked.map((row) => row.teamId),
  };
}

// The rankings statement scans the period's check-ins (about 300 ms for a month of 1,000
// officers' 100,000 check-ins on 2 cores), and every feed page shows it. So the feed and
// GET /api/agents/rankings reuse an answer for up to 30 seconds, and any write in this process that
// changes what the rows show makes it stale at once: the cache's key holds metricsVersion (raised
// by the after-write hook for a metric, an officer's name or avatar, who is a ranked officer) and
// the day. SQLite means a single server process, so the only staleness left is from other writers
// (a script): at most 30 seconds, and the time of one statement. Past 30 seconds the next reader
// still gets the rows at once while the statement runs again behind it: no page waits for it but
// after a write or a change of day.
//
// The cache holds the company's rows with each officer's team: a team's rankings are the company's
// rows of its officers, in the same order, filtered at each request (a thousand rows, well under a
// millisecond), so one statement serves every audience. Who is in which team is part of the
// Leaderboard list version (raised by any change of a user's team or a team's name, whoever
// writes), which the key holds too.
const rankingsCache = new LRUCache<string, CompanyRankings, { period: Period; at: Date }>({
  // A key per period and version: the four periods' current rows, and a few outdated ones.
  max: 16,
  ttl: 30_000,
  // Past the TTL a reader gets the rows it has, and the statement runs again behind them.
  allowStale: true,
  // The app's clock, read at every look-up (no cached instant), so a test moves it with the fake Date.
  perf: { now: () => currentTime().getTime() },
  ttlResolution: 0,
  fetchMethod: (_key, _stale, { context }) => rankingsOfCompany(context.period, context.at),
});

/**
 * The feed's rankings: `count` rows of the audience's officers from `offset` (the top, or a page of
 * the full table) and how many there are in all, plus the viewer's own row and position when it is
 * not among them (an officer below the top always sees where they are).
 */
export async function topAgentRankings(
  period: Period,
  viewerId: number,
  count: number,
  audience: Audience = { everyone: true },
  offset = 0,
): Promise<{
  rows: AgentRanking[];
  total: number;
  offset: number;
  own: { position: number; row: AgentRanking } | null;
}> {
  const rows = await cachedAgentRankings(period, audience);
  const index = rows.findIndex((row) => row.id === viewerId);
  const own =
    index !== -1 && (index < offset || index >= offset + count) ? { position: index + 1, row: rows[index]! } : null;
  return { rows: rows.slice(offset, offset + count), total: rows.length, offset, own };
}

/**
 * The rankings rows of the audience's officers (positions among them; the company's when no
 * audience is given), from the company's cached rows.
 */
export async function cachedAgentRankings(
  period: Period,
  audience: Audience = { everyone: true },
): Promise<AgentRanking[]> {
  const { rows, teamIds } = await cachedCompanyRankings(period);
  if (audience.everyone) return rows;
  return rows.filter((_, index) => audienceHas(audience, teamIds[index] ?? null));
}

async function cachedCompanyRankings(period: Period): Promise<CompanyRankings> {
  const at = currentTime();
  // The versions are read before the data: a write in between only makes the next reader read again.
  const key = [period, appPeriodRange("today", at).from, listVersion("Leaderboard"), metricsVersion()].join(" ");
  // Undefined only when the entry went while it was read (pushed out by newer keys): read it uncached.
  return (await rankingsCache.fetch(key, { context: { period, at } })) ?? rankingsOfCompany(period, at);
}

/** GET /api/agents/rankings: the period's rows of the people the viewer asks for (their own by default). */
export async function rankingsFor(viewer: Viewer, query: AudienceQuery & { period: Period }): Promise<AgentRanking[]> {
  const audience = await requestedAudience(viewer, query, { companyAllowed: true });
  return cachedAgentRankings(query.period, audience);
}
