import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parsePage } from "../nojs/support/dom";
import { type AppServer, createAppServer } from "./support/app-server";
import { type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Who sees and sets targets (decision 84), through /api and the /targets page, on a copy of the
// seeded database with team A (officer1–4, led by the manager) and team B (officer5–8): an officer
// their own targets and their team's totals, nothing of another officer or team; a manager sets
// only the targets of the officers of the teams they lead; an admin everyone's. Every refusal
// answers its message and writes nothing. Periods far from today: nothing else sets targets there.

const TARGETS_FORBIDDEN = "You can only set targets for the officers of the teams you lead.";
const FORBIDDEN = "You don't have permission to access this page.";
const TEAM_FORBIDDEN = "You can only see the teams you belong to or lead.";

let server: AppServer;
let teams: TwoTeams;

beforeAll(async () => {
  server = await createAppServer("targets-scoping");
  teams = await setUpTwoTeams(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

async function send(role: Role, method: string, path: string, body?: { json: unknown } | { form: object }) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(teams.cookies[role] ? { Cookie: teams.cookies[role] } : {}),
      ...(body ? { "Content-Type": "json" in body ? "application/json" : "application/x-www-form-urlencoded" } : {}),
    },
    body: !body
      ? undefined
      : "json" in body
        ? JSON.stringify(body.json)
        : new URLSearchParams(Object.entries(body.form).map(([name, value]) => [name, String(value)])).toString(),
    redirect: "manual",
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
}

/** Target rows, all or of one period. */
const targetRows = (period?: string) =>
  server.query(
    (db) =>
      (
        db
          .prepare(`SELECT COUNT(*) AS n FROM Target${period ? " WHERE period = ?" : ""}`)
          .get(...(period ? [period] : [])) as { n: number }
      ).n,
  );

type Progress = {
  people: Array<{ id: number; targets: Record<string, unknown> }>;
  teams: Array<{ team: { id: number }; officers: number; progress: Array<{ measure: string; target: number }> }>;
};
const peopleOf = (json: unknown) => (json as Progress).people.map((person) => person.id).sort((a, b) => a - b);
const teamsOf = (json: unknown) => (json as Progress).teams.map((team) => team.team.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe("an officer", () => {
  test("sees their own targets and their team's totals, nothing of another officer or team, and is refused another team's", async () => {
    const [officer1, officer2] = teams.officersA as [number, number];
    const officer5 = teams.officersB[0]!;
    for (const [id, sspBags] of [
      [officer1, 10],
      [officer2, 20],
      [officer5, 40],
    ] as const) {
      const set = await send("admin", "PUT", `/api/officers/${id}/targets/2031-05`, { json: { sspBags } });
      expect(set.status, set.text).toBe(200);
    }
    for (const path of ["/api/targets?period=2031-05", `/api/targets?period=2031-05&team=${teams.teamA}`]) {
      const own = await send("officerA", "GET", path);
      expect(own.status, path).toBe(200);
      expect(peopleOf(own.json), path).toEqual([officer1]);
      expect((own.json as Progress).people[0]!.targets.sspBags).toBe(10);
      // Team A's totals: its four officers, 10 + 20 bags.
      expect((own.json as Progress).teams, path).toEqual([
        expect.objectContaining({
          team: expect.objectContaining({ id: teams.teamA }),
          officers: 4,
          progress: [expect.objectContaining({ measure: "sspBags", target: 30 })],
        }),
      ]);
    }
    // Another team asked for by name is refused, as a manager is (not answered with their own team's).
    expect(await send("officerA", "GET", `/api/targets?period=2031-05&team=${teams.teamB}`)).toMatchObject({
      status: 403,
      json: { error: TEAM_FORBIDDEN },
    });
    const other = await send("officerB", "GET", "/api/targets?period=2031-05");
    expect(peopleOf(other.json)).toEqual([officer5]);
    expect(teamsOf(other.json)).toEqual([teams.teamB]);
  });

  test("sets no targets, their own or another's, through /api or the page, and opens no targets page", async () => {
    const officer1 = teams.officersA[0]!;
    const before = targetRows();
    for (const id of [officer1, teams.officersB[0]!]) {
      const put = await send("officerA", "PUT", `/api/officers/${id}/targets/2031-06`, { json: { sspBags: 5 } });
      expect(put).toMatchObject({ status: 403, json: { error: FORBIDDEN } });
    }
    const copy = await send("officerA", "POST", "/api/targets/copy", { json: { period: "2031-06", percent: 0 } });
    expect(copy).toMatchObject({ status: 403, json: { error: FORBIDDEN } });
    const form = await send("officerA", "POST", "/targets", {
      form: { intent: "set", officerId: officer1, period: "2031-06", sspBags: "5" },
    });
    expect(form.status).toBe(403);
    expect((await send("officerA", "GET", "/targets")).status).toBe(403);
    expect(targetRows()).toBe(before);
  });
});

describe("a manager", () => {
  test("sees and sets the targets of the officers of the teams they lead, never another team's", async () => {
    const officer1 = teams.officersA[0]!;
    const officer5 = teams.officersB[0]!;
    const before = targetRows();

    const listed = await send("managerA", "GET", "/api/targets?period=2031-07");
    expect(peopleOf(listed.json)).toEqual(sorted(teams.officersA));
    expect(teamsOf(listed.json)).toEqual([teams.teamA]);
    expect(await send("managerA", "GET", `/api/targets?period=2031-07&team=${teams.teamB}`)).toMatchObject({
      status: 403,
      json: { error: TEAM_FORBIDDEN },
    });
    const page = await send("managerA", "GET", "/targets?period=2031-07");
    const rows = [...parsePage(page.text, `${server.baseUrl}/targets`).querySelectorAll("li[data-officer-id]")];
    expect(sorted(rows.map((row) => Number(row.getAttribute("data-officer-id"))))).toEqual(sorted(teams.officersA));
    expect((await send("managerA", "GET", `/targets?team=${teams.teamB}`)).status).toBe(403);

    // Another team's officer, with a target the schema takes: refused by /api and by the page's form.
    const put = await send("managerA", "PUT", `/api/officers/${officer5}/targets/2031-07`, { json: { sspBags: 5 } });
    expect(put).toMatchObject({ status: 403, json: { error: TARGETS_FORBIDDEN } });
    const form = await send("managerA", "POST", "/targets?period=2031-07", {
      form: { intent: "set", officerId: officer5, period: "2031-07", sspBags: "5" },
    });
    expect(form.status).toBe(403);
    expect(form.text).toContain(TARGETS_FORBIDDEN);
    expect(targetRows()).toBe(before);

    // Their own officer, through both.
    expect(
      (await send("managerA", "PUT", `/api/officers/${officer1}/targets/2031-07`, { json: { sspBags: 5 } })).status,
    ).toBe(200);
    expect(
      (
        await send("managerA", "POST", "/targets", {
          form: { intent: "set", officerId: teams.officersA[1]!, period: "2031-07", demoPlots: "3" },
        })
      ).status,
    ).toBe(302);
    expect(targetRows("2031-07")).toBe(2);
  });

  test("copies last period's targets of their teams' officers only; another team's copy is refused", async () => {
    // Last period's targets in both teams, set by the admin.
    for (const id of [teams.officersA[0]!, teams.officersB[0]!]) {
      const set = await send("admin", "PUT", `/api/officers/${id}/targets/2031-08`, { json: { dealerVisits: 10 } });
      expect(set.status, set.text).toBe(200);
    }
    for (const body of [
      { json: { period: "2031-09", percent: 10, team: teams.teamB } },
      { form: { intent: "copy", period: "2031-09", percent: "10", team: teams.teamB } },
    ]) {
      const refused = await send("managerA", "POST", "json" in body ? "/api/targets/copy" : "/targets", body);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain(TARGETS_FORBIDDEN);
      expect(targetRows("2031-09")).toBe(0);
    }
    const copied = await send("managerA", "POST", "/api/targets/copy", { json: { period: "2031-09", percent: 10 } });
    expect(copied).toMatchObject({ status: 200, json: { officers: 1 } });
    const rows = server.query(
      (db) =>
        db.prepare("SELECT userId, value FROM Target WHERE period = '2031-09'").all() as Array<{ userId: number }>,
    );
    expect(rows).toEqual([{ userId: teams.officersA[0]!, value: 11 }]);
  });
});

describe("the admin", () => {
  test("sets and sees any team's officers' targets, and copies them all", async () => {
    const officer5 = teams.officersB[0]!;
    const set = await send("admin", "PUT", `/api/officers/${officer5}/targets/2031-10`, {
      json: { farmerMeetings: 8 },
    });
    expect(set.status, set.text).toBe(200);
    const teamB = await send("admin", "GET", `/api/targets?period=2031-10&team=${teams.teamB}`);
    expect(peopleOf(teamB.json)).toEqual(sorted(teams.officersB));
    expect((teamB.json as Progress).teams[0]!.progress).toEqual([
      expect.objectContaining({ measure: "farmerMeetings", target: 8 }),
    ]);
    const copied = await send("admin", "POST", "/api/targets/copy", { json: { period: "2031-11", percent: 0 } });
    expect(copied).toMatchObject({ status: 200, json: { officers: 1 } });
    expect(targetRows("2031-11")).toBe(1);
  });
});
