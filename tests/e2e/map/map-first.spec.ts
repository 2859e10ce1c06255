import { expect, signIn, test } from "../support/fixtures";
import { badge } from "./support";

// The Dealer Map puts the map first: its place is kept from the first paint ("Loading map..."),
// the filters wait in a closed sheet under it, and the dealer list below comes 20 at a time with
// phones masked as in the directory. JavaScript on and off.

test(
  "the map comes first, the filters wait in a closed sheet under it, and the list is paged",
  { tag: "@js" },
  async ({ page }, testInfo) => {
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    await signIn(page, "officer7");
    await page.goto("/dealer-map");

    const sheet = page.getByTestId("map-filters");
    await expect(sheet.locator("summary")).toContainText(/Filters\s*Today · All provinces · Dealers, Agent Routes/);
    await expect(sheet.getByRole("button", { name: "Apply" })).toBeHidden();
    if (javaScript) {
      const map = page.getByRole("group", { name: "Map of dealers and agent routes" });
      await expect(map).toBeVisible({ timeout: 15_000 });
      const [mapBox, sheetBox] = [await map.boundingBox(), await sheet.boundingBox()];
      expect(mapBox?.width).toBeGreaterThanOrEqual(320);
      expect((mapBox?.y ?? Infinity) + (mapBox?.height ?? 0)).toBeLessThanOrEqual(sheetBox?.y ?? 0);
    } else {
      // No map without JavaScript, and nothing that says one is coming.
      await expect(page.getByText("Loading map...")).toBeHidden();
      await expect(page.locator(".leaflet-container")).toHaveCount(0);
    }

    const { shown } = await badge(page);
    const dealers = page.getByRole("list", { name: "Dealers" }).locator(":scope > li");
    await expect(dealers).toHaveCount(Math.min(shown, 20));
    for (const text of await dealers.allTextContents()) expect(text).not.toMatch(/\+92 \d{3} \d{7}|\d{4} ?\d{7}/);
    await expect(dealers.first().getByRole("link", { name: /^View Details of / })).toHaveAttribute(
      "href",
      /^\/dealer-details\/\d+$/,
    );
    if (shown > 20) {
      await page.getByRole("link", { name: "Show more" }).click();
      await expect(dealers).toHaveCount(Math.min(shown, 40));
    }
  },
);
