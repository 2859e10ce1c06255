import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { cardWithText } from "./support";

// A poor fix is said plainly, with what helps, and never called anything worse; the post can
// still be sent, and says how sure its place was. Coordinates changed by hand become "Typed".

test.describe("a fix of ±1.2 km", () => {
  test.use({ geolocation: { latitude: 30.1575, longitude: 71.5249, accuracy: 1200 }, permissions: ["geolocation"] });

  test("New Post says the location is approximate and offers Refresh; the card says 'GPS ±1.2 km'", async ({
    page,
  }) => {
    await signIn(page, "officer7");
    const text = uniqueName("Farmer meeting under the tree");
    await page.goto("/new-post");
    await expect(page.getByRole("alert")).toHaveText(
      "Location is approximate (±1.2 km). Move outside or wait a moment, or type the place.",
    );
    await expect(page.getByRole("button", { name: "Refresh location" })).toBeEnabled();
    await page.getByLabel("Post type *").selectOption("FARMER_MEETING");
    await page.getByLabel("Description").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(cardWithText(page, text).getByText("GPS ±1.2 km", { exact: true })).toBeVisible();
  });

  test("coordinates corrected by hand are labelled 'Typed'", async ({ page }) => {
    await signIn(page, "officer7");
    const text = uniqueName("Corrected the place");
    await page.goto("/new-post");
    await expect(page.getByLabel("Latitude")).toHaveValue("30.157500");
    await page.getByLabel("Latitude").fill("30.1612");
    await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
    await page.getByLabel("Description").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(cardWithText(page, text).getByText("Typed", { exact: true })).toBeVisible();
  });
});
