import { expect, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// Each form given bad input shows its exact messages from the server (these run without JavaScript at
// the request-handler level). With JavaScript on, Conform's checks show them before anything is sent:
// the component level proves that for every form (tests/components/auth/validation.test.tsx,
// tests/components/people/profile-validation.test.tsx); Chromium keeps the sign-in form's (@js) as
// the representative of those checks in a real browser.

// Browsers block empty `required` fields themselves; `novalidate` shows what a client
// without that check (or a tampered form) gets from us.

test("sign-in form: required fields and wrong credentials", { tag: "@js" }, async ({ page }) => {
  await page.goto("/login");
  // The sign-in form, not the page's other one (Lite mode's button).
  await page
    .locator("form", { has: page.getByLabel("Username") })
    .evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByLabel("Username").fill("officer1");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid username or password")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("officer1");
  await expect(page).toHaveURL(/\/login/);
});

test("registration form: formats, lengths and taken names", async ({ page }) => {
  await page.goto("/register");
  await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("Username").fill("a b");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username must be 3 to 32 letters, digits, '.', '_' or '-'")).toBeVisible();
  await expect(page.getByText("Invalid email")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();

  await page.getByLabel("Username").fill("OFFICER1");
  await page.getByLabel("Email").fill("someone-new@example.pk");
  await page.getByLabel("Password", { exact: true }).fill("123456");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("This username is already taken")).toBeVisible();
});

test("registration refuses an email already in use", async ({ page, context }) => {
  const account = await registerThroughForm(page);
  await context.clearCookies();
  await page.goto("/register");
  await page.getByLabel("Username").fill(`${account.username}.two`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("123456");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("An account with this email already exists")).toBeVisible();
});

test("reset form: short and mismatched passwords", async ({ page }) => {
  await page.goto("/reset-password?token=whatever");
  await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("New password").fill("12345");
  await page.getByLabel("Confirm password").fill("12345");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();

  await page.getByLabel("New password").fill("123456");
  await page.getByLabel("Confirm password").fill("1234567");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  // Passwords are never sent back into the page, so both are typed again.
  await page.getByLabel("New password").fill("123456");
  await page.getByLabel("Confirm password").fill("123456");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Invalid reset link. Please request a new password reset.")).toBeVisible();
});

test("forgot-password form: an invalid email", async ({ page }) => {
  await page.goto("/forgot-password");
  const send = page.getByRole("button", { name: "Send Reset Link" });
  await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("Email").fill("nope");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText("Invalid email")).toBeVisible();
});

test("profile forms: a too long name is refused, a valid change is saved", async ({ page }) => {
  await registerThroughForm(page);
  await page.goto("/");
  await page.getByLabel("Account menu").click();
  await page.getByRole("group").getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(/\/profile\?editProfile=true$/);
  await page.getByLabel("First name").fill("x".repeat(51));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("First name must be 50 characters or less")).toBeVisible();

  await page.getByLabel("First name").fill("Rabia");
  await page.getByLabel("Phone").fill("+92 301 7654321");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Profile Updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Rabia Iqbal/ })).toBeVisible();
  await expect(page.getByText("+92 301 7654321")).toBeVisible();

  await page.getByLabel("Account menu").click();
  await page.getByRole("group").getByRole("link", { name: "Update Locations" }).click();
  await page.getByLabel("Warehouse address").fill("Godown 3, Grain Market, Okara");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Locations Updated")).toBeVisible();
  await expect(page.getByText("Godown 3, Grain Market, Okara")).toBeVisible();
});
