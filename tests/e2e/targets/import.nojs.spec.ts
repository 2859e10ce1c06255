import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { countRows, expect, signIn, test } from "../support/fixtures";
import { gridWorkbook } from "../../support/spreadsheets";
import { TARGET_IMPORT_HEADER } from "~/lib/target-import";
import { newOfficer } from "./support";

// Targets from an Excel file without JavaScript (decision 90): the template is the manager's
// officers with their targets of the period; one row in error imports nothing and the page names
// it in place; a good file sets every row's targets; the template sent back sets them again.
// Another team's officer in a row (403) is the model's and the access matrix's: this level shares
// one team with every other spec.

// A period no other spec sets targets for, so the template's other rows are all empty.
const PERIOD = "RABI-2041";
type Cell = string | number | null;
const xlsx = (grid: Cell[][]) => ({
  name: "targets.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer: gridWorkbook(grid),
});
const targetsOf = (userId: number) => countRows("SELECT COUNT(*) AS n FROM Target WHERE userId = ?", userId);

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Spreadsheet").setInputFiles(file);
  await page.getByRole("button", { name: "Import Targets" }).click();
}

/** The template the page links to, read: its first sheet's rows. */
async function template(page: Page): Promise<{ buffer: Buffer; rows: Cell[][] }> {
  const link = page.getByRole("link", { name: /Download the template/ });
  const answer = await page.request.get((await link.getAttribute("href"))!);
  expect([answer.status(), answer.headers()["content-type"]]).toEqual([
    200,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ]);
  const buffer = await answer.body();
  const book = XLSX.read(buffer);
  const rows = XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
  return { buffer, rows };
}

test("a manager imports targets: a bad row imports nothing, a good file every row, the template sent back the same", async ({
  page,
  request,
}) => {
  const officer = await newOfficer(request);
  const email = `${officer.username}@example.pk`;
  await signIn(page, "manager");
  await page.goto(`/targets?period=${PERIOD}`);
  await page.getByRole("link", { name: "Import targets from Excel" }).click();
  await expect(page.getByRole("heading", { name: "Import Targets", level: 1 })).toBeVisible();
  const empty = await template(page);
  expect(empty.rows[0]).toEqual([...TARGET_IMPORT_HEADER]);
  expect(empty.rows).toContainEqual([email, PERIOD, null, null, null, null, null, null, null, null]);

  await upload(
    page,
    xlsx([[...TARGET_IMPORT_HEADER], [email, PERIOD, 300], [email, "9999-01", 5], [email, "2041-01", -5]]),
  );
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Import Failed");
  await expect(alert).toContainText(
    "2 of 3 rows have errors. Nothing was imported: correct them and import the file again.",
  );
  await expect(alert.getByRole("listitem")).toHaveText([
    "Row 3: Period must be a month like 2026-11 or a season like RABI-2026 or KHARIF-2026, from 2000 to 2100",
    "Row 4: SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000, or empty for no target",
  ]);
  expect(targetsOf(officer.id)).toBe(0);

  await upload(page, xlsx([[...TARGET_IMPORT_HEADER], [email, PERIOD, 300, null, null, "1250.00"]]));
  await expect(page).toHaveURL(new RegExp(`/targets/import\\?period=${PERIOD}$`));
  await expect(page.getByText("2 targets of 1 officer imported successfully.")).toBeVisible();
  expect(targetsOf(officer.id)).toBe(2);

  const filled = await template(page);
  expect(filled.rows).toContainEqual([email, PERIOD, 300, null, null, "1250.00", null, null, null, null]);
  await upload(page, { ...xlsx([]), buffer: filled.buffer });
  await expect(page.getByText(/targets? of \d+ officers? imported successfully\./)).toBeVisible();
  expect(targetsOf(officer.id)).toBe(2);
});

test("a file the import cannot take is refused in place", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await signIn(page, "manager");
  await page.goto("/targets/import");
  await upload(
    page,
    xlsx([
      [...TARGET_IMPORT_HEADER, "Urea bags"],
      [`${officer.username}@example.pk`, PERIOD, 5],
    ]),
  );
  await expect(page.getByRole("alert")).toContainText('The spreadsheet has unknown column(s): "Urea bags".');
  await upload(page, { name: "targets.csv", mimeType: "text/csv", buffer: Buffer.from("Officer Email,Period\n") });
  await expect(page.getByRole("alert")).toContainText("Please select an Excel file (.xlsx or .xls)");
  expect(targetsOf(officer.id)).toBe(0);
});

test("an officer may not import targets, nor download the template", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await signIn(page, "officer1");
  for (const path of ["/targets/import", "/targets/import/template.xlsx"]) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  const posted = await page.request.post("/targets/import", {
    multipart: { file: xlsx([[...TARGET_IMPORT_HEADER], [`${officer.username}@example.pk`, PERIOD, 5]]) },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  expect(targetsOf(officer.id)).toBe(0);
});
