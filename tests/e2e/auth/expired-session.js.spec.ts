import { expect, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// A session that expires while a page is open (issue 15): the next tab the officer taps goes to
// sign in and, after it, to that page; never to the page's data (`/dealers.data`).

test("tapping a tab after the session expired signs in and opens that page", async ({ page, context }) => {
  const account = await registerThroughForm(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Feed" })).toBeAttached();
  await context.clearCookies();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dealers" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/dealers");
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dealers");
  await expect(page.getByRole("heading", { name: "Dealers" })).toBeVisible();
});

test("an old sign-in link to a page's data still opens the page", async ({ page }) => {
  const account = await registerThroughForm(page);
  await page.context().clearCookies();
  await page.goto(`/login?redirectTo=${encodeURIComponent("/dealers.data")}`);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dealers");
  await expect(page.getByRole("heading", { name: "Dealers" })).toBeVisible();
});

test("opening the bell after the session expired signs in and comes back to the page", async ({ page, context }) => {
  const account = await registerThroughForm(page);
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
  await context.clearCookies();

  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/leaderboard",
  );
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
});
