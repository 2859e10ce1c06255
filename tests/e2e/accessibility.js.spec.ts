import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";
import { someDealer } from "./posts/support";

// Officers read their phones outdoors: every page passes axe-core's rules (WCAG A and AA, text at
// 4.5:1 contrast among them) at 360 px with JavaScript on. One page per role, each path visited once.
// axe takes 2-13 s a page on a busy 2-core machine (the directory's rows the longest): a test
// of seven pages gets two minutes.
test.describe.configure({ timeout: 120_000 });

/** axe-core's violations on the page now on screen, one line per failing element. */
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator("main, body").first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
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

test("an officer's feed, rankings, posting and own pages have no accessibility violations", async ({ page }) => {
  await signIn(page, "officer1");
  expect(
    await visitAll(page, [
      "/",
      "/?rankings=all",
      "/new-post",
      "/leaderboard",
      "/reports",
      "/notifications",
      "/profile",
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
