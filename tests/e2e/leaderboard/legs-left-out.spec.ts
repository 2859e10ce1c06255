import { expect, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// A jump no drive can make is not counted in Distance and Hours, and the rankings say so in
// words beside the distance, with the rule under the table (JavaScript on and off).

test("a 340 km jump a moment later is not counted, and the officer's row says why", async ({ page }) => {
  await registerThroughForm(page);
  // Multan, half a kilometre on foot, then Lahore at once: the last leg cannot be a drive.
  for (const place of [
    { lat: 30.1575, lng: 71.5249 },
    { lat: 30.162, lng: 71.5249 },
    { lat: 31.5204, lng: 74.3587 },
  ]) {
    expect((await page.request.post("/api/checkins", { data: place })).status()).toBe(201);
  }
  const me = (await (await page.request.get("/api/me")).json()) as { id: number };
  const rankings = (await (await page.request.get("/api/agents/rankings?period=today")).json()) as Array<{
    id: number;
    distance: string;
    legsLeftOut: object;
  }>;
  expect(rankings.find((row) => row.id === me.id)).toMatchObject({
    distance: "0.5",
    legsLeftOut: { tooFast: 1, poorFix: 0, repeatedPoint: 0 },
  });

  await page.goto("/?period=today");
  const own = page.locator('tr[aria-current="true"]');
  await expect(own.first()).toContainText("0.5 km");
  await expect(own.first()).toContainText("1 leg not counted (too fast)");
  await expect(page.getByTestId("rankings-left-out")).toHaveText(
    "Distance and Hours leave out legs faster than 130 km/h, to or from a fix less sure than ±1 km, or repeating a point under another address.",
  );
});
