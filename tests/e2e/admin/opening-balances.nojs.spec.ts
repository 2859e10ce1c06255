import type { Page } from "@playwright/test";
import { countRows, expect, signIn, test, uniqueName } from "../support/fixtures";
import { gridWorkbook } from "../../support/spreadsheets";

// The admin's opening balances from an Excel file, without JavaScript (issue 48, decision 87):
// every row is checked, one row in error imports nothing and the page names it, a good file opens
// every dealer of it, and the same file again adds nothing.

const HEADER = ["Dealer ID", "Business Name", "City", "Opening Balance", "Reason"];
const xlsx = (grid: Array<Array<string | number | null>>) => ({
  name: "opening-balances.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer: gridWorkbook(grid),
});

async function newDealer(page: Page): Promise<{ id: number; businessName: string }> {
  const response = await page.request.post("/api/dealers", {
    data: {
      businessName: uniqueName("Opening Traders"),
      street: "Grain Market",
      city: "Okara",
      state: "Punjab",
      lat: 30.8138,
      lng: 73.4534,
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

const openings = (...dealerIds: number[]) =>
  countRows(
    `SELECT COUNT(*) AS n FROM LedgerEntry WHERE kind = 'OPENING' AND dealerId IN (${dealerIds.map(() => "?").join(",")})`,
    ...dealerIds,
  );

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Spreadsheet").setInputFiles(file);
  await page.getByRole("button", { name: "Import Opening Balances" }).click();
}

test("an admin imports opening balances: a bad row imports nothing, a good file all, the same file again nothing", async ({
  page,
}) => {
  await signIn(page, "admin");
  const [first, second] = [await newDealer(page), await newDealer(page)];
  await page.goto("/admin");
  await page.getByRole("link", { name: "Opening balances" }).click();
  await expect(page.getByRole("heading", { name: "Opening Balances", level: 1 })).toBeVisible();
  const template = await page.request.get(
    (await page.getByRole("link", { name: "Download the template" }).getAttribute("href"))!,
  );
  expect([template.status(), template.headers()["content-type"]]).toEqual([
    200,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ]);

  await upload(
    page,
    xlsx([HEADER, [first.id, null, null, "1250.00", "Ledger of 2026"], [999_999_999, null, null, "5", null]]),
  );
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Import Failed");
  await expect(alert).toContainText(
    "1 of 2 rows have errors. Nothing was imported: correct them and import the file again.",
  );
  await expect(alert.getByRole("listitem")).toHaveText(["Row 3: Dealer ID 999999999 not found"]);
  expect(openings(first.id, second.id)).toBe(0);

  const good = xlsx([
    HEADER,
    [first.id, null, null, "1250.00", "Ledger of 2026"],
    [null, second.businessName, "Okara", "-300.50", null],
  ]);
  await upload(page, good);
  await expect(page).toHaveURL(/\/admin\/opening-balances$/);
  await expect(page.getByText("2 opening balances imported successfully.")).toBeVisible();
  expect(openings(first.id, second.id)).toBe(2);

  await upload(page, good);
  await expect(page.getByText("This file was already imported: 2 opening balances, nothing added.")).toBeVisible();
  expect(openings(first.id, second.id)).toBe(2);

  await upload(page, {
    name: "balances.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Dealer ID,Opening Balance\n1,5"),
  });
  await expect(page.getByRole("alert")).toContainText("Please select an Excel file (.xlsx or .xls)");
});

test("the opening-balance import and its template are the admin's alone", async ({ page }) => {
  await signIn(page, "manager");
  for (const path of ["/admin/opening-balances", "/admin/opening-balances/template.xlsx"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
  }
});
