import { tinyVideo } from "../../support/videos";
import { expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { attachPhotos, cardWithText, givePlace, photo } from "./support";

// Without JavaScript a refused New Post comes back with everything typed and its photos still
// attached (kept on the server; a browser cannot refill a file input), or names those to attach again.

test.beforeEach(async ({ page }) => {
  await registerThroughForm(page);
});

test("a refused post keeps its photos: fixed and sent again, it is posted with them", async ({ page }) => {
  const text = uniqueName("Sold at the mandi");
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("SALE");
  await page.getByLabel("Description").fill(text);
  await page.getByLabel("Quantity (bags)").fill("4");
  await page.getByLabel("Price per unit ($)").fill("2,450");
  await givePlace(page, false);
  await attachPhotos(page, false, [await photo("bags.jpg", "#3a7d44"), await photo("shop.jpg", "#c28f2c")]);
  await page.getByRole("button", { name: "Post", exact: true }).click();

  await expect(page.getByText("Please select a product.")).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveValue(text);
  await expect(page.getByRole("list", { name: "Attached files" }).getByTestId("attached-file")).toHaveText([
    /bags\.jpg/,
    /shop\.jpg/,
  ]);

  // Refused once more (no product again): still attached, and a third photo joins them.
  await attachPhotos(page, false, [await photo("receipt.jpg", "#1f4e79")]);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Please select a product.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Attached files" }).getByTestId("attached-file")).toHaveCount(3);

  await page.getByLabel("Product").selectOption("SSP");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  const media = cardWithText(page, text).getByRole("list", { name: /^Media of/ });
  await expect(media.getByRole("listitem")).toHaveCount(3);
});

test("a file that is not a photo is refused, and the form names every file to attach again", async ({ page }) => {
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("ANNOUNCEMENT");
  await page.getByLabel("Description").fill(uniqueName("Stock list"));
  await attachPhotos(page, false, [
    await photo("good.jpg", "#3a7d44"),
    { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all, only text") },
  ]);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please attach again: good.jpg, fake.jpg" })).toBeVisible();
});

test("a video sent with the form shows its length, read from the file", async ({ page }) => {
  const text = uniqueName("Demo plot walk-through");
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("DEMO_PLOT");
  await page.getByLabel("Description").fill(text);
  // 125 frames of a tenth of a second: 12.5 s.
  await attachPhotos(page, false, [{ name: "plot.mp4", mimeType: "video/mp4", buffer: await tinyVideo("mp4", 125) }]);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(cardWithText(page, text).getByTestId("video-duration")).toHaveText("0:13");
});
