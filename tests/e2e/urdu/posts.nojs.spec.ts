import type { Page } from "@playwright/test";
import { countRows, expect, readInUrdu, signIn, test, uniqueName } from "../support/fixtures";

// The post cards and the post form's pieces in Urdu (decision 101), with JavaScript off: the feed
// (its rankings and cards), a sale's own page (its details and comments) and New Post's form, each
// right to left, with no raw key and none of their English words left. The pages' own headings are
// their routes' (the feed's namespace), checked there.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;

/** The page's HTML without its scripts (whose data carries the catalogs' keys), after checking its direction and keys. */
async function urduPage(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const html = (await (await page.request.get(path)).text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  expect(RAW_KEY.exec(html)?.[0], path).toBeUndefined();
  return html;
}

function expectNoEnglish(html: string, words: string[]): void {
  for (const english of words) expect(html.includes(english), english).toBe(false);
}

test("the feed, a sale and New Post's form read in Urdu, right to left", async ({ page }) => {
  await signIn(page, "officer1");
  await readInUrdu(page);

  const feed = await urduPage(page, "/");
  await expect(page.getByRole("heading", { name: "سیلز آفیسرز کی رینکنگ", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: /^تبصرے \(\d+\)$/ }).first()).toBeVisible();
  expectNoEnglish(feed, ["Sales Agent Rankings", "Comments (", "Share<", "Unknown Location", "km today"]);

  // A place had by GPS, on a post of the seed's (the feed's first page is whatever other specs posted last).
  const placed = countRows(
    "SELECT MIN(postId) AS n FROM CheckIn WHERE source = 'GPS' AND accuracyM IS NOT NULL AND postId IS NOT NULL",
  );
  expect(await urduPage(page, `/posts/${placed}`)).toMatch(/GPS سے ±\d+ میٹر/);

  const sale = countRows("SELECT MIN(id) AS n FROM Post WHERE type = 'SALE' AND saleTotalCents IS NOT NULL");
  const post = await urduPage(page, `/posts/${sale}`);
  await expect(page.getByText("سیل", { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("تبصرہ لکھیں")).toBeVisible();
  await expect(page.getByRole("button", { name: "بھیجیں" })).toBeVisible();
  expect(post).toContain('aria-label="پوسٹ کی تفصیل"');
  expectNoEnglish(post, ["Post details", "Price per unit", ">Quantity<", "Write a comment", ">Send<", ">Sale<"]);

  const form = await urduPage(page, "/new-post");
  await expect(page.getByLabel("پوسٹ کی قسم *")).toBeVisible();
  await expect(page.getByRole("option", { name: "ڈیلر میٹنگ" })).toHaveCount(1);
  await expect(page.getByText("فہرست میں نہیں؟")).toBeVisible();
  expectNoEnglish(form, [
    "Select a post type",
    "Location (optional)",
    "Photos and videos",
    "Farmers at the meeting",
    "Demo plot (for Demo Plot posts)",
    "Paid at the counter",
    "Not in the list?",
  ]);
});

test("a refused post and comment read in Urdu with their 400, and /api keeps the English", async ({ page }) => {
  await signIn(page, "officer1");
  await readInUrdu(page);
  const text = uniqueName("Urdu refusal");

  // New Post without JavaScript: a sale with no product, quantity or price.
  const refused = await page.request.post("/new-post", { multipart: { type: "SALE", text } });
  expect(refused.status()).toBe(400);
  const form = await refused.text();
  expect(form).toContain("براہِ کرم پراڈکٹ چنیں۔");
  expect(form).toContain("مقدار لکھنا ضروری ہے۔");
  expectNoEnglish(form, ["Please select a product.", "Quantity is required"]);

  // A comment with no words, on a post's page: back to the post with the notice in Urdu.
  const sale = countRows("SELECT MIN(id) AS n FROM Post WHERE type = 'SALE'");
  await page.goto(`/posts/${sale}`);
  await page.getByLabel("تبصرہ لکھیں").fill("   ");
  await page.getByRole("button", { name: "بھیجیں" }).click();
  await expect(page.getByText("تبصرہ خالی نہیں ہو سکتا۔").first()).toBeVisible();

  // A post that is not there: its 404 in Urdu on the page, in English through /api.
  const missing = await page.request.get("/posts/999999999");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("پوسٹ نہیں ملی۔");
  const missingApi = await page.request.get("/api/posts/999999999/comments");
  expect(missingApi.status()).toBe(404);
  expect(await missingApi.json()).toEqual({ error: "Post not found", requestId: expect.any(String) });

  // The same refusal through /api, read by a tool: English.
  const api = await page.request.post("/api/posts", { data: { type: "SALE", text } });
  expect(api.status()).toBe(400);
  expect((await api.json()).fieldErrors).toMatchObject({ saleProduct: ["Please select a product."] });
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text)).toBe(0);
});
