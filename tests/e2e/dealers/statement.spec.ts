import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { reviewScreenshot } from "../support/screenshots";
import { readInUrdu } from "../../support/urdu";
import { addDealerThroughApi } from "./support";

// A dealer's statement page (issue 48, item 4; decision 83): the period form, the figures, the
// Excel file and the share link, with JavaScript off. Server decisions: no @js.

async function dealerWithEntries(page: Page, fields: Record<string, unknown> = {}) {
  const me = (await (await page.request.get("/api/user")).json()) as { teamId: number };
  const dealer = await addDealerThroughApi(page, { teamId: me.teamId, ...fields });
  for (const data of [
    { type: "SALE", saleProduct: "SSP", saleQty: 4, salePrice: "1250.00", dealerId: dealer.id },
    { type: "RECOVERY", recoveryAmount: "1800.50", dealerId: dealer.id },
  ]) {
    const response = await page.request.post("/api/posts", { data: { text: uniqueName("Counter"), ...data } });
    expect(response.status(), await response.text()).toBe(201);
  }
  return dealer;
}

test("a dealer's statement shows the period's entries between its opening and closing balances, and its Excel file the same", async ({
  page,
}) => {
  await signIn(page, "officer6");
  const dealer = await dealerWithEntries(page);
  await page.goto(`/dealer-details/${dealer.id}`);
  await page.getByRole("link", { name: "Full statement" }).click();
  await expect(page).toHaveURL(`/dealer-details/${dealer.id}/statement`);
  await expect(page.getByRole("heading", { name: `Statement of ${dealer.businessName}` })).toBeVisible();
  const { formattedAddress } = (await (await page.request.get(`/api/dealers/${dealer.id}`)).json()) as {
    formattedAddress: string;
  };
  await expect(page.getByText(formattedAddress, { exact: true })).toBeVisible();
  const today = karachiDate();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(`${today.slice(0, 8)}01`);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(today);
  const rows = page.getByTestId("statement-entry");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Sale");
  await expect(rows.nth(0)).toContainText("SSP Fertilizer, 4 bags at $1,250.00");
  await expect(rows.nth(0)).toContainText("$5,000.00");
  await expect(rows.nth(1)).toContainText("Recovery");
  await expect(rows.nth(1)).toContainText("$1,800.50");
  await expect(rows.nth(1)).toContainText("$3,199.50");
  await expect(page.getByTestId("opening-balance")).toHaveText("$0.00");
  await expect(page.getByTestId("total-debits")).toHaveText("$5,000.00");
  await expect(page.getByTestId("total-credits")).toHaveText("$1,800.50");
  await expect(page.getByTestId("closing-balance")).toHaveText("$3,199.50");
  // Each entry names its post, a link to it.
  await expect(rows.nth(0).getByRole("link")).toHaveAttribute("href", /^\/posts\/\d+$/);

  // The Excel file holds the same figures, as numbers.
  const href = await page.getByRole("link", { name: "Download Excel" }).getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="statement-dealer-\d+-.+\.xlsx"$/);
  const sheet = XLSX.read(await file.body()).Sheets.Report!;
  const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
  expect(cells[0]![0]).toMatch(new RegExp(`^Statement of ${dealer.businessName}, `));
  expect(cells.slice(2).map((row) => [row[1], row[3], row[4], row[5]])).toEqual([
    ["Opening balance", undefined, undefined, 0],
    ["Sale", 5000, undefined, 5000],
    ["Recovery", undefined, 1800.5, 3199.5],
    ["Closing balance", 5000, 1800.5, 3199.5],
  ]);

  // A later period: every entry is in its opening balance.
  const tomorrow = karachiDate(-1);
  await page.getByLabel("From", { exact: true }).fill(tomorrow);
  await page.getByLabel("To", { exact: true }).fill(tomorrow);
  await page.getByRole("button", { name: "Show statement" }).click();
  await expect(page.getByTestId("opening-balance")).toHaveText("$3,199.50");
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("No entries in this period.")).toBeVisible();
  await expect(page.getByTestId("closing-balance")).toHaveText("$3,199.50");
});

test("a wrong period answers 400 with its message and the form as typed; another team's dealer 403", async ({
  page,
}) => {
  await signIn(page, "officer6");
  const dealer = await dealerWithEntries(page);
  await page.goto(`/dealer-details/${dealer.id}/statement`);
  await page.getByLabel("From", { exact: true }).fill("2026-11-30");
  await page.getByLabel("To", { exact: true }).fill("2026-11-01");
  await page.getByRole("button", { name: "Show statement" }).click();
  await expect(page.getByText("The statement's period ends before it starts.")).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-30");
  await expect(page.getByTestId("statement-table")).toHaveCount(0);
  expect((await page.reload())?.status()).toBe(400);

  const farOff = await page.goto(`/dealer-details/${dealer.id}/statement?from=9999-01-01&to=9999-01-31`);
  expect(farOff?.status()).toBe(400);
  await expect(
    page.getByText("from must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd"),
  ).toBeVisible();

  // A dealer in nobody's territory is an admin's alone to read: its statement, file and links.
  const noTeam = await addDealerThroughApi(page, { teamId: null });
  await page.goto(`/dealer-details/${noTeam.id}`);
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Full statement" })).toHaveCount(0);
  for (const path of [`/dealer-details/${noTeam.id}/statement`, `/dealer-details/${noTeam.id}/statement.xlsx`])
    expect((await page.goto(path))?.status(), path).toBe(403);
  expect((await page.goto("/dealer-details/999999/statement"))?.status()).toBe(404);
});

