import type { Locator, Route } from "@playwright/test";
import { expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { phonePhoto } from "../../support/phone-photo";
import { cardWithText, givePlace } from "./support";

// With JavaScript a photo leaves the phone as the server would keep it (at most 1600 px), so a
// 3 MB camera photo fits a slow mobile link; its progress shows right under the button that
// started it. Without JavaScript the photo goes with the form as it is (posts.spec.ts).

test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

/** The status sits right under the button, from the same left edge, in view above the tab bar. */
async function expectBesideButton(status: Locator, button: Locator, tabs: Locator) {
  const [below, above, bar] = [await status.boundingBox(), await button.boundingBox(), await tabs.boundingBox()];
  if (!below || !above || !bar) throw new Error("The upload status, its button or the tab bar is not on the page");
  expect(below.y - (above.y + above.height)).toBeGreaterThanOrEqual(0);
  expect(below.y - (above.y + above.height)).toBeLessThan(12);
  expect(below.x).toBeCloseTo(above.x, 0);
  expect(below.y + below.height).toBeLessThanOrEqual(bar.y);
}

/** A request held until the test lets it go: `held` resolves once it has arrived. */
function holdOne() {
  let arrived!: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (arrived = resolve));
  return { held, handler: (route: Route) => arrived(route) };
}

test("a 3 MB camera photo is sent at 1600 px, upright, with its progress beside the button", async ({ page }) => {
  // Making the 12 MP photo (sharp) and shrinking it in the browser take seconds on a busy machine.
  test.setTimeout(90_000);
  const original = await phonePhoto(6);
  expect(original.byteLength).toBeGreaterThan(2.8 * 1024 * 1024);
  await registerThroughForm(page);
  await page.goto("/new-post");
  const text = uniqueName("Camera photo of the demo plot");
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill(text);
  await givePlace(page, true);

  // The shrinking code arrives only when a photo is chosen: held, the step shows "Preparing photo...".
  const shrinker = holdOne();
  await page.route(/\/shrink-photo-[\w-]+\.js$/, shrinker.handler);
  const upload = holdOne();
  await page.route(/\/api\/objects\/uploads\//, upload.handler);
  const button = page.locator("label", { hasText: "Add photos or videos" });
  const tabs = page.getByRole("navigation", { name: "Main" });
  // Tapped at the bottom of the screen, just above the tab bar, where the progress used to be out of sight.
  const barTop = (await tabs.boundingBox())?.y ?? 0;
  await button.evaluate((element, limit) => window.scrollBy(0, element.getBoundingClientRect().bottom - limit), barTop);
  await page.locator("#post-files").setInputFiles({ name: "IMG_0412.jpg", mimeType: "image/jpeg", buffer: original });
  const status = page.getByTestId("upload-status");
  await expect(status).toHaveText("Preparing photo...");
  await expectBesideButton(status, button, tabs);
  await (await shrinker.held).continue();

  const put = await upload.held;
  const sent = put.request().postDataBuffer();
  expect(sent?.byteLength).toBeLessThan(600 * 1024);
  await expect(status).toHaveText(/^Uploading \d+%$/);
  await expectBesideButton(status, button, tabs);
  await put.continue();
  await expect(status).toBeHidden();

  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post created successfully!")).toBeVisible();
  // Upright: the camera's orientation was applied before the EXIF went away with the re-encoding.
  const shown = cardWithText(page, text)
    .getByRole("list", { name: /^Media of/ })
    .locator("img");
  await expect(shown).toHaveAttribute("width", "1200");
  await expect(shown).toHaveAttribute("height", "1600");
});
