import type { Page } from "@playwright/test";
import { collectConsoleErrors, expect, readInUrdu, signIn, test, untilHydrated } from "../support/fixtures";
import { someDealer } from "../posts/support";

// With JavaScript, a page's words travel as files of its namespaces (decision 101), fetched before
// a navigation renders: a page of another area reached by a link must not show a key for a moment
// or for good, and stays right to left. The request-handler level reads each page whole; this is
// the browser's own path between them.

const RAW_KEY =
  /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z][A-Za-z0-9_.-]*/;

async function expectUrduPage(page: Page, heading: RegExp | string): Promise<void> {
  await expect(page.locator("main h1, h1").first()).toContainText(heading);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
}

test("an officer reading Urdu goes from area to area by the tabs and links, and every page reads in Urdu with no key on screen", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "officer1");
  await readInUrdu(page);
  await page.goto("/");
  await untilHydrated(page);
  const tabs = page.getByRole("navigation", { name: "مرکزی" });
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");

  await tabs.getByRole("link", { name: "ڈیلرز", exact: true }).click();
  await page.waitForURL("**/dealers");
  await expectUrduPage(page, "ڈیلر");

  await page.goto(`/dealer-details/${someDealer().id}`);
  await untilHydrated(page);
  await tabs.getByRole("link", { name: "نقشہ", exact: true }).click();
  await page.waitForURL("**/dealer-map");
  await expect(page.locator(".leaflet-control-zoom-in")).toBeVisible();
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);

  await tabs.getByRole("link", { name: "پوسٹ", exact: true }).click();
  await page.waitForURL("**/new-post");
  await expectUrduPage(page, "نئی پوسٹ");

  await tabs.getByRole("link", { name: "رینکنگ", exact: true }).click();
  await page.waitForURL("**/leaderboard");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);

  await tabs.getByRole("link", { name: "فیڈ", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.locator("[data-post-id] a[href^='/posts/']").first().click();
  await page.waitForURL("**/posts/*");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
  expect(errors).toEqual([]);
});
