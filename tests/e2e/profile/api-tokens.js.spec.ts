import { expect, signIn, test } from "../support/fixtures";

// A new API token is shown once: with JavaScript, Copy puts it on the clipboard in one tap (without
// it, the token stays in a read-only field to select, tests/e2e/profile/api-tokens.nojs.spec.ts).

test("Copy puts the new token on the clipboard and says so", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signIn(page, "officer3");
  await page.goto("/profile/tokens");
  await page.getByLabel("Token name").fill("Copy test");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = await page.getByLabel("New API token").inputValue();
  expect(token).toMatch(/^fl_/);
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(page.getByRole("button", { name: "Copy token" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
});
