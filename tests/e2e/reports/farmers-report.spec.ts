import fs from "node:fs";
import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { newOfficer } from "../targets/support";
import { seasonOf } from "~/lib/target-period";
import { seasonOfFieldWork } from "./farmer-rows";

// The reports page's farmers view (decision 98), JavaScript off: a manager chooses it in the
// report's form and reads an officer's farmers reached (new and repeat), meetings, plots by stage
// and yield gain, "–" where no plot was harvested, and downloads the table as .xlsx. Another team
// (403) is the access matrix's and the model's: this level has one team.

const table = (page: Page) => page.getByRole("region", { name: "Report table" }).getByRole("table");

async function pageTable(page: Page): Promise<string[][]> {
  return table(page)
    .getByRole("row")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
    );
}

test("a manager reads an officer's season of farmers and plots, '–' without a harvest, and the Excel file holds the table", async ({
  page,
  request,
}) => {
  const worker = await newOfficer(request);
  const idle = await newOfficer(request);
  seasonOfFieldWork(worker.id);
  const season = seasonOf(karachiDate());

  await signIn(page, "manager");
  await page.goto("/reports");
  // From the sales report's form: its quick period and grouping are left out, not refused.
  await page.getByLabel("Report", { exact: true }).selectOption("farmers");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/view=farmers/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Chart").selectOption("newFarmers");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(new RegExp(`season=${season}`));
  await expect(page.getByRole("heading", { name: "New farmers" })).toBeVisible();

  const rows = await pageTable(page);
  const header = rows[0] ?? [];
  expect(header).toEqual([
    "Officer",
    "Farmers reached",
    "New farmers",
    "Repeat farmers",
    "Meetings",
    "Head count",
    "Named attendees",
    "Plots sown",
    "Plots at mid-season",
    "Plots harvested",
    "Plots with yields",
    "Average yield gain",
  ]);
  expect(rows.find((cells) => cells[0] === worker.name)).toEqual([
    worker.name,
    ...["3", "2", "1", "1", "9", "2", "0", "1", "1", "1", "+10.0%"],
  ]);
  // Nothing harvested: "–", never 0 %.
  expect(rows.find((cells) => cells[0] === idle.name)?.slice(-2)).toEqual(["0", "–"]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Excel" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`fieldline-farmers-officer-${season}.xlsx`);
  const book = XLSX.read(fs.readFileSync(await download.path()), { cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""]!;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "" });
  expect(String(grid[0]?.[0])).toMatch(/^Fieldline farmers and demo plots, (Rabi|Kharif) .* on .*, by officer$/);
  expect(grid[1]).toEqual(header);
  const at = grid.findIndex((cells) => cells[0] === worker.name);
  const cell = (name: string, row = at) => sheet[XLSX.utils.encode_cell({ r: row, c: header.indexOf(name) })];
  expect(cell("Farmers reached")).toMatchObject({ t: "n", v: 3 });
  expect(cell("Average yield gain")).toMatchObject({ t: "n", v: 0.1, z: "0.0%" });
  const idleAt = grid.findIndex((cells) => cells[0] === idle.name);
  expect(cell("Average yield gain", idleAt)).toMatchObject({ t: "s", v: "–" });
});

test("by product and crop, the season's harvested plots' average gain; an officer sees their own row", async ({
  page,
  request,
}) => {
  const officer = await newOfficer(request);
  seasonOfFieldWork(officer.id);
  await signIn(page, officer.username, "target-pass-1");
  await page.goto("/reports?view=farmers");
  await expect(page.getByText("Your farmers reached")).toBeVisible();
  const own = await pageTable(page);
  expect(own.slice(1, -1).map((cells) => cells[0])).toEqual([officer.name]);
  expect(own.at(-1)?.slice(0, 2)).toEqual(["Total", "3"]);

  await page.getByLabel("Group by").selectOption("product");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByRole("heading", { name: "Farmers and demo plots by product and crop" })).toBeVisible();
  expect(await pageTable(page)).toEqual([
    ["Product and crop", "Plots with yields", "Average yield gain"],
    ["SSP Fertilizer, Wheat", "1", "+10.0%"],
    ["Total", "1", "+10.0%"],
  ]);
});

test("a malformed season shows this season by officer with the refusal", async ({ page }) => {
  await signIn(page, "manager");
  await page.goto("/reports?view=farmers&season=RABI-9999&groupBy=village");
  await expect(page.getByRole("alert")).toContainText(
    "Season must be like RABI-2026 or KHARIF-2026, from 2000 to 2100. Showing this season by officer.",
  );
  await expect(page.getByRole("alert")).toContainText("Unknown grouping");
  await expect(page.getByRole("heading", { name: "Farmers and demo plots by officer" })).toBeVisible();
});
