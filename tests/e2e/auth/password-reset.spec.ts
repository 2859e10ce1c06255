import { expect, readOutbox, signIn, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

test("forgot password, follow the emailed link, reset, and sign in with the new password", async ({
  page,
  context,
}) => {
  const account = await registerThroughForm(page);
  await context.clearCookies();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email.toUpperCase());
  await page.getByRole("button", { name: "Send Reset Link" }).click();

  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(
    page.getByText("If an account exists for that email, we have sent a password reset link."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Login" })).toBeVisible();

  const email = await readOutbox(account.email, { timeout: 5000 });
  expect(email?.subject).toBe("Reset your Fieldline password");
  const link = email?.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  const resetUrl = new URL(link ?? "");
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await page.getByLabel("New password").fill("brand-new-pass");
  await page.getByLabel("Confirm password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Reset Password" }).click();

  await expect(page.getByRole("heading", { name: "Password Reset Successful" })).toBeVisible();
  await expect(page.getByText("You can now sign in with your new password.")).toBeVisible();
  await page.getByRole("link", { name: "Continue to Login" }).click();

  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid username or password")).toBeVisible();

  await signIn(page, account.username, "brand-new-pass");
  await expect(page).toHaveURL(/\/location-setup|\/$/);

  // The link works once.
  await context.clearCookies();
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await page.getByLabel("New password").fill("another-pass");
  await page.getByLabel("Confirm password").fill("another-pass");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(
    page.getByText("This reset link has expired or was already used. Please request a new password reset."),
  ).toBeVisible();
});

test("a reset page without a token offers a new link", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
  await expect(page.getByText("Invalid reset link. Please request a new password reset.")).toBeVisible();
  await page.getByRole("link", { name: "Request New Reset Link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
