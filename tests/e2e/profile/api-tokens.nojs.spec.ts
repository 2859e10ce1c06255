import type { Page } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";

// API tokens on the profile and service accounts on the admin page, with JavaScript off (decision
// 48): a token is made with the form and shown once, listed with its last use, revoked with a
// button; bad input answers 400 with the message.

async function newOfficer(page: Page): Promise<void> {
  const username = uniqueName("tok").replaceAll("-", "_");
  const response = await page.request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "field-pass-1" },
  });
  expect(response.status()).toBe(201);
}

const asBearer = (page: Page, token: string) =>
  page.request.get("/api/user", { headers: { Authorization: `Bearer ${token}` } });

test("an officer makes a token on the profile, sees it once, uses it, and revokes it", async ({ page }) => {
  await newOfficer(page);
  await page.goto("/profile");
  await page.getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await expect(page.getByText("No API tokens yet.")).toBeVisible();
  // An officer's tokens cannot have the admin scope: it is not offered.
  await expect(page.getByRole("radio", { name: /^Admin/ })).toHaveCount(0);

  await page.getByLabel("Token name").fill("Sales sheet");
  await page.getByRole("radio", { name: /^Write/ }).check();
  await page.getByLabel("Expires").selectOption("30");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Copy it now: it is not shown again.")).toBeVisible();
  const token = await page.getByLabel("New API token").inputValue();
  expect(token).toMatch(/^fl_[A-Za-z0-9_-]{43}$/);
  // Copy is JavaScript's (tests/e2e/profile/api-tokens.js.spec.ts); here the field is to select.
  await expect(page.getByRole("button", { name: "Copy token" })).toHaveCount(0);
  expect((await asBearer(page, token)).status()).toBe(200);

  await page.goto("/profile/tokens");
  await expect(page.getByLabel("New API token")).toHaveCount(0);
  const list = page.getByRole("list", { name: "API tokens" });
  await expect(list.getByText("Sales sheet")).toBeVisible();
  await expect(list.getByText(`${token.slice(0, 7)}… · write`)).toBeVisible();
  await expect(list.getByText(/^Last used: (just now|\d+ seconds? ago)$/)).toBeVisible();

  await list.getByRole("button", { name: "Revoke Sales sheet" }).click();
  await expect(page.getByText("Token revoked")).toBeVisible();
  await expect(page.getByText("No API tokens yet.")).toBeVisible();
  expect((await asBearer(page, token)).status()).toBe(401);
});

test("the token form refuses a missing name, an unknown scope and the admin scope of an officer (400)", async ({
  page,
}) => {
  await newOfficer(page);
  await page.goto("/profile/tokens");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();

  for (const [scope, message] of [
    ["everything", "Scope must be read, write or admin"],
    ["admin", "Only an admin's token can have the admin scope."],
  ] as const) {
    const refused = await page.request.post("/profile/tokens", {
      form: { intent: "create-token", name: "Sneaky", scope },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(message);
  }
  const revokeNothing = await page.request.post("/profile/tokens", {
    form: { intent: "revoke-token", tokenId: "999999999" },
    maxRedirects: 0,
  });
  expect(revokeNothing.status()).toBe(404);
  expect(await revokeNothing.text()).toContain("API token not found.");
});

test("an admin makes a service account and a token for it; the token acts as the account", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/admin/service-accounts");
  const username = uniqueName("bot").toLowerCase().replaceAll("_", "-").slice(0, 32);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Role").selectOption("MANAGER");
  await page.getByRole("button", { name: "Create service account" }).click();
  await expect(page.getByText("Service account created")).toBeVisible();

  const account = page.getByRole("region", { name: `@${username}` });
  await account.getByText(`New token for @${username}`).click();
  await account.getByLabel("Token name").fill("Nightly sync");
  await account.getByRole("button", { name: "Create token" }).click();
  const token = await page.getByLabel("New API token").inputValue();
  const me = await asBearer(page, token);
  expect(await me.json()).toMatchObject({ username, role: "MANAGER" });

  await page.goto("/admin/service-accounts");
  await page
    .getByRole("region", { name: `@${username}` })
    .getByRole("button", { name: "Revoke Nightly sync" })
    .click();
  await expect(page.getByText("Token revoked")).toBeVisible();
  expect((await asBearer(page, token)).status()).toBe(401);

  const taken = await page.request.post("/admin/service-accounts", {
    form: { intent: "create-account", username, role: "MANAGER" },
    maxRedirects: 0,
  });
  expect(taken.status()).toBe(409);
  expect(await taken.text()).toContain("This username is already taken");
});
