import { countRows, expect, readInUrdu, signIn, test } from "../support/fixtures";
import { english } from "../../support/english";
import { NOTIFICATION_NOT_FOUND } from "~/models/notification.server";

// Notifications in the reader's language (decision 103), with JavaScript off: stored as keys, said
// in Urdu on the page, and in English through /api, which stays English for integrators.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;

test("an officer's notifications read in Urdu on the page and in English through /api", async ({ page }) => {
  // A seeded officer the performance history told of a rank.
  expect(
    countRows(
      "SELECT COUNT(*) AS n FROM Notification n JOIN User u ON u.id = n.userId WHERE u.username = 'officer3' AND n.type = 'RANK_CHANGE'",
    ),
  ).toBeGreaterThan(0);
  await signIn(page, "officer3");
  await readInUrdu(page);
  const html = ((await (await page.goto("/notifications"))?.text()) ?? "").replace(/<script[\s\S]*?<\/script>/g, "");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "اطلاعات" })).toBeVisible();
  expect(html).not.toMatch(RAW_KEY);
  expect(html).toContain("لیڈر بورڈ");
  for (const words of ["on the leaderboard", "You are now #", "You earned the", "Welcome to Fieldline"])
    expect(html, words).not.toContain(words);

  const answer = await page.request.get("/api/notifications");
  expect(answer.status()).toBe(200);
  const titles = ((await answer.json()) as Array<{ title: string; type: string }>)
    .filter((notification) => notification.type === "RANK_CHANGE")
    .map((notification) => notification.title);
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toMatch(/^You (are now #\d+|are no longer ranked)$/);
});

test("a notification that is not the reader's is refused in Urdu on the page and in English through /api", async ({
  page,
}) => {
  await signIn(page, "officer3");
  await readInUrdu(page);
  const missing = countRows("SELECT MAX(id) + 1000 AS n FROM Notification");
  const refused = await page.request.post("/notifications", {
    form: { intent: "read", id: String(missing) },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  await page.goto("/notifications");
  await expect(page.getByTestId("notice")).toContainText("اطلاع نہیں ملی");

  const api = await page.request.patch(`/api/notifications/${missing}/read`);
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: english(NOTIFICATION_NOT_FOUND), requestId: expect.any(String) });
});
