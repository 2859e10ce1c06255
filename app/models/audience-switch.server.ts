import { readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import type { AudienceSwitchView } from "~/models/audience-switch.schema";
import { seesEveryone } from "~/models/policy";
import {
  requestedAudience,
  teamsVisibleTo,
  type Audience,
  type AudienceQuery,
  type Viewer,
} from "~/models/team-scope.server";

/**
 * The audience a page asks for (`scope`, `team`; 403 for a team outside the viewer's) and what
 * its switch shows: hidden while the company has no teams, a team filter for an admin and for a
 * manager who sees several teams.
 */
export async function audienceSwitch(
  viewer: Viewer,
  query: AudienceQuery,
): Promise<{ audience: Audience; view: AudienceSwitchView }> {
  const [audience, teams] = await Promise.all([
    requestedAudience(viewer, query, { companyAllowed: true }),
    teamsVisibleTo(viewer),
  ]);
  const shown = teams.length > 0 || readRows(sqlRows.id, Prisma.sql`SELECT id FROM Team LIMIT 1`).length > 0;
  const everyone = seesEveryone(viewer);
  // The team select for whoever sees two teams or more: an admin, a manager leading several.
  const filter = everyone || teams.length >= 2;
  // Not an admin, and no team of their own or led: there is no "My Team" to show yet.
  const teamless = !everyone && teams.length === 0;
  return {
    audience,
    view: {
      shown,
      links: !everyone && !teamless,
      teamless,
      scope: teamless || (query.team === undefined && query.scope === "company") ? "company" : "team",
      team: query.team ?? null,
      teams: filter ? teams : [],
    },
  };
}
