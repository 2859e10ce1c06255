import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { collectConsoleErrors, countRows, expect, readOutbox, signIn, test, uniqueName } from "../support/fixtures";
import { registerThroughForm, type NewAccount } from "../support/flows";

// The admin dashboard and outbox (issue 7), with JavaScript on and off. Every change is made to
// an officer the test registers in a second browser; the seeded admin only acts.

const RECALCULATED = "Performance scores have been recalculated and badges assigned.";
const NO_PERMISSION = "You don't have permission to access this page.";

type ContextFixtures = Pick<BrowserContextOptions, "baseURL" | "javaScriptEnabled" | "viewport" | "extraHTTPHeaders">;

/** A registered officer signed in in their own browser context, as the project's browsers are. */
async function officerInOwnBrowser(
  browser: Browser,
  options: ContextFixtures,
): Promise<{ officerPage: Page; account: NewAccount }> {
  const context = await browser.newContext(options);
  const officerPage = await context.newPage();
  const account = await registerThroughForm(officerPage);
  return { officerPage, account };
}

/** The admin's /admin page filtered to one user, and that user's rows in the table. */
async function openUserRow(page: Page, username: string) {
  await page.goto(`/admin?query=${encodeURIComponent(username)}`);
  const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  await expect(row).toHaveCount(1);
  return row;
}

const DEACTIVATE_CONFIRMATION =
  "They are signed out at once and can no longer sign in until an admin reactivates the account.";

/** Taps Deactivate and answers its question: the browser's confirm with JavaScript, the confirmation page without. */
async function confirmDeactivation(page: Page, row: Locator, javaScriptEnabled: boolean, yes: boolean) {
  if (javaScriptEnabled) {
    const asked = page.waitForEvent("dialog").then(async (dialog) => {
      expect(dialog.message()).toContain(DEACTIVATE_CONFIRMATION);
      await (yes ? dialog.accept() : dialog.dismiss());
    });
    await row.getByRole("button", { name: "Deactivate" }).click();
    await asked;
    return;
  }
  await row.getByRole("link", { name: "Deactivate" }).click();
  await expect(page.getByText(DEACTIVATE_CONFIRMATION)).toBeVisible();
  if (yes) await page.getByRole("button", { name: "Deactivate" }).click();
  else await page.getByRole("link", { name: "Cancel" }).click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin");
});

