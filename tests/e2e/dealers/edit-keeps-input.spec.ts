import { expect, signIn, test } from "../support/fixtures";
import { addDealerThroughApi } from "./support";

// Edit Dealer never loses what was typed: the main Save keeps the About typed above it, a refused
// About comes back as typed, and Enter in a field saves the whole form (JavaScript on and off).

test("the main Save keeps the About typed above it, with the fields", async ({ page }) => {
  await signIn(page, "officer4");
  const dealer = await addDealerThroughApi(page);
  await page.goto(`/dealer-details/${dealer.id}?edit=true`);
  await page.getByRole("textbox", { name: "About" }).fill("Sells SSP and sulfur to 200 growers.");
  await page.getByLabel("City").fill("Sahiwal");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Dealer updated successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
  await expect(page.getByText("Sells SSP and sulfur to 200 growers.")).toBeVisible();
  await expect(page.getByText(/Sahiwal/).first()).toBeVisible();
});

test(
  "an About over the limit comes back as typed, with its message and the fields' edits",
  { tag: "@js" },
  async ({ page }) => {
    await signIn(page, "officer4");
    const dealer = await addDealerThroughApi(page);
    await page.goto(`/dealer-details/${dealer.id}?edit=true`);
    const typed = "Long history. ".repeat(80).slice(0, 1100);
    await page.getByLabel("City").fill("Pakpattan");
    await page.getByRole("textbox", { name: "About" }).fill(typed);
    await page.getByRole("button", { name: "Save About" }).click();
    await expect(page.getByText("About must be 1000 characters or less")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "About" })).toHaveValue(typed);
    await expect(page.getByLabel("City")).toHaveValue("Pakpattan");

    // Shortened, Save About saves it (and the city typed with it) and stays in edit mode.
    await page.getByRole("textbox", { name: "About" }).fill("Family shop since 1998.");
    await page.getByRole("button", { name: "Save About" }).click();
    await expect(page.getByText("About section updated successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Edit Dealer" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "About" })).toHaveValue("Family shop since 1998.");
    await expect(page.getByLabel("City")).toHaveValue("Pakpattan");
  },
);

test("Enter in a field saves the dealer, as Save does", async ({ page }) => {
  await signIn(page, "officer4");
  const dealer = await addDealerThroughApi(page);
  await page.goto(`/dealer-details/${dealer.id}?edit=true`);
  await page.getByLabel("Postal code").fill("56300");
  await page.getByLabel("Postal code").press("Enter");
  await expect(page.getByText("Dealer updated successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
});
