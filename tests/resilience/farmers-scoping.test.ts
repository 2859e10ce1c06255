import { afterAll, beforeAll, expect, test } from "vitest";
import { type AppServer, createAppServer } from "./support/app-server";
import { type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Who works with a farmer (decision 94), through /api, on a copy of the seeded database with team
// A (officer1–4, led by the manager) and team B (officer5–8): a farmer of team B is not listed,
// read, changed, erased or named at a meeting by team A's officer or manager (403 with its message,
// nothing written);
// the admin reads and erases it.

const FARMER_NOT_YOURS = "You can only see the farmers of your own team or of the teams you lead.";

let server: AppServer;
let teams: TwoTeams;

beforeAll(async () => {
  server = await createAppServer("farmers-scoping");
  teams = await setUpTwoTeams(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

async function send(role: Role, method: string, path: string, json?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(teams.cookies[role] ? { Cookie: teams.cookies[role] } : {}),
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
    redirect: "manual",
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const farmerRow = (id: number) =>
  server.query(
    (db) => db.prepare("SELECT name, phone, landHundredths, erasedAt FROM Farmer WHERE id = ?").get(id) as object,
  );

test("another team's farmer is not listed, read, changed or erased; the admin reads and erases them", async () => {
  const added = await send("officerB", "POST", "/api/farmers", {
    name: "Team B Farmer",
    phone: "0333 7654321",
    tehsil: "Multan",
    district: "Multan",
    landAcres: 4,
  });
  expect(added.status).toBe(201);
  const id = added.json.id as number;
  const before = farmerRow(id);

  for (const role of ["officerA", "managerA"] as const) {
    expect((await send(role, "GET", "/api/farmers?query=Team%20B")).json.farmers).toEqual([]);
    expect(await send(role, "GET", `/api/farmers/${id}`)).toEqual({
      status: 403,
      json: { error: FARMER_NOT_YOURS, requestId: expect.any(String) },
    });
    expect(await send(role, "PATCH", `/api/farmers/${id}`, { landAcres: 9 })).toEqual({
      status: 403,
      json: { error: FARMER_NOT_YOURS, requestId: expect.any(String) },
    });
  }
  expect(await send("managerA", "POST", `/api/farmers/${id}/erase`)).toEqual({
    status: 403,
    json: {
      error: "Only the managers of the farmer's team and admins can erase a farmer.",
      requestId: expect.any(String),
    },
  });
  // Team A's manager is told the phone is taken, never whose it is.
  expect(
    await send("managerA", "POST", "/api/farmers", {
      name: "Copy",
      phone: "+923337654321",
      tehsil: "Multan",
      district: "Multan",
      landAcres: 1,
    }),
  ).toMatchObject({
    status: 409,
    json: {
      error: "This phone is already the phone of a farmer another team works with.",
      requestId: expect.any(String),
    },
  });
  expect(farmerRow(id)).toEqual(before);
  // Nor named at team A's farmer meeting (decision 95), by id or by phone: 403, no post, no new farmer.
  for (const attendees of [{ attendees: [{ farmerId: id }] }, { attendeePhones: "0333 7654321" }]) {
    const text = `Team A meeting ${JSON.stringify(attendees)}`;
    const meeting = await send("officerA", "POST", "/api/posts", {
      type: "FARMER_MEETING",
      text,
      headCount: 5,
      ...attendees,
      ...("attendees" in attendees
        ? {}
        : { attendees: [{ name: "New With B", tehsil: "Multan", district: "Multan", landAcres: 2 }] }),
    });
    expect(meeting).toMatchObject({ status: 403, json: { error: FARMER_NOT_YOURS, requestId: expect.any(String) } });
    const written = server.query(
      (db) =>
        db
          .prepare(
            "SELECT (SELECT COUNT(*) FROM Post WHERE text = ?) + (SELECT COUNT(*) FROM Farmer WHERE name = 'New With B') AS n",
          )
          .get(text) as { n: number },
    );
    expect(written.n).toBe(0);
  }
  expect(farmerRow(id)).toEqual(before);

  expect((await send("admin", "GET", `/api/farmers/${id}`)).json.name).toBe("Team B Farmer");
  expect(await send("admin", "POST", `/api/farmers/${id}/erase`)).toMatchObject({
    status: 200,
    json: { name: "Erased farmer", phone: null },
  });
});

/** Add Farmer's form as a browser without JavaScript sends it. */
async function sendAddFarmerForm(role: Role, fields: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/farmers/new`, {
    method: "POST",
    headers: { Cookie: teams.cookies[role], "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ tehsil: "Sukkur", district: "Sukkur", landAcres: "3", ...fields }),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

test("Add Farmer offers an admin the teams, and puts the farmer in the one chosen; an officer cannot choose another team", async () => {
  const page = await fetch(`${server.baseUrl}/farmers/new`, { headers: { Cookie: teams.cookies.admin } });
  const html = await page.text();
  expect(html).toContain("Team that works with them");
  expect(html).toMatch(new RegExp(`<option value="${teams.teamB}"`));

  expect((await sendAddFarmerForm("admin", { name: "Placed In B", teamId: String(teams.teamB) })).status).toBe(302);
  const [placed] = server.query(
    (db) =>
      db.prepare("SELECT id, teamId FROM Farmer WHERE name = 'Placed In B'").all() as { id: number; teamId: number }[],
  );
  expect(placed?.teamId).toBe(teams.teamB);
  expect((await send("officerB", "GET", `/api/farmers/${placed!.id}`)).status).toBe(200);
  expect((await send("officerA", "GET", `/api/farmers/${placed!.id}`)).status).toBe(403);

  const refused = await sendAddFarmerForm("officerA", { name: "Not In B", teamId: String(teams.teamB) });
  expect(refused.status).toBe(403);
  expect(refused.html).toContain("You can only put a farmer in your own team or in a team you lead.");
  expect(server.query((db) => db.prepare("SELECT COUNT(*) AS n FROM Farmer WHERE name = 'Not In B'").get())).toEqual({
    n: 0,
  });
});
