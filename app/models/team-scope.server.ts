import { prisma, readRows } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import type { TeamView } from "~/models/team.schema";

// Whose people a viewer sees (decision 42). Every scoped list (feed, rankings, leaderboard, map
// routes, reports, location quality, the users list) asks this module, so the rule is one and
// the same through pages and /api.
//
// A user in no team belongs to the "unassigned" group. Where a list may show the company (the
// feed, rankings, leaderboard), someone in no team who leads none sees the company: they have no
// team to see yet (and a company that has made no teams sees everyone, as before teams). Lists
// that never widen past the viewer's own people (map routes, reports) keep the unassigned group.

/** The people a list covers: everyone, or the members of some teams (and perhaps the unassigned). */
export type Audience = { everyone: true } | { everyone: false; teamIds: number[]; unassigned: boolean };

export const EVERYONE: Audience = { everyone: true };

/** The signed-in user as scoping needs them. */
export type Viewer = { id: number; role: string; teamId: number | null };

/** `team`: one team's people; `company`: everyone (where the list allows it). */
export type AudienceQuery = { scope?: "team" | "company"; team?: number };

export const TEAM_FORBIDDEN = "You can only see the teams you belong to or lead.";

/** The teams a manager leads. */
export async function teamsLedBy(userId: number): Promise<number[]> {
  const rows = await prisma.teamManager.findMany({ where: { userId }, select: { teamId: true } });
  return rows.map((row) => row.teamId);
}

/**
 * The viewer's own people: an officer's team; a manager's own team and the teams they lead; an
 * admin's, everyone. Someone in no team (leading none) has the unassigned people.
 */
export async function homeAudience(viewer: Viewer): Promise<Audience> {
  if (viewer.role === "ADMIN") return EVERYONE;
  const led = viewer.role === "MANAGER" ? await teamsLedBy(viewer.id) : [];
  const teamIds = [...new Set(viewer.teamId === null ? led : [viewer.teamId, ...led])];
  return { everyone: false, teamIds, unassigned: teamIds.length === 0 };
}

/**
 * The audience a request asks for, within what the viewer may see. `team` narrows to one team of
 * the viewer's own (any team for an admin; 403 otherwise); `scope=company` widens to everyone
 * where `companyAllowed` (the feed, rankings and leaderboard); otherwise the viewer's own people.
 */
export async function requestedAudience(
  viewer: Viewer,
  query: AudienceQuery,
  { companyAllowed }: { companyAllowed: boolean },
): Promise<Audience> {
  const home = await homeAudience(viewer);
  if (query.team !== undefined) {
    if (!home.everyone && !home.teamIds.includes(query.team)) throw new AppError(403, TEAM_FORBIDDEN);
    return { everyone: false, teamIds: [query.team], unassigned: false };
  }
  if (query.scope === "company" && companyAllowed) return EVERYONE;
  if (companyAllowed && isTeamless(home)) return EVERYONE;
  return home;
}

/** True when the viewer's own people are no team's: not an admin, in no team and leading none. */
function isTeamless(home: Audience): boolean {
  return !home.everyone && home.teamIds.length === 0;
}

/** True when the audience has the user (by their team). */
export function audienceHas(audience: Audience, teamId: number | null): boolean {
  if (audience.everyone) return true;
  return teamId === null ? audience.unassigned : audience.teamIds.includes(teamId);
}

/** An SQL condition on a user's team column (e.g. `u.teamId`): `AND (…)`, or nothing for everyone. */
export function audienceSql(audience: Audience, teamColumn: Prisma.Sql): Prisma.Sql {
  if (audience.everyone) return Prisma.empty;
  const parts: Prisma.Sql[] = [];
  if (audience.teamIds.length > 0) parts.push(Prisma.sql`${teamColumn} IN (${Prisma.join(audience.teamIds)})`);
  if (audience.unassigned) parts.push(Prisma.sql`${teamColumn} IS NULL`);
  if (parts.length === 0) return Prisma.sql`AND 0`;
  return Prisma.sql`AND (${Prisma.join(parts, " OR ")})`;
}

/** The same condition for a Prisma query on users. */
export function audienceWhere(audience: Audience): Prisma.UserWhereInput {
  if (audience.everyone) return {};
  const parts: Prisma.UserWhereInput[] = [];
  if (audience.teamIds.length > 0) parts.push({ teamId: { in: audience.teamIds } });
  if (audience.unassigned) parts.push({ teamId: null });
  return { OR: parts.length > 0 ? parts : [{ id: -1 }] };
}

/** The teams a viewer may filter by: every team for an admin, their own and led ones otherwise. */
export async function teamsVisibleTo(viewer: Viewer): Promise<TeamView[]> {
  const home = await homeAudience(viewer);
  if (!home.everyone && home.teamIds.length === 0) return [];
  // A plain read (decision 36): the feed's audience switch asks it on every page.
  const where = home.everyone ? Prisma.empty : Prisma.sql`WHERE id IN (${Prisma.join(home.teamIds)})`;
  return readRows<TeamView>(Prisma.sql`SELECT id, name FROM Team ${where} ORDER BY name`);
}
