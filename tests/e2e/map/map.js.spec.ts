import type { Page } from "@playwright/test";
import { collectConsoleErrors, expect, signIn, test, uniqueName } from "../support/fixtures";
import { formatCalendarDate } from "../../../app/lib/date-format";
import { lastStopLabel, seededDay } from "../support/days";
import { badge, legend, openFilters } from "./support";
import { demoPlot } from "../plots/support";
import { reviewScreenshot } from "../support/screenshots";

// /dealer-map with JavaScript: Leaflet draws dealers on a canvas and the agents' numbered routes.

/** The number in the map's "N dealers on the map" status, once the dealers have loaded (and, with `changedFrom`, reloaded). */
async function dealersOnMap(page: Page, changedFrom?: number): Promise<number> {
  const status = page.getByRole("group", { name: "Map of dealers and agent routes" }).getByRole("status");
  await expect(status).toHaveText(/^\d+ dealers? on the map$/, { timeout: 15_000 });
  if (changedFrom !== undefined)
    await expect(status).not.toHaveText(`${changedFrom} dealers on the map`, { timeout: 15_000 });
  return Number(/^\d+/.exec((await status.textContent()) ?? "")?.[0]);
}

test("dealer markers for the seeded dealers; the badge follows the province filter", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "officer6");
  await page.goto("/dealer-map");
  await expect(page.locator(".leaflet-container")).toBeVisible({ timeout: 15_000 });
  const all = await badge(page);
  const onMap = await dealersOnMap(page);
  // Other tests may add dealers between the page and the map's fetch: never fewer.
  expect(onMap).toBeGreaterThanOrEqual(all.shown);
  expect(all.shown).toBeGreaterThan(10);
  // Dealers are drawn on a canvas, not as one element each.
  expect(await page.locator(".leaflet-overlay-pane canvas").count()).toBeGreaterThanOrEqual(1);
  await expect(page.locator(".leaflet-marker-pane .leaflet-marker-icon")).toHaveCount(
    await page.locator(".leaflet-marker-pane .checkin-marker").count(),
  );
  await expect(page.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");

  await openFilters(page);
  await page.getByRole("combobox", { name: "Province" }).selectOption("Punjab");
  await expect(page).toHaveURL(/province=Punjab/);
  // Under load the badge can still show every dealer for a moment after the address changed.
  await expect(page.getByTestId("dealer-badge")).not.toHaveText(`${all.shown} of ${all.total} dealers`);
  const punjab = await badge(page);
  expect(punjab.shown).toBeLessThan(punjab.total);
  // The status keeps the last count until the province's dealers have arrived.
  const punjabOnMap = await dealersOnMap(page, onMap);
  expect(punjabOnMap).toBeGreaterThanOrEqual(punjab.shown);
  expect(punjabOnMap).toBeLessThan(onMap);
  await expect(page.getByRole("list", { name: "Dealers" }).locator(":scope > li")).toHaveCount(
    Math.min(punjab.shown, 20),
  );
  expect(errors).toEqual([]);
});

