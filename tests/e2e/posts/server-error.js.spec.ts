import { countRows, expect, test, uniqueName } from "../support/fixtures";
import { registerOfficer } from "../support/flows";
import { formPost, notice } from "../faults/support";

// A New Post the server answers with an error (a 500) reached the server: it is not a connection
// failure. The officer sees the failure on the form, with what was typed; nothing is kept on the
// phone to be sent by itself, so no post appears that the officer was told had failed. One more
// tap sends it (with the same key: a post the server did keep is never made twice).

test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

test("a post answered with a 500 says so, stays on the form, and is not sent again by itself", async ({ page }) => {
  await registerOfficer(page.request);
  const text = uniqueName("Post the server refused");
  const posts = () => countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text);
  const apiPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/posts") apiPosts.push(request.url());
  });
  let answered = 0;
  await page.route("**/*", async (route) => {
    if (answered >= 2 || !formPost("/new-post")(route.request())) return route.fallback();
    answered += 1;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Internal Server Error" }),
    });
  });

  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill(text);
  await expect(page.getByLabel("Latitude")).toHaveValue("31.520400");
  const post = page.getByRole("button", { name: "Post", exact: true });
  for (const attempt of [1, 2]) {
    await post.click();
    await expect.poll(() => answered).toBe(attempt);
    await expect(notice(page)).toContainText("Failed to create post. Please try again.");
    await expect(page.locator("form#new-post").getByText("Failed to create post. Please try again.")).toBeVisible();
    await expect(page.getByText("Saved on this phone, waiting to send")).toHaveCount(0);
    await expect(page.getByLabel("Description")).toHaveValue(text);
  }
  // Nothing waits on the phone, nothing went to /api/posts, and no post was made.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Feed" })).toBeVisible();
  await expect(page.getByTestId("waiting-item")).toHaveCount(0);
  expect(apiPosts).toEqual([]);
  expect(posts()).toBe(0);
});
