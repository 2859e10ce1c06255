import { expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { cardWithText } from "./support";

// "Add new dealer" on New Post leads to Add Dealer and back to the post, with the new dealer
// chosen; with JavaScript what was typed is kept too (JavaScript on and off).

test("a dealer added from New Post comes back chosen, and the post names it", async ({ page, javaScriptEnabled }) => {
  await registerThroughForm(page);
  const text = uniqueName("Met the new dealer");
  const businessName = uniqueName("Naya Zarai Markaz");
  await page.goto("/new-post?type=DEALER_MEETING");
  await page.getByLabel("Description").fill(text);
  if (javaScriptEnabled) {
    await page.getByLabel(/^Dealer/).selectOption("new");
  } else {
    await page.getByRole("link", { name: "Add a new dealer" }).click();
  }
  await expect(page.getByRole("heading", { name: "Add New Dealer" })).toBeVisible();
  await expect(page).toHaveURL(/\/add-dealer\?returnTo=%2Fnew-post%3Ftype%3DDEALER_MEETING$/);

  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Street").fill("Shop 3, Grain Market");
  await page.getByLabel("City").fill("Vehari");
  await page.getByLabel("State").selectOption("Punjab");
  if (!javaScriptEnabled) {
    await page.getByLabel("Latitude").fill("30.0452");
    await page.getByLabel("Longitude").fill("72.3489");
  } else {
    await page.locator(".leaflet-container").click({ position: { x: 140, y: 120 } });
    await expect(page.getByText(/^\d+\.\d{6}, \d+\.\d{6}$/)).toBeVisible();
  }
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/new-post\?type=DEALER_MEETING&dealer=\d+$/);
  await expect(page.getByText("Dealer added successfully!")).toBeVisible();
  const chosen = page.getByLabel(/^Dealer/).locator("option:checked");
  await expect(chosen).toHaveText(new RegExp(`^${businessName}`));
  if (javaScriptEnabled) await expect(page.getByLabel("Description")).toHaveValue(text);
  else await page.getByLabel("Description").fill(text);

  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(cardWithText(page, text).getByText(businessName)).toBeVisible();
});
