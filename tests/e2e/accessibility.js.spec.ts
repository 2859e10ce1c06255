import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";
import { someDealer } from "./posts/support";

// Officers read their phones outdoors: every page passes axe-core's rules (WCAG A and AA, text at
// 4.5:1 contrast among them) at 360 px with JavaScript on. One page per role, each path visited once.

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

test("an officer's pages have no accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "officer1");
  const dealer = someDealer().id;
  expect(
    await visitAll(page, [
      "/",
      "/?rankings=all",
      "/new-post",
      "/dealers",
      `/dealer-details/${dealer}`,
      `/dealer-details/${dealer}?edit=true`,
      "/add-dealer",
      "/dealers/import",
      "/dealer-map",
      "/location-quality",
      "/leaderboard",
      "/reports",
      "/notifications",
      "/profile",
    ]),
  ).toBe("");
});

test("an admin's pages have no accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
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
