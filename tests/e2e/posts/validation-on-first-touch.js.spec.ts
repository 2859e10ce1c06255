import { expect, signIn, test } from "../support/fixtures";

// New Post's validation (zod and the post's schema) loads when the officer first touches the form,
// not with the page: a low-tier phone needs its first seconds for the page. Once loaded, it refuses
// a wrong post in the browser, with the agreed message, before anything is sent.

const VALIDATION_CHUNK = /\/assets\/post\.validation-[\w-]+\.js$/;

test("New Post loads its validation on the first touch of the form, then checks the post before sending it", async ({
  page,
}) => {
  await signIn(page, "officer2");
  const validation: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (VALIDATION_CHUNK.test(new URL(request.url()).pathname)) validation.push(request.url());
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/new-post");
  await page.waitForLoadState("networkidle");
  expect(validation).toEqual([]);

  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await expect.poll(() => validation.length).toBe(1);
  await page.getByLabel("Description").fill("x".repeat(2001));
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Description must be 2000 characters or less")).toBeVisible();
  expect(posts).toEqual([]);
});
