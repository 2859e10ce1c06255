import { expect, signIn, test } from "../support/fixtures";
import { addDealerThroughForm, photo } from "./support";

const REMOVE_TEXT = "Are you sure you want to remove this photo? This action cannot be undone.";

// Without JavaScript (the request-handler level): each form posts and the page answers. With JavaScript
// the same page's own behaviour (the photo forms' check of the chosen file, the remove confirm dialog,
// About's counter, the gallery at its limit) is tests/components/dealers/pictures.test.tsx's; the
// real multipart upload in Chromium is tests/e2e/faults/dealers.js.spec.ts's and
// gallery-tap-while-preparing.js.spec.ts's.
test("set the picture, fill the gallery to its limit, remove a photo, edit About", async ({
  page,
  javaScriptEnabled,
}) => {
  // Fills a gallery of five photos, one upload at a time.
  test.setTimeout(90_000);
  await signIn(page, "officer4");
  const dealer = await addDealerThroughForm(page, javaScriptEnabled);
  await page.getByRole("link", { name: `View Details of ${dealer.businessName}` }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Dealer" })).toBeVisible();
  const detailsUrl = page.url();

  // Profile picture: a text file named .png is refused by its bytes; a real PNG is accepted.
  const picture = page.locator("form", { has: page.locator('input[name="intent"][value="profile-picture"]') });
  await picture
    .getByLabel("Profile picture")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await picture.getByRole("button", { name: "Upload Picture" }).click();
  await expect(page.getByText("Please select a valid image file")).toBeVisible();
  await picture.getByLabel("Profile picture").setInputFiles({
    name: "shop.jpg",
    mimeType: "image/jpeg",
    buffer: await photo({ r: 200, g: 80, b: 40 }, "jpeg"),
  });
  await picture.getByRole("button", { name: "Upload Picture" }).click();
  await expect(page.getByText("Profile picture updated successfully!")).toBeVisible();
  await expect(page.getByRole("img", { name: `${dealer.businessName}, profile` })).toBeVisible();

  // Gallery: five photos, then the full message instead of the picker.
  for (let n = 1; n <= 5; n++) {
    const gallery = page.locator("form", { has: page.locator('input[name="intent"][value="gallery-add"]') });
    await gallery.getByLabel("Add a photo").setInputFiles({
      name: `p${n}.png`,
      mimeType: "image/png",
      buffer: await photo({ r: 40 * n, g: 120, b: 255 - 40 * n }),
    });
    await gallery.getByRole("button", { name: "Add to Gallery" }).click();
    await expect(page.getByText("Image added to gallery successfully!")).toBeVisible();
    await expect(page.getByRole("img", { name: `Gallery ${n}` })).toBeVisible();
  }
  await expect(page.getByText("Gallery is full. You can remove photos to add new ones.")).toBeVisible();
  await expect(page.getByLabel("Add a photo")).toHaveCount(0);

  // Remove photo 2: a confirm page first (Cancel keeps it).
  await page.getByRole("link", { name: "Remove photo 2" }).click();
  await expect(page.getByText(REMOVE_TEXT)).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("img", { name: "Gallery 5" })).toBeVisible();
  await page.getByRole("link", { name: "Remove photo 2" }).click();
  await page.getByRole("button", { name: "Remove Photo" }).click();
  await expect(page.getByText("Image removed from gallery successfully!")).toBeVisible();
  await expect(page.getByRole("img", { name: /Gallery \d/ })).toHaveCount(4);
  await expect(page.getByLabel("Add a photo")).toBeVisible();

  // About: too long is refused with its message; then saved with its own button.
  const about = page.getByRole("textbox", { name: "About" });
  await about.fill("a".repeat(1001));
  await page.getByRole("button", { name: "Save About" }).click();
  await expect(page.getByText("About must be 1000 characters or less")).toBeVisible();
  await page.getByRole("textbox", { name: "About" }).fill("Family shop since 1998, about 300 growers around Okara.");
  await page.getByRole("button", { name: "Save About" }).click();
  await expect(page.getByText("About section updated successfully!")).toBeVisible();

  // View mode shows it all.
  await page.goto(detailsUrl.replace("?edit=true", ""));
  await expect(page.getByText("Family shop since 1998, about 300 growers around Okara.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Gallery" }).getByRole("img")).toHaveCount(4);
});