test("Share statement makes a link to copy and send by WhatsApp that opens the statement signed out", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, "officer6");
  const dealer = await dealerWithEntries(page);
  await page.goto(`/dealer-details/${dealer.id}/statement`);
  await page.getByRole("button", { name: "Share statement" }).click();
  await expect(page.getByText("Share link ready")).toBeVisible();
  const share = page.getByTestId("statement-share");
  await expect(share).toContainText("Anyone with this link can see this statement, without an account, until");
  await expect(share).toContainText("(a link lasts 7 days)");
  const url = await page.getByRole("textbox", { name: "Statement link" }).inputValue();
  expect(url).toMatch(/\/statement\/\d+\.\d{8}\.\d{8}\.\d+\.[\w-]+$/);
  const whatsApp = new URL((await page.getByRole("link", { name: "Send by WhatsApp" }).getAttribute("href"))!);
  expect(whatsApp.origin + whatsApp.pathname).toBe("https://wa.me/");
  const today = karachiDate();
  expect(whatsApp.searchParams.get("text")).toBe(
    `Statement of ${dealer.businessName}, ${today.slice(0, 8)}01 to ${today}, as of ${await page
      .getByTestId("statement-as-of")
      .textContent()
      .then((text) => text!.replace(/^As of /, ""))}: ${url}`,
  );

  const signedOut = await playwright.request.newContext({ baseURL });
  try {
    const shared = await signedOut.get(new URL(url).pathname);
    expect(shared.status()).toBe(200);
    const html = await shared.text();
    expect(html).toContain(`Statement of ${dealer.businessName}`);
    expect(html).toContain("$3,199.50");
    expect(html).toContain("This link works until");
    // No menus, no way to other pages.
    expect(html).not.toMatch(/<nav\b/);
    expect(html).not.toContain('href="/posts/');
  } finally {
    await signedOut.dispose();
  }
});

test(
  "the statement, its share link and the page the link opens at 360 px, for the review",
  { tag: ["@browser", "@js"] },
  async ({ page, javaScriptEnabled }) => {
    const js = javaScriptEnabled ? "js-on" : "js-off";
    await signIn(page, "officer6");
    const dealer = await dealerWithEntries(page);
    await page.goto(`/dealer-details/${dealer.id}/statement`);
    await expect(page.getByTestId("closing-balance")).toHaveText("$3,199.50");
    await reviewScreenshot(page, `statement-${js}-360`, { fullPage: true });
    await page.getByRole("button", { name: "Share statement" }).click();
    await expect(page.getByTestId("statement-share")).toBeVisible();
    await reviewScreenshot(page, `statement-share-${js}-360`, { fullPage: true });
    const url = await page.getByRole("textbox", { name: "Statement link" }).inputValue();
    await page.context().clearCookies();
    await page.goto(new URL(url).pathname);
    await expect(page.getByTestId("closing-balance")).toHaveText("$3,199.50");
    await expectTableInView(page);
    await reviewScreenshot(page, `statement-shared-${js}-360`, { fullPage: true });

    // Right to left, with a big dealer's figures: each table starts at the reading start and shows
    // its balance without a scroll.
    await signIn(page, "officer6");
    await readInUrdu(page);
    const big = await dealerWithEntries(page);
    for (const data of [
      { type: "SALE", saleProduct: "ORGANIC", saleQty: 4000, salePrice: "2450.00", dealerId: big.id },
      { type: "RECOVERY", recoveryAmount: "1250000.75", dealerId: big.id },
    ]) {
      const response = await page.request.post("/api/posts", { data: { text: uniqueName("Counter"), ...data } });
      expect(response.status(), await response.text()).toBe(201);
    }
    await page.goto(`/dealer-details/${big.id}/statement`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectTableInView(page);
    await reviewScreenshot(page, `statement-ur-${js}-360`, { fullPage: true });
    await page.getByRole("button", { name: "اسٹیٹمنٹ شیئر کریں" }).click();
    const shared = await page.getByRole("textbox", { name: "اسٹیٹمنٹ کا لنک" }).inputValue();
    await page.goto(new URL(shared).pathname);
    await expectTableInView(page);
    await reviewScreenshot(page, `statement-shared-ur-${js}-360`, { fullPage: true });
  },
);

/** The statement's table is read whole on the phone, no scroll: its first and its balance columns in its box. */
async function expectTableInView(page: Page) {
  const box = (await page.getByTestId("statement-table").locator("..").boundingBox())!;
  for (const cell of [page.getByTestId("statement-entry").first(), page.getByTestId("closing-balance")]) {
    const { x, width } = (await cell.boundingBox())!;
    expect(x, "the cell starts in the table's box").toBeGreaterThanOrEqual(box.x);
    expect(x + width, "the cell ends in the table's box").toBeLessThanOrEqual(box.x + box.width);
  }
}