test("the dashboard shows the figures, recent activity and quick actions that lead somewhere", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  for (const label of [
    "Field officers",
    "Active today",
    "Posts this week",
    "Dealers",
    "Sales this month",
    "Recovery this month",
  ]) {
    await expect(page.getByRole("main").getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("stat-salesThisMonth").locator("dd")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  expect(Number(await page.getByTestId("stat-officers").locator("dd").textContent())).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();

  const me = page.locator('[data-testid="user-row"][data-username="admin"]');
  await page.getByLabel("Search users").fill("admin");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(me).toContainText("(you)");
  await expect(me.getByText("Deactivate")).toHaveCount(0);
  await expect(me.getByRole("button", { name: "Change Role" })).toHaveCount(0);

  await expect(page.getByRole("link", { name: "Import dealers" })).toHaveAttribute("href", "/dealers/import");
  // The sample's 76 dealers are for an empty directory: on a live one they doubled the demo's dealers.
  await expect(page.getByRole("link", { name: "Sample import" })).toHaveCount(0);
  await page.getByRole("link", { name: "Outbox" }).click();
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  await page.goto("/admin");
  await page.getByRole("button", { name: "Recalculate scores" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByText(RECALCULATED)).toBeVisible();
  expect(errors).toEqual([]);
});

test("the admin makes a new officer a MANAGER, who can then recalculate", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  viewport,
  extraHTTPHeaders,
}) => {
  const { officerPage, account } = await officerInOwnBrowser(browser, {
    baseURL,
    javaScriptEnabled,
    viewport,
    extraHTTPHeaders,
  });
  await officerPage.goto("/leaderboard");
  await expect(officerPage.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
  await expect(officerPage.getByRole("button", { name: "Recalculate" })).toHaveCount(0);

  const row = await openUserRow(page, account.username);
  await expect(row).toContainText("OFFICER");
  await expect(row).toContainText("Active");
  await row.getByLabel(`Role of @${account.username}`).selectOption("MANAGER");
  await row.getByRole("button", { name: "Change Role" }).click();
  await expect(page.getByText(`@${account.username} is now MANAGER.`)).toBeVisible();
  await expect(row.getByRole("cell", { name: "MANAGER", exact: true })).toBeVisible();

  await officerPage.reload();
  await officerPage.getByRole("button", { name: "Recalculate" }).click();
  await expect(officerPage.getByText(RECALCULATED)).toBeVisible();
  await officerPage.context().close();
});

test(
  "the admin deactivates a user: their session ends and they cannot sign in",
  { tag: "@js" },
  async ({ page, browser, baseURL, javaScriptEnabled, viewport, extraHTTPHeaders }) => {
    const { officerPage, account } = await officerInOwnBrowser(browser, {
      baseURL,
      javaScriptEnabled,
      viewport,
      extraHTTPHeaders,
    });
    await officerPage.goto("/leaderboard");
    await expect(officerPage.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();

    const row = await openUserRow(page, account.username);
    // Deactivating is asked first: a confirm dialog with JavaScript, a page without. Saying no keeps the account.
    await confirmDeactivation(page, row, javaScriptEnabled, false);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(row).toContainText("Active");
    expect(countRows("SELECT COUNT(*) AS n FROM User WHERE username = ? AND isActive = 1", account.username)).toBe(1);
    await confirmDeactivation(page, row, javaScriptEnabled, true);
    await expect(page.getByText(`@${account.username} can no longer sign in and has been signed out.`)).toBeVisible();
    await expect(row).toContainText("Deactivated");
    await expect(row.getByRole("button", { name: "Reset Password" })).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Reactivate" })).toBeVisible();

    // The open session has ended: the next page asks for sign-in.
    await officerPage.goto("/leaderboard");
    await expect(officerPage).toHaveURL(/\/login\?redirectTo=%2Fleaderboard$/);
    await officerPage.getByLabel("Username").fill(account.username);
    await officerPage.getByLabel("Password", { exact: true }).fill(account.password);
    await officerPage.getByRole("button", { name: "Sign In" }).click();
    await expect(
      officerPage.getByText("This account has been deactivated. Please contact your administrator."),
    ).toBeVisible();
    await expect(officerPage).toHaveURL(/\/login/);
    await officerPage.context().close();
  },
);

test("the admin sends a password reset; the user's email has the link, the outbox shows the email with its link hidden", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  viewport,
  extraHTTPHeaders,
}) => {
  const { officerPage, account } = await officerInOwnBrowser(browser, {
    baseURL,
    javaScriptEnabled,
    viewport,
    extraHTTPHeaders,
  });
  await officerPage.context().close();

  const errors = collectConsoleErrors(page);
  const row = await openUserRow(page, account.username);
  await row.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password reset email sent successfully!")).toBeVisible();

  const email = await readOutbox(account.email, { timeout: 5000 });
  const link = email?.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  await page.getByRole("link", { name: "Outbox" }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const card = page.getByTestId("outbox-email").filter({ hasText: `To: ${account.email}` });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: "Reset your Fieldline password" })).toBeVisible();
  // Sent by the time the page is read, or not yet: either way no admin reads the live link.
  await expect(card).toContainText(/Sent|In outbox/);
  await expect(card).toContainText("[link hidden: only the recipient's copy has it]");
  await expect(card.getByRole("link")).toHaveCount(0);
  await expect(card).not.toContainText("token=");
  expect(errors).toEqual([]);
});

test("the page's actions refuse the admin's own deactivation, bad ids and unknown intents (400; 404 for no such user)", async ({
  page,
}) => {
  const list = await (await page.request.get("/api/admin/users?query=admin@")).json();
  const me = list.users.find((user: { username: string }) => user.username === "admin");
  const post = (form: Record<string, string>) => page.request.post("/admin", { form, maxRedirects: 0 });

  const own = await post({ intent: "deactivate", userId: String(me.id) });
  expect(own.status()).toBe(400);
  expect(await own.text()).toContain("You cannot deactivate your own account.");
  const demote = await post({ intent: "change-role", userId: String(me.id), role: "OFFICER" });
  expect(demote.status()).toBe(400);
  expect(await demote.text()).toContain("You cannot change your own role.");
  expect((await post({ intent: "deactivate", userId: "abc" })).status()).toBe(400);
  expect((await post({ intent: "promote-everyone", userId: String(me.id) })).status()).toBe(400);
  expect((await post({ intent: "change-role", userId: String(me.id), role: "OWNER" })).status()).toBe(400);
  expect((await post({ intent: "deactivate", userId: "999999999" })).status()).toBe(404);

  await page.goto("/admin?query=admin@");
  await expect(page.locator('[data-testid="user-row"][data-username="admin"]')).toContainText("Active");
});

test("officers and managers get Access Denied (403) on every admin page", async ({ page }) => {
  for (const username of ["officer2", "manager"]) {
    await page.context().clearCookies();
    await signIn(page, username);
    // A manager's team administration is on /team (tests/e2e/admin/team-admin.spec.ts).
    const dashboard = await page.goto("/admin");
    expect(dashboard?.status(), username).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: NO_PERMISSION })).toBeVisible();

    for (const path of ["/admin/outbox", "/admin/import"]) {
      const response = await page.goto(path);
      expect(response?.status(), `${username} ${path}`).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await expect(page.locator("p", { hasText: NO_PERMISSION }).first()).toBeVisible();
    }
  }

  await page.context().clearCookies();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
});

