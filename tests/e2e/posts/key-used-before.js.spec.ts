import { countRows, expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// With JavaScript, New Post keeps its key across tries (so a resend of a lost answer posts once).
// When the server says the key was already used for other content (422), the page keeps what was
// typed, says so, and takes a new key: sending again posts it.

test("New Post refused with 422 for a key used before keeps the text, and a second send posts it", async ({ page }) => {
  await registerThroughForm(page);
  await page.goto("/new-post");
  const key = await page.locator('input[name="idempotencyKey"]').inputValue();
  const first = uniqueName("Sent before");
  const edited = uniqueName("Sent again, edited");
  expect(
    (
      await page.request.post("/new-post", {
        multipart: { idempotencyKey: key, type: "FIELD_VISIT", text: first },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);

  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill(edited);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(
    page.getByText("This form was already sent with other content. Send it again to save what is in it now."),
  ).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveValue(edited);
  await expect(page.locator('input[name="idempotencyKey"]')).not.toHaveValue(key);

  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text IN (?, ?)", first, edited)).toBe(2);
});
