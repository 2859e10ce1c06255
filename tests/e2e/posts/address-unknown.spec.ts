import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { cardWithText } from "./support";

// When no address can be found for the post's place, the post's address is "Address not available"
// (the spec's words for a failed lookup on a post): New Post fills them in with JavaScript, and the
// server sets them when the form comes without an address and its own lookup fails (JavaScript off).
// The fake geocoder finds nothing at 0, 0.

test.use({ geolocation: { latitude: 0, longitude: 0 }, permissions: ["geolocation"] });

test(
  "a post whose address cannot be found has the address 'Address not available'",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "officer6");
    const text = uniqueName("Visit at the canal bridge");
    await page.goto("/new-post");
    await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
    await page.getByLabel("Description").fill(text);
    if (javaScriptEnabled) {
      await expect(page.getByLabel("Latitude")).toHaveValue("0.000000");
      await expect(page.getByLabel("Address")).toHaveValue("Address not available");
    } else {
      await page.getByLabel("Latitude").fill("0");
      await page.getByLabel("Longitude").fill("0");
      await expect(page.getByLabel("Address")).toHaveValue("");
    }
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL("/");
    const card = cardWithText(page, text);
    await expect(card.getByText("📍 Address not available")).toBeVisible();

    const posts = (await (await page.request.get("/api/posts?limit=50")).json()) as Array<{
      text: string;
      address: string | null;
    }>;
    expect(posts.find((post) => post.text === text)?.address).toBe("Address not available");
  },
);
