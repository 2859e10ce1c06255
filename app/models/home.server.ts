import { readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import type { FirstRunSteps, OfficerHome } from "~/models/home.schema";
import { cachedAgentRankings } from "~/models/metrics.server";
import type { Audience } from "~/models/team-scope.server";
import { hasCompletedLocations, type CurrentUser } from "~/models/user.server";
import { ownProgress } from "~/models/targets.server";
import { missedStopsOf, todaysPlanNext } from "~/models/visit-plan.server";
import { plotVisitsDueOf } from "~/models/plot-visits-due.server";
import { appDate } from "~/infra/clock.server";

// What an officer's feed shows above the team's table: their own day (today's position,
// distance, sales and recovery), their month and season against their targets, the stops of their
// plans they missed, their demo plots' visits due and, until it is done, the first-run checklist.

/**
 * The officer's day and their unfinished first steps; null for managers and admins (not ranked).
 * Their position is among the feed's audience, as the table under it ranks them.
 */
export async function officerHome(
  user: Pick<CurrentUser, "id" | "role" | "homeLat" | "warehouseLat">,
  audience: Audience,
): Promise<OfficerHome | null> {
  if (user.role !== "OFFICER") return null;
  const today = await cachedAgentRankings("today", audience);
  // Plain reads (decision 36): the feed asks them on every first page.
  const [post] = readRows(sqlRows.id, Prisma.sql`SELECT id FROM Post WHERE userId = ${user.id} LIMIT 1`);
  const [dealer] = readRows(sqlRows.id, Prisma.sql`SELECT id FROM Dealer WHERE createdById = ${user.id} LIMIT 1`);
  const index = today.findIndex((row) => row.id === user.id);
  const row = today[index];
  // The rankings order by sales, then recovery: with neither, a position would only be alphabetical.
  const ranked = row !== undefined && (Number(row.sales) > 0 || Number(row.recovery) > 0);
  const steps: FirstRunSteps = {
    locations: hasCompletedLocations(user),
    post: post !== undefined,
    dealer: dealer !== undefined,
  };
  return {
    day: row
      ? {
          position: ranked ? index + 1 : null,
          total: today.length,
          distance: row.distance,
          sales: row.sales,
          recovery: row.recovery,
        }
      : null,
    plan: await todaysPlanNext(user.id),
    missed: await missedStopsOf(user.id),
    plotVisits: plotVisitsCount(user.id),
    firstRun: Object.values(steps).every(Boolean) ? null : steps,
    targets: ownProgress(user.id),
  };
}

/** How many of the officer's plot visits are due by today, and overdue. */
function plotVisitsCount(officerId: number): OfficerHome["plotVisits"] {
  const due = plotVisitsDueOf(officerId, appDate());
  return { due: due.length, overdue: due.filter((visit) => visit.overdue).length };
}
