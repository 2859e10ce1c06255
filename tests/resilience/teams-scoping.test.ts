import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, ROLES, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Teams and territories through the production build, per role (signed out, waiting for
// approval, an officer of team A, an officer of team B, the manager of team A, the admin): who
// may read and change teams, the admin's team pages (with plain form posts, as without
// JavaScript), and the dealer directory that starts with the officer's territory.

let server: AppServer;
let teams: TwoTeams;

beforeAll(async () => {
  server = await createAppServer("teams-scoping");
  teams = await setUpTwoTeams(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const JSON_HEADERS = { "Content-Type": "application/json" };

async function send(role: Role, method: string, path: string, body?: unknown) {
  const cookie = teams.cookies[role];
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : JSON_HEADERS) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, location: response.headers.get("location"), json, text };
}

/** A plain form post, as a browser without JavaScript sends it. */
async function post(role: Role, path: string, fields: Array<[string, string]>) {
  const cookie = teams.cookies[role];
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

const userId = (username: string) =>
  server.query((db) => (db.prepare("SELECT id FROM User WHERE username = ?").get(username) as { id: number }).id);

/** Statuses per role: [signed out, pending, officer A, officer B, manager A, admin]. */
function expectStatuses(actual: Record<Role, number>, expected: number[]) {
  expect(ROLES.map((role) => actual[role])).toEqual(expected);
}

async function statusesOf(call: (role: Role) => Promise<{ status: number }>): Promise<Record<Role, number>> {
  const entries: Array<[Role, number]> = [];
  for (const role of ROLES) entries.push([role, (await call(role)).status]);
  return Object.fromEntries(entries) as Record<Role, number>;
}

describe("who sees and changes teams", () => {
  test("GET /api/teams: every team for the admin, one's own otherwise", async () => {
    const names: Partial<Record<Role, unknown>> = {};
    const statuses = await statusesOf(async (role) => {
      const answer = await send(role, "GET", "/api/teams");
      if (answer.status === 200) names[role] = (answer.json as Array<{ name: string }>).map((team) => team.name);
      return answer;
    });
    expectStatuses(statuses, [401, 403, 200, 200, 200, 200]);
    expect(names).toEqual({
      officerA: ["Team A"],
      officerB: ["Team B"],
      managerA: ["Team A"],
      admin: ["Team A", "Team B"],
    });
  });

  test("GET /api/teams/{id}: the admin, and the team's own people", async () => {
    expectStatuses(
      await statusesOf((role) => send(role, "GET", `/api/teams/${teams.teamA}`)),
      [401, 403, 200, 403, 200, 200],
    );
    const teamA = (await send("managerA", "GET", `/api/teams/${teams.teamA}`)).json as {
      members: Array<{ id: number }>;
      managers: Array<{ username: string }>;
    };
    expect(teamA.members.map((member) => member.id)).toEqual(expect.arrayContaining(teams.officersA));
    expect(teamA.managers.map((manager) => manager.username)).toEqual(["manager"]);
  });

  test("POST, PUT and DELETE /api/teams*: the admin only", async () => {
    const body = (name: string) => ({ name, provinces: ["Gilgit-Baltistan"], districts: [] });
    const created: number[] = [];
    const statuses = await statusesOf(async (role) => {
      const answer = await send(role, "POST", "/api/teams", body(`Scoping ${role}`));
      if (answer.status === 201) created.push((answer.json as { id: number }).id);
      return answer;
    });
    expectStatuses(statuses, [401, 403, 403, 403, 403, 201]);
    const [temporary] = created;
    expectStatuses(
      await statusesOf((role) => send(role, "PUT", `/api/teams/${temporary}`, body("Scoping admin"))),
      [401, 403, 403, 403, 403, 200],
    );
    const officer = userId("officer2");
    expectStatuses(
      await statusesOf((role) =>
        send(role, "PUT", `/api/teams/${temporary}/members`, { userId: officer, member: false }),
      ),
      [401, 403, 403, 403, 403, 200],
    );
    expectStatuses(
      await statusesOf((role) =>
        send(role, "PUT", `/api/teams/${temporary}/managers`, { userId: userId("manager"), manager: false }),
      ),
      [401, 403, 403, 403, 403, 200],
    );
    const deletes = await statusesOf((role) => send(role, "DELETE", `/api/teams/${temporary}`));
    expectStatuses(deletes, [401, 403, 403, 403, 403, 200]);
    expect((await send("admin", "GET", `/api/teams/${temporary}`)).status).toBe(404);
  });

  test("/admin/teams and /admin/teams/:id: 403 for officers and managers, the page for the admin", async () => {
    for (const path of ["/admin/teams", `/admin/teams/${teams.teamA}`]) {
      const statuses = await statusesOf((role) => getAs(server, teams.cookies[role], path));
      expect([statuses.officerA, statuses.officerB, statuses.managerA, statuses.admin]).toEqual([403, 403, 403, 200]);
      // Signed out: to sign in; waiting for approval: to the waiting page.
      expect(statuses.signedOut).toBe(302);
      expect(statuses.pending).toBe(302);
      expect((await post("officerA", path, [["intent", "create"]])).status).toBe(403);
      expect((await post("managerA", path, [["intent", "delete"]])).status).toBe(403);
    }
    expect((await getAs(server, teams.cookies.admin, "/admin/teams")).text).toContain("Team A");
  });
});

describe("bad input to /api/teams", () => {
  test("no name, an unknown province, a taken name, a person who cannot lead", async () => {
    const noName = await send("admin", "POST", "/api/teams", { provinces: ["Punjab"] });
    expect(noName.status).toBe(400);
    expect(noName.json).toMatchObject({ error: "Team name is required" });
    const province = await send("admin", "POST", "/api/teams", { name: "Atlantis team", provinces: ["Atlantis"] });
    expect(province.status).toBe(400);
    expect(province.json).toMatchObject({ error: "Choose provinces from the list" });
    const taken = await send("admin", "POST", "/api/teams", { name: "team a" });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({
      error: "A team with this name already exists",
      fieldErrors: { name: [expect.any(String)] },
      requestId: expect.any(String),
    });
    const leader = await send("admin", "PUT", `/api/teams/${teams.teamA}/managers`, {
      userId: teams.officersA[0],
      manager: true,
    });
    expect(leader.status).toBe(400);
    expect(leader.json).toMatchObject({ error: "Only managers can lead a team" });
    const nobody = await send("admin", "PUT", `/api/teams/${teams.teamA}/members`, { userId: 999_999, member: true });
    expect(nobody.status).toBe(404);
    const badId = await send("admin", "PUT", `/api/teams/${teams.teamA}/members`, { userId: "x", member: true });
    expect(badId.status).toBe(400);
    expect(badId.json).toMatchObject({ error: "userId must be a user's id" });
  });
});

describe("the directory starts with the officer's territory", () => {
  type Item = { businessName: string; state: string; team: { name: string } | null };

  test("GET /api/dealers: officer A's Punjab dealers; scope=company all; a search looks through all", async () => {
    const mine = (await send("officerA", "GET", "/api/dealers")).json as Item[];
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((dealer) => dealer.state))).toEqual(new Set(["Punjab"]));
    expect(new Set(mine.map((dealer) => dealer.team?.name))).toEqual(new Set(["Team A"]));
    const all = (await send("officerA", "GET", "/api/dealers?scope=company")).json as Item[];
    expect(all.length).toBeGreaterThan(mine.length);
    expect(all.some((dealer) => dealer.state === "Sindh")).toBe(true);
    // The admin sees everyone, as before teams.
    expect(((await send("admin", "GET", "/api/dealers")).json as Item[]).length).toBe(all.length);

    const sindh = server.query(
      (db) =>
        db.prepare("SELECT businessName FROM Dealer WHERE state = 'Sindh' ORDER BY id LIMIT 1").get() as {
          businessName: string;
        },
    );
    const found = (await send("officerA", "GET", `/api/dealers?query=${encodeURIComponent(sindh.businessName)}`))
      .json as Item[];
    expect(found.map((dealer) => dealer.businessName)).toContain(sindh.businessName);
  });

  test("/dealers: My territory by default with an All dealers link; a search finds a Sindh dealer", async () => {
    const sindh = server.query(
      (db) =>
        db.prepare("SELECT businessName, city FROM Dealer WHERE state = 'Sindh' ORDER BY id LIMIT 1").get() as {
          businessName: string;
          city: string;
        },
    );
    const page = await getAs(server, teams.cookies.officerA, "/dealers");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Dealers in your territory");
    expect(page.text).toContain('href="/dealers?scope=company"');
    const company = await getAs(server, teams.cookies.officerA, "/dealers?scope=company");
    expect(company.text).toContain("My territory");
    const search = await getAs(
      server,
      teams.cookies.officerA,
      `/dealers?query=${encodeURIComponent(sindh.businessName)}`,
    );
    expect(search.text).toContain(escapeHtml(sindh.businessName));
    // The admin's directory has no territory switch.
    expect((await getAs(server, teams.cookies.admin, "/dealers")).text).not.toContain("Dealers in your territory");
  });
});

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("'", "&#x27;");
}

