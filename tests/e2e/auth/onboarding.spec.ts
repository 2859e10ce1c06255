import { expect, signIn, test } from "../support/fixtures";
import { expectShell, registerThroughForm, signOut } from "../support/flows";

test(
  "register, set both locations, reach the feed, sign out and sign in again",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    const account = await registerThroughForm(page);

    await expect(page.getByRole("heading", { name: "Location Setup" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Home Location" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Warehouse" })).toBeVisible();

    if (javaScriptEnabled) {
      // The map picker: tap the map on each tab; the address comes from the (fake) geocoder.
      const home = page.getByRole("tabpanel", { name: "Home Location" });
      await home.locator(".leaflet-container").click({ position: { x: 120, y: 100 } });
      await expect(home.getByText(/^\d+\.\d{6}, \d+\.\d{6}$/)).toBeVisible();
      await expect(home.getByLabel("Address")).toHaveValue(/Fake Street 12, Model Town, Lahore/);
      await expect(page.getByRole("button", { name: "Save Home Location" })).toBeVisible();

      await page.getByRole("tab", { name: "Warehouse" }).click();
      const warehouse = page.getByRole("tabpanel", { name: "Warehouse" });
      await warehouse.locator(".leaflet-container").click({ position: { x: 200, y: 160 } });
      await expect(warehouse.getByLabel("Address")).toHaveValue(/Fake Street 12/);
      await page.getByRole("button", { name: "Complete Setup" }).click();
    } else {
      // Without JavaScript: coordinates typed into plain fields, one place at a time.
      const home = page.getByRole("tabpanel", { name: "Home Location" });
      await home.getByLabel("Latitude").fill("31.5204");
      await home.getByLabel("Longitude").fill("74.3587");
      await page.getByRole("button", { name: "Save Home Location" }).click();
      await expect(page).toHaveURL(/tab=warehouse/);
      // The first place saved is confirmed, and the next one asked for.
      await expect(page.getByText("Home location saved")).toBeVisible();
      await expect(page.getByText("Now choose your warehouse location.")).toBeVisible();

      const warehouse = page.getByRole("tabpanel", { name: "Warehouse" });
      await warehouse.getByLabel("Latitude").fill("31.4504");
      await warehouse.getByLabel("Longitude").fill("73.1350");
      await warehouse.getByLabel("Address").fill("Godown 7, Jhang Road, Faisalabad");
      await page.getByRole("button", { name: "Save Warehouse Location" }).click();
    }

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Locations saved successfully!")).toBeVisible();
    await expectShell(page);

    await page.goto("/profile");
    await expect(
      page.getByText(javaScriptEnabled ? /Fake Street 12/ : "Godown 7, Jhang Road, Faisalabad").first(),
    ).toBeVisible();
    if (!javaScriptEnabled) {
      // No address was typed for home, so the server looked it up.
      await expect(page.getByText(/Fake Street 12, Model Town, Lahore/)).toBeVisible();
    }

    await signOut(page);
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/$/);
    await expectShell(page);
  },
);

test("a signed-out visitor sees the landing page and is sent to sign in for private pages", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Fieldline" })).toBeVisible();
  await page.getByRole("link", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/register$/);

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await page.getByLabel("Username").fill("officer1");
  await page.getByLabel("Password", { exact: true }).fill("fieldline");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: /Ahmed Raza/ })).toBeVisible();
});

test("location setup without a session asks to start over", async ({ page }) => {
  await page.goto("/location-setup");
  await expect(page.getByText("Registration data not found. Please start over.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start over" })).toHaveAttribute("href", "/register");
});

test("an unknown path shows the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
