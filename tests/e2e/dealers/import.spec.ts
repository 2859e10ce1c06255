import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";
import * as XLSX from "@e965/xlsx";
import { dealerRow, dealerWorkbook } from "../../support/spreadsheets";
import { FAKE_SEARCH_POINT } from "../../support/fake-edge.mjs";

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** Imports a file from the directory: the dialog with JavaScript, the import page without. Answers where the results show. */
async function runImport(page: Page, javaScriptEnabled: boolean, upload: Upload): Promise<Locator> {
  await page.goto("/dealers");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Import Dealers" });
    await dialog.getByLabel("Spreadsheet").setInputFiles(upload);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByRole("button", { name: "Import Dealers" }).click();
    return dialog;
  }
  await expect(page).toHaveURL(/\/dealers\/import$/);
  await page.getByLabel("Spreadsheet").setInputFiles(upload);
  await page.getByRole("button", { name: "Import Dealers" }).click();
  await expect(page).toHaveURL(/\/dealers\/import\?result=\d+/);
  return page.getByRole("main");
}

/** An .xlsx of these rows under these headers. */
function xlsxUpload(grid: Array<Array<string | number>>): Upload {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(grid), "Dealers");
  return {
    name: "dealers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer,
  };
}

test(
  "import a spreadsheet with good rows, bad rows and duplicates; again creates nothing",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer5");
    const tag = uniqueName("Imported");
    const file = dealerWorkbook([
      dealerRow(1, tag),
      dealerRow(2, tag, { business_name: null }),
      dealerRow(3, tag),
      dealerRow(1, tag),
      dealerRow(4, tag, { email: "broken@", City: null }),
      dealerRow(5, tag),
    ]);
    const upload = {
      name: "dealers.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: file,
    };

    let results = await runImport(page, javaScriptEnabled, upload);
    await expect(results.getByTestId("import-total")).toHaveText("6");
    await expect(results.getByTestId("import-successful")).toHaveText("3");
    await expect(results.getByTestId("import-failed")).toHaveText("3");
    await expect(results.getByText("Import Completed with Errors").first()).toBeVisible();
    await expect(results.getByRole("list", { name: "Import errors" }).getByRole("listitem")).toHaveText([
      "Row 3: business_name is required",
      "Row 6: Invalid email; City is required",
    ]);
    // A row already in the directory counts as failed, but is listed apart: harmless.
    await results.getByText("1 already in the directory (skipped, nothing to do)").click();
    await expect(results.getByRole("list", { name: "Already in the directory" }).getByRole("listitem")).toHaveText([
      "Row 5: already in the directory (same business name and phone), skipped",
    ]);

    // The new dealers are in the directory.
    if (javaScriptEnabled) await results.getByRole("button", { name: "Close", exact: true }).last().click();
    await page.goto(`/dealers?query=${encodeURIComponent(tag)}`);
    await expect(page.getByRole("list", { name: "Dealers" }).getByRole("listitem")).toHaveCount(3);

    results = await runImport(page, javaScriptEnabled, upload);
    await expect(results.getByTestId("import-successful")).toHaveText("0");
    await expect(results.getByTestId("import-failed")).toHaveText("6");
    await page.goto(`/dealers?query=${encodeURIComponent(tag)}`);
    await expect(page.getByRole("list", { name: "Dealers" }).getByRole("listitem")).toHaveCount(3);
  },
);

