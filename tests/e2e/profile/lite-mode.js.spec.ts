import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/fixtures";
import { registerOfficer } from "../support/flows";

// Lite mode in a browser that runs JavaScript (decision 51): turned on from the hydrated profile,
// the next pages load no script at all (so nothing hydrates and no service worker is registered)
// and hide what needs one, as a browser without JavaScript does; Full app brings the app back.
// The server's side (cookie, Save-Data, refusals) is tested without a browser: lite-mode.nojs.spec.ts.

test("turned on with JavaScript, Lite pages load no script, and Full app hydrates the same page again", async ({
  page,
}) => {
  await registerOfficer(page.request);
  await page.goto("/profile");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated");

  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  // A plain form even on a hydrated page: the answer is a whole page, without the scripts.
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("lite-mode-line")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Map" }).click();
  await expect(page).toHaveURL(/\/dealer-map$/);
  await expect(page.getByTestId("lite-mode-line")).toBeVisible();
  // What waits for a script is hidden, as without JavaScript.
  await expect(page.getByText("Loading map...")).toBeHidden();
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  expect(scripts).toEqual([]);
  // The line at the top: readable outdoors, its button thumb-sized (the Lite pages are not in the
  // accessibility and tap-target walks, which run the full app).
  const line = 'form:has([data-testid="lite-mode-line"])';
  expect((await new AxeBuilder({ page }).include(line).analyze()).violations.map((found) => found.id)).toEqual([]);
  const button = await page.getByRole("button", { name: "Full app" }).boundingBox();
  expect(Math.min(button!.width, button!.height)).toBeGreaterThanOrEqual(44);

  await page.getByRole("button", { name: "Full app" }).click();
  await expect(page).toHaveURL(/\/dealer-map$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated");
  await expect(page.getByTestId("lite-mode-line")).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
});
