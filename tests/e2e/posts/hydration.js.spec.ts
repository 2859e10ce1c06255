import { collectConsoleErrors, expect, signIn, test, uniqueName } from "../support/fixtures";

// The no-JavaScript controls give way to the enhanced ones after hydration (app/browser/hydrated.ts),
// also in parts that hydrate later than the page, such as a notice whose code loads on its own.

test("a page that comes with a notice hydrates without errors, and the cards' controls become the enhanced ones", async ({
  page,
}) => {
  await signIn(page, "officer2");
  const errors = collectConsoleErrors(page);
  // A form posted without JavaScript leaves its notice for the next page the browser loads.
  const posted = await page.request.post("/new-post", {
    multipart: { type: "ANNOUNCEMENT", text: uniqueName("Notice on load") },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);

  await page.goto("/");
  await expect(page.getByText("Post created successfully!")).toBeVisible();
  await expect(
    page
      .getByTestId("post-card")
      .first()
      .getByRole("button", { name: /^Comments \(\d+\)$/ }),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
