import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { cardWithText } from "./support";

// When no address can be found for the post's place, New Post says "Address not available"
// (the spec's words) but does not save those words as the address: the card and the route show
// the coordinates instead (JavaScript on and off). The fake geocoder finds nothing at 0, 0.

test.use({ geolocation: { latitude: 0, longitude: 0 }, permissions: ["geolocation"] });

test("a post whose address cannot be found shows its coordinates, not 'Address not available'", async ({
  page,
  javaScriptEnabled,
}) => {
  await signIn(page, "officer6");
  const text = uniqueName("Visit at the canal bridge");
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill(text);
  if (javaScriptEnabled) {
    await expect(page.getByLabel("Latitude")).toHaveValue("0.000000");
    await expect(page.getByText("Address not available: type it, or the post shows the coordinates.")).toBeVisible();
    await expect(page.getByLabel("Address")).toHaveValue("");
  } else {
    await page.getByLabel("Latitude").fill("0");
    await page.getByLabel("Longitude").fill("0");
  }
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  const card = cardWithText(page, text);
  await expect(card.getByText("📍 0.000000, 0.000000")).toBeVisible();
  await expect(card).not.toContainText("Address not available");

  const posts = (await (await page.request.get("/api/posts?limit=50")).json()) as Array<{
    text: string;
    address: string | null;
  }>;
  expect(posts.find((post) => post.text === text)?.address).toBeNull();
});
