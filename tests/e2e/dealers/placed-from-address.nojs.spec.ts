import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { FAKE_SEARCH_POINT } from "../../support/fake-edge.mjs";

// Without JavaScript there is no map to pin a place on. Left without coordinates, a dealer or a
// home is placed from its typed address (the geocoder; the town table when the geocoder fails),
// saved as approximate, and the officer is told so.

const PLACED = "Placed from the address; set the pin when you can";
const fakeFound = `${FAKE_SEARCH_POINT.lat.toFixed(6)}, ${FAKE_SEARCH_POINT.lng.toFixed(6)}`;

async function fillDealer(page: import("@playwright/test").Page, address: { street: string; city: string }) {
  const businessName = uniqueName("Kisan Markaz");
  await page.goto("/add-dealer");
  await expect(
    page.getByText(
      "No map without JavaScript: type the coordinates, or leave them empty and the dealer is placed from Street, City and State.",
    ),
  ).toBeVisible();
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Street").fill(address.street);
  await page.getByLabel("City").fill(address.city);
  await page.getByLabel("State").selectOption("Punjab");
  return businessName;
}

async function openDealer(page: import("@playwright/test").Page, businessName: string) {
  await page.goto(`/dealers?query=${encodeURIComponent(businessName)}`);
  await page.getByRole("link", { name: `View Details of ${businessName}` }).click();
  await expect(page.getByRole("heading", { name: businessName })).toBeVisible();
}

test("a dealer without coordinates is placed from its address, marked approximate until a pin is set", async ({
  page,
}) => {
  await signIn(page, "officer4");
  const businessName = await fillDealer(page, { street: "Shop 7, Grain Market", city: "Jhang" });
  await page.getByRole("button", { name: "Save" }).click();
  // The save goes back to the directory (the spec), which finds the new dealer by its name.
  await expect(page).toHaveURL(`/dealers?${new URLSearchParams({ query: businessName })}`);
  await expect(page.getByText("Dealer added successfully!")).toBeVisible();
  await expect(page.getByText(PLACED, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: `View Details of ${businessName}` }).click();
  await expect(page.getByRole("heading", { name: businessName })).toBeVisible();
  await expect(page.getByText(fakeFound, { exact: true })).toBeVisible();
  await expect(page.getByText("Shop 7, Grain Market, Jhang, Punjab, Pakistan")).toBeVisible();
  await expect(page.getByText("Approximate: placed from the address; set the pin when you can.")).toBeVisible();

  // Typing the real coordinates is setting the pin: no longer approximate.
  await page.getByRole("link", { name: "Edit Dealer" }).click();
  const form = page.locator("#edit-dealer");
  await form.getByLabel("Latitude").fill("31.2712");
  await form.getByLabel("Longitude").fill("72.3163");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Dealer updated successfully!")).toBeVisible();
  await expect(page.getByText("31.271200, 72.316300", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Approximate:/)).toHaveCount(0);
});

test("when the geocoder fails, the town's centre places the dealer", async ({ page }) => {
  await signIn(page, "officer4");
  const businessName = await fillDealer(page, { street: "Geocoder down, Chowk Bazaar", city: "Vehari" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(PLACED, { exact: true })).toBeVisible();
  await openDealer(page, businessName);
  await expect(page.getByText("30.045200, 72.348900", { exact: true })).toBeVisible();
  await expect(page.getByText("Approximate: placed from the address; set the pin when you can.")).toBeVisible();
});

test("an address nobody can find is refused with everything typed kept, and how to go on", async ({ page }) => {
  await signIn(page, "officer4");
  const businessName = await fillDealer(page, { street: "Nowhere Lane", city: "Nowhere Town" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/add-dealer$/);
  await expect(
    page.getByText("This address could not be found on the map. Check the city, or type the latitude and longitude."),
  ).toBeVisible();
  await expect(page.getByTestId("error-summary").getByRole("link")).toHaveText(["Location"]);
  await expect(page.getByLabel("Business name")).toHaveValue(businessName);
  await expect(page.getByLabel("Street")).toHaveValue("Nowhere Lane");
  expect(
    await page.request
      .get(`/api/dealers?query=${encodeURIComponent(businessName)}`)
      .then((response) => response.json()),
  ).toEqual([]);
});

test("location setup places home and warehouse from their addresses, and the profile says they are approximate", async ({
  page,
}) => {
  await registerThroughForm(page);
  await page.goto("/location-setup");
  const home = page.getByRole("tabpanel", { name: "Home Location" });
  await home.getByLabel("Address").fill("House 4, Canal Road, Toba Tek Singh");
  await page.getByRole("button", { name: "Save Home Location" }).click();
  await expect(page).toHaveURL(/tab=warehouse/);
  await expect(page.getByText(`${PLACED}. Now choose your warehouse location.`)).toBeVisible();

  const warehouse = page.getByRole("tabpanel", { name: "Warehouse" });
  await warehouse.getByLabel("Address").fill("Geocoder down, Godown 2, Khanewal");
  await page.getByRole("button", { name: "Save Warehouse Location" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Locations saved successfully!")).toBeVisible();

  const me = (await (await page.request.get("/api/me")).json()) as Record<string, string>;
  expect([me.homeLat, me.homeLng]).toEqual([String(FAKE_SEARCH_POINT.lat), String(FAKE_SEARCH_POINT.lng)]);
  expect([me.warehouseLat, me.warehouseLng, me.warehouseAddress]).toEqual([
    "30.3017",
    "71.9321",
    "Geocoder down, Godown 2, Khanewal",
  ]);
  await page.goto("/profile");
  await expect(page.getByText("Approximate: placed from the address; set the pin when you can.")).toHaveCount(2);
});

test("location setup refuses an address it cannot find, and keeps it", async ({ page }) => {
  await registerThroughForm(page);
  await page.goto("/location-setup");
  const home = page.getByRole("tabpanel", { name: "Home Location" });
  await home.getByLabel("Address").fill("Somewhere, Nowhere");
  await page.getByRole("button", { name: "Save Home Location" }).click();
  await expect(
    page.getByText("This address could not be found on the map. Check the city, or type the latitude and longitude."),
  ).toBeVisible();
  await expect(home.getByLabel("Address")).toHaveValue("Somewhere, Nowhere");
});
