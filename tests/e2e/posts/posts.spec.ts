import { expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { attachPhotos, cardWithText, expectNearTop, givePlace, photo, someDealer } from "./support";

// Creating each post type with two photos, then seeing it on the feed, with JavaScript on and off.
test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

test.beforeEach(async ({ page }) => {
  await registerThroughForm(page);
});

test(
  "a SALE with product, quantity, price and two photos shows at the top of the feed with its total",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    const text = uniqueName("Sold SSP at the mandi");
    await page.goto("/new-post");
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Post", exact: true })).toBeDisabled();
    await page.getByLabel("Post type *").selectOption("SALE");
    await page.getByLabel("Description").fill(text);
    if (javaScriptEnabled) await expect(page.getByText(`${text.length} / 2000`)).toBeVisible();
    await page.getByLabel("Product").selectOption("SSP");
    await page.getByLabel("Quantity (bags)").fill("12");
    // Typed the way officers write amounts, with grouping commas; the live total is grouped too.
    await page.getByLabel("Price per unit ($)").fill("3,850.25");
    if (javaScriptEnabled) await expect(page.locator("#sale-total")).toHaveText("46,203.00");
    await givePlace(page, javaScriptEnabled);
    await attachPhotos(page, javaScriptEnabled, [
      await photo("field-1.jpg", "#3a7d44"),
      await photo("field-2.jpg", "#c28f2c"),
    ]);
    await page.getByRole("button", { name: "Post", exact: true }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await expectNearTop(page, text);
    const card = cardWithText(page, text);
    await expect(card.getByText("Sale", { exact: true })).toBeVisible();
    await expect(card.getByText("Hamza Iqbal")).toBeVisible();
    await expect(card.getByText(/Fake Street 12/)).toBeVisible();
    const media = card.getByRole("list", { name: /^Media of/ });
    await expect(media.getByRole("listitem")).toHaveCount(2);
    await expect(media.locator("img").first()).toHaveAttribute("src", /\/files\/posts-thumbs\/[a-f0-9]+\.webp$/);
    const details = card.getByRole("definition");
    await expect(details).toHaveText(["SSP Fertilizer", "12 bags", "$3,850.25", "$46,203.00"]);

    // The full-size file opens: a dialog with JavaScript, the file itself without.
    await media.getByRole("link").first().click();
    if (javaScriptEnabled) {
      const viewer = page.getByRole("dialog", { name: "Full-size media" });
      await expect(viewer.locator("img")).toHaveAttribute("src", /\/files\/posts\/[a-f0-9]+\.webp$/);
      await viewer.getByRole("button", { name: "Close" }).click();
      await expect(viewer).toBeHidden();
    } else {
      await expect(page).toHaveURL(/\/files\/posts\/[a-f0-9]+\.webp$/);
    }
  },
);

test("a RECOVERY with amount, dealer and two photos", async ({ page, javaScriptEnabled }) => {
  const dealer = someDealer(1);
  const text = uniqueName("Recovered the balance");
  // Searched for, so that the picker lists it wherever it is (it lists the 50 nearest otherwise).
  await page.goto(`/new-post?${new URLSearchParams({ dealerQuery: dealer.businessName })}`);
  await page.getByLabel("Post type *").selectOption("RECOVERY");
  await page.getByLabel("Description").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  // The dealer and the amount are required for a recovery.
  await expect(page.getByText("Please select a dealer.")).toBeVisible();
  await expect(page.getByText("Amount recovered is required")).toBeVisible();

  // Grouped in lakhs, as written in Pakistan.
  await page.getByLabel("Amount recovered ($)").fill("1,50,000.50");
  await page.getByLabel(/^Dealer/).selectOption(String(dealer.id));
  await givePlace(page, javaScriptEnabled);
  await attachPhotos(page, javaScriptEnabled, [
    await photo("cheque.jpg", "#1f4e79"),
    await photo("shop.jpg", "#7a1f1f"),
  ]);
  await page.getByRole("button", { name: "Post", exact: true }).click();

  // The post waits for both photos to be shrunk on the phone and re-encoded on the server: on a
  // busy machine that takes longer than an assertion's default 5 s.
  await expect(page).toHaveURL("/", { timeout: 20_000 });
  await expectNearTop(page, text);
  const card = cardWithText(page, text);
  await expect(card.getByText("Recovery", { exact: true })).toBeVisible();
  await expect(card.getByRole("list", { name: /^Media of/ }).getByRole("listitem")).toHaveCount(2);
  await expect(card.getByRole("definition").first()).toHaveText("$150,000.50");
  await expect(card.getByText(dealer.businessName)).toBeVisible();
});

test("a DEALER_MEETING from a dealer's Create Meeting link is pre-filled", async ({ page, javaScriptEnabled }) => {
  const dealer = someDealer(2);
  const text = uniqueName("Met the owner about rabi stock");
  await page.goto(`/new-post?dealer=${dealer.id}&type=DEALER_MEETING`);
  await expect(page.getByLabel("Post type *")).toHaveValue("DEALER_MEETING");
  await expect(page.getByLabel(/^Dealer/)).toHaveValue(String(dealer.id));
  if (javaScriptEnabled) {
    await expect(page.getByText("Dealer *")).toBeVisible();
    // The sale fields belong to sales only.
    await expect(page.getByLabel("Product")).toBeHidden();
  }
  await page.getByLabel("Description").fill(text);
  await givePlace(page, javaScriptEnabled);
  await attachPhotos(page, javaScriptEnabled, [
    await photo("meeting-1.jpg", "#444444"),
    await photo("meeting-2.jpg", "#888888"),
  ]);
  await page.getByRole("button", { name: "Post", exact: true }).click();

  await expect(page).toHaveURL("/");
  await expectNearTop(page, text);
  const card = cardWithText(page, text);
  await expect(card.getByText("Dealer Meeting", { exact: true })).toBeVisible();
  await expect(card.getByText(dealer.businessName)).toBeVisible();
  await expect(card.getByRole("list", { name: /^Media of/ }).getByRole("listitem")).toHaveCount(2);
  // The author's real distance today, not a placeholder: one check-in so far, so none is shown.
  await expect(card.getByText("+2.3 km today")).toHaveCount(0);
});

test(
  "the dealer search finds a dealer the selector does not list, and the post names it",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    // Past 50 dealers the selector lists the first by name and offers the search; a search shows it at any size.
    const [listed, wanted] = [someDealer(3), someDealer(4)];
    const text = uniqueName("Met a dealer found by search");
    await page.goto(`/new-post?${new URLSearchParams({ dealerQuery: listed.businessName })}`);
    await page.getByLabel("Post type *").selectOption("DEALER_MEETING");
    const dealerSelect = page.getByLabel(/^Dealer/);
    await expect(dealerSelect.locator(`option[value="${listed.id}"]`)).toHaveCount(1);
    await expect(dealerSelect.locator(`option[value="${wanted.id}"]`)).toHaveCount(0);

    await page.getByLabel("Find a dealer").fill(wanted.businessName);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(dealerSelect.locator(`option[value="${wanted.id}"]`)).toHaveCount(1);
    await expect(dealerSelect.locator(`option[value="${listed.id}"]`)).toHaveCount(0);
    await expect(page.getByText(/^\d+ dealers? found\.$/)).toBeVisible();

    // Without JavaScript the search reloads the form.
    if (!javaScriptEnabled) await page.getByLabel("Post type *").selectOption("DEALER_MEETING");
    await dealerSelect.selectOption(String(wanted.id));
    await page.getByLabel("Description").fill(text);
    await givePlace(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Post", exact: true }).click();

    await expect(page).toHaveURL("/");
    await expect(cardWithText(page, text).getByText(wanted.businessName)).toBeVisible();
  },
);

test("a description over 2000 characters is refused with the agreed message", async ({ page, javaScriptEnabled }) => {
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill("x".repeat(2001));
  if (javaScriptEnabled) await expect(page.getByText("2001 / 2000")).toBeVisible();
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Description must be 2000 characters or less")).toBeVisible();
  await expect(page).toHaveURL("/new-post");
});

test("a form the page does not have (an unknown intent) answers 400 and posts nothing", async ({ page }) => {
  const text = uniqueName("Never posted");
  const refused = await page.request.post("/new-post", {
    form: { intent: "publish-twice", type: "FIELD_VISIT", text, lat: "31.5204", lng: "74.3587" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("Unknown action");
  await page.goto("/");
  await expect(page.getByText(text)).toHaveCount(0);
});
