import fs from "node:fs";
import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { newOfficer } from "../targets/support";

// The reports page's targets view (decision 91), JavaScript on and off: a manager chooses it in the
// report's form and reads an officer's target against what the officer did, "–" where there is
// no target, and downloads the table as .xlsx; an officer sees their own row and their team's
// total. Another team (403) is the access matrix's and the model's: this level has one team.

const table = (page: Page) => page.getByRole("region", { name: "Report table" }).getByRole("table");

async function pageTable(page: Page): Promise<string[][]> {
  return table(page)
    .getByRole("row")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
    );
}

test("a manager reads an officer's targets against their posts, '–' without a target, and the Excel file holds the table", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const officer = await newOfficer(request);
  const month = karachiDate().slice(0, 7);
  const set = await request.put(`/api/officers/${officer.id}/targets/${month}`, {
    data: { farmerMeetings: 4, salesAmount: "1000.00" },
  });
  expect(set.status(), await set.text()).toBe(200);
  const own = await playwright.request.newContext({ baseURL });
  expect(
    (await own.post("/api/login", { data: { username: officer.username, password: "target-pass-1" } })).status(),
  ).toBe(200);
  expect((await own.post("/api/posts", { data: { type: "FARMER_MEETING", text: "Wheat growers" } })).status()).toBe(
    201,
  );
  await own.dispose();

  await signIn(page, "manager");
  await page.goto("/reports");
  // From the sales report's form: its quick period is read as this month.
  await page.getByLabel("Report", { exact: true }).selectOption("targets");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/view=targets/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Group by").selectOption("officer");
  await page.getByLabel("Chart").selectOption("farmerMeetings");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(new RegExp(`period=${month}`));
  await expect(table(page).getByRole("row").filter({ hasText: officer.name })).toBeVisible();

  const rows = await pageTable(page);
  const header = rows[0] ?? [];
  const row = rows.find((cells) => cells[0] === officer.name) ?? [];
  const column = (name: string) => row[header.indexOf(name)];
  expect(header.slice(0, 5)).toEqual([
    "Officer",
    "SSP Fertilizer (bags) target",
    "SSP Fertilizer (bags) actual",
    "SSP Fertilizer (bags) % of target",
    "SSP Fertilizer (bags) pace",
  ]);
  expect(column("Farmer meetings target")).toBe("4");
  expect(column("Farmer meetings actual")).toBe("1");
  expect(column("Farmer meetings % of target")).toBe("25%");
  expect(column("Farmer meetings pace")).toMatch(/^(On pace|Behind)$/);
  expect(column("Sales target")).toBe("$1,000.00");
  expect(column("Sales % of target")).toBe("0%");
  // No target: "–", never 0 %.
  expect(column("Demo plots target")).toBe("–");
  expect(column("Demo plots % of target")).toBe("–");
  expect(column("Demo plots pace")).toBe("–");
  await expect(page.getByRole("heading", { name: "Farmer meetings: % of target" })).toBeVisible();
  await expect(page.getByTestId("report-chart")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Excel" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`fieldline-targets-officer-${month}.xlsx`);
  const book = XLSX.read(fs.readFileSync(await download.path()), { cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""]!;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "" });
  expect(String(grid[0]?.[0])).toMatch(/^Fieldline targets, \w+ \d{4} \(\d{4}-\d\d-01 to .*\) on .*, by officer$/);
  expect(grid[1]).toEqual(header);
  const at = grid.findIndex((cells) => cells[0] === officer.name);
  const cell = (name: string) => sheet[XLSX.utils.encode_cell({ r: at, c: header.indexOf(name) })];
  expect(cell("Farmer meetings % of target")).toMatchObject({ t: "n", v: 0.25 });
  expect(cell("Sales target")).toMatchObject({ t: "n", v: 1000, z: "0.00" });
  expect(cell("Demo plots target")).toMatchObject({ t: "s", v: "–" });
});

test("an officer sees their own row, and by team their team's total", async ({ page, request }) => {
  const officer = await newOfficer(request);
  const month = karachiDate().slice(0, 7);
  expect((await request.put(`/api/officers/${officer.id}/targets/${month}`, { data: { demoPlots: 3 } })).status()).toBe(
    200,
  );
  await signIn(page, officer.username, "target-pass-1");
  await page.goto("/reports?view=targets");
  await expect(page.getByText("Your targets for")).toBeVisible();
  const own = await pageTable(page);
  expect(own.slice(1, -1).map((cells) => cells[0])).toEqual([officer.name]);
  expect(own.at(-1)?.[0]).toBe("Total");

  await page.getByLabel("Group by").selectOption("team");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByRole("heading", { name: "Targets by team" })).toBeVisible();
  const team = await pageTable(page);
  expect(team.slice(1, -1)).toHaveLength(1);
  const demoTarget = team[0]?.indexOf("Demo plots target") ?? -1;
  // The team's target is its officers' added up: at least this officer's.
  expect(Number(team[1]?.[demoTarget])).toBeGreaterThanOrEqual(3);
});

test("a malformed query shows this month by officer and says why; by measure there is a row a measure", async ({
  page,
}) => {
  await signIn(page, "manager");
  await page.goto("/reports?view=targets&period=9999-01&groupBy=officer");
  await expect(page.getByRole("alert")).toContainText(
    "Period must be a month like 2026-11 or a season like RABI-2026 or KHARIF-2026, from 2000 to 2100. Showing this month by officer.",
  );
  await page.goto("/reports?view=targets&groupBy=measure");
  const rows = await pageTable(page);
  expect(rows[0]).toEqual(["Measure", "Target", "Actual", "% of target", "Pace"]);
  expect(rows.slice(1).map((cells) => cells[0])).toEqual([
    "SSP Fertilizer (bags)",
    "Organic Fertilizer (bags)",
    "Sulfur (bags)",
    "Sales",
    "Recovery",
    "Dealer visits",
    "Farmer meetings",
    "Demo plots",
  ]);
});
