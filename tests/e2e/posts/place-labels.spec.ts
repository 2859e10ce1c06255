import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { cardWithText } from "./support";

// A post says how its place was had: the phone's GPS with its accuracy, or typed by hand
// (JavaScript on: the emulated fix, 12 m; off: the coordinates typed).

test.use({ geolocation: { latitude: 30.1575, longitude: 71.5249, accuracy: 12 }, permissions: ["geolocation"] });

test(
  "the post card labels its place: 'GPS ±12 m' from the phone, 'Typed' by hand",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer7");
    const text = uniqueName("Demo plot at the canal");
    await page.goto("/new-post");
    await page.getByLabel("Post type *").selectOption("DEMO_PLOT");
    await page.getByLabel("Description").fill(text);
    if (javaScriptEnabled) {
      await expect(page.getByLabel("Latitude")).toHaveValue("30.157500");
    } else {
      await page.getByLabel("Latitude").fill("30.1575");
      await page.getByLabel("Longitude").fill("71.5249");
    }
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(
      cardWithText(page, text).getByText(javaScriptEnabled ? "GPS ±12 m" : "Typed", { exact: true }),
    ).toBeVisible();
  },
);

test(
  "at 360 px the labels never squeeze the place: a long place keeps the card's width and the labels go under it",
  { tag: "@js" },
  async ({ page }) => {
    await signIn(page, "officer1");
    await page.goto("/");
    const places = page.getByTestId("post-card").locator("header span", { hasText: "📍" });
    await expect(places.first()).toBeVisible();
    const squeezed = await places.evaluateAll((spans) =>
      spans
        // Cut short (its text is wider than it) while narrower than its line: labels took the room.
        .filter(
          (span) =>
            span.scrollWidth > span.clientWidth && span.clientWidth < (span.parentElement?.clientWidth ?? 0) - 1,
        )
        .map((span) => `${span.textContent} (${span.clientWidth} of ${span.parentElement?.clientWidth} px)`),
    );
    expect(await places.count()).toBeGreaterThan(3);
    expect(squeezed).toEqual([]);
  },
);
