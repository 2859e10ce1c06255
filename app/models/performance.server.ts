import { Prisma } from "~/generated/prisma/client";
import { appOffsetMs, currentTime } from "~/infra/clock.server";
import { DAY_MS } from "~/lib/calendar";
import { prisma } from "~/db.server";
import { achievementsByRank, badgeFor } from "~/lib/avatars";
import {
  computeStandings,
  performanceNotifications,
  PERFORMANCE_WINDOW_DAYS,
  type OfficerActivity,
  type PreviousStanding,
} from "~/lib/performance";
import type { PublicUser } from "~/models/user.schema";
import type { TeamView } from "~/models/team.schema";
import { performanceNotificationRow } from "~/models/notification.server";
import { audienceHas, EVERYONE, type Audience } from "~/models/team-scope.server";

// The performance calculation: one SQL statement aggregates every active OFFICER's last 30 days,
// app/lib/performance.ts turns the numbers into parts, scores, ranks and badges, and one
// transaction writes them back with the notifications of what changed.

export type PerformanceWindow = { from: number; to: number };

/** The window of a calculation at `now`: the 30 days before it, (now − 30 days, now]. */
export function performanceWindow(now: Date, days = PERFORMANCE_WINDOW_DAYS): PerformanceWindow {
  return { from: now.getTime() - days * DAY_MS, to: now.getTime() };
}

type ActivityRow = {
  userId: bigint | number;
  createdAt: bigint | number;
  rank: bigint | number | null;
  badge: string | null;
  sales: bigint | number | null;
  recovery: bigint | number | null;
  posts: bigint | number | null;
  postedDays: bigint | number | null;
  dealers: bigint | number | null;
};

type Db = Pick<typeof prisma, "$queryRaw" | "$executeRaw">;

