import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { officerWithAJump } from "./support";

// A day with a leg no drive makes: the route says which leg is not counted, in words without
// JavaScript and as a dashed line with its reason on the map; each stop says how its place was
// had; managers see the day's "Location quality" (JavaScript on and off).

test(
  "the route names the leg not counted and how each place was had; managers see the day's location quality",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    const officer = await officerWithAJump(page);
    await page.goto(`/dealer-map?f=1&routes=on&agent=${officer.id}&date=${karachiDate()}`);
    const stops = page.getByRole("list", { name: `Stops of ${officer.name}` });
    await expect(stops.getByText("GPS ±12 m")).toBeVisible();
    await expect(stops.getByText("From another tool")).toBeVisible();
    await expect(stops.getByText("Leg from #2 not counted: faster than 130 km/h")).toBeVisible();
    if (javaScriptEnabled) {
      // One dashed leg, the jump; the other is drawn in the agent's colour.
      await expect(page.locator('.leaflet-overlay-pane path[stroke-dasharray="6 8"]')).toHaveCount(1);
    }
    // Officers do not see the managers' view.
    await expect(page.getByRole("link", { name: "Location quality" })).toHaveCount(0);
    expect((await page.request.get(`/api/agents/location-quality?date=${karachiDate()}`)).status()).toBe(403);

    await page.context().clearCookies();
    await signIn(page, "manager");
    await page.goto(`/dealer-map?f=1&routes=on&date=${karachiDate()}`);
    await page.getByRole("link", { name: "Location quality" }).click();
    await expect(page.getByRole("heading", { name: "Location quality" })).toBeVisible();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `${officer.name} @${officer.username}`, exact: true }) });
    await expect(card).toContainText("Check-ins3");
    await expect(card).toContainText("From GPS67%");
    await expect(card).toContainText("Median accuracy±21 m");
    await expect(card).toContainText("Legs left out1 leg not counted (too fast)");

    const api = (await (await page.request.get(`/api/agents/location-quality?date=${karachiDate()}`)).json()) as Array<{
      userId: number;
    }>;
    expect(api.find((row) => row.userId === officer.id)).toEqual({
      userId: officer.id,
      name: officer.name,
      username: officer.username,
      checkIns: 3,
      gpsShare: 2 / 3,
      medianAccuracyM: 21,
      legsLeftOut: { tooFast: 1, poorFix: 0, repeatedPoint: 0 },
    });
    const refused = await page.request.get("/api/agents/location-quality?date=2026-02-30");
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe(
      "Query parameter date must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd",
    );
  },
);
