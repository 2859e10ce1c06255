import { expect, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// Without the device share facility, Share copies the post's text and says so
// ("Post content copied to clipboard!").
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("Share copies the post text to the clipboard", async ({ page }) => {
  await registerThroughForm(page);
  await page.goto("/");
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
  // Pinned by its id: another test may post meanwhile, and the like's revalidation would bring that post to the top.
  const id = await page.getByTestId("post-card").first().getAttribute("data-post-id");
  const card = page.locator(`[data-testid="post-card"][data-post-id="${id}"]`);
  const text = (await card.locator("p.whitespace-pre-line").first().textContent()) ?? "";
  // A like's notice is on screen; Share's replaces it: one notice at a time.
  await card.getByRole("button", { name: /^(Like|Unlike) \(/ }).click();
  await expect(page.getByTestId("notice")).toContainText(/You liked this post|Removed your like from this post/);
  await card.getByRole("button", { name: "Share" }).click();
  await expect(page.getByTestId("notice")).toHaveText(["SharedPost content copied to clipboard!"]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(text);
});