/** Each active officer's aggregates over the window and standing before this calculation. */
async function officerActivity(db: Db, window: PerformanceWindow): Promise<ActivityRow[]> {
  const offset = Math.trunc(appOffsetMs(new Date(window.to)));
  // Inlined integers (see metrics.server.ts): a local calendar day number per post.
  const localDay = Prisma.raw(`CAST((createdAt + ${offset}) / ${DAY_MS} AS INTEGER)`);
  return db.$queryRaw<ActivityRow[]>`
    SELECT u.id AS userId, u.createdAt AS createdAt, u.performanceRank AS rank, u.currentBadge AS badge,
      p.sales AS sales, p.recovery AS recovery, p.posts AS posts, p.postedDays AS postedDays, d.dealers AS dealers
    FROM User u
    LEFT JOIN (
      SELECT userId,
        SUM(CASE WHEN type = 'SALE' THEN COALESCE(saleTotalCents, 0) ELSE 0 END) AS sales,
        SUM(CASE WHEN type = 'RECOVERY' THEN COALESCE(recoveryAmountCents, 0) ELSE 0 END) AS recovery,
        COUNT(*) AS posts,
        COUNT(DISTINCT ${localDay}) AS postedDays
      FROM Post
      -- Officer by officer, so SQLite reads only the window of each from the covering index
      -- Post(userId, createdAt, type, saleTotalCents, recoveryAmountCents), never the table.
      WHERE userId IN (SELECT id FROM User WHERE role = 'OFFICER' AND isActive = 1)
        AND createdAt > ${window.from} AND createdAt <= ${window.to}
      GROUP BY userId
    ) p ON p.userId = u.id
    LEFT JOIN (
      SELECT createdById AS userId, COUNT(*) AS dealers
      FROM Dealer
      WHERE createdById IS NOT NULL AND createdAt > ${window.from} AND createdAt <= ${window.to}
      GROUP BY createdById
    ) d ON d.userId = u.id
    WHERE u.role = 'OFFICER' AND u.isActive = 1`;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export type CalculationResult = {
  calculatedAt: Date;
  officers: number;
  ranked: number;
  notifications: number;
  durationMs: number;
};

/**
 * Recalculates every officer's score, rank and badge, and notifies the officers whose badge or
 * rank changed, all in one transaction: readers see the old standings or the new ones, never
 * half. Calculating again with nothing changed writes the same values and notifies nobody.
 */
export async function calculatePerformance(options: { now?: Date } = {}): Promise<CalculationResult> {
  const started = performance.now();
  const now = options.now ?? currentTime();
  const at = now.getTime();
  const window = performanceWindow(now);
  const result = await prisma.$transaction(
    async (tx) => {
      // A write first, so the transaction holds the write lock before it reads (no other writer
      // can slip in between the read and the writes).
      await tx.$executeRaw`UPDATE User SET lastPerformanceCalculation = ${at} WHERE role = 'OFFICER' AND isActive = 1`;
      const rows = await officerActivity(tx, window);
      const previous = new Map<number, PreviousStanding>();
      const activity = rows.map((row): OfficerActivity => {
        const userId = Number(row.userId);
        previous.set(userId, { rank: row.rank === null ? null : Number(row.rank), badge: row.badge });
        return {
          userId,
          createdAtMs: Number(row.createdAt),
          dealers: Number(row.dealers ?? 0),
          salesCents: Number(row.sales ?? 0),
          recoveryCents: Number(row.recovery ?? 0),
          posts: Number(row.posts ?? 0),
          postedDays: Number(row.postedDays ?? 0),
        };
      });
      const standings = computeStandings(activity);
      const notifications = performanceNotifications(previous, standings);

      if (standings.length > 0) {
        const payload = JSON.stringify(
          standings.map((s) => [
            s.userId,
            s.score,
            s.rank,
            s.badge,
            round4(s.parts.dealers),
            round4(s.parts.recovery),
            round4(s.parts.gap),
            round4(s.parts.activity),
          ]),
        );
        await tx.$executeRaw`
          UPDATE User SET
            currentPerformanceScore = s.score, performanceRank = s.rank, currentBadge = s.badge,
            performanceDealersPart = s.dealers, performanceRecoveryPart = s.recovery,
            performanceGapPart = s.gap, performanceActivityPart = s.activity
          FROM (
            SELECT value ->> 0 AS id, value ->> 1 AS score, value ->> 2 AS rank, value ->> 3 AS badge,
              value ->> 4 AS dealers, value ->> 5 AS recovery, value ->> 6 AS gap, value ->> 7 AS activity
            FROM json_each(${payload})
          ) AS s
          WHERE User.id = s.id`;
      }
      // Only active officers hold ranks and badges: anyone else (promoted, deactivated) loses them.
      await tx.$executeRaw`
        UPDATE User SET performanceRank = NULL, currentBadge = NULL
        WHERE (role <> 'OFFICER' OR isActive = 0) AND (performanceRank IS NOT NULL OR currentBadge IS NOT NULL)`;
      if (notifications.length > 0) {
        await tx.notification.createMany({
          data: notifications.map((n) => ({ ...performanceNotificationRow(n), createdAt: now })),
        });
      }
      return {
        officers: standings.length,
        ranked: standings.filter((s) => s.rank !== null).length,
        notifications: notifications.length,
      };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  return { calculatedAt: now, ...result, durationMs: Math.round(performance.now() - started) };
}

const leaderboardSelect = {
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  selectedAvatar: true,
  currentBadge: true,
  currentPerformanceScore: true,
  performanceRank: true,
  lastPerformanceCalculation: true,
  performanceDealersPart: true,
  performanceRecoveryPart: true,
  performanceGapPart: true,
  performanceActivityPart: true,
  createdAt: true,
  team: { select: { id: true, name: true } },
} as const;

export type LeaderboardEntry = PublicUser & {
  /** A numeric string with 2 decimals, or null before the first calculation. */
  currentPerformanceScore: string | null;
  performanceRank: number | null;
  /** The officer's position among their team's ranked officers; null when unranked or in no team. */
  teamRank: number | null;
  team: TeamView | null;
  lastPerformanceCalculation: Date | null;
  /** The four parts of the score, each between 0 and 1 (null before the first calculation). */
  parts: { dealers: number; recovery: number; gap: number; activity: number } | null;
};

/**
 * Every active officer of the audience (everyone by default): ranked ones by rank, then the rest
 * by score and name. Ranks, scores and badges are the company's; `teamRank` is the position
 * among the officer's team's ranked officers.
 */
export async function listLeaderboard(audience: Audience = EVERYONE): Promise<LeaderboardEntry[]> {
  const officers = await prisma.user.findMany({
    where: { role: "OFFICER", isActive: true },
    select: leaderboardSelect,
  });
  const name = (o: (typeof officers)[number]) =>
    `${o.firstName ?? ""} ${o.lastName ?? ""}`.trim().toLowerCase() || o.username;
  officers.sort(
    (a, b) =>
      (a.performanceRank ?? Number.MAX_SAFE_INTEGER) - (b.performanceRank ?? Number.MAX_SAFE_INTEGER) ||
      (b.currentPerformanceScore ?? 0) - (a.currentPerformanceScore ?? 0) ||
      name(a).localeCompare(name(b)) ||
      a.id - b.id,
  );
  const rankedInTeam = new Map<number, number>();
  const entries = officers.map((o) => {
    let teamRank: number | null = null;
    if (o.performanceRank !== null && o.team) {
      teamRank = (rankedInTeam.get(o.team.id) ?? 0) + 1;
      rankedInTeam.set(o.team.id, teamRank);
    }
    return { o, teamRank };
  });
  return entries
    .filter(({ o }) => audienceHas(audience, o.team?.id ?? null))
    .map(({ o, teamRank }) => ({
      id: o.id,
      username: o.username,
      firstName: o.firstName,
      lastName: o.lastName,
      selectedAvatar: o.selectedAvatar,
      currentBadge: o.currentBadge,
      currentPerformanceScore: o.currentPerformanceScore === null ? null : o.currentPerformanceScore.toFixed(2),
      performanceRank: o.performanceRank,
      teamRank,
      team: o.team,
      lastPerformanceCalculation: o.lastPerformanceCalculation,
      parts:
        o.performanceDealersPart === null
          ? null
          : {
              dealers: o.performanceDealersPart,
              recovery: o.performanceRecoveryPart ?? 0,
              gap: o.performanceGapPart ?? 0,
              activity: o.performanceActivityPart ?? 0,
            },
    }));
}

/**
 * The leaderboard page: the audience's entries; the badge holders in catalogue order and the last
 * calculation, the company's (badges are the company's, whoever the table shows).
 */
export async function getLeaderboard(audience: Audience = EVERYONE) {
  const company = await listLeaderboard();
  const entries = audience.everyone
    ? company
    : company.filter((entry) => audienceHas(audience, entry.team?.id ?? null));
  const order = achievementsByRank().map(([type]) => type as string);
  const holders = company
    .filter((entry) => badgeFor(entry.currentBadge))
    .sort(
      (a, b) =>
        order.indexOf(a.currentBadge ?? "") - order.indexOf(b.currentBadge ?? "") ||
        (a.performanceRank ?? Number.MAX_SAFE_INTEGER) - (b.performanceRank ?? Number.MAX_SAFE_INTEGER),
    );
  const lastCalculatedAt = company.reduce<Date | null>(
    (latest, entry) =>
      entry.lastPerformanceCalculation && (!latest || entry.lastPerformanceCalculation > latest)
        ? entry.lastPerformanceCalculation
        : latest,
    null,
  );
  return { entries, holders, lastCalculatedAt };
}
