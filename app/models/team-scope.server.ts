import { readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { authorize, ownTeamIds, seesEveryone } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import type { TeamView } from "~/models/team.schema";

// Whose people a viewer sees (decision 42). Every scoped list (feed, rankings, leaderboard, map
// routes, reports, location quality, the users list) asks this module, so the rule is one and
// the same through pages and /api.
//
// A user in no team belongs to the "unassigned" group: an officer in no team sees the other
// unassigned people, so a company that has made no teams sees everyone, as before teams. Admins
// and service accounts are in no team too, but in no group: the unassigned group never shows
// their check-ins or their people's details (decision 62). Where a list may show the company (the
// feed, rankings, leaderboard), someone in no team who leads none sees the company: they have no
// team to see yet (decision 65). Lists that never widen past the viewer's own people (map routes,
// reports) keep the unassigned group.
//
// Seeing someone in a list is not seeing all of their items: a company-wide list (`scope=company`)
// shows other teams' posts without their places, emails and sale terms (`ownPeople`).

/** The people a list covers: everyone, or the members of some teams (and perhaps the unassigned). */
export type Audience = { everyone: true } | { everyone: false; teamIds: number[]; unassigned: boolean };

export const EVERYONE: Audience = { everyone: true };

/** The signed-in user as scoping needs them. */
export type Viewer = { id: number; role: string; teamId: number | null };

/** `team`: one team's people; `company`: everyone (where the list allows it). */
export type AudienceQuery = { scope?: "team" | "company"; team?: number };

/**
 * The viewer's own people: an officer's team; a manager's own team and the teams they lead; an
 * admin's, everyone. Someone in no team (leading none) has the unassigned people.
 */
export async function homeAudience(viewer: Viewer): Promise<Audience> {
  if (seesEveryone(viewer)) return EVERYONE;
  const teamIds = ownTeamIds(await policyViewer(viewer));
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
  if (query.team !== undefined) {
    authorize(await policyViewer(viewer), "team.view", { teamId: query.team });
    return { everyone: false, teamIds: [query.team], unassigned: false };
  }
  if (query.scope === "company" && companyAllowed) return EVERYONE;
  const home = await homeAudience(viewer);
  if (companyAllowed && isTeamless(home)) return EVERYONE;
  return home;
}

/** True when the viewer's own people are no team's: not an admin, in no team and leading none. */
function isTeamless(home: Audience): boolean {
  return !home.everyone && home.teamIds.length === 0;
}

/** A person as `ownPeople` tells them apart. */
export type Person = { id: number; teamId: number | null; role: string; isService: boolean };

/** In the unassigned group: in no team, and neither an admin nor a service account. */
function unassignedPerson(person: Person): boolean {
  return person.teamId === null && person.role !== "ADMIN" && !person.isService;
}

/**
 * Whose items the viewer sees whole (places, emails, sale terms): their own people (an admin's,
 * everyone's) and themself. Anyone else's items, in a company-wide list, keep only what a company
 * shares: names, teams, avatars, badges and what they wrote.
 */
export async function ownPeople(viewer: Viewer): Promise<(person: Person) => boolean> {
  const home = await homeAudience(viewer);
  if (home.everyone) return () => true;
  return (person) =>
    person.id === viewer.id ||
    (person.teamId === null ? home.unassigned && unassignedPerson(person) : home.teamIds.includes(person.teamId));
}

/**
 * True when the audience has the user (by their team). For lists of officers only: an officer is
 * never an admin or a service account, so their team alone places them.
 */
export function audienceHas(audience: Audience, teamId: number | null): boolean {
  if (audience.everyone) return true;
  return teamId === null ? audience.unassigned : audience.teamIds.includes(teamId);
}

/** An SQL condition on a user row (its alias, e.g. `u`): `AND (…)`, or nothing for everyone. */
export function audienceSql(audience: Audience, user: Prisma.Sql): Prisma.Sql {
  if (audience.everyone) return Prisma.empty;
  const parts: Prisma.Sql[] = [];
  if (audience.teamIds.length > 0) parts.push(Prisma.sql`${user}.teamId IN (${Prisma.join(audience.teamIds)})`);
  if (audience.unassigned)
    // IFNULL: a left-joined row without a user (a dealer nobody created) stays unassigned.
    parts.push(
      Prisma.sql`(${user}.teamId IS NULL AND IFNULL(${user}.role, '') <> 'ADMIN' AND IFNULL(${user}.isService, 0) = 0)`,
    );
  if (parts.length === 0) return Prisma.sql`AND 0`;
  return Prisma.sql`AND (${Prisma.join(parts, " OR ")})`;
}

/** The same condition for a Prisma query on users. */
export function audienceWhere(audience: Audience): Prisma.UserWhereInput {
  if (audience.everyone) return {};
  const parts: Prisma.UserWhereInput[] = [];
  if (audience.teamIds.length > 0) parts.push({ teamId: { in: audience.teamIds } });
  if (audience.unassigned) parts.push({ teamId: null, role: { not: "ADMIN" }, isService: false });
  return { OR: parts.length > 0 ? parts : [{ id: -1 }] };
}

/** The teams a viewer may filter by: every team for an admin, their own and led ones otherwise. */
export async function teamsVisibleTo(viewer: Viewer): Promise<TeamView[]> {
  const home = await homeAudience(viewer);
  if (!home.everyone && home.teamIds.length === 0) return [];
  // A plain read (decision 36): the feed's audience switch asks it on every page.
  const where = home.everyone ? Prisma.empty : Prisma.sql`WHERE id IN (${Prisma.join(home.teamIds)})`;
  return readRows(sqlRows.team, Prisma.sql`SELECT id, name FROM Team ${where} ORDER BY name`);
}
