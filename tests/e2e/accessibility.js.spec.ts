import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";
import { someDealer } from "./posts/support";

// Officers read their phones outdoors: every page passes axe-core's rules (WCAG A and AA, text at
// 4.5:1 contrast among them) at 360 px with JavaScript on, and WCAG 2.2's target size (24 × 24 px,
// or spaced so a 24 px circle round each target touches no other): axe leaves that rule off unless
// asked. One page per role, each path visited once.
// axe takes 2-13 s a page on a busy 2-core machine (the directory's rows the longest): a test
// of seven pages gets two minutes.
test.describe.configure({ timeout: 120_000 });

/** axe-core's violations on the page now on screen, one line per failing element. */
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator("main, body").first()).toBeVisible();
  const results = await new AxeBuilder({ page }).options({ rules: { "target-size": { enabled: true } } }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      // A contrast failure names its colours and ratio, so the token to change is plain.
      const colours = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
      const measured = colours?.contrastRatio
        ? ` ${colours.fgColor} on ${colours.bgColor} ${colours.contrastRatio}:1`
        : "";
      return `${path}: ${violation.id} ${node.target.join(" ")}${measured} (${violation.help})`;
    }),
  );
}

async function visitAll(page: Page, paths: string[]): Promise<string> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violations(page, path)));
  return found.join("\n");
}

test("the signed-out pages have no accessibility violations", async ({ page }) => {
  expect(
    await visitAll(page, ["/", "/login", "/register", "/forgot-password", "/reset-password", "/no-such-page"]),
  ).toBe("");
});

// The officer's and the manager's pages (issue 45): 21 pages, target size included.
test("an officer's feed, post, plan, rankings, reports and own pages have no accessibility violations", async ({
  page,
}) => {
  await signIn(page, "officer1");
  await page.goto("/");
  const post = await page.locator("[data-post-id]").first().getAttribute("data-post-id");
  expect(
    await visitAll(page, [
      "/",
      "/?rankings=all",
      `/posts/${post}`,
      "/new-post",
      "/plan",
      "/leaderboard",
      "/reports",
      "/notifications",
      "/profile",
      "/profile/tokens",
    ]),
  ).toBe("");
});

test("an officer's dealer and map pages have no accessibility violations", async ({ page }) => {
  await signIn(page, "officer1");
  const dealer = someDealer().id;
  expect(
    await visitAll(page, [
      "/dealers",
      `/dealer-details/${dealer}`,
      `/dealer-details/${dealer}?edit=true`,
      "/add-dealer",
      "/dealers/import",
      "/dealer-map",
      "/dealer-map?f=1&routes=on",
    ]),
  ).toBe("");
});

test("a manager's day, team, plans, reports and map have no accessibility violations", async ({ page }) => {
  await signIn(page, "manager");
  await page.goto("/");
  const officerPlan = await page.locator('a[href*="?user="]').first().getAttribute("href");
  expect(
    await visitAll(page, [
      "/",
      "/team",
      officerPlan ?? "/plan",
      "/reports",
      "/leaderboard",
      "/notifications",
      "/dealer-map?f=1&routes=on",
      "/location-quality",
    ]),
  ).toBe("");
});

test("an admin's pages have no accessibility violations", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/admin/teams");
  const team = await page.locator('a[href^="/admin/teams/"]').first().getAttribute("href");
  expect(
    await visitAll(page, [
      "/admin",
      "/admin?add=user",
      "/admin/teams",
      team ?? "/admin/teams/1",
      "/admin/import",
      "/admin/outbox",
      "/location-quality",
    ]),
  ).toBe("");
});