test("rows without coordinates are placed from their address and marked approximate; errors name the template's headers", async ({
  page,
  javaScriptEnabled,
}) => {
  await signIn(page, "officer5");
  const tag = uniqueName("Unplaced");
  // A normal dealer sheet: the template's headers, no Latitude, Longitude or Formatted Address.
  const header = ["Business Name", "Phone", "Street", "City", "State"];
  const results = await runImport(
    page,
    javaScriptEnabled,
    xlsxUpload([
      header,
      [`${tag} Shah Seeds`, "+92 300 1110001", "Shop 3, Grain Market", "Jhang", "Punjab"],
      [`${tag} Vehari Agro`, "+92 300 1110002", "Geocoder down, Chowk Bazaar", "Vehari", "Punjab"],
      ["", "+92 300 1110003", "Shop 9, Main Bazaar", "Okara", "Punjab"],
      [`${tag} Lost Traders`, "+92 300 1110004", "Nowhere Lane", "Nowhere Town", "Punjab"],
    ]),
  );
  await expect(results.getByTestId("import-total")).toHaveText("4");
  await expect(results.getByTestId("import-successful")).toHaveText("2");
  await expect(results.getByRole("list", { name: "Import errors" }).getByRole("listitem")).toHaveText([
    "Row 4: Business Name is required",
    "Row 5: the address could not be found on the map: check Street and City, or fill in Latitude and Longitude",
  ]);

  // The geocoder's place, or the town's centre when it is down: both approximate.
  for (const [name, place] of [
    [`${tag} Shah Seeds`, `${FAKE_SEARCH_POINT.lat.toFixed(6)}, ${FAKE_SEARCH_POINT.lng.toFixed(6)}`],
    [`${tag} Vehari Agro`, "30.045200, 72.348900"],
  ] as const) {
    await page.goto(`/dealers?query=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `View Details of ${name}` }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText(place, { exact: true })).toBeVisible();
    await expect(page.getByText("Approximate: placed from the address; set the pin when you can.")).toBeVisible();
  }
});

test(
  "the import refuses a file that is not Excel, by its bytes",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer6");
    await page.goto(javaScriptEnabled ? "/dealers" : "/dealers/import");
    const fake = {
      name: "dealers.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from("name,city\nA,B\n"),
    };
    if (javaScriptEnabled) {
      await page.getByRole("link", { name: "Import", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Import Dealers" });
      await dialog.getByLabel("Spreadsheet").setInputFiles({ ...fake, name: "notes.csv" });
      await dialog.getByRole("button", { name: "Upload" }).click();
      await expect(dialog.getByText("Invalid File Type")).toBeVisible();
      await dialog.getByLabel("Spreadsheet").setInputFiles(fake);
      await dialog.getByRole("button", { name: "Upload" }).click();
      await expect(dialog.getByText("Upload Failed")).toBeVisible();
      await expect(dialog.getByText("Please select an Excel file (.xlsx or .xls)")).toBeVisible();
    } else {
      await page.getByLabel("Spreadsheet").setInputFiles(fake);
      await page.getByRole("button", { name: "Import Dealers" }).click();
      await expect(page.getByText("Invalid File Type")).toBeVisible();
      await expect(page.getByText("Please select an Excel file (.xlsx or .xls)")).toBeVisible();
    }
  },
);

test("the admin imports the 76-dealer sample; an officer is denied", { tag: "@browser" }, async ({ page }) => {
  await signIn(page, "officer7");
  const denied = await page.goto("/admin/import");
  expect(denied?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import 76 Dealers" })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, "admin");
  await page.goto("/admin/import");
  await expect(page.getByText("Warning")).toBeVisible();
  await page.getByRole("button", { name: "Import 76 Dealers" }).click();
  // The page opens on the results, below the fold on a phone.
  await expect(page).toHaveURL(/\/admin\/import\?result=\d+#import-results$/);
  await expect(page.getByRole("region", { name: "Import results" })).toBeInViewport();
  await expect(page.getByTestId("import-total")).toHaveText("76");
  // The first run adds all 76; a later one (the other browser project, same server) skips them as duplicates.
  const successful = Number(await page.getByTestId("import-successful").textContent());
  const failed = Number(await page.getByTestId("import-failed").textContent());
  expect([successful, failed].sort()).toEqual([0, 76]);
  if (failed > 0) {
    // As the spec says for this page: the first 5 row errors, then how many more.
    await expect(page.getByRole("list", { name: "Import errors" }).getByRole("listitem")).toHaveCount(6);
    await expect(page.getByText("... and 71 more errors")).toBeVisible();
  }
  await page.goto("/dealers?query=Quetta");
  await expect(page.getByRole("list", { name: "Dealers" }).getByRole("listitem").first()).toBeVisible();
});

test(
  "the template downloads with plain headers, and a file filled in on it imports",
  { tag: "@browser" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer5");
    await page.goto(javaScriptEnabled ? "/dealers" : "/dealers/import");
    if (javaScriptEnabled) await page.getByRole("link", { name: "Import", exact: true }).click();
    const link = page.getByRole("link", { name: "Download the template" });
    await expect(link).toHaveAttribute("href", "/dealers/import/template.xlsx");
    const download = await page.request.get("/dealers/import/template.xlsx");
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain("dealers-template.xlsx");
    const template = XLSX.read(await download.body());
    const header = XLSX.utils.sheet_to_json<string[]>(template.Sheets[template.SheetNames[0]!]!, { header: 1 })[0]!;
    expect(header).toEqual([
      "Business Name",
      "Owner First Name",
      "Owner Last Name",
      "Phone",
      "Email",
      "Street",
      "City",
      "State",
      "Postal Code",
      "Latitude",
      "Longitude",
      "Formatted Address",
    ]);

    // Filled in under those headers, it imports.
    const tag = uniqueName("Template");
    const row = dealerRow(7, tag);
    const values = [
      row.business_name,
      row.owner_first_name,
      row.owner_last_name,
      row.phone,
      row.email,
      row.street,
      row.City,
      row.State,
      row.postal_code,
      row.lat,
      row.lng,
      row.formatted_address,
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, values]), "Dealers");
    const filled = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    await page.goto("/dealers/import");
    await page.getByLabel("Spreadsheet").setInputFiles({
      name: "filled.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: filled,
    });
    await page.getByRole("button", { name: "Import Dealers" }).click();
    await expect(page).toHaveURL(/\/dealers\/import\?result=\d+#import-results$/);
    await expect(page.getByTestId("import-successful")).toHaveText("1");
    await expect(page.getByRole("region", { name: "Import results" })).toBeInViewport();
  },
);
