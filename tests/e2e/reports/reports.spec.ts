import fs from "node:fs";
import * as XLSX from "@e965/xlsx";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { postADayAtNewDealer, registerThroughApi } from "../support/flows";

// Reports (issue 19), JavaScript on and off: a manager chooses a period and a grouping, reads
// an officer's totals that match the officer's posts as the API lists them, and downloads the
// table as .xlsx and CSV, which hold exactly what the page shows.

type ApiPost = {
  type: string;
  saleTotal: string | null;
  saleQty: number | null;
  recoveryAmount: string | null;
  user: { username: string };
};

const cents = (amount: string | null) => Math.round(Number(amount ?? 0) * 100);
const dollars = (total: number) =>
  `$${(total / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The officer's posts of this week, as GET /api/posts lists them (newest first, 100 a page). */
async function postsOf(request: APIRequestContext, username: string): Promise<ApiPost[]> {
  const posts = (await (await request.get("/api/posts?limit=100")).json()) as ApiPost[];
  return posts.filter((post) => post.user.username === username);
}

const reportTable = (page: Page) => page.getByRole("region", { name: /^Totals by/ }).getByRole("table");

/**
 * The table as the page shows it: the header row, then every row (a row's heading first). Read it
 * once the page shows the report asked for: with JavaScript the URL changes before the new table.
 */
async function pageTable(page: Page): Promise<string[][]> {
  return reportTable(page)
    .getByRole("row")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
    );
}

/** How many rows (the header's included) the same report has now, read from a fresh copy of the page. */
async function rowsOfTheReportNow(page: Page): Promise<number> {
  await page.reload();
  return (await pageTable(page)).length;
}

test("a manager's report by officer: an officer's week matches their posts, and the Excel and CSV files hold the table", async ({
  page,
  playwright,
  baseURL,
}) => {
  // An officer of this test posts a day's work.
  const officerContext = await playwright.request.newContext({ baseURL });
  const registered = await registerThroughApi(officerContext, `Rafiq ${uniqueName("r").slice(-6)}`);
  const officer = { username: registered.username, name: registered.firstName };
  await postADayAtNewDealer(officerContext, { city: "Okara", lat: "30.8138", lng: "73.4534" }, [
    { type: "SALE", saleProduct: "SSP", saleQty: 20, salePrice: "1450.00" },
    { type: "SALE", saleProduct: "ORGANIC", saleQty: 7, salePrice: "820.25" },
    { type: "RECOVERY", recoveryAmount: "12500.00" },
    { type: "FARMER_MEETING", text: "Wheat growers at the chak" },
  ]);
  const posts = await postsOf(officerContext, officer.username);
  const sales = posts.filter((post) => post.type === "SALE").reduce((sum, post) => sum + cents(post.saleTotal), 0);
  const recovery = posts
    .filter((post) => post.type === "RECOVERY")
    .reduce((sum, post) => sum + cents(post.recoveryAmount), 0);
  await officerContext.dispose();

  await signIn(page, "manager");
  await page.goto("/reports");
  await page.getByLabel("Period").selectOption("this-week");
  await page.getByLabel("Group by").selectOption("officer");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/period=this-week/);
  await expect(reportTable(page).getByRole("row").filter({ hasText: officer.name })).toBeVisible();

  const table = await pageTable(page);
  const header = table[0] ?? [];
  expect(header.slice(0, 4)).toEqual(["Officer", "Sales", "Sales, previous period", "Sales change %"]);
  const row = table.find((cells) => cells[0] === officer.name);
  expect(row, `a row for ${officer.name}`).toBeDefined();
  const column = (name: string) => row?.[header.indexOf(name)];
  expect(column("Sales")).toBe(dollars(sales));
  expect(column("Recovery")).toBe(dollars(recovery));
  expect(column("Sales – recovery gap")).toBe(dollars(sales - recovery));
  expect(column("SSP Fertilizer bags")).toBe("20");
  expect(column("Organic Fertilizer bags")).toBe("7");
  expect(column("Posts")).toBe(String(posts.length));
  expect(column("Farmer Meeting posts")).toBe("1");
  expect(column("Dealers visited")).toBe("1");
  expect(column("New dealers")).toBe("1");
  await expect(page.getByTestId("report-chart")).toBeVisible();

  // The .xlsx: the title row, then the same table, money as numbers with two decimals.
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Excel" }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(
    /^fieldline-report-officer-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.xlsx$/,
  );
  const book = XLSX.read(fs.readFileSync(await xlsxDownload.path()), { cellDates: true, cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""]!;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "" });
  expect(String(grid[0]?.[0])).toMatch(
    /^Fieldline report, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(previous period .*\), by officer; officer: all; province: all; post type: all$/,
  );
  expect(grid[1]).toEqual(header);
  const sheetRow = grid.find((cells) => cells[0] === officer.name) ?? [];
  const salesCell = sheet[XLSX.utils.encode_cell({ r: grid.indexOf(sheetRow), c: header.indexOf("Sales") })];
  expect(salesCell).toMatchObject({ t: "n", v: sales / 100, z: "0.00" });
  const rowsNow = await rowsOfTheReportNow(page);
  // Other tests' officers may post meanwhile: the file holds the table as it was when it was made.
  expect(grid.length - 1).toBeGreaterThanOrEqual(table.length);
  expect(grid.length - 1).toBeLessThanOrEqual(rowsNow);

  // The CSV: the same title, columns and figures.
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const csv = fs
    .readFileSync(await csvDownload.path(), "utf8")
    .trimEnd()
    .split("\r\n");
  expect(csv[1]).toBe(header.map((name) => (name.includes(",") ? `"${name}"` : name)).join(","));
  const csvRow = csv.find((line) => line.startsWith(`${officer.name},`))?.split(",") ?? [];
  expect(csvRow[header.indexOf("Sales")]).toBe((sales / 100).toFixed(2));
  expect(csvRow[header.indexOf("Recovery")]).toBe((recovery / 100).toFixed(2));
  expect(csv.length - 1).toBeGreaterThanOrEqual(table.length);
  expect(csv.length - 1).toBeLessThanOrEqual(await rowsOfTheReportNow(page));
});

test("by day: every day of the chosen dates is a row, with the chart over them; a period that runs backwards says so", async ({
  page,
}) => {
  await signIn(page, "manager");
  await page.goto("/reports");
  await page.getByLabel("Period").selectOption("");
  await page.getByLabel("From", { exact: true }).fill("2026-11-01");
  await page.getByLabel("To", { exact: true }).fill("2026-11-07");
  await page.getByLabel("Group by").selectOption("day");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/groupBy=day/);
  await expect(page.getByText("for Nov 1, 2026 – Nov 7, 2026, against Oct 25, 2026 – Oct 31, 2026.")).toBeVisible();
  const table = await pageTable(page);
  expect(table.slice(1, -1).map((cells) => cells[0])).toEqual([
    "Nov 1, 2026",
    "Nov 2, 2026",
    "Nov 3, 2026",
    "Nov 4, 2026",
    "Nov 5, 2026",
    "Nov 6, 2026",
    "Nov 7, 2026",
  ]);
  expect(table.at(-1)?.[0]).toBe("Total");

  await page.getByLabel("From", { exact: true }).fill("2026-11-08");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/from=2026-11-08/);
  await expect(page.getByRole("alert")).toContainText("From must be on or before To. Showing this month.");
});

test("an officer sees their own figures only, with no officer to choose", async ({ page }) => {
  await signIn(page, "officer2");
  await page.goto("/reports?groupBy=officer&period=last-90-days");
  await expect(page.getByText("Your figures for")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Officer" })).toHaveCount(0);
  const rows = (await pageTable(page)).slice(1, -1);
  expect(rows.length).toBeLessThanOrEqual(1);
});

/** The account menu (under the initials, beside Edit Profile) leads to /reports: the tab bar is the spec's seven tabs. */
async function expectReportsInMenu(page: Page) {
  await page.goto("/dealers");
  await expect(page.locator('details a[href="/reports"]')).toHaveText("Reports");
}

test("Reports has its own place in an officer's account menu", async ({ page }) => {
  await signIn(page, "officer1");
  await expectReportsInMenu(page);
});

test("a manager finds Reports in the account menu; it opens on this month, without the manager as an officer row", async ({
  page,
}) => {
  await signIn(page, "manager");
  await expectReportsInMenu(page);
  await page.goto("/reports");
  await expect(page.getByLabel("Period")).toHaveValue("this-month");
  const rows = await reportTable(page).locator("tbody tr th, tbody tr td:first-child").allTextContents();
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.join("|")).not.toContain("Tariq Mehmood");
});
