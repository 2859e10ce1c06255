import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Who may read and change an officer's visit plan (decision 43), through /api/plans and /plan, on
// a copy of the seeded database split into team A (officer1–4, led by the manager) and team B
// (officer5–8): the officer themself, the manager of their team and the admin; nobody else.

const FORBIDDEN = "You can only plan your own days or those of the officers of the teams you lead.";
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());

let server: AppServer;
let teams: TwoTeams;
let officer1: number;
let dealerId: number;

beforeAll(async () => {
  server = await createAppServer("plans-scoping");
  teams = await setUpTwoTeams(server);
  officer1 = teams.officersA[0]!;
  dealerId = server.query(
    (db) => (db.prepare("SELECT id FROM Dealer WHERE state = 'Punjab' ORDER BY id LIMIT 1").get() as { id: number }).id,
  );
});

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

async function send(role: Role, method: "PUT" | "DELETE", path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(teams.cookies[role] ? { Cookie: teams.cookies[role] } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("an officer's visit plan", () => {
  const path = () => `/api/plans/${today()}?user=${officer1}`;

  test("signed out 401, waiting for approval 403, an officer of the other team 403 (also a teammate)", async () => {
    expect((await getAs(server, teams.cookies.signedOut, path())).status).toBe(401);
    expect((await getAs(server, teams.cookies.pending, path())).status).toBe(403);
    const other = await getAs(server, teams.cookies.officerB, path());
    expect(other).toMatchObject({ status: 403, json: { error: FORBIDDEN } });
    expect((await send("officerB", "PUT", path(), { dealerIds: [dealerId] })).status).toBe(403);
    expect((await send("officerB", "DELETE", path())).status).toBe(403);
    // A teammate is not their manager.
    const teammate = `/api/plans/${today()}?user=${teams.officersA[1]}`;
    expect((await getAs(server, teams.cookies.officerA, teammate)).status).toBe(403);
  });

  test("the manager of the team plans it (from the officer's home), the officer and the admin see it", async () => {
    const made = await send("managerA", "PUT", path(), { dealerIds: [dealerId], lat: 24.86, lng: 67.0 });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ userId: officer1, createdBy: { name: expect.any(String) } });
    // The manager's own place (sent) is not where the officer starts.
    expect((made.json.start as { source: string } | null)?.source).not.toBe("CURRENT");
    for (const role of ["officerA", "admin"] as const) {
      const read = await getAs(server, teams.cookies[role], role === "officerA" ? `/api/plans/${today()}` : path());
      expect(read.status).toBe(200);
      expect((read.json as { stops: { dealerId: number }[] }).stops.map((stop) => stop.dealerId)).toEqual([dealerId]);
    }
    // The manager of team A leads no one of team B.
    const teamB = `/api/plans/${today()}?user=${teams.officersB[0]}`;
    expect((await getAs(server, teams.cookies.managerA, teamB)).status).toBe(403);
    expect((await getAs(server, teams.cookies.admin, teamB)).status).toBe(200);
  });

  test("the page answers the same: 403 for another team's officer, the plan for the manager", async () => {
    const page = `/plan?user=${officer1}`;
    expect((await getAs(server, teams.cookies.signedOut, page)).status).toBe(302);
    const other = await getAs(server, teams.cookies.officerB, page);
    expect(other.status).toBe(403);
    expect(other.text).toContain("Access Denied");
    const manager = await getAs(server, teams.cookies.managerA, page);
    expect(manager.status).toBe(200);
    expect(manager.text).toContain("Plan of ");
    const refused = await fetch(`${server.baseUrl}${page}`, {
      method: "POST",
      headers: { Cookie: teams.cookies.officerB, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", dealerId: String(dealerId) }),
      redirect: "manual",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Access Denied");
  });
});
