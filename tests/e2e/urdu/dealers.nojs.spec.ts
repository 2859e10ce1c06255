import type { Page } from "@playwright/test";
import * as XLSX from "@e965/xlsx";
import { expect, test } from "../support/fixtures";
import { addDealerThroughApi, photo } from "../dealers/support";

// The dealers' pages in Urdu (issue 51), JavaScript off: each page of the area, as the admin who
// sees every part of it, is right to left with its heading in Urdu, no catalog key left raw and
// none of its English words; the shared statement in the language of the dealer's phone.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;

/**
 * Signs in on a phone set to Urdu. The choice is made before signing in, so it is this device's
 * only: the user's saved language, which the specs running beside this one read, stays as it was.
 */
async function signInInUrdu(page: Page, username: string): Promise<void> {
  await page.request.post("/language", { form: { language: "ur" } });
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill("fieldline");
  await page.getByRole("button", { name: "سائن اِن کریں" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Opens `path` and checks it is an Urdu page headed `heading`, without raw keys or the `english` words. */
async function expectUrduPage(page: Page, path: string, heading: string, english: string[]): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  // What the page shows: its scripts carry the messages under their keys, for the browser.
  const html = (await (await page.request.get(path)).text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  expect(html).not.toMatch(RAW_KEY);
  for (const words of english) expect(html, `"${words}" on ${path}`).not.toContain(words);
}

test("every dealers page reads in Urdu, right to left, its notices and shared statement too", async ({
  page,
  browser,
}) => {
  await signInInUrdu(page, "admin");
  const dealer = await addDealerThroughApi(page, { phone: "+92 300 1234567" });
  const details = `/dealer-details/${dealer.id}`;

  await expectUrduPage(page, "/dealers", "ڈیلرز", ["Add Dealer", "Search dealers", "Create Meeting", "View Details"]);
  await expectUrduPage(page, "/dealers/import", "ڈیلرز امپورٹ کریں", [
    "Import Dealers",
    "Spreadsheet",
    "Download the template",
  ]);
  await expectUrduPage(page, "/add-dealer", "نیا ڈیلر شامل کریں", [
    "Add New Dealer",
    "Business Information",
    "Select a province",
    ">Punjab<",
  ]);

  // An action's notice in the reader's language: the admin sets the opening balance.
  await expectUrduPage(page, details, "ڈیلر کی تفصیل", [
    "Contact Information",
    "Address &amp; Location",
    "Outstanding",
    "Unpaid sales by age",
    "Full statement",
    "Not visited yet",
  ]);
  await expect(page.getByText("Okara، پنجاب")).toBeVisible();
  await page.getByText("ابتدائی بقایا", { exact: true }).first().click();
  await page.getByLabel("ابتدائی بقایا", { exact: true }).fill("1500");
  await page.getByRole("button", { name: "ابتدائی بقایا درج کریں" }).click();
  await expect(page.getByText("ابتدائی بقایا درج ہو گیا!")).toBeVisible();

  await expectUrduPage(page, `${details}?edit=true`, "ڈیلر میں ترمیم کریں", [
    "Profile Picture",
    "Save About",
    "Dealer Information",
    "Business name",
  ]);
  await page.getByLabel("تصویر شامل کریں").setInputFiles({
    name: "shop.png",
    mimeType: "image/png",
    buffer: await photo({ r: 20, g: 120, b: 60 }),
  });
  await page.getByRole("button", { name: "گیلری میں شامل کریں" }).click();
  await expect(page.getByText("تصویر گیلری میں شامل ہو گئی!")).toBeVisible();
  await expectUrduPage(page, `${details}/remove-photo/0`, "تصویر ہٹائیں", ["Remove Photo", "Are you sure"]);

  await expectUrduPage(page, `${details}/statement`, "اسٹیٹمنٹ", [
    "Show statement",
    "Download Excel",
    "Opening balance",
    "Closing balance",
    "Statement of",
  ]);
  // A balance keeps its sign before its amount inside the right-to-left table.
  await expect(page.getByTestId("closing-balance").locator('bdi[dir="ltr"]')).toHaveText("$1,500.00");
  await page.getByRole("button", { name: "اسٹیٹمنٹ شیئر کریں" }).click();
  await expect(page.getByText("شیئر لنک تیار ہے")).toBeVisible();
  const link = new URL(await page.getByRole("textbox", { name: "اسٹیٹمنٹ کا لنک" }).inputValue());
  const whatsApp = new URL((await page.getByRole("link", { name: "WhatsApp پر بھیجیں" }).getAttribute("href"))!);
  expect(whatsApp.searchParams.get("text")).toMatch(new RegExp(`^${dealer.businessName} کی اسٹیٹمنٹ، .+: ${link}$`));

  // The dealer opens it signed out, on a phone whose browser prefers Urdu.
  const dealersPhone = await (
    await browser.newContext({ extraHTTPHeaders: { "Accept-Language": "ur-PK,ur;q=0.9,en;q=0.5" } })
  ).newPage();
  await expectUrduPage(dealersPhone, link.pathname, `${dealer.businessName} کی اسٹیٹمنٹ`, [
    "Statement of",
    "This link works until",
    "Opening balance",
  ]);
  // A link that is no link: its error page and its reason in the dealer's language too.
  await expectUrduPage(dealersPhone, "/statement/not-a-link", "اسٹیٹمنٹ دستیاب نہیں", [
    "Statement unavailable",
    "This statement link is not valid",
  ]);
  await expect(dealersPhone.getByText("اسٹیٹمنٹ کا یہ لنک درست نہیں۔ نیا لنک مانگیں۔")).toBeVisible();
});

test("the dealers' rules refuse in the reader's language: a form, an import's rows; /api in English", async ({
  page,
}) => {
  await signInInUrdu(page, "admin");
  const place = { street: "Main Bazaar", city: "Okara", state: "Punjab", lat: "30.8138", lng: "73.4534" };

  // Add Dealer without a business name: 400, the schema's message in Urdu, nothing written.
  const refused = await page.request.post("/add-dealer", { form: { ...place, businessName: " " }, maxRedirects: 0 });
  expect(refused.status()).toBe(400);
  const reply = await refused.text();
  expect(reply).toContain("کاروبار کا نام لازمی ہے");
  expect(reply).not.toContain("Business name is required");

  // An import's row errors, JavaScript off: the file's column as the file names it, the rest in Urdu.
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ["business_name", "street", "City", "State", "lat", "lng"],
    ["Urdu Row Traders", "Main Bazaar", "", "Punjab", 30.81, 73.45],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, "Dealers");
  await page.goto("/dealers/import");
  await page.getByLabel("اسپریڈ شیٹ").setInputFiles({
    name: "dealers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer,
  });
  await page.getByRole("button", { name: "ڈیلرز امپورٹ کریں" }).click();
  await expect(page.getByRole("list", { name: "امپورٹ کی غلطیاں" })).toHaveText("قطار 2: City لازمی ہے");

  // /api answers its tools in English while the person reads Urdu.
  const api = await page.request.post("/api/dealers", {
    data: { ...place, lat: 30.8138, lng: 73.4534, businessName: "" },
  });
  expect(api.status()).toBe(400);
  expect(JSON.stringify(await api.json())).toContain("Business name is required");
});
