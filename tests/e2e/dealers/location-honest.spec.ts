import { expect, signIn, test, uniqueName } from "../support/fixtures";

// Add Dealer marks what it requires, and its location message goes once a place is chosen; a
// dealer whose address lookup failed shows its coordinates once (JavaScript on and off).

test(
  "the required fields are marked, and choosing a place answers 'Please select a location'",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer3");
    await page.goto("/add-dealer");
    for (const label of ["Business name *", "Street *", "City *", "State *"])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByText("Location *", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    // Without JavaScript there is no map: the place comes from the address, which is not typed yet.
    const message = page.getByText(
      javaScriptEnabled
        ? "Please select a location on the map."
        : "Type the address to place it, or the latitude and longitude.",
      { exact: true },
    );
    await expect(message.first()).toBeVisible();
    if (javaScriptEnabled) {
      await page.locator(".leaflet-container").click({ position: { x: 140, y: 120 } });
      await expect(page.getByText(/^\d+\.\d{6}, \d+\.\d{6}$/)).toBeVisible();
      await expect(message).toHaveCount(0);
      // The other fields still say what they miss.
      await expect(page.getByText("Business name is required")).toBeVisible();
    }
  },
);

test("a dealer placed where the address lookup failed shows its coordinates once", async ({ page }) => {
  await signIn(page, "officer3");
  const businessName = uniqueName("Coordinates Only");
  const response = await page.request.post("/api/dealers", {
    data: {
      businessName,
      street: "Chak 45",
      city: "Okara",
      state: "Punjab",
      lat: 30.81,
      lng: 73.45,
      formattedAddress: "30.810000, 73.450000",
    },
  });
  expect(response.status()).toBe(201);
  await page.goto(`/dealer-details/${(await response.json()).id}`);
  await expect(page.getByText("30.810000, 73.450000", { exact: true })).toHaveCount(1);
});
