import { expect, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// With JavaScript the map replaces the coordinate fields, so typed coordinates are a no-JS path.

test("location setup: coordinates out of range and a missing place", async ({ page }) => {
  await registerThroughForm(page);
  const home = page.getByRole("tabpanel", { name: "Home Location" });
  await page.getByRole("button", { name: "Save Home Location" }).click();
  await expect(page.getByText("Type the address to place it, or the latitude and longitude.")).toBeVisible();

  await home.getByLabel("Latitude").fill("123");
  await home.getByLabel("Longitude").fill("74.3");
  await page.getByRole("button", { name: "Save Home Location" }).click();
  await expect(page.getByText("Latitude must be between -90 and 90")).toBeVisible();
});
