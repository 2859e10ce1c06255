import { expect, signIn, test } from "../support/fixtures";

// Pages must not jump while they load (issue 8): the layout shifts the browser reports while
// the new-post form and the feed load and hydrate stay under Lighthouse's "good" 0.1.

async function layoutShift(page: import("@playwright/test").Page, url: string): Promise<number> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  return page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
  );
}

test("the new-post form and the feed do not jump while they hydrate", async ({ page }) => {
  await signIn(page, "officer2");
  // No permission for the location: the capture fails, and says so in the room kept for it.
  expect(await layoutShift(page, "/new-post")).toBe(0);
  await expect(page.getByRole("alert")).toHaveText(
    "Unable to get your current location. Please check your location settings.",
  );
  await expect(page.getByRole("group", { name: "Sale" })).toBeHidden();
  await page.getByLabel("Post type").selectOption("SALE");
  await expect(page.getByLabel("Product")).toBeVisible();
  expect(await layoutShift(page, "/")).toBeLessThan(0.1);
});
