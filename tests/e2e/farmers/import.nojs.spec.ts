import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { countRows, expect, signIn, test, uniqueName } from "../support/fixtures";
import { gridWorkbook } from "../../support/spreadsheets";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";

// Farmers from an Excel file without JavaScript (decision 99): the manager downloads the template,
// one row in error imports nothing and the page names it in place, a good file adds every farmer
// to the team the manager leads. Another team's import (403) and an admin's choice of team are
// the model's and the access matrix's: this level shares one team with every other spec.

type Cell = string | number | null;
const xlsx = (grid: Cell[][]) => ({
  name: "farmers.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer: gridWorkbook(grid),
});
/** Mobiles no other run of the suite has used: 0305, then the clock's last six digits and `n`. */
const uniquePhone = (n: number) => `0305${String(Date.now()).slice(-6)}${n}`;
const farmersNamed = (prefix: string) => countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name LIKE ?", `${prefix}%`);

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Spreadsheet").setInputFiles(file);
  await page.getByRole("button", { name: "Import Farmers" }).click();
}

test("a manager imports farmers: the template, a bad row imports nothing, a good file every farmer", async ({
  page,
}) => {
  const prefix = uniqueName("Imported");
  await signIn(page, "manager");
  await page.goto("/farmers");
  await page.getByRole("link", { name: "Import farmers from Excel" }).click();
  await expect(page.getByRole("heading", { name: "Import Farmers", level: 1 })).toBeVisible();
  const template = await page.request.get(
    (await page.getByRole("link", { name: /Download the template/ }).getAttribute("href"))!,
  );
  expect([template.status(), template.headers()["content-type"]]).toEqual([
    200,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ]);
  const book = XLSX.read(await template.body());
  expect(XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]).toEqual([
    ...FARMER_IMPORT_HEADER,
  ]);

  const phone = uniquePhone(1);
  const good = [`${prefix} Rasool`, phone, "Chak 45", "Sahiwal", "Sahiwal", 12.5, "Wheat, Cotton", null];
  const bad: Cell[][] = [
    [...FARMER_IMPORT_HEADER],
    good,
    [`${prefix} Ditta`, phone, "Chak 9", "Okara", "Okara", 3, null, null],
    [`${prefix} Bashir`, null, "Chak 7", "Okara", "Okara", 99_999, null, null],
  ];
  await upload(page, xlsx(bad));
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Import Failed");
  await expect(alert).toContainText(
    "2 of 3 rows have errors. Nothing was imported: correct them and import the file again.",
  );
  await expect(alert.getByRole("listitem")).toHaveText([
    `Row 3: The phone +92${phone.slice(1)} is also in row 2`,
    "Row 4: Land must be from 0.01 to 10,000 acres, with at most two decimals",
  ]);
  const posted = await page.request.post("/farmers/import", { multipart: { file: xlsx(bad) }, maxRedirects: 0 });
  expect(posted.status()).toBe(400);
  expect(farmersNamed(prefix)).toBe(0);

  await upload(page, xlsx([[...FARMER_IMPORT_HEADER], good, [`${prefix} Ditta`, null, null, "Okara", "Okara", 3]]));
  await expect(page).toHaveURL(/\/farmers$/);
  await expect(page.getByText("2 farmers imported successfully.")).toBeVisible();
  expect(farmersNamed(prefix)).toBe(2);
  await page.goto(`/farmers?${new URLSearchParams({ query: prefix })}`);
  await expect(page.getByRole("link", { name: `${prefix} Rasool` })).toBeVisible();
});

test("a file the import cannot take is refused in place", async ({ page }) => {
  await signIn(page, "manager");
  await page.goto("/farmers/import");
  await upload(
    page,
    xlsx([
      [...FARMER_IMPORT_HEADER, "Cattle"],
      ["Somebody", null, null, "Okara", "Okara", 3],
    ]),
  );
  await expect(page.getByRole("alert")).toContainText('The spreadsheet has unknown column(s): "Cattle".');
  await upload(page, { name: "farmers.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Phone\n") });
  await expect(page.getByRole("alert")).toContainText("Please select an Excel file (.xlsx or .xls)");
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = 'Somebody'")).toBe(0);
});

test("an officer has no import: no link, and the page, its template and its post refused", async ({ page }) => {
  const name = uniqueName("Officer import");
  await signIn(page, "officer1");
  await page.goto("/farmers");
  await expect(page.getByRole("link", { name: "Import farmers from Excel" })).toHaveCount(0);
  for (const path of ["/farmers/import", "/farmers/import/template.xlsx"])
    expect((await page.request.get(path)).status(), path).toBe(403);
  const posted = await page.request.post("/farmers/import", {
    multipart: { file: xlsx([[...FARMER_IMPORT_HEADER], [name, null, null, "Okara", "Okara", 3]]) },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", name)).toBe(0);
});
