// The rules of the performance score, as pure functions on numbers that the caller has already
// aggregated. Browser-safe: the leaderboard's labels too.

export const PERFORMANCE_WINDOW_DAYS = 30;
/** STAR "Consistent Achiever": posted on at least this many of the window's days. */
export const STAR_MIN_POSTED_DAYS = 20;

/** A recalculation that failed, as the leaderboard's enhanced button and the API say it. */
export const RECALCULATION_FAILED = "Failed to calculate performance scores";

/** The weights of the four parts, in the order the "Performance Calculation" card lists them. */
export const PERFORMANCE_WEIGHTS = [
  {
    part: "dealers",
    label: "Dealers created",
    weight: 0.25,
    explanation: "dealers created ÷ the most any officer created",
  },
  {
    part: "recovery",
    label: "Recovery amount",
    weight: 0.3,
    explanation: "amount recovered ÷ the largest officer recovery",
  },
  {
    part: "gap",
    label: "Sales-recovery gap",
    weight: 0.35,
    explanation: "recovery ÷ sales, at most 1 (1 with recovery but no sales)",
  },
  { part: "activity", label: "Posts activity", weight: 0.1, explanation: "posts ÷ the most posts by any officer" },
] as const;

type PerformancePart = (typeof PERFORMANCE_WEIGHTS)[number]["part"];
export type PerformanceParts = Record<PerformancePart, number>;

export const BADGES = ["CROWN", "SHIELD", "CAP", "TROPHY", "STAR"] as const;
type Badge = (typeof BADGES)[number];
/** Ranks 1, 2 and 3 earn these. */
const RANK_BADGES: readonly Badge[] = ["CROWN", "SHIELD", "CAP"];

/** One officer's aggregates over the window. Amounts in cents. */
export type OfficerActivity = {
  userId: number;
  /** When the account was created (epoch ms): the last tie-break. */
  createdAtMs: number;
  dealers: number;
  salesCents: number;
  recoveryCents: number;
  posts: number;
  /** Distinct local calendar days of the window with at least one post. */
  postedDays: number;
};

export type Standing = {
  userId: number;
  score: number;
  rank: number | null;
  badge: Badge | null;
  parts: PerformanceParts;
  salesCents: number;
  recoveryCents: number;
  postedDays: number;
};

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function share(value: number, max: number): number {
  return max > 0 ? value / max : 0;
}

/** min(1, recovery ÷ sales) with sales; 1 with recovery but no sales; 0 with neither. */
export function gapPart(salesCents: number, recoveryCents: number): number {
  if (salesCents > 0) return Math.min(1, recoveryCents / salesCents);
  return recoveryCents > 0 ? 1 : 0;
}

export function scoreOf(parts: PerformanceParts): number {
  return round2(100 * PERFORMANCE_WEIGHTS.reduce((sum, { part, weight }) => sum + weight * parts[part], 0));
}

/**
 * Scores, ranks and badges of every officer. Officers with a score above 0 are ranked by score,
 * then higher recovery, then earlier account (then lower id, so the order is total). Badges:
 * ranks 1–3 CROWN, SHIELD, CAP; TROPHY to the highest seller when not already top 3; STAR to
 * those who posted on STAR_MIN_POSTED_DAYS days and hold no other badge.
 */
export function computeStandings(officers: readonly OfficerActivity[]): Standing[] {
  const most = (pick: (row: OfficerActivity) => number) => Math.max(0, ...officers.map(pick));
  const maxDealers = most((row) => row.dealers);
  const maxRecovery = most((row) => row.recoveryCents);
  const maxPosts = most((row) => row.posts);

  const standings = officers.map((row): Standing => {
    const parts: PerformanceParts = {
      dealers: share(row.dealers, maxDealers),
      recovery: share(row.recoveryCents, maxRecovery),
      gap: gapPart(row.salesCents, row.recoveryCents),
      activity: share(row.posts, maxPosts),
    };
    return {
      userId: row.userId,
      score: scoreOf(parts),
      rank: null,
      badge: null,
      parts,
      salesCents: row.salesCents,
      recoveryCents: row.recoveryCents,
      postedDays: row.postedDays,
    };
  });

  const byId = new Map(officers.map((row) => [row.userId, row]));
  const seniority = (standing: Standing) => byId.get(standing.userId)?.createdAtMs ?? 0;
  const earlier = (a: Standing, b: Standing) => seniority(a) - seniority(b) || a.userId - b.userId;
  standings
    .filter((standing) => standing.score > 0)
    .sort((a, b) => b.score - a.score || b.recoveryCents - a.recoveryCents || earlier(a, b))
    .forEach((standing, index) => {
      standing.rank = index + 1;
      standing.badge = RANK_BADGES[index] ?? null;
    });

  const topSeller = standings.reduce<Standing | null>(
    (best, standing) =>
      best === null ||
      standing.salesCents > best.salesCents ||
      (standing.salesCents === best.salesCents && earlier(standing, best) < 0)
        ? standing
        : best,
    null,
  );
  if (topSeller && topSeller.salesCents > 0 && !topSeller.badge) topSeller.badge = "TROPHY";
  for (const standing of standings) {
    if (!standing.badge && standing.postedDays >= STAR_MIN_POSTED_DAYS) standing.badge = "STAR";
  }
  return standings;
}

export type PreviousStanding = { rank: number | null; badge: string | null };

/** A change a calculation tells an officer of: the words are the notifications' (models/notification.server.ts). */
export type PerformanceNotification = {
  userId: number;
  type: "ACHIEVEMENT_BADGE" | "RANK_CHANGE";
  badgeType: Badge | null;
  previousRank: number | null;
  newRank: number | null;
  /** The officer's standing the change comes from (a badge's notice quotes its figures). */
  standing: Standing;
};

/**
 * The notifications of one calculation: ACHIEVEMENT_BADGE when an officer gains a badge it did
 * not hold, RANK_CHANGE when its rank changed. Nothing when nothing changed.
 */
export function performanceNotifications(
  previous: ReadonlyMap<number, PreviousStanding>,
  standings: readonly Standing[],
): PerformanceNotification[] {
  const notifications: PerformanceNotification[] = [];
  for (const standing of standings) {
    const before = previous.get(standing.userId);
    if (standing.badge && standing.badge !== (before?.badge ?? null)) {
      notifications.push({
        userId: standing.userId,
        type: "ACHIEVEMENT_BADGE",
        badgeType: standing.badge,
        previousRank: null,
        newRank: null,
        standing,
      });
    }
    const previousRank = before?.rank ?? null;
    if (standing.rank !== previousRank) {
      notifications.push({
        userId: standing.userId,
        type: "RANK_CHANGE",
        badgeType: null,
        previousRank,
        newRank: standing.rank,
        standing,
      });
    }
  }
  return notifications;
}