test("a dealer marker's info window shows the dealer's fields, from the list and by clicking the marker", async ({
  page,
}) => {
  await signIn(page, "officer6");
  const name = uniqueName("Map Dealer");
  const created = await page.request.post("/api/dealers", {
    data: {
      businessName: name,
      ownerFirstName: "Nadia",
      ownerLastName: "Baig",
      phone: "03001234567",
      email: "nadia.map@example.pk",
      street: "Shop 4, Main Bazaar",
      city: "Skardu",
      state: "Gilgit-Baltistan",
      lat: "35.2971",
      lng: "75.6333",
      formattedAddress: "Shop 4, Main Bazaar, Skardu, Gilgit-Baltistan, Pakistan",
    },
  });
  expect(created.status()).toBe(201);
  await page.goto("/dealer-map?f=1&dealers=on&province=Gilgit-Baltistan");
  await dealersOnMap(page);
  await page.getByRole("button", { name: `Show ${name} on map` }).click();
  const popup = page.locator(".leaflet-popup");
  await expect(popup).toContainText(name);
  await expect(popup).toContainText("Owner: Nadia Baig");
  await expect(popup.getByRole("link", { name: "03001234567" })).toHaveAttribute("href", "tel:+923001234567");
  await expect(popup.getByRole("link", { name: "nadia.map@example.pk" })).toHaveAttribute(
    "href",
    "mailto:nadia.map@example.pk",
  );
  await expect(popup).toContainText("Shop 4, Main Bazaar, Skardu, Gilgit-Baltistan, Pakistan");
  await expect(popup).toContainText("State: Gilgit-Baltistan");
  await expect(popup).toContainText("City: Skardu");

  // Close it and click the marker itself: it is drawn on the canvas where the popup's tip points.
  const map = page.locator(".leaflet-container");
  const tipOffset = async () => {
    const [tip, box] = [await popup.locator(".leaflet-popup-tip-container").boundingBox(), await map.boundingBox()];
    if (!tip || !box) throw new Error("no popup tip or map");
    return { x: tip.x + tip.width / 2 - box.x, y: tip.y + tip.height - box.y };
  };
  // Wait for the popup's auto-pan to finish: the tip stays put.
  let offset = await tipOffset();
  await expect
    .poll(async () => {
      const next = await tipOffset();
      const still = Math.abs(next.x - offset.x) < 0.5 && Math.abs(next.y - offset.y) < 0.5;
      offset = next;
      return still;
    })
    .toBe(true);
  // The whole info window is on the map, clear of the zoom buttons.
  const [info, mapBox, zoom] = [
    await popup.boundingBox(),
    await map.boundingBox(),
    await page.locator(".leaflet-control-zoom").boundingBox(),
  ];
  if (!info || !mapBox || !zoom) throw new Error("no popup, map or zoom buttons");
  expect(info.x).toBeGreaterThanOrEqual(mapBox.x);
  expect(info.x + info.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);
  expect(info.y).toBeGreaterThanOrEqual(mapBox.y);
  expect(info.x >= zoom.x + zoom.width || info.y >= zoom.y + zoom.height).toBe(true);
  // The list masks the phone as the directory does; the info window has it in full (part-2).
  const listed = page.getByRole("list", { name: "Dealers" }).locator(":scope > li", { hasText: name });
  await expect(listed).toContainText("•••• 4567");
  await expect(listed).not.toContainText("03001234567");

  await popup.locator(".leaflet-popup-close-button").dispatchEvent("click");
  await expect(popup).toHaveCount(0);
  await map.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const box = await map.boundingBox();
  if (!box) throw new Error("no map");
  await page.mouse.click(box.x + offset.x, box.y + offset.y + 4);
  await expect(page.locator(".leaflet-popup")).toContainText(name);
});

