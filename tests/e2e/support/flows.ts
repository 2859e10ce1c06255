// Steps that several flows share, written as a user would do them.
import type { Page } from "@playwright/test";
import { expect, uniqueName } from "./fixtures";

export type NewAccount = { username: string; email: string; password: string };

/** Registers through /register and lands on /location-setup. */
export async function registerThroughForm(page: Page, overrides: Partial<NewAccount> = {}): Promise<NewAccount> {
  const username = overrides.username ?? uniqueName("officer").replaceAll("-", ".");
  const account = { username, email: overrides.email ?? `${username}@example.pk`, password: overrides.password ?? "field-pass-1" };
  await page.goto("/register");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("First name").fill("Hamza");
  await page.getByLabel("Last name").fill("Iqbal");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/location-setup/);
  return account;
}

/** Opens the initials menu and signs out; the landing page follows. */
export async function signOut(page: Page): Promise<void> {
  await page.getByLabel("Account menu").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Fieldline" })).toBeVisible();
}

/** The signed-in shell: top bar with the bell and the bottom tabs. */
export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole("link", { name: /^Notifications/ })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Main" });
  for (const tab of ["Feed", "Dealers", "Map", "Post", "Rankings", "Stats", "Admin"]) {
    await expect(tabs.getByRole("link", { name: tab })).toBeVisible();
  }
}
