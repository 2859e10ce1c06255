import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";
import { controlsUnder24, controlsUnder44 } from "./support/page-checks";
import { someDealer } from "./posts/support";

// Officers tap with a thumb, often with one hand: every control of every page is at least 44×44 CSS
// px at 360 px wide (issue 20), a link in a sentence at least 24 px (support/page-checks.ts). With
// JavaScript on, the accessibility walk measures each page it checks with axe
// (accessibility.js.spec.ts); these tests measure the same pages, and the Deactivate confirmation
// only a page without JavaScript shows, in Chromium with JavaScript off (Playwright's js-off
// project; the request-handler level has no layout, vitest.nojs.config.ts leaves this spec out).

type Check = (page: Page, label: string) => Promise<string[]>;

/** The check's failures on the page at `path`; a page already on screen (signIn's feed) is measured as it is. */
async function visit(page: Page, path: string, found: string[], check: Check, prepare?: () => Promise<void>) {
  const onScreen = new URL(page.url());
  if (onScreen.pathname + onScreen.search !== path) {
    await page.goto(path);
    await expect(page.locator("main, body").first()).toBeVisible();
  }
  if (prepare) await prepare();
  found.push(...(await check(page, path)));
}

test("every control of the signed-out pages is at least 44 px square", { tag: "@browser" }, async ({ page }) => {
  const found: string[] = [];
  for (const path of [
    "/",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=not-a-token",
    "/no-such-page",
    "/offline",
  ]) {
    await visit(page, path, found, controlsUnder44);
  }
  expect(found.join("\n")).toBe("");
});

test.describe("signed in", () => {
  test(
    "every control of the feed, post, profile, leaderboard and notification pages is at least 44 px square",
    { tag: "@browser" },
    async ({ page }) => {
      const found: string[] = [];
      await signIn(page, "officer1");
      await visit(page, "/", found, controlsUnder44);
      const postId = await page.locator("[data-post-id]").first().getAttribute("data-post-id");
      for (const path of [
        `/posts/${postId}`,
        "/new-post",
        "/profile",
        "/location-setup",
        "/leaderboard",
        "/notifications",
      ]) {
        await visit(page, path, found, controlsUnder44);
      }
      expect(found.join("\n")).toBe("");
    },
  );

  test(
    "every control of the dealer pages and the map is at least 44 px square",
    { tag: "@browser" },
    async ({ page }) => {
      const found: string[] = [];
      await signIn(page, "officer1");
      for (const path of [
        "/dealers",
        "/add-dealer",
        `/dealer-details/${someDealer().id}`,
        `/dealer-details/${someDealer().id}?edit=true`,
        "/dealer-map",
        "/dealer-map?f=1&routes=on",
        "/plan",
      ]) {
        await visit(page, path, found, controlsUnder44);
      }
      expect(found.join("\n")).toBe("");
    },
  );

  test(
    "every control of the admin's pages, and of a notice, is at least 44 px square",
    { tag: "@browser" },
    async ({ page }) => {
      const found: string[] = [];
      await signIn(page, "admin");
      for (const path of [
        "/admin",
        "/admin/import",
        "/admin/opening-balances",
        "/targets/import",
        "/farmers/import",
        "/admin/outbox",
        "/location-quality",
        "/reports?groupBy=dealer&period=last-90-days",
        "/dealers/import",
        "/leaderboard",
      ]) {
        await visit(page, path, found, controlsUnder44);
      }
      await visit(page, "/admin?query=officer8", found, controlsUnder44, async () => {
        await page.getByRole("button", { name: "Reset Password" }).click();
        await expect(page.getByTestId("notice")).toContainText("Password reset email sent successfully!");
      });
      // Without JavaScript, Deactivate asks on a page of its own.
      const officer = page.locator('[data-testid="user-row"][data-username="officer8"]');
      const deactivate = await officer.getByRole("link", { name: "Deactivate" }).getAttribute("href");
      await visit(page, deactivate ?? "", found, controlsUnder44);
      expect(found.join("\n")).toBe("");
    },
  );
});

test(
  "no control of the sign-in pages is under 24 px square, links in sentences included",
  { tag: "@browser" },
  async ({ page }) => {
    const found: string[] = [];
    for (const path of ["/", "/login", "/register", "/forgot-password"])
      await visit(page, path, found, controlsUnder24);
    expect(found.join("\n")).toBe("");
  },
);

test.describe("signed in, the 24 px floor", () => {
  test(
    "no control of an officer's pages is under 24 px square, links in sentences included",
    { tag: "@browser" },
    async ({ page }) => {
      const found: string[] = [];
      await signIn(page, "officer1");
      await visit(page, "/", found, controlsUnder24);
      const postId = await page.locator("[data-post-id]").first().getAttribute("data-post-id");
      for (const path of [
        `/posts/${postId}`,
        "/new-post",
        "/plan",
        "/dealers",
        `/dealer-details/${someDealer().id}`,
        "/leaderboard",
        "/reports",
        "/notifications",
        "/profile",
        "/profile/tokens",
        "/dealer-map?f=1&routes=on",
      ]) {
        await visit(page, path, found, controlsUnder24);
      }
      expect(found.join("\n")).toBe("");
    },
  );

  test(
    "no control of a manager's pages is under 24 px square, links in sentences included",
    { tag: "@browser" },
    async ({ page }) => {
      const found: string[] = [];
      await signIn(page, "manager");
      await visit(page, "/", found, controlsUnder24);
      const officerPlan = await page.locator('a[href*="?user="]').first().getAttribute("href");
      for (const path of ["/team", officerPlan ?? "/plan", "/reports", "/leaderboard", "/location-quality"]) {
        await visit(page, path, found, controlsUnder24);
      }
      expect(found.join("\n")).toBe("");
    },
  );

  test("no control of the admin's teams is under 24 px square", { tag: "@browser" }, async ({ page }) => {
    const found: string[] = [];
    await signIn(page, "admin");
    await visit(page, "/admin/teams", found, controlsUnder24);
    expect(found.join("\n")).toBe("");
  });
});
