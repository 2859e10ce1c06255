import { centsToDecimal } from "~/lib/money";
import type { LeftOutLegs } from "~/lib/location-quality";
import { appPeriodRange, currentTime } from "~/infra/clock.server";
import { PERIODS, type Period } from "~/lib/calendar";
import { agentMetrics, NONE_LEFT_OUT } from "~/models/metrics.server";
import type { CurrentUser } from "~/models/user.server";

// The profile's Today / Week / Month / All figures (posts, visits, sales, recovery, distance,
// hours, dealers created), also GET /api/me/stats, from the same metrics as
// the rankings: one grouped statement per period, limited to the one user.

type PeriodStats = {
  posts: number;
  visits: number;
  sales: string;
  recovery: string;
  distance: string;
  hours: string;
  dealers: number;
  /** Legs between check-ins not counted in distance and hours, by reason. */
  legsLeftOut: LeftOutLegs;
};

export type UserStats = Record<Period, PeriodStats> & {
  currentPerformanceScore: string | null;
  performanceRank: number | null;
};

export async function userStats(
  user: Pick<CurrentUser, "id" | "currentPerformanceScore" | "performanceRank">,
  now = currentTime(),
): Promise<UserStats> {
  const periods = await Promise.all(
    PERIODS.map(async (period): Promise<[Period, PeriodStats]> => {
      const m = (await agentMetrics(appPeriodRange(period, now), [user.id])).get(user.id);
      return [
        period,
        {
          posts: m?.posts ?? 0,
          visits: m?.checkIns ?? 0,
          sales: centsToDecimal(m?.salesCents ?? 0n),
          recovery: centsToDecimal(m?.recoveryCents ?? 0n),
          distance: (m?.distanceKm ?? 0).toFixed(1),
          hours: (m?.hours ?? 0).toFixed(1),
          dealers: m?.dealers ?? 0,
          legsLeftOut: m?.leftOut ?? NONE_LEFT_OUT,
        },
      ];
    }),
  );
  return {
    ...(Object.fromEntries(periods) as Record<Period, PeriodStats>),
    currentPerformanceScore: user.currentPerformanceScore === null ? null : user.currentPerformanceScore.toFixed(2),
    performanceRank: user.performanceRank,
  };
}
