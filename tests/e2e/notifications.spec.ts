import Database from "better-sqlite3";
import { e2eDatabasePath, expect, signIn, test } from "./support/fixtures";
import { registerThroughForm } from "./support/flows";

/** Arranges notifications for a user straight in the e2e database, as the performance calculation would. */
function giveNotifications(username: string) {
  const db = new Database(e2eDatabasePath());
  try {
    db.pragma("busy_timeout = 5000");
    const { id } = db
      .prepare<[string], { id: number }>("SELECT id FROM User WHERE username = ?")
      .get(username.toLowerCase()) ?? { id: 0 };
    const insert = db.prepare(
      "INSERT INTO Notification (userId, type, badgeType, title, message, isRead, previousRank, newRank, createdAt) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)",
    );
    const now = Date.now();
    insert.run(
      id,
      "RANK_CHANGE",
      null,
      "You are now #2",
      "You moved from #4 to #2 on the leaderboard.",
      4,
      2,
      now - 60_000,
    );
    insert.run(
      id,
      "ACHIEVEMENT_BADGE",
      "CROWN",
      "You earned the Crown: Team Leader",
      "You are the overall leader.",
      null,
      null,
      now - 30_000,
    );
    insert.run(
      id,
      "SYSTEM",
      null,
      "Welcome to Fieldline",
      "Set your locations to appear on the map.",
      null,
      null,
      now - 10_000,
    );
  } finally {
    db.close();
  }
}

test("the notifications page: unread count, mark one read, mark all read", async ({ page, context }) => {
  const account = await registerThroughForm(page);
  giveNotifications(account.username);
  await context.clearCookies();
  await signIn(page, account.username, account.password);
  await page.goto("/notifications");

  await expect(page.getByTestId("unread-count")).toHaveText("3");
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(page.getByLabel("Unread", { exact: true })).toHaveCount(3);
  await expect(page.getByLabel("Team Leader", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Mark read: You are now #2" }).click();
  await expect(page.getByLabel("Unread", { exact: true })).toHaveCount(2);
  await expect(page.getByTestId("unread-count")).toHaveText("2");
  await expect(page.getByText("You are now #2")).toBeVisible();

  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByLabel("Unread", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
});

test("the bell leads to the notifications", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
  const account = await registerThroughForm(page);
  giveNotifications(account.username);
  await page.goto("/profile");
  await page.getByRole("link", { name: /^Notifications, 3 unread/ }).click();

  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByText("You earned the Crown: Team Leader")).toBeVisible();
    return;
  }
  // With JavaScript: a 600 px dialog over the page.
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const box = await dialog.boundingBox();
  expect(box?.height).toBeGreaterThan(500);
  await dialog.getByRole("button", { name: /You are now #2/ }).click();
  await expect(dialog.getByLabel("Unread", { exact: true })).toHaveCount(2);
  await expect(page.getByTestId("unread-count")).toHaveText("2");
  await dialog.getByRole("button", { name: "Mark all read" }).click();
  await expect(dialog.getByLabel("Unread", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // What the dialog changed is stored: the page agrees after a reload.
  await page.goto("/notifications");
  await expect(page.getByLabel("Unread", { exact: true })).toHaveCount(0);
});

test("a form the page does not have (an unknown intent) answers 400 and marks nothing read", async ({
  page,
  context,
}) => {
  const account = await registerThroughForm(page);
  giveNotifications(account.username);
  await context.clearCookies();
  await signIn(page, account.username, account.password);
  for (const intent of ["delete-all", ""]) {
    const refused = await page.request.post("/notifications", { form: { intent }, maxRedirects: 0 });
    expect(refused.status(), intent).toBe(400);
    expect(await refused.text(), intent).toContain("Unknown action");
  }
  await page.goto("/notifications");
  await expect(page.getByLabel("Unread", { exact: true })).toHaveCount(3);
});
