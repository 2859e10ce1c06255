import { expect, signIn, test } from "../support/fixtures";

test("Use Current Location fills the place; a refusal shows the Location Notice", async ({ page, context }) => {
  await signIn(page, "officer8");
  await page.goto("/add-dealer");
  await page.waitForSelector(".leaflet-container");

  // Refused: the location notice ("Unable to get your current location. Please select manually
  // on the map."), and the map stays usable.
  await context.clearPermissions();
  await page.getByRole("button", { name: "Use Current Location" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Location Notice" });
  await expect(notice).toContainText("Unable to get your current location. Please select manually on the map.", {
    timeout: 15_000,
  });

  // Allowed: the phone's position is picked and its address fills street, city and state.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 31.4504, longitude: 73.135 });
  await page.getByRole("button", { name: "Use Current Location" }).click();
  await expect(page.getByText("31.450400, 73.135000")).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByLabel("City")).toHaveValue("Lahore");
  await expect(page.getByLabel("State")).toHaveValue("Punjab");
});
