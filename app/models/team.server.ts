import { prisma, readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { authorize, seesEveryone } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { homeAudience, type Viewer } from "~/models/team-scope.server";
import { hasTerritory, type Territory, territoryTeam } from "~/models/team.rules";
import {
  MANAGER_ROLE_REFUSED,
  MEMBER_ROLE_REFUSED,
  TEAM_NAME_TAKEN,
  TEAM_NOT_FOUND,
  type TeamDetail,
  type TeamInput,
  type TeamPerson,
  type TeamSummary,
  USER_NOT_FOUND_FOR_TEAM,
} from "~/models/team.schema";

// Teams and their territories (decision 42): an admin makes teams, puts officers in one team and
// managers over one or more; a dealer belongs to the team whose territory holds it (territoryTeam),
// unless someone set its team by hand.

/** A JSON text array as stored in Team.provinces / Team.districts; anything else reads as none. */
function textList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Every team's territory, by id. */
export async function loadTerritories(): Promise<Territory[]> {
  const rows = await prisma.team.findMany({
    select: { id: true, provinces: true, districts: true },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({ id: row.id, provinces: textList(row.provinces), districts: textList(row.districts) }));
}

const summarySelect = {
  id: true,
  name: true,
  provinces: true,
  districts: true,
  _count: { select: { members: true, managers: true } },
} satisfies Prisma.TeamSelect;

function toSummary(row: Prisma.TeamGetPayload<{ select: typeof summarySelect }>): TeamSummary {
  return {
    id: row.id,
    name: row.name,
    provinces: textList(row.provinces),
    districts: textList(row.districts),
    memberCount: row._count.members,
    managerCount: row._count.managers,
  };
}

/** The teams a viewer may see, by name, with their member and manager counts: every team for an admin; their own and the ones they lead otherwise. */
export async function listTeamsFor(viewer: Viewer): Promise<TeamSummary[]> {
  const home = await homeAudience(viewer);
  const rows = await prisma.team.findMany({
    where: home.everyone ? {} : { id: { in: home.teamIds } },
    select: summarySelect,
    orderBy: { name: "asc" },
  });
  return rows.map(toSummary);
}

const personSelect = { id: true, username: true, firstName: true, lastName: true, role: true } as const;
const byName = [{ firstName: "asc" }, { lastName: "asc" }, { username: "asc" }] as const;

/** One team with its members and managers, or an AppError 404. */
export async function getTeam(id: number): Promise<TeamDetail> {
  const row = await prisma.team.findUnique({ where: { id }, select: summarySelect });
  if (!row) throw new AppError(404, TEAM_NOT_FOUND);
  const [members, managers] = await Promise.all([
    prisma.user.findMany({ where: { teamId: id }, select: personSelect, orderBy: [...byName] }),
    prisma.user.findMany({ where: { teamsLed: { some: { teamId: id } } }, select: personSelect, orderBy: [...byName] }),
  ]);
  return { ...toSummary(row), members, managers };
}

/** One team, for an admin or someone in it or leading it; 403 for others, 404 when there is none. */
export async function getTeamFor(viewer: Viewer, id: number): Promise<TeamDetail> {
  const team = await getTeam(id);
  authorize(await policyViewer(viewer), "team.view", { teamId: id });
  return team;
}

/** The team's id, or an AppError 404. */
async function requireTeamId(id: number): Promise<number> {
  const team = await prisma.team.findUnique({ where: { id }, select: { id: true } });
  if (!team) throw new AppError(404, TEAM_NOT_FOUND);
  return team.id;
}

function teamColumns(input: TeamInput) {
  return {
    name: input.name,
    provinces: JSON.stringify([...new Set(input.provinces)]),
    districts: JSON.stringify([...new Set(input.districts)]),
  };
}

const nameTaken = () => new AppError(409, TEAM_NAME_TAKEN, { field: "name" });

/** Refuses a name another team has (case ignored: "North" and "north" would be one team to people). */
async function requireFreeName(name: string, exceptId?: number): Promise<void> {
  const [row] = readRows(
    sqlRows.id,
    Prisma.sql`SELECT id FROM Team WHERE lower(name) = lower(${name}) AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  if (row) throw nameTaken();
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Makes a team and moves the dealers its territory holds (those not set by hand) into it. */
export async function createTeam(input: TeamInput): Promise<TeamDetail> {
  await requireFreeName(input.name);
  let id: number;
  try {
    ({ id } = await prisma.team.create({ data: teamColumns(input), select: { id: true } }));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  await recomputeDealerTeams();
  return getTeam(id);
}

/** Renames a team or changes its territory; the dealers not set by hand follow the new territory. */
export async function updateTeam(id: number, input: TeamInput): Promise<TeamDetail> {
  await requireTeamId(id);
  await requireFreeName(input.name, id);
  try {
    await prisma.team.update({ where: { id }, data: teamColumns(input), select: { id: true } });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  await recomputeDealerTeams();
  return getTeam(id);
}

/**
 * Deletes a team: its members become unassigned, its managers stop leading it, and its dealers
 * (set by hand or not) go to the team their address now points to.
 */
export async function deleteTeam(id: number): Promise<void> {
  await requireTeamId(id);
  await prisma.$transaction([
    prisma.dealer.updateMany({ where: { teamId: id }, data: { teamId: null, teamSetByHand: false } }),
    prisma.user.updateMany({ where: { teamId: id }, data: { teamId: null } }),
    prisma.team.delete({ where: { id } }),
  ]);
  await recomputeDealerTeams();
}

async function requirePerson(userId: number): Promise<{ id: number; role: string; teamId: number | null }> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, role: true, teamId: true } });
  if (!user) throw new AppError(404, USER_NOT_FOUND_FOR_TEAM, { field: "userId" });
  return user;
}

/**
 * Puts an officer (or a manager) in this team, out of any other: a person works in one team.
 * `member: false` takes them out of this team (someone in another team stays there).
 */
export async function setTeamMember(teamId: number, userId: number, member: boolean): Promise<TeamDetail> {
  await requireTeamId(teamId);
  const user = await requirePerson(userId);
  if (member) {
    if (user.role !== "OFFICER" && user.role !== "MANAGER")
      throw new AppError(400, MEMBER_ROLE_REFUSED, { field: "userId" });
    await prisma.user.update({ where: { id: userId }, data: { teamId }, select: { id: true } });
  } else {
    await prisma.user.updateMany({ where: { id: userId, teamId }, data: { teamId: null } });
  }
  return getTeam(teamId);
}

/** Makes a MANAGER lead this team (besides any others they lead), or stop leading it. */
export async function setTeamManager(teamId: number, userId: number, manager: boolean): Promise<TeamDetail> {
  await requireTeamId(teamId);
  const user = await requirePerson(userId);
  if (manager) {
    if (user.role !== "MANAGER") throw new AppError(400, MANAGER_ROLE_REFUSED, { field: "userId" });
    await prisma.teamManager.upsert({
      where: { teamId_userId: { teamId, userId } },
      create: { teamId, userId },
      update: {},
      select: { teamId: true },
    });
  } else {
    await prisma.teamManager.deleteMany({ where: { teamId, userId } });
  }
  return getTeam(teamId);
}

/** The people a team's page offers to add: officers not in it, and managers not leading it. */
export async function teamCandidates(teamId: number): Promise<{ officers: TeamPerson[]; managers: TeamPerson[] }> {
  const [officers, managers] = await Promise.all([
    prisma.user.findMany({
      where: {
        role: "OFFICER",
        isActive: true,
        approval: "APPROVED",
        OR: [{ teamId: null }, { teamId: { not: teamId } }],
      },
      select: personSelect,
      orderBy: [...byName],
    }),
    prisma.user.findMany({
      where: { role: "MANAGER", isActive: true, teamsLed: { none: { teamId } } },
      select: personSelect,
      orderBy: [...byName],
    }),
  ]);
  return { officers, managers };
}

const UPDATE_CHUNK = 500;

/**
 * Puts every dealer whose team was not set by hand in the team its address points to now (after
 * a team's territory changed, or a team was made or deleted). Plain writes, so the dealers'
 * updatedAt stays what their own edits made it.
 */
async function recomputeDealerTeams(): Promise<number> {
  const territories = await loadTerritories();
  const dealers = readRows(
    sqlRows.dealerTerritory,
    Prisma.sql`SELECT id, city, state, teamId FROM Dealer WHERE teamSetByHand = 0`,
  );
  const moves = new Map<number | null, number[]>();
  for (const dealer of dealers) {
    const teamId = territoryTeam(territories, dealer);
    if (teamId === dealer.teamId) continue;
    const ids = moves.get(teamId) ?? [];
    ids.push(dealer.id);
    moves.set(teamId, ids);
  }
  if (moves.size === 0) return 0;
  const writes: Prisma.PrismaPromise<number>[] = [];
  for (const [teamId, ids] of moves) {
    for (let start = 0; start < ids.length; start += UPDATE_CHUNK) {
      const chunk = ids.slice(start, start + UPDATE_CHUNK);
      writes.push(prisma.$executeRaw`UPDATE Dealer SET teamId = ${teamId} WHERE id IN (${Prisma.join(chunk)})`);
    }
  }
  await prisma.$transaction(writes);
  return [...moves.values()].reduce((sum, ids) => sum + ids.length, 0);
}

/**
 * The teams whose dealers a viewer's directory starts with: an officer's or manager's own team
 * and the teams they lead, those that have a territory. Empty for an admin and for anyone whose
 * teams cover no place: their directory starts with every dealer.
 */
export async function territoryTeamsOf(viewer: Viewer): Promise<number[]> {
  if (seesEveryone(viewer)) return [];
  const home = await homeAudience(viewer);
  if (home.everyone || home.teamIds.length === 0) return [];
  const territories = await prisma.team.findMany({
    where: { id: { in: home.teamIds } },
    select: { id: true, provinces: true, districts: true },
    orderBy: { id: "asc" },
  });
  return territories
    .filter((row) => hasTerritory({ provinces: textList(row.provinces), districts: textList(row.districts) }))
    .map((row) => row.id);
}