describe("the admin's team forms without JavaScript", () => {
  test("create, add an officer and a manager, remove, delete with a confirmation", async () => {
    const refused = await post("admin", "/admin/teams", [
      ["intent", "create"],
      ["name", "Team A"],
    ]);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("A team with this name already exists");
    const empty = await post("admin", "/admin/teams", [["intent", "create"]]);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Team name is required");

    const created = await post("admin", "/admin/teams", [
      ["intent", "create"],
      ["name", "Quetta Team"],
      ["provinces", "Balochistan"],
      ["districts", "Quetta\nZhob"],
    ]);
    expect(created.status).toBe(302);
    const page = created.location!;
    expect(page).toMatch(/^\/admin\/teams\/\d+$/);
    const id = Number(page.split("/").pop());
    const stored = server.query(
      (db) =>
        db.prepare("SELECT provinces, districts FROM Team WHERE id = ?").get(id) as {
          provinces: string;
          districts: string;
        },
    );
    expect(JSON.parse(stored.provinces)).toEqual(["Balochistan"]);
    expect(JSON.parse(stored.districts)).toEqual(["Quetta", "Zhob"]);

    const officer = userId("officer7");
    expect(
      (
        await post("admin", page, [
          ["intent", "add-member"],
          ["userId", String(officer)],
        ])
      ).status,
    ).toBe(302);
    expect(server.query((db) => db.prepare("SELECT teamId FROM User WHERE id = ?").get(officer))).toEqual({
      teamId: id,
    });
    const manager = userId("manager");
    expect(
      (
        await post("admin", page, [
          ["intent", "add-manager"],
          ["userId", String(manager)],
        ])
      ).status,
    ).toBe(302);
    const shown = await getAs(server, teams.cookies.admin, page);
    expect(shown.text).toContain("@officer7");
    expect(shown.text).toContain("@manager");
    // The manager now leads A and this team: both in their list.
    expect(((await send("managerA", "GET", "/api/teams")).json as Array<{ name: string }>).map((t) => t.name)).toEqual([
      "Quetta Team",
      "Team A",
    ]);
    expect(
      (
        await post("admin", page, [
          ["intent", "remove-manager"],
          ["userId", String(manager)],
        ])
      ).status,
    ).toBe(302);
    expect(
      (
        await post("admin", page, [
          ["intent", "add-manager"],
          ["userId", String(officer)],
        ])
      ).status,
    ).toBe(400);
    expect((await post("admin", page, [["intent", "nonsense"]])).status).toBe(400);

    const asked = await post("admin", page, [["intent", "delete"]]);
    expect(asked).toMatchObject({ status: 302, location: `${page}?delete=confirm` });
    const confirmation = await getAs(server, teams.cookies.admin, asked.location!);
    expect(confirmation.text).toContain("Delete Quetta Team?");
    const deleted = await post("admin", page, [
      ["intent", "delete"],
      ["confirm", "yes"],
    ]);
    expect(deleted).toMatchObject({ status: 302, location: "/admin/teams" });
    expect(server.query((db) => db.prepare("SELECT teamId FROM User WHERE id = ?").get(officer))).toEqual({
      teamId: null,
    });
    expect((await getAs(server, teams.cookies.admin, page)).status).toBe(404);
  });
});
