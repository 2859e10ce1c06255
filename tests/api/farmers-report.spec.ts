import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "../e2e/support/fixtures";
import { karachiDate } from "../e2e/support/days";
import { seasonOfFieldWork } from "../e2e/reports/farmer-rows";
import { newOfficer } from "../e2e/targets/support";
import { seasonOf } from "~/lib/target-period";

// GET /api/farmers/report (decision 98): the reports page's farmers view as JSON, and its table as
// CSV; bad queries answer 400 with the schema's message. Another team's 403 is the access
// matrix's and the season proof's (this level has one team).

async function signIn(request: APIRequestContext, username: string, password = "fieldline") {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string) {
  expect(response.status(), await response.text()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toBe(error);
}

type Report = {
  season: string;
  groupBy: string;
  rows: Array<{ key: string; label: string; figures: Record<string, unknown> }>;
  totals: { first: string; last: string; figures: Record<string, unknown> };
  gains: Array<{ product: string; crop: string; yieldGain: { plots: number; percent: number | null } }>;
};

test("the report holds an officer's farmers, meetings, plots and gain; by season the trend; CSV the table", async ({
  request,
  playwright,
  baseURL,
}) => {
  const officer = await newOfficer(request);
  seasonOfFieldWork(officer.id);
  const season = seasonOf(karachiDate());
  const own = await playwright.request.newContext({ baseURL });
  await signIn(own, officer.username, "target-pass-1");

  const report = (await (await own.get("/api/farmers/report")).json()) as Report;
  expect(report).toMatchObject({ season, groupBy: "officer" });
  expect(report.rows).toEqual([
    expect.objectContaining({
      key: String(officer.id),
      label: officer.name,
      figures: {
        reached: 3,
        newFarmers: 2,
        repeatFarmers: 1,
        meetings: 1,
        headCount: 9,
        namedAttendees: 2,
        plots: { sown: 0, midSeason: 1, harvested: 1 },
        yieldGain: { plots: 1, percent: 10 },
      },
    }),
  ]);
  expect(report.gains).toEqual([
    { product: "SSP", crop: "wheat", label: "SSP Fertilizer, Wheat", yieldGain: { plots: 1, percent: 10 } },
  ]);

  const trend = (await (await own.get(`/api/farmers/report?groupBy=season&season=${season}`)).json()) as Report;
  expect(trend.rows.map((row) => row.key).at(-1)).toBe(season);
  expect(trend.rows).toHaveLength(6);
  // Over the six seasons Bashir's first meeting falls inside: all three farmers are new.
  expect(trend.totals.figures).toMatchObject({ reached: 3, newFarmers: 3, repeatFarmers: 0, meetings: 2 });

  const csv = await own.get("/api/farmers/report?groupBy=product&format=csv");
  expect(csv.headers()["content-disposition"]).toBe(`attachment; filename="fieldline-farmers-product-${season}.csv"`);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines.slice(1)).toEqual([
    "Product and crop,Plots with yields,Average yield gain",
    '"SSP Fertilizer, Wheat",1,10.0',
    "Total,1,10.0",
  ]);
  const xlsx = await own.get("/api/farmers/report?format=xlsx");
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  await own.dispose();
});

test("bad queries answer 400 with the schema's message", async ({ request }) => {
  await signIn(request, "manager");
  const season = "Season must be like RABI-2026 or KHARIF-2026, from 2000 to 2100";
  const cases: Array<[string, string]> = [
    ["groupBy=village", "Unknown grouping"],
    ["groupBy=province", "Unknown grouping"],
    ["season=RABI-9999", season],
    ["season=KHARIF-1999", season],
    ["season=2026-11", season],
    ["season=rabi-2026", season],
    ["season=WINTER-2026", season],
    ["team=abc", "team must be a team's id"],
  ];
  for (const [query, error] of cases) await expectError(await request.get(`/api/farmers/report?${query}`), 400, error);
});

test("signed out, the report asks to sign in", async ({ request }) => {
  expect((await request.get("/api/farmers/report")).status()).toBe(401);
});
