import type { Page } from "@playwright/test";
import { expect, signIn, test } from "../support/fixtures";

// Leaflet and its CSS load only on pages that show a map, never in the feed's first load.

/** The JavaScript and CSS the page downloads until the network is idle, by URL. */
async function scriptsAndStyles(page: Page, path: string): Promise<Map<string, string>> {
  const bodies = new Map<string, Promise<string>>();
  const listener = (response: import("@playwright/test").Response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet")
      bodies.set(
        response.url(),
        response.text().catch(() => ""),
      );
  };
  page.on("response", listener);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", listener);
  const out = new Map<string, string>();
  for (const [url, body] of bodies) out.set(url, await body);
  return out;
}

// Both leaflet.js and leaflet.css name this class; our own code outside the map chunks does not.
const isLeaflet = (body: string) => body.includes("leaflet-container") || body.includes("Leaflet 1.");

test("the feed's first load has no Leaflet; the map page loads it", async ({ page }) => {
  await signIn(page, "officer1");
  const feed = await scriptsAndStyles(page, "/");
  expect(feed.size).toBeGreaterThan(0);
  expect([...feed].filter(([, body]) => isLeaflet(body)).map(([url]) => url)).toEqual([]);

  // The same detector finds it on /dealer-map, so the check above is not vacuous.
  const map = await scriptsAndStyles(page, "/dealer-map");
  await expect(page.locator(".leaflet-container")).toBeVisible();
  expect([...map].filter(([, body]) => isLeaflet(body)).length).toBeGreaterThan(0);
});
