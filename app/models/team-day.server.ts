import { readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate, appDayRange, currentTime } from "~/infra/clock.server";
import { addDays } from "~/lib/calendar";
import { monthAtAGlance } from "~/models/targets.server";
import { planProgress, planStops } from "~/models/visit-plan.server";
import { TEAM_DAY_LIMIT, type OfficerToday, type TeamDay } from "~/models/team-day.schema";
import { can } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { audienceSql, requestedAudience, type Viewer } from "~/models/team-scope.server";

// The manager's day (decision 44): who of the viewer's officers has posted today, their plan
// against what is done, yesterday's missed visits and this month's targets at a glance (decision 84). A manager's people are their own team's
// and the teams they lead; an admin's, everyone (or one team).

/** Today's posting of the viewer's officers, or of one of their teams (403 for another team). */
export async function teamDay(viewer: Viewer, { team }: { team?: number }, now = currentTime()): Promise<TeamDay> {
  const audience = await requestedAudience(viewer, { team }, { companyAllowed: false });
  const date = appDate(now);
  const { from, to } = appDayRange(date);
  // Each officer's posts today from their own (userId, createdAt) index entries.
  const rows = readRows(
    sqlRows.officerToday,
    Prisma.sql`
    SELECT u.id, u.username, u.firstName, u.lastName, t.id AS teamId, t.name AS teamName,
      (SELECT COUNT(*) FROM Post p WHERE p.userId = u.id AND p.createdAt >= ${from} AND p.createdAt < ${to}) AS posts,
      (SELECT MAX(p.createdAt) FROM Post p WHERE p.userId = u.id AND p.createdAt >= ${from} AND p.createdAt < ${to}) AS lastPostAt
    FROM User u LEFT JOIN Team t ON t.id = u.teamId
    WHERE u.role = 'OFFICER' AND u.isActive = 1 AND u.approval = 'APPROVED' ${audienceSql(audience, Prisma.sql`u`)}
    ORDER BY posts > 0, u.firstName COLLATE NOCASE, u.lastName COLLATE NOCASE, u.username`,
  );
  const yesterday = addDays(date, -1);
  const ids = rows.map((row) => row.id);
  const [today, before, planner] = await Promise.all([
    planStops(ids, date, now),
    planProgress(ids, yesterday, now),
    policyViewer(viewer),
  ]);
  const targets = monthAtAGlance(ids, now);
  const people = rows.map((row): OfficerToday => {
    const stops = today.get(row.id) ?? [];
    const unconfirmed = stops.filter((stop) => stop.status === "unconfirmed");
    return {
      id: row.id,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      team: row.teamId === null ? null : { id: row.teamId, name: row.teamName ?? "" },
      posts: row.posts,
      lastPostAt: row.lastPostAt?.toISOString() ?? null,
      planned: stops.length,
      done: stops.filter((stop) => stop.status === "done").length,
      unconfirmed: unconfirmed.length,
      unconfirmedStops: unconfirmed.map((stop) => ({ businessName: stop.businessName, note: stop.note ?? "" })),
      missedYesterday: before.get(row.id)?.missed ?? 0,
      canPlan: can(planner, "plan.edit", { ownerId: row.id, teamId: row.teamId }),
      targets: targets.get(row.id) ?? null,
    };
  });
  return {
    date,
    yesterday,
    team: team ?? null,
    total: people.length,
    posted: people.filter((person) => person.posts > 0).length,
    people: people.slice(0, TEAM_DAY_LIMIT),
  };
}
