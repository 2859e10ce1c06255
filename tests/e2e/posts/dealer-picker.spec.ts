import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { addDealerThroughApi } from "../dealers/support";

// New Post's dealer picker: the dealers nearest the post's place first (with JavaScript the
// phone's fix, without it the typed place), and a search that works without JavaScript too,
// keeping what was typed.

// A corner of the country no other test puts a dealer in.
const HERE = { latitude: 24.3001, longitude: 61.7001 };
test.use({ geolocation: HERE, permissions: ["geolocation"] });

test(
  "the dealer picker lists the dealers nearest the post's place first, and finds any dealer by name",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer6");
    const farther = await addDealerThroughApi(page, { lat: 24.35, lng: 61.75 });
    const nearest = await addDealerThroughApi(page, { lat: 24.3002, lng: 61.7002 });
    const text = uniqueName("Met the nearest dealer");

    await page.goto("/new-post");
    await page.getByLabel("Post type *").selectOption("DEALER_MEETING");
    await page.getByLabel("Description").fill(text);
    if (!javaScriptEnabled) {
      // No phone fix without JavaScript: the typed place orders the list once Find sends the form.
      await page.getByLabel("Latitude").fill(String(HERE.latitude));
      await page.getByLabel("Longitude").fill(String(HERE.longitude));
      await page.getByRole("button", { name: "Find", exact: true }).click();
    }
    // The 50 nearest: a phone's picker stays short, and the search finds the rest.
    await expect(page.getByText(/^Nearest first to this post's place \(the nearest 50 of \d+\)\.$/)).toBeVisible();
    const options = page.getByLabel(/^Dealer/).locator("option");
    await expect(options).toHaveCount(1 + 50 + 1);
    await expect(options.nth(1)).toHaveText(`${nearest.businessName} (Okara, 0.0 km)`);
    await expect(options.nth(2)).toHaveText(new RegExp(`^${farther.businessName} \\(Okara, 7\\.\\d km\\)$`));
    await expect(page.getByLabel("Description")).toHaveValue(text);

    await page.getByLabel("Find a dealer").fill(farther.businessName);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByText("1 dealer found.")).toBeVisible();
    await expect(options).toHaveCount(3);
    await expect(options.nth(1)).toHaveText(new RegExp(`^${farther.businessName} \\(Okara, 7\\.\\d km\\)$`));
    await expect(page.getByLabel("Description")).toHaveValue(text);
    await expect(page.getByLabel("Post type *")).toHaveValue("DEALER_MEETING");
  },
);