test("an agent's route: numbered stops in time order, Start and Latest today, Stop on a past day; the agent filter hides other routes", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "officer7");
  const day = seededDay();
  await page.goto(`/dealer-map?f=1&routes=on&date=${day}`);
  await expect(page.locator(".leaflet-container")).toBeVisible({ timeout: 15_000 });
  const agents = await legend(page).count();
  expect(agents).toBeGreaterThanOrEqual(8);
  const markers = page.locator(".leaflet-marker-pane .checkin-marker");
  await expect(markers.first()).toBeVisible();
  // The route lines are SVG, a path a leg (the dealers' dots are canvas).
  expect(await page.locator(".leaflet-overlay-pane svg path").count()).toBeGreaterThanOrEqual(1);
  // Check-ins whose targets would overlap share one (data-numbers lists them): count the check-ins.
  const stopNumbers = async () =>
    (await markers.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.numbers ?? "")))
      .flatMap((numbers) => numbers.split(" "))
      .map(Number)
      .sort((a, b) => a - b);
  const allMarkers = (await stopNumbers()).length;

  const first = legend(page).first();
  const name = ((await first.locator("summary .font-medium").textContent()) ?? "").trim();
  const stopCount = Number(/(\d+) stops?/.exec((await first.locator("summary").textContent()) ?? "")?.[1]);
  expect(stopCount).toBeGreaterThanOrEqual(2);

  await page.getByRole("combobox", { name: "Agent", exact: true }).selectOption({ label: name });
  await expect(legend(page)).toHaveCount(1);
  await expect.poll(async () => (await stopNumbers()).length).toBe(stopCount);
  expect(stopCount).toBeLessThan(allMarkers);
  expect(await stopNumbers()).toEqual(Array.from({ length: stopCount }, (_, i) => i + 1));
  const colours = await markers.evaluateAll((els) => els.map((el) => (el as HTMLElement).style.background));
  expect(new Set(colours).size).toBe(1);

  await markers.first().dispatchEvent("click");
  const popup = page.locator(".leaflet-popup");
  await expect(popup).toContainText(name);
  await expect(popup).toContainText("Check-in #1");
  await expect(popup).toContainText("Start");
  await expect(popup).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
  await popup.locator(".leaflet-popup-close-button").dispatchEvent("click");
  await expect(popup).toHaveCount(0);
  await page.locator(`.leaflet-marker-pane .checkin-marker[data-numbers~="${stopCount}"]`).dispatchEvent("click");
  await expect(popup).toContainText(`Check-in #${stopCount}`);
  await expect(popup).toContainText(lastStopLabel(day));

  // A seeded past day: the same agent's last stop is a Stop. The open popup goes with the day's markers.
  await openFilters(page);
  await page.getByLabel("Date").fill(seededDay(3));
  await expect(page).toHaveURL(new RegExp(`date=${seededDay(3)}`));
  await expect(page.getByRole("heading", { name: `Agent Routes · ${formatCalendarDate(seededDay(3))}` })).toBeVisible();
  await expect(popup).toHaveCount(0);
  const pastCount = (await stopNumbers()).length;
  if (pastCount > 1) {
    await page.locator(`.leaflet-marker-pane .checkin-marker[data-numbers~="${pastCount}"]`).dispatchEvent("click");
    const pastPopup = page.locator(".leaflet-popup", { hasText: `Check-in #${pastCount}` });
    await expect(pastPopup).toContainText("Stop");
  }
  expect(errors).toEqual([]);
});

test("the map's messages: Loading dealers... while they come, Failed to load dealer data when they cannot", async ({
  page,
}) => {
  await signIn(page, "officer8");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/dealers?view=map*", async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Something went wrong" }),
    });
  });
  await page.goto("/dealer-map?f=1&dealers=on");
  const status = page.getByRole("group", { name: "Map of dealers and agent routes" }).getByRole("status");
  await expect(status).toHaveText("Loading dealers...", { timeout: 15_000 });
  release();
  await expect(status).toHaveText("Failed to load dealer data");
  // The server-rendered list still works.
  expect((await badge(page)).shown).toBeGreaterThan(0);
  await expect(page.getByRole("list", { name: "Dealers" }).locator(":scope > li").first()).toBeVisible();
});

test("the Demo plots layer draws each plot in its stage's colour, with a popup linking to the plot", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, "officer6");
  const { id: officerId } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const plot = demoPlot({ officerId, stage: "MID_SEASON", midDueIn: -30, harvestDueIn: 60, product: "SULFUR" });
  // The plots layer alone: the map fits to the plots, every one of which these specs put at one place.
  await page.goto("/dealer-map?f=1&plots=on");
  const map = page.locator(".leaflet-container");
  await expect(map).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("list", { name: "Mid-season plots" }).getByText(plot.farmerName)).toBeVisible();
  await map.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const box = await map.boundingBox();
  if (!box) throw new Error("no map");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = page.locator(".leaflet-popup .plot-popup");
  await expect(popup).toContainText(/Demo plot · (Sown|Mid-season|Harvested)/);
  await expect(popup.getByRole("link", { name: "Open plot" })).toHaveAttribute("href", /^\/plots\/\d+$/);
  await reviewScreenshot(page, "map-demo-plots");
  expect(errors).toEqual([]);
});
