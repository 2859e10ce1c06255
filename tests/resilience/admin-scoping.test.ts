// The users list and the accounts waiting, per role (decision 42): an admin sees everyone on /admin
// and /api/admin/* and may narrow to a team; a manager sees the teams they lead and the accounts
// waiting on /team and /api/team/* (403 on /admin and every /api/admin/*), changes no account;
// officers, waiting accounts and strangers see none of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

let server: AppServer;
let teams: TwoTeams;

type UserList = { users: Array<{ id: number; username: string; team: { id: number } | null }>; total: number };

beforeAll(async () => {
  server = await createAppServer("admin-scoping");
  teams = await setUpTwoTeams(server);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const everyUser = async (role: Role, query = "", path = "/api/admin/users") => {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const { status, json } = await getAs(server, teams.cookies[role], `${path}?page=${page}${query}`);
    expect(status, `${role} page ${page}`).toBe(200);
    const list = json as UserList;
    ids.push(...list.users.map((user) => user.id));
    if (ids.length >= list.total || list.users.length === 0) return ids;
  }
};

describe("GET /api/admin/users and /api/team/users per role", () => {
  it("refuses strangers, waiting accounts and officers; /api/admin/* refuses managers too", async () => {
    const expected: Array<[Role, number, number]> = [
      ["signedOut", 401, 401],
      ["pending", 403, 403],
      ["officerA", 403, 403],
      ["officerB", 403, 403],
      ["managerA", 403, 200],
    ];
    for (const [role, admin, team] of expected) {
      expect((await getAs(server, teams.cookies[role], "/api/admin/users")).status, role).toBe(admin);
      expect((await getAs(server, teams.cookies[role], "/api/admin/pending")).status, role).toBe(admin);
      expect((await getAs(server, teams.cookies[role], "/api/team/users")).status, role).toBe(team);
      expect((await getAs(server, teams.cookies[role], "/api/team/pending")).status, role).toBe(team);
    }
  });

  it("a manager sees the people of the team they lead, never team B's", async () => {
    const ids = await everyUser("managerA", "", "/api/team/users");
    for (const officer of teams.officersA) expect(ids).toContain(officer);
    for (const officer of teams.officersB) expect(ids).not.toContain(officer);
    const other = await getAs(server, teams.cookies.managerA, `/api/team/users?team=${teams.teamB}`);
    expect([other.status, other.json]).toEqual([
      403,
      { error: "You can only see the teams you belong to or lead.", requestId: expect.any(String) },
    ]);
    const bad = await getAs(server, teams.cookies.managerA, "/api/team/users?team=abc");
    expect([bad.status, (bad.json as { error: string }).error]).toEqual([400, "team must be a team's id"]);
  });

  it("an admin sees everyone, and one team with ?team", async () => {
    const ids = await everyUser("admin");
    for (const officer of [...teams.officersA, ...teams.officersB, teams.pendingId]) expect(ids).toContain(officer);
    const teamB = await everyUser("admin", `&team=${teams.teamB}`);
    expect(teamB.sort()).toEqual([...teams.officersB].sort());
  });

  it("managers and admins see the account waiting", async () => {
    for (const [role, path] of [
      ["managerA", "/api/team/pending"],
      ["admin", "/api/admin/pending"],
      ["admin", "/api/team/pending"],
    ] as const) {
      const { status, json } = await getAs(server, teams.cookies[role], path);
      expect(status, role).toBe(200);
      expect((json as Array<{ id: number }>).map((account) => account.id)).toEqual([teams.pendingId]);
    }
  });
});

describe("/admin and /team per role", () => {
  it("sends strangers to sign in and waiting accounts to wait; refuses officers, and managers /admin", async () => {
    for (const path of ["/admin", "/team"]) {
      expect((await getAs(server, teams.cookies.signedOut, path)).location).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
      expect((await getAs(server, teams.cookies.pending, path)).location).toBe("/waiting");
      expect((await getAs(server, teams.cookies.officerA, path)).status).toBe(403);
      expect((await getAs(server, teams.cookies.officerB, path)).status).toBe(403);
    }
    expect((await getAs(server, teams.cookies.managerA, "/admin")).status).toBe(403);
  });

  it("shows a manager their team's people and the waiting account on /team, without company figures or account changes", async () => {
    const page = await getAs(server, teams.cookies.managerA, "/team");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Team Admin");
    expect(page.text).toContain("Approve waiting.one");
    expect(page.text).toContain('data-username="officer1"');
    expect(page.text).not.toContain('data-username="officer5"');
    expect(page.text).not.toContain("Sales this month");
    expect(page.text).not.toContain("Reset Password");
    // The admin's actions are refused to a manager even when posted by hand (JavaScript off).
    for (const path of ["/admin", "/team"]) {
      const refused = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { Cookie: teams.cookies.managerA, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "deactivate", userId: String(teams.officersA[0]), confirm: "yes" }),
        redirect: "manual",
      });
      expect(refused.status, path).toBe(path === "/admin" ? 403 : 400);
    }
  });

  it("Add user is an admin's alone: a manager gets no form and 403 when posting it; an admin adds into a team", async () => {
    const form = (username: string) =>
      new URLSearchParams({
        intent: "add-user",
        username,
        email: `${username}@example.pk`,
        password: "first-pass-1",
        role: "OFFICER",
        teamId: String(teams.teamB),
      });
    const post = (cookie: string, body: URLSearchParams) =>
      fetch(`${server.baseUrl}/admin?add=user`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
    const managers = await getAs(server, teams.cookies.managerA, "/team?add=user");
    expect(managers.status).toBe(200);
    expect(managers.text).not.toContain('name="intent" value="add-user"');
    expect(managers.text).not.toContain("Add user");
    expect((await post(teams.cookies.managerA, form("by.manager"))).status).toBe(403);
    expect((await post(teams.cookies.officerA, form("by.officer"))).status).toBe(403);
    expect((await post(teams.cookies.admin, form("by.admin"))).status).toBe(302);
    const added = server.query((db) =>
      db.prepare("SELECT username, teamId, approval FROM User WHERE username LIKE 'by.%'").all(),
    );
    expect(added).toEqual([{ username: "by.admin", teamId: teams.teamB, approval: "APPROVED" }]);
  });

  it("shows an admin everyone, the figures and who may join", async () => {
    const page = await getAs(server, teams.cookies.admin, `/admin?team=${teams.teamB}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Admin Dashboard");
    expect(page.text).toContain("Who may join");
    expect(page.text).toContain('data-username="officer5"');
    expect(page.text).not.toContain('data-username="officer1"');
  });
});
