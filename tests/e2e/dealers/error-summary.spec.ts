import { expect, signIn, test } from "../support/fixtures";

// A refused long form says at its top which fields to check, each a link to its field: without
// JavaScript the page comes back at its top, far from the location at the bottom. JavaScript on and off.

test(
  "a refused Add Dealer lists the fields to check at the top, each leading to its field",
  { tag: ["@browser", "@js"] },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer5");
    await page.goto("/add-dealer");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Save" }).click();

    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link")).toHaveText([
      "Business name",
      "Email",
      "Street",
      "City",
      "State",
      "Location",
    ]);
    // It comes first in the form, above the first field.
    const summaryTop = (await summary.boundingBox())?.y ?? Infinity;
    expect(summaryTop).toBeLessThan((await page.getByLabel("Business name *").boundingBox())?.y ?? -Infinity);
    // Each link leads to its field; the field's own message is beside it, once.
    const location = summary.getByRole("link", { name: "Location" });
    const target = ((await location.getAttribute("href")) ?? "").slice(1);
    await location.click();
    await expect(page).toHaveURL(new RegExp(`#${target}$`));
    await expect(page.locator(`[id="${target}"]`)).toBeInViewport();
    // Without JavaScript there is no map: the place comes from the address, which is not typed yet.
    await expect(
      page.getByText(
        javaScriptEnabled
          ? "Please select a location on the map."
          : "Type the address to place it, or the latitude and longitude.",
      ),
    ).toHaveCount(1);
  },
);

test("a refused New Post lists the fields to check at the top", { tag: "@js" }, async ({ page }) => {
  await signIn(page, "officer5");
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("SALE");
  await page.getByLabel("Quantity (bags)").fill("4");
  await page.getByRole("button", { name: "Post", exact: true }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("link", { name: "Product" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Price per unit" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Quantity" })).toHaveCount(0);
  const product = summary.getByRole("link", { name: "Product" });
  const target = ((await product.getAttribute("href")) ?? "").slice(1);
  await expect(page.locator(`[id="${target}"]`)).toHaveCount(1);
});
