import { expect, signIn, test } from "../support/fixtures";

// The Dealer Map's place is kept while its code arrives, and a map that cannot load says so.

test("the map's place shows Loading map... until the map arrives, and nothing below moves when it does", async ({
  page,
}) => {
  await signIn(page, "officer7");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/dealer-map.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/dealer-map");
  const loading = page.getByRole("status").filter({ hasText: "Loading map..." });
  await expect(loading).toBeVisible();
  // The server's placeholder is replaced by the same box at hydration: measure whichever is there.
  await expect.poll(async () => (await loading.boundingBox())?.height).toBe(420);
  const sheetBefore = await page.getByTestId("map-filters").boundingBox();
  release();
  await expect(page.locator(".leaflet-container")).toBeVisible({ timeout: 15_000 });
  expect((await page.getByTestId("map-filters").boundingBox())?.y).toBe(sheetBefore?.y);
});

test("a map that cannot load says why, in the spec's words, and the lists still work", async ({ page }) => {
  await signIn(page, "officer7");
  await page.route("**/assets/dealer-map.client-*.js", (route) => route.abort());
  await page.goto("/dealer-map");
  const failure = page.getByRole("alert").filter({ hasText: "Map Error" });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure).toContainText("Failed to load dealer map: ");
  await expect(page.getByRole("list", { name: "Dealers" }).locator(":scope > li").first()).toBeVisible();
});

test("when the map's tiles cannot load (no signal for them), the grey box says so instead of Loading map... for ever; pins still show", async ({
  page,
}) => {
  await signIn(page, "officer7");
  await page.route("**/maps/pakistan.pmtiles", (route) => route.abort("internetdisconnected"));
  await page.goto("/dealer-map");
  await expect(page.locator(".leaflet-container")).toBeVisible({ timeout: 15_000 });
  const map = page.getByRole("group", { name: "Map of dealers and agent routes" });
  await expect(map.getByText("Map tiles could not load. Pins and routes still show.")).toBeVisible();
  await expect(map.getByText("Loading map...")).toHaveCount(0);
  await expect(map.getByRole("status")).toHaveText(/\d+ dealers on the map/);
});
