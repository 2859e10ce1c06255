import { collectConsoleErrors, expect, signIn, test } from "../support/fixtures";
import { addDealerThroughApi, addDealerThroughForm, searchDealers } from "./support";

test("add a dealer and find it by search", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "officer2");
  const dealer = await addDealerThroughForm(page, javaScriptEnabled);

  // The directory: search by business name; the phone shows only its last 4 digits.
  await page.goto("/dealers");
  await searchDealers(page, dealer.businessName, javaScriptEnabled);
  const cards = page.getByRole("list", { name: "Dealers" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole("heading", { name: dealer.businessName })).toBeVisible();
  await expect(card.getByText(`•••• ${dealer.phone.slice(-4)}`)).toBeVisible();
  await expect(card).not.toContainText(dealer.phone);
  await expect(card.getByRole("link", { name: "Create Meeting" })).toHaveAttribute(
    "href",
    /\/new-post\?dealer=\d+&type=DEALER_MEETING/,
  );

  await searchDealers(page, "no such dealer anywhere", javaScriptEnabled);
  await expect(page.getByText("No dealers found for your search.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("view a dealer found by search and edit it", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "officer2");
  const phone = `+92 302 ${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const dealer = await addDealerThroughApi(page, { phone, email: "ghulam.rasool@example.pk" });

  await page.goto("/dealers");
  await searchDealers(page, dealer.businessName, javaScriptEnabled);
  await page.getByRole("link", { name: `View Details of ${dealer.businessName}` }).click();
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
  await expect(page.getByRole("heading", { name: dealer.businessName })).toBeVisible();
  await expect(page.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:+${phone.replace(/\D/g, "")}`);
  await expect(page.getByRole("link", { name: "ghulam.rasool@example.pk" })).toHaveAttribute(
    "href",
    "mailto:ghulam.rasool@example.pk",
  );
  await expect(page.getByText("No description available.")).toBeVisible();
  await expect(page.getByText("No photos in gallery yet.")).toBeVisible();
  await expect(page.getByText("Okara", { exact: false }).first()).toBeVisible();

  // Edit: a bad email keeps what was typed and says why; a good one saves and returns to view mode.
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Dealer" })).toBeVisible();
  const form = page.locator("#edit-dealer");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("City").fill("Sahiwal");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Invalid email")).toBeVisible();
  await form.getByLabel("Email").fill("");
  await form.getByLabel("City").fill("Sahiwal");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Dealer updated successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
  await expect(page.getByText(/Sahiwal, Punjab/)).toBeVisible();
  await expect(page.getByRole("link", { name: "ghulam.rasool@example.pk" })).toHaveCount(0);
  // The refused edit answers 400 on purpose; without JavaScript the browser logs that page load.
  expect(errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
});

test(
  "the dealer form says what is missing, in the agreed words",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer3");
    await page.goto("/add-dealer");
    await page.getByLabel("Email").fill("wrong@");
    await page.getByLabel("Notes").fill("n".repeat(501));
    await page.getByLabel("Notes").blur(); // with JavaScript its message appears now, moving the button
    await page.getByRole("button", { name: "Save" }).click();
    for (const message of [
      "Business name is required",
      "Street address is required",
      "City is required",
      "State is required",
      "Invalid email",
      "Notes must be 500 characters or less",
      // Without JavaScript there is no map: the place comes from the address, which is not typed.
      javaScriptEnabled
        ? "Please select a location on the map."
        : "Type the address to place it, or the latitude and longitude.",
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expect(page).toHaveURL(/\/add-dealer$/);
  },
);

test("a missing dealer says so, with a way back", async ({ page }) => {
  await signIn(page, "officer3");
  const response = await page.goto("/dealer-details/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Dealer not found.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Dealers" }).click();
  await expect(page).toHaveURL(/\/dealers$/);
  // A malformed id names no dealer either.
  for (const id of ["0x10", "1e1", "007"]) {
    expect((await page.goto(`/dealer-details/${id}`))?.status(), id).toBe(404);
    await expect(page.getByText("Dealer not found.")).toBeVisible();
  }
  // The id may also come as ?id=.
  await page.goto("/dealer-details?id=1");
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
});

test("the directory shows 20 cards at a time, with Show more", async ({ page }) => {
  await signIn(page, "officer1");
  await page.goto("/dealers");
  const cards = page.getByRole("list", { name: "Dealers" }).getByRole("listitem");
  await expect(cards).toHaveCount(20);
  await expect(page.getByText(/^Showing 20 of \d+ dealers\.$/)).toBeVisible();
  await page.getByRole("link", { name: "Show more" }).click();
  await expect(page).toHaveURL(/limit=40/);
  // The new page may still be arriving when the address changes: wait for the cards, not just the URL.
  await expect(cards).toHaveCount(40);
  await expect(page.getByText(/^Showing 40 of \d+ dealers\.$/)).toBeVisible();
});
