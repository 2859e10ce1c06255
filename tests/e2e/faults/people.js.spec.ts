import Database from "better-sqlite3";
import { request, type Page } from "@playwright/test";
import { countRows, e2eDatabasePath, expect, signIn, test, uniqueClientAddress, uniqueName } from "../support/fixtures";
import { registerOfficer, type NewAccount } from "../support/flows";
import { formPost, inject, meet, notice, signInAgain } from "./support";

// The people's actions on a flaky network (issue 15), one representative per control kind (issue 46):
// an admin's row action (a form) meets a proxy's 502, the bell's dialog (a JSON call) a dropped
// connection, location setup an expired session. Every action's five faults are at the component
// level (tests/components/people/); these keep the real wiring (single fetch, the JSON API, the
// sign-in redirect) checked in a browser.

test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

test.describe.configure({ mode: "parallel" });

const ADMIN = { username: "admin", password: "fieldline" };

/** A new unread notification for `username`, straight in the e2e database (as a calculation would); its id. */
function giveNotification(username: string, title: string): number {
  const db = new Database(e2eDatabasePath());
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      "INSERT INTO Notification (userId, type, title, message, isRead, createdAt) SELECT id, 'SYSTEM', ?, 'From the head office.', 0, ? FROM User WHERE username = ?",
    );
    return Number(insert.run(title, Date.now(), username.toLowerCase()).lastInsertRowid);
  } finally {
    db.close();
  }
}

const unreadNamed = (title: string) =>
  countRows("SELECT COUNT(*) AS n FROM Notification WHERE title = ? AND isRead = 0", title);

/** The request a JSON call makes. */
const jsonCall = (method: string, path: string) => (request: { method(): string; url(): string }) =>
  request.method() === method && new URL(request.url()).pathname === path;

test.describe("an officer", () => {
  let account: NewAccount;

  test.beforeEach(async ({ page }) => {
    account = await registerOfficer(page.request);
  });

  test("the bell's dialog, aborted: a notification that could not be marked read goes back to unread and says so; one more tap does it", async ({
    page,
  }) => {
    const title = uniqueName("Bell aborted");
    const id = giveNotification(account.username, title);
    await page.goto("/profile");
    await page.getByRole("link", { name: /^Notifications, \d+ unread/ }).click();
    const dialog = page.getByRole("dialog", { name: "Notifications" });
    const item = dialog.getByRole("button", { name: new RegExp(title) });
    await expect(item).toBeVisible();
    const injected = await inject(page, "aborted", jsonCall("PATCH", `/api/notifications/${id}/read`));
    await item.click();
    await meet(page, "aborted", injected);
    await expect(dialog.getByRole("alert")).toContainText("Could not mark the notification as read. Please try again.");
    await injected.end();
    await expect(page.getByRole("heading", { name: "Performance", exact: true })).toBeVisible();
    await expect(item.getByLabel("Unread", { exact: true })).toBeVisible();
    expect(unreadNamed(title)).toBe(1);
    await item.click();
    await expect(item.getByLabel("Unread", { exact: true })).toHaveCount(0);
    await expect.poll(() => unreadNamed(title)).toBe(0);
  });
});

test("location setup, session expired: it says so and comes back, signed in, with the chosen place", async ({
  page,
}) => {
  const account = await registerOfficer(page.request);
  await page.goto("/location-setup");
  await page.getByRole("button", { name: "Use Current Location" }).click();
  const chosen = page.getByText("31.520400, 74.358700");
  await expect(chosen).toBeVisible();
  const injected = await inject(page, "session expired", formPost("/location-setup"));
  await page.getByRole("button", { name: "Save Home Location" }).click();
  await meet(page, "session expired", injected);
  await expect(notice(page)).toContainText("Unauthorized");
  await expect(notice(page)).toContainText("You are logged out. Logging in again...");
  await signInAgain(page, "/location-setup", account.username, account.password);
  await expect(page.getByRole("heading", { name: "Location Setup" })).toBeVisible();
  await expect(chosen).toBeVisible();
  await page.getByRole("button", { name: "Save Home Location" }).click();
  await expect(page).toHaveURL(/\/location-setup\?tab=warehouse$/);
  expect(
    countRows(
      "SELECT COUNT(*) AS n FROM User WHERE username = ? AND homeLat = 31.5204 AND homeLng = 74.3587",
      account.username,
    ),
  ).toBe(1);
});

test.describe("the admin", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
  });

  /** A new officer to act on (never a seeded user other tests rely on), registered outside the admin's browser. */
  async function newOfficer(page: Page): Promise<NewAccount> {
    const outside = await request.newContext({
      baseURL: new URL(page.url()).origin,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    try {
      return await registerOfficer(outside);
    } finally {
      await outside.dispose();
    }
  }

  test("the users table, 502 from the edge: change role keeps the row and its choice and says so; one more tap does it once", async ({
    page,
  }) => {
    const account = await newOfficer(page);
    const path = `/admin?query=${encodeURIComponent(account.username)}`;
    const row = page.locator(`[data-testid="user-row"][data-username="${account.username}"]`);
    const roleOf = () =>
      countRows("SELECT COUNT(*) AS n FROM User WHERE username = ? AND role = 'MANAGER'", account.username);
    await page.goto(path);
    await row.getByLabel(`Role of @${account.username}`).selectOption("MANAGER");
    const injected = await inject(page, "502 from the edge", formPost("/admin"));
    await row.getByRole("button", { name: "Change Role" }).click();
    await meet(page, "502 from the edge", injected);
    await expect(notice(page)).toContainText("Failed to change the role. Please try again.");
    await injected.end();
    await expect(page).toHaveURL(path);
    await expect(row).toBeVisible();
    await expect(row.getByLabel(`Role of @${account.username}`)).toHaveValue("MANAGER");
    expect(roleOf()).toBe(0);
    await row.getByRole("button", { name: "Change Role" }).click();
    await expect(notice(page)).toContainText(`@${account.username} is now MANAGER.`);
    expect(roleOf()).toBe(1);
  });
});
