import { countRows, expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// Without JavaScript the forms carry a key rendered by the server, so a post or comment sent
// twice (a double tap, or a retry after the answer was lost on a flaky network) counts once.

test("the new-post form sent again with its key posts once", async ({ page }) => {
  await registerThroughForm(page);
  await page.goto("/new-post");
  const key = await page.locator('input[name="idempotencyKey"]').inputValue();
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  const text = uniqueName("Sent twice without JavaScript");

  // The first send arrives, but its answer is lost; the officer sends the same form again.
  const fields = { idempotencyKey: key, type: "FIELD_VISIT", text };
  expect((await page.request.post("/new-post", { multipart: fields, maxRedirects: 0 })).status()).toBe(302);
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Post created successfully!")).toBeVisible();
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text)).toBe(1);

  // The next form has a new key: a new post is a new post.
  await page.goto("/new-post");
  expect(await page.locator('input[name="idempotencyKey"]').inputValue()).not.toBe(key);
});

test("the comment form sent again with its key comments once", async ({ page }) => {
  await registerThroughForm(page);
  const post = await (
    await page.request.post("/api/posts", { data: { type: "ANNOUNCEMENT", text: uniqueName("Comment twice") } })
  ).json();
  await page.goto(`/posts/${post.id}`);
  const key = await page.locator('#comments input[name="idempotencyKey"]').inputValue();
  const comment = uniqueName("Only once");
  const fields = { idempotencyKey: key, intent: "comment", text: comment, redirectTo: `/posts/${post.id}` };
  expect((await page.request.post(`/posts/${post.id}`, { form: fields, maxRedirects: 0 })).status()).toBe(302);
  await page.getByLabel("Write a comment").fill(comment);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your comment has been posted successfully!")).toBeVisible();
  await expect(page.getByTestId("comment").filter({ hasText: comment })).toHaveCount(1);
  expect(countRows("SELECT COUNT(*) AS n FROM Comment WHERE text = ?", comment)).toBe(1);
});

test(
  "the new-post form sent again with its key but other text is refused (422), keeps the text, and a second send posts it",
  { tag: "@browser" },
  async ({ page }) => {
    await registerThroughForm(page);
    await page.goto("/new-post");
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    const first = uniqueName("First version");
    const edited = uniqueName("Edited version");

    // The first send arrived (its answer lost, or the officer came Back to the page) and the text was changed.
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
    const answer = page.waitForResponse(
      (response) => response.url().includes("/new-post") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Post", exact: true }).click();
    expect((await answer).status()).toBe(422);
    await expect(
      page.getByText("This form was already sent with other content. Send it again to save what is in it now."),
    ).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveValue(edited);
    expect(await page.locator('input[name="idempotencyKey"]').inputValue()).not.toBe(key);
    expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", edited)).toBe(0);

    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL("/");
    expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text IN (?, ?)", first, edited)).toBe(2);
  },
);
