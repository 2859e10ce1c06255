import type { Page } from "@playwright/test";
import { countRows, expect, signIn, test } from "../support/fixtures";
import { teamOfficerWithDealers } from "../plans/support";
import { demoPlot } from "../plots/support";
import { karachiDate } from "../support/days";
import { newOfficer } from "../targets/support";

// The feed, the officer's and the manager's home, New Post and the post page in Urdu, with
// JavaScript off (decision 101): right to left, their headings in Urdu, no raw key and none of
// their English words. Urdu is this phone's choice (its fl_lang cookie, as the switch sets it when
// signed out), so that no user's saved language changes for the other specs that sign in as them.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;

/** The feed's own English words, none of which an Urdu page may show. */
const ENGLISH = [
  "Welcome to Fieldline",
  "Create Account",
  "Your day",
  "See all rankings",
  "Getting started",
  "Missed visits",
  "Your people today",
  "Dealer accounts",
  "Load More Posts",
  "Back to the feed",
  "New Post",
  "Write another post",
];

/** This signed-in phone reads Urdu from now on. */
async function readInUrdu(page: Page) {
  const [session] = await page.context().cookies();
  await page.context().addCookies([{ ...session!, name: "fl_lang", value: "ur" }]);
}

/** The page at `path` in Urdu: its html's lang and dir, its h1, and none of the feed's English. */
async function expectUrdu(page: Page, path: string, h1: string) {
  // What the page shows: the scripts carry the page's messages, keys and all.
  const html = (await (await page.request.get(path)).text()).replace(/<script[\s\S]*?<\/script>/g, "");
  expect(html).toMatch(/<html[^>]* lang="ur"[^>]* dir="rtl"/);
  expect(html).not.toMatch(RAW_KEY);
  for (const english of ENGLISH) expect(html, `${path}: ${english}`).not.toContain(english);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: h1, level: 1 })).toBeVisible();
}

test("the landing page, the officer's feed and home, New Post and a post read in Urdu", async ({ page, browser }) => {
  const visitor = await (await browser.newContext({ extraHTTPHeaders: { "Accept-Language": "ur-PK" } })).newPage();
  await expectUrdu(visitor, "/", "Fieldline میں خوش آمدید");
  await expect(visitor.locator("title")).toHaveText("Fieldline میں خوش آمدید");

  await signIn(page, "officer1");
  await readInUrdu(page);
  await expectUrdu(page, "/", "فیڈ");
  await expect(page.locator("title")).toHaveText("فیڈ · Fieldline");
  await expect(page.getByRole("heading", { name: "آپ کا دن", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "تمام رینکنگ دیکھیں" })).toBeVisible();

  await expectUrdu(page, "/new-post", "نئی پوسٹ");
  await expect(page.locator("title")).toHaveText("نئی پوسٹ · Fieldline");
  await expect(page.getByRole("button", { name: "پوسٹ کریں" })).toBeVisible();

  const postId = countRows("SELECT MIN(id) AS n FROM Post");
  await expectUrdu(page, `/posts/${postId}`, "پوسٹ");
  await expect(page.getByRole("link", { name: "فیڈ پر واپس" })).toBeVisible();
  // The action's notice too, in the reader's language (a form the page does not have: nothing written).
  const refused = await page.request.post(`/posts/${postId}`, { form: { intent: "nothing" }, maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  await page.goto(`/posts/${postId}`);
  await expect(page.getByText("خرابی", { exact: true })).toBeVisible();
});

test("the manager's day above the feed reads in Urdu", async ({ page, request }) => {
  // A visit long overdue, so that it is among the most overdue the day shows (a day less than the
  // plots spec's, whose text is its own).
  const officer = await teamOfficerWithDealers(request, []);
  const overdue = demoPlot({ officerId: officer.id, midDueIn: -2999, harvestDueIn: 60 });
  await signIn(page, "manager");
  await readInUrdu(page);
  await expectUrdu(page, "/", "فیڈ");
  await expect(page.getByRole("heading", { name: "آج آپ کی ٹیم", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "ڈیلرز کے کھاتے", level: 2 })).toBeVisible();
  // Its stage and crop in the farmers' words.
  const block = page.getByRole("region", { name: "تاخیر شدہ پلاٹ وزٹ" });
  await expect(
    block.getByRole("link", { name: `${officer.firstName}: درمیانی سیزن کا وزٹ، ${overdue.farmerName}` }),
  ).toBeVisible();
  await expect(block.getByText("گندم · 2999 دن کی تاخیر")).toBeVisible();
});

test("an officer's month and season on the home are named in Urdu", async ({ page, request }) => {
  const officer = await newOfficer(request);
  const today = karachiDate();
  await signIn(page, "manager");
  const set = await page.request.post("/targets", {
    form: { intent: "set", officerId: String(officer.id), period: today.slice(0, 7), farmerMeetings: "10" },
    maxRedirects: 0,
  });
  expect(set.status(), await set.text()).toBe(302);
  await page.context().clearCookies();
  await signIn(page, officer.username, "target-pass-1");
  await readInUrdu(page);
  await page.goto("/");
  const month = new Intl.DateTimeFormat("ur-PK", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${today.slice(0, 7)}-01T00:00:00Z`),
  );
  await expect(page.getByTestId("your-targets")).toContainText(month);
});
