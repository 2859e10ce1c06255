import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "../e2e/support/fixtures";
import { karachiDate } from "../e2e/support/days";
import { newOfficer } from "../e2e/targets/support";

// GET /api/targets/report (decision 91): the reports page's targets view as JSON, and its table as
// .xlsx and CSV; bad queries answer 400 with the schema's message. Another team's 403 is the
// access matrix's (this level has one team).

async function signIn(request: APIRequestContext, username: string, password = "fieldline") {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string) {
  expect(response.status(), await response.text()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toBe(error);
}

type Figure = {
  measure: string;
  target: number | null;
  actual: number;
  percent: number | null;
  standing: string | null;
};
type Report = {
  period: string;
  groupBy: string;
  first: string;
  last: string;
  rows: Array<{ key: string; label: string; first: string; measures: Figure[] }>;
  totals: { first: string; last: string; measures: Figure[] };
};

test("the report by officer, team, measure and month holds each officer's target against their posts", async ({
  request,
  playwright,
  baseURL,
}) => {
  const officer = await newOfficer(request);
  const month = karachiDate().slice(0, 7);
  await signIn(request, "manager");
  expect(
    (
      await request.put(`/api/officers/${officer.id}/targets/${month}`, {
        data: { farmerMeetings: 8, recoveryAmount: "500.00" },
      })
    ).status(),
  ).toBe(200);
  const own = await playwright.request.newContext({ baseURL });
  await signIn(own, officer.username, "target-pass-1");
  for (let i = 0; i < 2; i++)
    expect((await own.post("/api/posts", { data: { type: "FARMER_MEETING", text: "Village" } })).status()).toBe(201);

  const byOfficer = (await (await request.get(`/api/targets/report?period=${month}`)).json()) as Report;
  expect(byOfficer).toMatchObject({ period: month, groupBy: "officer", first: `${month}-01` });
  const row = byOfficer.rows.find((r) => r.key === String(officer.id));
  expect(row?.label).toBe(officer.name);
  expect(row?.measures.find((m) => m.measure === "farmerMeetings")).toMatchObject({
    target: 8,
    actual: 2,
    percent: 25,
    standing: expect.stringMatching(/^(onPace|behind)$/),
  });
  expect(row?.measures.find((m) => m.measure === "recoveryAmount")).toMatchObject({
    target: 500_00,
    actual: 0,
    percent: 0,
  });
  expect(row?.measures.find((m) => m.measure === "demoPlots")).toEqual({
    measure: "demoPlots",
    target: null,
    actual: 0,
    percent: null,
    standing: null,
  });

  // The officer: their own row alone, and by team their team's total.
  const mine = (await (await own.get("/api/targets/report")).json()) as Report;
  expect(mine.rows.map((r) => r.key)).toEqual([String(officer.id)]);
  const team = (await (await own.get("/api/targets/report?groupBy=team")).json()) as Report;
  expect(team.rows).toHaveLength(1);
  expect(team.rows[0]?.measures.find((m) => m.measure === "farmerMeetings")?.target).toBeGreaterThanOrEqual(8);

  const byMonth = (await (await own.get(`/api/targets/report?groupBy=period&period=${month}`)).json()) as Report;
  expect(byMonth.rows).toHaveLength(12);
  expect(byMonth.rows.at(-1)).toMatchObject({ key: month, first: `${month}-01` });
  expect(byMonth.totals.measures.find((m) => m.measure === "farmerMeetings")?.actual).toBe(2);

  const csv = await own.get("/api/targets/report?groupBy=measure&format=csv");
  expect(csv.headers()["content-disposition"]).toBe(`attachment; filename="fieldline-targets-measure-${month}.csv"`);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[1]).toBe("Measure,Target,Actual,% of target,Pace");
  expect(lines.find((line) => line.startsWith("Farmer meetings,"))).toMatch(
    /^Farmer meetings,8,2,25\.0,(On pace|Behind)$/,
  );
  expect(lines.find((line) => line.startsWith("Demo plots,"))).toBe("Demo plots,–,0,–,–");
  const xlsx = await own.get("/api/targets/report?format=xlsx");
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  await own.dispose();
});

test("bad queries answer 400 with the schema's message", async ({ request }) => {
  await signIn(request, "manager");
  const period = "Period must be a month like 2026-11 or a season like RABI-2026 or KHARIF-2026, from 2000 to 2100";
  const cases: Array<[string, string]> = [
    ["groupBy=province", "Unknown grouping"],
    ["period=9999-01", period],
    ["period=RABI-9999", period],
    ["period=2026-13", period],
    ["period=november", period],
    ["period=this-month", period],
    ["team=abc", "team must be a team's id"],
  ];
  for (const [query, error] of cases) await expectError(await request.get(`/api/targets/report?${query}`), 400, error);
});

test("signed out, the report asks to sign in", async ({ request }) => {
  expect((await request.get("/api/targets/report")).status()).toBe(401);
});
