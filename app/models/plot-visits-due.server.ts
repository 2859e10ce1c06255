import { prisma, readRows } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate, currentTime } from "~/infra/clock.server";
import { AppError } from "~/lib/app-error";
import { addDays, dayNumber } from "~/lib/calendar";
import { displayName } from "~/lib/names";
import { authorize } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import {
  DUE_LIST_LIMIT,
  OVERDUE_AFTER_DAYS,
  OVERDUE_LIST_LIMIT,
  type OverduePlotVisit,
  type PlotVisitDue,
} from "~/models/plot-visits-due.schema";
import { sqlRows } from "~/models/rows.server";
import { audienceSql, requestedAudience, type Viewer } from "~/models/team-scope.server";
import { PLAN_USER_NOT_FOUND } from "~/models/visit-plan.schema";

// The demo plots' visits that fall due (decision 97): a SOWN plot waits for its mid-season visit
// from midVisitDueOn, a plot not yet HARVESTED for its harvest from harvestDueOn (a SOWN plot past
// both waits for both). A visit is overdue OVERDUE_AFTER_DAYS after it fell due. The officer's plan
// lists their visits due by its day; the manager's day, the overdue visits of their officers.

/**
 * The plots' waiting visits, due on or before `dueBy`, of the plots `where` picks (a condition
 * on DemoPlot `d` and the officer `u`): the mid-season visits and the harvests, each read along
 * an index (officerId, stage or stage, harvestDueOn), the longest due first.
 */
function waitingVisits(where: Prisma.Sql, dueBy: string, limit: number) {
  const visits = (visit: string, dueOn: Prisma.Sql, stages: string[]) => Prisma.sql`
    SELECT d.id AS plotId, ${visit} AS visit, ${dueOn} AS dueOn, d.crop, f.name AS farmerName,
      u.id AS officerId, u.firstName, u.lastName
    FROM DemoPlot d JOIN Farmer f ON f.id = d.farmerId JOIN User u ON u.id = d.officerId
    WHERE d.stage IN (${Prisma.join(stages)}) AND ${dueOn} <= ${dueBy} ${where}`;
  return readRows(
    sqlRows.plotVisitDue,
    Prisma.sql`
    SELECT *, COUNT(*) OVER () AS total FROM (
      ${visits("MID_SEASON", Prisma.sql`d.midVisitDueOn`, ["SOWN"])}
      UNION ALL
      ${visits("HARVEST", Prisma.sql`d.harvestDueOn`, ["SOWN", "MID_SEASON"])}
    ) ORDER BY dueOn, plotId, visit LIMIT ${limit}`,
  );
}

type WaitingRow = ReturnType<typeof waitingVisits>[number];

function dueOf(row: WaitingRow, day: string): PlotVisitDue {
  const daysLate = dayNumber(day) - dayNumber(row.dueOn);
  return {
    plotId: row.plotId,
    visit: row.visit,
    farmerName: row.farmerName,
    crop: row.crop,
    dueOn: row.dueOn,
    daysLate,
    overdue: daysLate >= OVERDUE_AFTER_DAYS,
  };
}

/** The visits due on `officerId`'s plots by `day` (their own home asks): no permission to check. */
export function plotVisitsDueOf(officerId: number, day: string): PlotVisitDue[] {
  return waitingVisits(Prisma.sql`AND d.officerId = ${officerId}`, day, DUE_LIST_LIMIT).map((row) => dueOf(row, day));
}

/** The visits due by `day` on the plots of the officer whose plan `viewer` reads (404, 403 as the plan). */
export async function plotVisitsDue(viewer: Viewer, officerId: number, day: string): Promise<PlotVisitDue[]> {
  const officer = await prisma.user.findUnique({ where: { id: officerId }, select: { id: true, teamId: true } });
  if (!officer) throw new AppError(404, PLAN_USER_NOT_FOUND);
  authorize(await policyViewer(viewer), "plan.read", { ownerId: officer.id, teamId: officer.teamId });
  return plotVisitsDueOf(officer.id, day);
}

/**
 * The overdue visits on the plots of the viewer's officers (a manager's teams, everyone for an
 * admin; `team`: one of them, 403 for another), the most overdue first, and how many there are.
 */
export async function overduePlotVisits(
  viewer: Viewer,
  { team }: { team?: number },
  now = currentTime(),
): Promise<{ total: number; visits: OverduePlotVisit[] }> {
  const audience = await requestedAudience(viewer, { team }, { companyAllowed: false });
  const today = appDate(now);
  const rows = waitingVisits(
    audienceSql(audience, Prisma.sql`u`),
    addDays(today, -OVERDUE_AFTER_DAYS),
    OVERDUE_LIST_LIMIT,
  );
  return {
    total: rows[0]?.total ?? 0,
    visits: rows.map((row) => ({ ...dueOf(row, today), officerId: row.officerId, officerName: displayName(row) })),
  };
}
