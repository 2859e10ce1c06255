import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { registerThroughApi } from "../support/flows";

// What JavaScript adds to the visit plan (decision 43): "Use my location" lists the dealers
// nearest to where the phone is and orders the plan from there; the map draws the plan's stops.

test("Use my location orders the dealers and the plan from the phone's place; the map draws the plan", async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL });
  const officer = await registerThroughApi(request, "Locator");
  expect((await request.put("/api/me", { data: { homeLat: 29.4, homeLng: 71.6 } })).status()).toBe(200);
  const prefix = uniqueName("Here");
  for (const [name, lng] of [
    ["West", 71.5],
    ["East", 71.9],
  ] as const) {
    const created = await request.post("/api/dealers", {
      data: {
        businessName: `${prefix} ${name}`,
        street: "Mall Road",
        city: "Bahawalpur",
        state: "Punjab",
        lat: 29.4,
        lng,
      },
    });
    expect(created.status()).toBe(201);
  }
  await request.dispose();

  await signIn(page, officer.username, "report-pass-1");
  await page.goto(`/plan?query=${encodeURIComponent(prefix)}`);
  const offered = page.getByRole("list", { name: "Dealers to add" }).getByRole("listitem");
  await expect(offered.first()).toContainText(`${prefix} West`);

  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 29.4, longitude: 71.95 });
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByTestId("candidates-order")).toHaveText(
    "Dealers matching your search, nearest to where you are.",
  );
  await expect(offered.first()).toContainText(`${prefix} East`);

  await page.getByRole("button", { name: `Add ${prefix} West` }).click();
  await page.getByRole("button", { name: `Add ${prefix} East` }).click();
  const stops = page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem");
  await expect(stops).toHaveCount(2);
  await expect(stops.first()).toContainText(`${prefix} East`);
  await expect(page.getByTestId("plan-start")).toHaveText("In driving order from where you were.");

  await page.getByRole("link", { name: "Map", exact: true }).first().click();
  await expect(page.getByRole("list", { name: "Planned stops" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.locator(".leaflet-marker-pane .plan-marker")).toHaveCount(2, { timeout: 15_000 });
  await expect(page.locator(".leaflet-marker-pane .plan-marker").first()).toHaveText("1");
});
