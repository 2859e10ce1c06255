// Steps that several flows share, written as a user would do them.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, uniqueName, untilHydrated } from "./fixtures";

export type NewAccount = { username: string; email: string; password: string };

/** Registers through /register and lands on /location-setup. */
export async function registerThroughForm(page: Page, overrides: Partial<NewAccount> = {}): Promise<NewAccount> {
  const username = overrides.username ?? uniqueName("officer").replaceAll("-", ".");
  const account = {
    username,
    email: overrides.email ?? `${username}@example.pk`,
    password: overrides.password ?? "field-pass-1",
  };
  await page.goto("/register");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("First name").fill("Hamza");
  await page.getByLabel("Last name").fill("Iqbal");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/location-setup/);
  await untilHydrated(page);
  return account;
}

/**
 * A new officer, registered through POST /api/register without the form; `request` then holds
 * their session (a page's `page.request` shares its cookies, so the page is signed in as them).
 * For tests that need an account, not a test of registering.
 */
export async function registerOfficer(request: APIRequestContext): Promise<NewAccount> {
  const username = uniqueName("officer").replaceAll("-", ".");
  const account = { username, email: `${username}@example.pk`, password: "field-pass-1" };
  const response = await request.post("/api/register", { data: { ...account, firstName: "Hamza", lastName: "Iqbal" } });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Registers an officer through POST /api/register; `request` then holds their session. */
export async function registerThroughApi(
  request: APIRequestContext,
  firstName: string,
): Promise<{ id: number; username: string; firstName: string }> {
  const username = uniqueName("reporter").replaceAll("-", "_");
  const response = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "report-pass-1", firstName },
  });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: number; username: string }), firstName };
}

/**
 * As the officer signed in on `request`: adds a dealer in `city` through the API, then each post
 * of `posts`, at that dealer when it is a sale or a recovery. A day's work, for the reports.
 */
export async function postADayAtNewDealer(
  request: APIRequestContext,
  city: { city: string; lat: string; lng: string },
  posts: Array<Record<string, unknown>>,
): Promise<void> {
  const dealer = await request.post("/api/dealers", {
    data: {
      businessName: uniqueName("Report Traders"),
      ownerFirstName: "Nadeem",
      phone: "+92 321 5550001",
      street: "Shop 9, Anaj Mandi",
      state: "Punjab",
      ...city,
    },
  });
  expect(dealer.status()).toBe(201);
  const dealerId = ((await dealer.json()) as { id: number }).id;
  for (const post of posts) {
    const created = await request.post("/api/posts", {
      data: post.type === "SALE" || post.type === "RECOVERY" ? { ...post, dealerId } : post,
    });
    expect(created.status(), await created.text()).toBe(201);
  }
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
