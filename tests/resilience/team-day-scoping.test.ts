import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parsePage } from "../nojs/support/dom";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Whose day the manager's day shows (decision 44), through GET /api/team-day and the home page,
// on a copy of the seeded database with team A (officer1–4, led by the manager) and team B
// (officer5–8): a manager their own people only, an admin everyone or one team, an officer none.

let server: AppServer;
let teams: TwoTeams;

beforeAll(async () => {
  server = await createAppServer("team-day-scoping");
  teams = await setUpTwoTeams(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

type TeamDay = { total: number; people: Array<{ id: number }> };

const as = (role: Role, path: string) => getAs(server, teams.cookies[role], path);
const ids = (json: unknown) => (json as TeamDay).people.map((person) => person.id).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The officers the home page's manager's day lists, by id. */
const listedOnHome = (html: string) =>
  sorted(
    [...parsePage(html, `${server.baseUrl}/`).querySelectorAll("[data-testid=team-today] [data-officer-id]")].map(
      (row) => Number(row.getAttribute("data-officer-id")),
    ),
  );

describe("GET /api/team-day", () => {
  test("signed out 401, waiting for approval and officers 403", async () => {
    expect((await as("signedOut", "/api/team-day")).status).toBe(401);
    expect((await as("pending", "/api/team-day")).status).toBe(403);
    expect((await as("officerA", "/api/team-day")).status).toBe(403);
    expect((await as("officerB", `/api/team-day?team=${teams.teamB}`)).status).toBe(403);
  });

  test("a manager: the officers of the team they lead, never another team's", async () => {
    const own = await as("managerA", "/api/team-day");
    expect(own.status).toBe(200);
    expect(ids(own.json)).toEqual(sorted(teams.officersA));
    expect(ids((await as("managerA", `/api/team-day?team=${teams.teamA}`)).json)).toEqual(sorted(teams.officersA));
    const other = await as("managerA", `/api/team-day?team=${teams.teamB}`);
    expect(other.status).toBe(403);
    expect(other.json).toEqual({
      error: "You can only see the teams you belong to or lead.",
      requestId: expect.any(String),
    });
  });

  test("an admin: every officer, or one team's with ?team", async () => {
    const all = ids((await as("admin", "/api/team-day")).json);
    expect(all).toEqual(expect.arrayContaining([...teams.officersA, ...teams.officersB]));
    expect(ids((await as("admin", `/api/team-day?team=${teams.teamB}`)).json)).toEqual(sorted(teams.officersB));
  });
});

describe("the home page's manager's day", () => {
  test("a manager's lists their own team's officers only; another team's is refused", async () => {
    const home = await as("managerA", "/");
    expect(home.status).toBe(200);
    expect(listedOnHome(home.text)).toEqual(sorted(teams.officersA));
    expect((await as("managerA", `/?team=${teams.teamB}`)).status).toBe(403);
  });

  test("an admin's lists everyone, or the team chosen; an officer's home has none", async () => {
    expect(listedOnHome((await as("admin", "/")).text)).toEqual(
      expect.arrayContaining([...teams.officersA, ...teams.officersB]),
    );
    expect(listedOnHome((await as("admin", `/?team=${teams.teamB}`)).text)).toEqual(sorted(teams.officersB));
    expect(listedOnHome((await as("officerA", "/")).text)).toEqual([]);
  });
});
