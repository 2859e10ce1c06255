import type { Page } from "@playwright/test";
import { countRows, expect, test } from "../support/fixtures";
import { english } from "../../support/english";
import { WEBHOOK_URL_PRIVATE } from "~/models/webhook.schema";

// The admin's pages in Urdu, JavaScript off (issue 51): each page right to left, its headings and
// title in Urdu, no catalog key left raw (a namespace its loader forgot) and none of the English
// headings. The device chooses Urdu before signing in, so the admin's saved language (which other
// specs' fresh phones would read) stays as it was.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;

const ENGLISH_HEADINGS = [
  "Admin Dashboard",
  "Quick Actions",
  "Recent Activity",
  "Waiting for approval",
  "Invite link",
  "Who may join",
  "Dealer credit",
  "Users",
  "Add user",
  "Import Dealers",
  "Details",
  "Opening Balances",
  "Outbox",
  "Teams",
  "New team",
  "Territory",
  "Members",
  "Managers",
  "Webhooks",
  "New webhook",
  "Service accounts",
  "New service account",
];

/** Opens `path` and checks it is Urdu: `title` is the page title's words before " · Fieldline". */
async function expectUrduPage(page: Page, path: string, h1: string | RegExp, title: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  await expect(page.locator("title")).toHaveText(typeof title === "string" ? `${title} · Fieldline` : title);
  const headings = (await page.locator("h1, h2, h3").allTextContents()).map((text) => text.trim());
  for (const english of ENGLISH_HEADINGS) expect(headings, `${path}: ${english}`).not.toContainEqual(english);
  // The page as shown (texts and attributes), not the scripts, whose data holds the messages by key.
  const html = (await (await page.request.get(path)).text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  expect(html, path).not.toMatch(RAW_KEY);
}

/** Chooses Urdu on this device, then signs in as the admin. */
async function signInInUrdu(page: Page): Promise<void> {
  await page.request.post("/language", { form: { language: "ur" } });
  await page.goto("/login");
  await page.locator('input[name="username"]').fill("admin");
  await page.locator('input[name="password"]').fill("fieldline");
  await page.getByRole("button", { name: "سائن اِن کریں" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

test("every admin page reads in Urdu, right to left", async ({ page }) => {
  await signInInUrdu(page);

  const officer = countRows("SELECT MIN(id) AS n FROM User WHERE role = 'OFFICER' AND isActive = 1");
  const team = countRows("SELECT MIN(id) AS n FROM Team");
  const teamName = /^[^ ]+.* · Fieldline$/;

  await expectUrduPage(page, "/admin?add=user", "ایڈمن ڈیش بورڈ", "ایڈمن ڈیش بورڈ");
  await expect(page.getByRole("heading", { name: "صارف شامل کریں" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "فوری کام" })).toBeVisible();
  await expectUrduPage(page, `/admin/users/${officer}/deactivate`, /^.+ کو غیر فعال کریں؟$/, "اکاؤنٹ غیر فعال کریں");
  await expectUrduPage(page, "/admin/import", "ڈیلرز امپورٹ کریں", "ایڈمن امپورٹ");
  await expectUrduPage(page, "/admin/opening-balances", "ابتدائی بقایا", "ابتدائی بقایا");
  // A refusal the page answers itself is in Urdu too (the reason, a model's message, stays English for now).
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "balances.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
  await page.getByRole("button", { name: "ابتدائی بقایا امپورٹ کریں" }).click();
  await expect(page.getByRole("alert")).toContainText("امپورٹ نہیں ہو سکا");
  await expectUrduPage(page, "/admin/outbox", "آؤٹ باکس", "آؤٹ باکس");
  await expectUrduPage(page, "/admin/teams", "ٹیمیں", "ٹیمیں");
  await expectUrduPage(page, `/admin/teams/${team}`, /.+/, teamName);
  await expect(page.getByRole("heading", { name: "علاقہ" })).toBeVisible();
  await expectUrduPage(page, `/admin/teams/${team}?delete=confirm`, /^.+ کو حذف کریں؟$/, teamName);
  await expectUrduPage(page, "/admin/webhooks", "ویب ہُکس", "ویب ہُکس");
  await expectUrduPage(page, "/admin/service-accounts", "سروس اکاؤنٹس", "سروس اکاؤنٹس");
});

test("the admin's refusals read in Urdu, and /api refuses the same in English", async ({ page }) => {
  await signInInUrdu(page);
  const teams = countRows("SELECT COUNT(*) AS n FROM Team");
  const webhooks = countRows("SELECT COUNT(*) AS n FROM WebhookEndpoint");

  // A schema's refusal (the team's name) and a model's (a webhook to a private address), JavaScript off.
  const noName = await page.request.post("/admin/teams", { form: { intent: "create", name: " " } });
  expect(noName.status()).toBe(400);
  expect(await noName.text()).toContain("ٹیم کا نام ضروری ہے۔");
  const badId = await page.request.post("/admin", { form: { intent: "approve", userId: "abc" } });
  expect(badId.status()).toBe(400);
  expect(await badId.text()).toContain("صارف کی آئی ڈی 1 یا اس سے بڑا پورا عدد ہونی چاہیے۔");
  const privateHook = { intent: "create", url: "http://10.1.2.3/", events: "post.created" };
  const refused = await page.request.post("/admin/webhooks", { form: privateHook });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("ویب ہُک کا URL انٹرنیٹ کا عوامی پتہ ہونا چاہیے، مقامی یا نجی نہیں۔");

  // The spreadsheet reader's refusal of a file that only looks like Excel.
  await page.goto("/admin/opening-balances");
  await page.locator('input[type="file"]').setInputFiles({
    name: "balances.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from("PK\x03\x04 not a workbook at all"),
  });
  await page.getByRole("button", { name: "ابتدائی بقایا امپورٹ کریں" }).click();
  await expect(page.getByRole("alert")).toContainText("یہ فائل Excel اسپریڈشیٹ کے طور پر پڑھی نہیں جا سکی۔");

  // /api answers tools in English, whatever the device reads.
  const api = await page.request.post("/api/admin/webhooks", {
    data: { url: "http://10.1.2.3/", events: ["post.created"] },
  });
  expect(api.status()).toBe(400);
  expect(((await api.json()) as { error: string }).error).toBe(english(WEBHOOK_URL_PRIVATE));

  expect(countRows("SELECT COUNT(*) AS n FROM Team")).toBe(teams);
  expect(countRows("SELECT COUNT(*) AS n FROM WebhookEndpoint")).toBe(webhooks);
});