test("a form posted in a panel of the long dashboard comes back at that panel, not at the page's top", async ({
  page,
}) => {
  await page.goto("/admin?query=officer");
  const row = page.locator('[data-testid="user-row"][data-username="officer3"]');
  const manage = await row.getByRole("link", { name: /Manage/ }).getAttribute("href");
  const id = /manage=(\d+)/.exec(manage ?? "")?.[1];
  expect(manage).toBe(`/admin?query=officer&manage=${id}#user-${id}`);

  const headers = { Origin: new URL(page.url()).origin };
  const post = (url: string, form: Record<string, string>) =>
    page.request.post(url, { form, headers, maxRedirects: 0 });
  const reactivated = await post(`/admin?query=officer&manage=${id}`, { intent: "reactivate", userId: String(id) });
  expect([reactivated.status(), reactivated.headers().location]).toEqual([
    302,
    `/admin?query=officer&manage=${id}#user-${id}`,
  ]);
  const registration = (await (await page.request.get("/api/admin/registration")).json()) as {
    mode: string;
    domains: string[];
  };
  const saved = await post("/admin", {
    intent: "save-registration",
    mode: registration.mode,
    domains: registration.domains.join("\n"),
  });
  expect([saved.status(), saved.headers().location]).toEqual([302, "/admin#registration"]);
  // The invite link answers in place (it shows the new link once): its form's address keeps the panel.
  await page.goto("/admin?query=officer");
  const invite = page.locator("form", { has: page.getByRole("button", { name: "Create invite link" }) });
  expect(await invite.getAttribute("action")).toBe("/admin?query=officer#invite");
});

test("the users list is one compact row a user; Manage opens a row's email and actions", async ({ page }) => {
  await page.goto("/admin");
  const rows = page.getByTestId("user-row");
  expect(await rows.count()).toBeGreaterThan(1);
  // No row shows its actions until it is opened: a page of 20 users was about 8,000 px at 360 px wide.
  await expect(page.getByRole("button", { name: "Change Role" })).toHaveCount(0);
  const first = rows.first();
  const username = await first.getAttribute("data-username");
  await first.getByRole("link", { name: `Manage @${username}` }).click();
  await expect(page).toHaveURL(/\/admin\?manage=(\d+)#user-\1$/);
  await expect(first.getByRole("button", { name: "Change Role" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Reset Password" })).toBeVisible();
  await expect(first.getByText(/ · Joined /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Change Role" })).toHaveCount(1);
});

test("at 360 px each user is one row about 70 px tall", { tag: "@browser" }, async ({ page }) => {
  await page.goto("/admin");
  const heights = await page
    .getByTestId("user-row")
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(1);
  expect(Math.max(...heights)).toBeLessThanOrEqual(72);
  const table = page.getByTestId("users-table");
  expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

test(
  "the admin adds a user with Add user; a refusal keeps what was typed; they sign in at once",
  { tag: "@js" },
  async ({ page, browser, baseURL, javaScriptEnabled, viewport, extraHTTPHeaders }) => {
    const username = uniqueName("added").replaceAll("-", "_");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Add user" }).click();
    await expect(page).toHaveURL("/admin?add=user");
    const form = page.getByRole("region", { name: "Add user" });
    await form.getByLabel("Username").fill("officer1");
    await form.getByLabel("Email").fill(`${username}@example.pk`);
    await form.getByLabel("First name").fill("Sana");
    await form.getByLabel("Role").selectOption("MANAGER");
    await form.getByLabel("First password").fill("first-pass-1");
    await form.getByRole("button", { name: "Add user" }).click();
    await expect(form.getByText("This username is already taken")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue(`${username}@example.pk`);
    await expect(form.getByLabel("Role")).toHaveValue("MANAGER");

    await form.getByLabel("Username").fill(username);
    await form.getByLabel("First password").fill("first-pass-1");
    await form.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText(`@${username} can sign in now.`)).toBeVisible();
    const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
    await expect(row).toContainText("MANAGER");
    await expect(row).toContainText("Active");
    await expect(row.getByRole("button", { name: "Reset Password" })).toBeVisible();

    const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport, extraHTTPHeaders });
    const theirs = await context.newPage();
    await theirs.goto("/login");
    await theirs.getByLabel("Username").fill(username);
    await theirs.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await theirs.getByRole("button", { name: "Sign In" }).click();
    await expect(theirs).toHaveURL(/\/location-setup|\/$/);
    await context.close();
  },
);
