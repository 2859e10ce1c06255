import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Whose routes, location quality and reports each role sees (decision 42), through the /api calls
// and the pages, on a copy of the seeded database split into team A (Punjab: officer1–4, led by
// the manager) and team B (Sindh: officer5–8).

const TEAM_ID_INVALID = "team must be a team's id";
const KARACHI_MS = 5 * 3_600_000;

let server: AppServer;
let teams: TwoTeams;
/** A seeded day on which officers of both teams checked in (yyyy-MM-dd, Karachi). */
let day: string;
let managerId: number;
/** Display names by user id. */
let names: Map<number, string>;
/** An officer of each team who checked in on `day`. */
let routeA: number;
let routeB: number;

beforeAll(async () => {
  server = await createAppServer("map-reports-scoping");
  teams = await setUpTwoTeams(server);
  const read = server.query((db) => ({
    checkIns: db.prepare("SELECT userId, createdAt FROM CheckIn").all() as { userId: number; createdAt: number }[],
    users: db.prepare("SELECT id, username, firstName, lastName FROM User").all() as {
      id: number;
      username: string;
      firstName: string | null;
      lastName: string | null;
    }[],
  }));
  names = new Map(
    read.users.map((user) => [user.id, [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username]),
  );
  managerId = read.users.find((user) => user.username === "manager")!.id;
  // The day with the most check-ins among those where officers of both teams checked in.
  const byDay = new Map<string, { a: number; b: number }>();
  const dateOf = (createdAt: number) => new Date(Number(createdAt) + KARACHI_MS).toISOString().slice(0, 10);
  for (const checkIn of read.checkIns) {
    const date = dateOf(checkIn.createdAt);
    const counts = byDay.get(date) ?? { a: 0, b: 0 };
    if (teams.officersA.includes(checkIn.userId)) counts.a += 1;
    if (teams.officersB.includes(checkIn.userId)) counts.b += 1;
    byDay.set(date, counts);
  }
  const both = [...byDay].filter(([, counts]) => counts.a > 0 && counts.b > 0);
  both.sort(([, x], [, y]) => Math.min(y.a, y.b) - Math.min(x.a, x.b));
  if (!both[0]) throw new Error("The seed has no day with check-ins of both teams");
  day = both[0][0];
  const onDay = new Set(read.checkIns.filter((checkIn) => dateOf(checkIn.createdAt) === day).map((c) => c.userId));
  routeA = teams.officersA.find((id) => onDay.has(id))!;
  routeB = teams.officersB.find((id) => onDay.has(id))!;
});

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const get = (role: Role, path: string) => getAs(server, teams.cookies[role], path);
const userIdsOf = (json: unknown) => new Set((json as { userId: number }[]).map((row) => row.userId));
const inTeamA = (id: number) => teams.officersA.includes(id) || id === managerId;
const inTeamB = (id: number) => teams.officersB.includes(id);

describe("GET /api/agents/checkins", () => {
  const path = () => `/api/agents/checkins?date=${day}`;

  test("signed out 401, waiting for approval 403", async () => {
    expect((await get("signedOut", path())).status).toBe(401);
    expect((await get("pending", path())).status).toBe(403);
  });

  test("an officer sees their own team's routes only", async () => {
    const a = await get("officerA", path());
    expect(a.status).toBe(200);
    const idsA = userIdsOf(a.json);
    expect(idsA.size).toBeGreaterThan(0);
    expect([...idsA].every(inTeamA)).toBe(true);
    const b = await get("officerB", path());
    const idsB = userIdsOf(b.json);
    expect(idsB.size).toBeGreaterThan(0);
    expect([...idsB].every(inTeamB)).toBe(true);
    // Their own team narrows to the same; another team is refused.
    expect(userIdsOf((await get("officerA", `${path()}&team=${teams.teamA}`)).json)).toEqual(idsA);
    const other = await get("officerA", `${path()}&team=${teams.teamB}`);
    expect(other.status).toBe(403);
    expect(other.json).toEqual({
      error: "You can only see the teams you belong to or lead.",
      requestId: expect.any(String),
    });
  });

  test("the manager sees the team they lead, the admin everyone or one team", async () => {
    const manager = await get("managerA", path());
    expect(manager.status).toBe(200);
    const managerIds = userIdsOf(manager.json);
    expect([...managerIds].every(inTeamA)).toBe(true);
    expect(managerIds).toEqual(userIdsOf((await get("officerA", path())).json));
    expect((await get("managerA", `${path()}&team=${teams.teamB}`)).status).toBe(403);

    const admin = userIdsOf((await get("admin", path())).json);
    expect([...admin].some(inTeamA) && [...admin].some(inTeamB)).toBe(true);
    const onlyB = await get("admin", `${path()}&team=${teams.teamB}`);
    expect(onlyB.status).toBe(200);
    const idsB = userIdsOf(onlyB.json);
    expect(idsB.size).toBeGreaterThan(0);
    expect([...idsB].every(inTeamB)).toBe(true);
  });

  test("a malformed team is a 400 with the message", async () => {
    for (const team of ["abc", "0", "1.5", "-2"]) {
      const answer = await get("admin", `${path()}&team=${team}`);
      expect(answer.status).toBe(400);
      expect((answer.json as { error: string }).error).toBe(TEAM_ID_INVALID);
    }
  });

  test("two viewers of different teams never share a tag or a 304", async () => {
    const fetchAs = (role: Role, etag?: string) =>
      fetch(`${server.baseUrl}${path()}`, {
        headers: { Cookie: teams.cookies[role], ...(etag ? { "If-None-Match": etag } : {}) },
      });
    const a = await fetchAs("officerA");
    const b = await fetchAs("officerB");
    const tagA = a.headers.get("ETag");
    const tagB = b.headers.get("ETag");
    expect(tagA).toBeTruthy();
    expect(tagB).toBeTruthy();
    expect(tagA).not.toBe(tagB);
    // Officer A's tag revalidates officer A's answer, not officer B's.
    expect((await fetchAs("officerA", tagA!)).status).toBe(304);
    const crossed = await fetchAs("officerB", tagA!);
    expect(crossed.status).toBe(200);
    expect([...userIdsOf(await crossed.json())].every(inTeamB)).toBe(true);
    // The same team through the manager: the same people, and the admin's whole company differs.
    const admin = await fetchAs("admin");
    expect(admin.headers.get("ETag")).not.toBe(tagA);
    await Promise.all([a.text(), b.text(), admin.text()]);
  });
});

describe("GET /api/agents/location-quality", () => {
  const path = () => `/api/agents/location-quality?date=${day}`;

  test("managers and admins only: signed out 401, pending and officers 403", async () => {
    expect((await get("signedOut", path())).status).toBe(401);
    expect((await get("pending", path())).status).toBe(403);
    expect((await get("officerA", path())).status).toBe(403);
    expect((await get("officerB", path())).status).toBe(403);
  });

  test("the manager sees the team they lead, the admin everyone or one team", async () => {
    const manager = await get("managerA", path());
    expect(manager.status).toBe(200);
    const managerIds = userIdsOf(manager.json);
    expect(managerIds.size).toBeGreaterThan(0);
    expect([...managerIds].every(inTeamA)).toBe(true);
    expect((await get("managerA", `${path()}&team=${teams.teamB}`)).status).toBe(403);
    expect(userIdsOf((await get("managerA", `${path()}&team=${teams.teamA}`)).json)).toEqual(managerIds);

    const admin = userIdsOf((await get("admin", path())).json);
    expect([...admin].some(inTeamA) && [...admin].some(inTeamB)).toBe(true);
    const onlyB = userIdsOf((await get("admin", `${path()}&team=${teams.teamB}`)).json);
    expect(onlyB.size).toBeGreaterThan(0);
    expect([...onlyB].every(inTeamB)).toBe(true);
  });

  test("a malformed team is a 400 with the message", async () => {
    const answer = await get("admin", `${path()}&team=abc`);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toBe(TEAM_ID_INVALID);
  });
});

type Figures = { sales: string; posts: number; visits: number; newDealers: number };
type ReportAnswer = {
  rows: { key: string; label: string; current: Figures }[];
  totals: { current: Figures };
  filters: { officer: number | null; team: number | null };
};

describe("GET /api/reports", () => {
  const path = (extra = "") => `/api/reports?period=last-90-days${extra}`;
  const report = async (role: Role, extra = "") => {
    const answer = await get(role, path(extra));
    expect(answer.status).toBe(200);
    return answer.json as ReportAnswer;
  };
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const sum = (rows: ReportAnswer["rows"], keep: (id: number) => boolean) => {
    const kept = rows.filter((row) => keep(Number(row.key)));
    return {
      sales: kept.reduce((total, row) => total + cents(row.current.sales), 0),
      posts: kept.reduce((total, row) => total + row.current.posts, 0),
      visits: kept.reduce((total, row) => total + row.current.visits, 0),
      newDealers: kept.reduce((total, row) => total + row.current.newDealers, 0),
    };
  };
  const totalsOf = (answer: ReportAnswer) => ({
    sales: cents(answer.totals.current.sales),
    posts: answer.totals.current.posts,
    visits: answer.totals.current.visits,
    newDealers: answer.totals.current.newDealers,
  });

  test("signed out 401, waiting for approval 403", async () => {
    expect((await get("signedOut", path())).status).toBe(401);
    expect((await get("pending", path())).status).toBe(403);
  });

  test("an officer gets their own figures only, and no other team", async () => {
    const own = await report("officerA");
    expect(own.rows.map((row) => Number(row.key))).toEqual([teams.officersA[0]]);
    const asked = await report("officerA", `&officer=${teams.officersB[0]}`);
    expect(asked.filters.officer).toBe(teams.officersA[0]);
    expect((await get("officerA", path(`&team=${teams.teamB}`))).status).toBe(403);
  });

  test("the manager's totals are the sum over team A's people only", async () => {
    const everyone = await report("admin");
    const manager = await report("managerA");
    expect(manager.rows.length).toBeGreaterThan(0);
    expect(manager.rows.every((row) => inTeamA(Number(row.key)))).toBe(true);
    const teamA = sum(everyone.rows, inTeamA);
    expect(teamA.posts).toBeGreaterThan(0);
    expect(totalsOf(manager)).toEqual(teamA);
    expect(totalsOf(manager)).not.toEqual(totalsOf(everyone));
    // The admin narrowed to team B: team B's people only.
    const onlyB = await report("admin", `&team=${teams.teamB}`);
    expect(onlyB.filters.team).toBe(teams.teamB);
    expect(onlyB.rows.every((row) => inTeamB(Number(row.key)))).toBe(true);
    expect(totalsOf(onlyB)).toEqual(sum(everyone.rows, inTeamB));
  });

  test("an officer or a team outside the viewer's is refused", async () => {
    expect((await get("managerA", path(`&team=${teams.teamB}`))).status).toBe(403);
    const officerB = await get("managerA", path(`&officer=${teams.officersB[0]}`));
    expect(officerB.status).toBe(403);
    expect(officerB.json).toEqual({
      error: "You can only see reports on the officers of your teams.",
      fieldErrors: { officer: ["You can only see reports on the officers of your teams."] },
      requestId: expect.any(String),
    });
    expect((await get("managerA", path(`&officer=${teams.officersA[1]}`))).status).toBe(200);
    expect((await get("admin", path(`&team=${teams.teamA}&officer=${teams.officersB[0]}`))).status).toBe(403);
    expect((await get("admin", path(`&officer=${teams.officersB[0]}`))).status).toBe(200);
    // The files too.
    expect((await get("managerA", path(`&team=${teams.teamB}&format=csv`))).status).toBe(403);
  });

  test("groups by team, each team's totals as its people's", async () => {
    const byTeam = await report("admin", "&groupBy=team");
    const everyone = await report("admin");
    const rowOf = (label: string) => byTeam.rows.find((row) => row.label === label);
    expect(rowOf("Team A")?.key).toBe(String(teams.teamA));
    expect(rowOf("Team B")?.key).toBe(String(teams.teamB));
    expect(cents(rowOf("Team A")!.current.sales)).toBe(sum(everyone.rows, inTeamA).sales);
    expect(rowOf("Team B")!.current.posts).toBe(sum(everyone.rows, inTeamB).posts);
    expect(totalsOf(byTeam)).toEqual(totalsOf(everyone));
    // The manager's grouping by team holds their team alone.
    const manager = await report("managerA", "&groupBy=team");
    expect(manager.rows.map((row) => row.label)).toEqual(["Team A"]);
    const csv = await get("admin", path("&groupBy=team&format=csv"));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("Team B");
  });

  test("a malformed team is a 400 with the message", async () => {
    const answer = await get("admin", path("&team=abc"));
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toBe(TEAM_ID_INVALID);
  });
});

describe("the pages", () => {
  const nameOf = (id: number | undefined) => names.get(id!)!;

  test("signed out go to sign in, waiting for approval to /waiting", async () => {
    for (const page of ["/dealer-map", "/location-quality", "/reports"]) {
      const signedOut = await get("signedOut", page);
      expect(signedOut.status).toBe(302);
      expect(signedOut.location).toMatch(/^\/login\?/);
      const pending = await get("pending", page);
      expect(pending.status).toBe(302);
      expect(pending.location).toBe("/waiting");
    }
  });

  test("/dealer-map shows the routes of the viewer's people, with a team select for the admin", async () => {
    const page = `/dealer-map?f=1&routes=on&date=${day}`;
    const a = nameOf(routeA);
    const b = nameOf(routeB);
    const officerA = await get("officerA", page);
    expect(officerA.status).toBe(200);
    expect(officerA.text).toContain(a);
    expect(officerA.text).not.toContain(b);
    expect(officerA.text).not.toContain('name="team"');
    const manager = await get("managerA", page);
    expect(manager.text).not.toContain(b);
    const admin = await get("admin", page);
    expect(admin.text).toContain(b);
    expect(admin.text).toContain('name="team"');
    const adminA = await get("admin", `${page}&team=${teams.teamA}`);
    expect(adminA.text).toContain(a);
    expect(adminA.text).not.toContain(b);
    expect((await get("officerA", `${page}&team=${teams.teamB}`)).status).toBe(403);
    expect((await get("managerA", `${page}&team=${teams.teamB}`)).status).toBe(403);
  });

  test("/location-quality: managers see their team, officers are refused", async () => {
    const page = `/location-quality?date=${day}`;
    const a = nameOf(routeA);
    const b = nameOf(routeB);
    expect((await get("officerA", page)).status).toBe(403);
    const manager = await get("managerA", page);
    expect(manager.status).toBe(200);
    expect(manager.text).toContain(a);
    expect(manager.text).not.toContain(b);
    const admin = await get("admin", page);
    expect(admin.text).toContain(a);
    expect(admin.text).toContain(b);
    expect(admin.text).toContain('name="team"');
    const adminB = await get("admin", `${page}&team=${teams.teamB}`);
    expect(adminB.status).toBe(200);
    expect(adminB.text).toContain(b);
    expect(adminB.text).not.toContain(a);
    expect((await get("managerA", `${page}&team=${teams.teamB}`)).status).toBe(403);
  });

  test("/reports: the officer list and rows cover the viewer's people", async () => {
    const b = nameOf(teams.officersB[0]);
    const a = nameOf(teams.officersA[1]);
    const officerA = await get("officerA", "/reports?period=last-90-days");
    expect(officerA.status).toBe(200);
    expect(officerA.text).not.toContain(b);
    expect(officerA.text).not.toContain('name="team"');
    const manager = await get("managerA", "/reports?period=last-90-days");
    expect(manager.status).toBe(200);
    expect(manager.text).toContain(a);
    expect(manager.text).not.toContain(b);
    const admin = await get("admin", "/reports?period=last-90-days");
    expect(admin.text).toContain(b);
    expect(admin.text).toContain('name="team"');
    expect(admin.text).toContain('<option value="team">Team</option>');
    const adminB = await get("admin", `/reports?period=last-90-days&team=${teams.teamB}`);
    expect(adminB.text).toContain(b);
    expect(adminB.text).not.toContain(a);
    expect((await get("managerA", `/reports?team=${teams.teamB}`)).status).toBe(403);
    expect((await get("managerA", `/reports?officer=${teams.officersB[0]}`)).status).toBe(403);
  });
});
