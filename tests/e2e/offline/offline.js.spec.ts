import type { BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import {
  countRows,
  e2eDatabasePath,
  expect,
  test,
  underServiceWorker,
  uniqueName,
  untilTrueInPage,
} from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { cardWithText } from "../posts/support";

// The installable app on a bad network (issue 8): the shell opens offline once visited, and
// posts and comments made offline wait on the phone, then reach the server exactly once.

/** Waits until the service worker controls the page and has saved the feed, New Post and the directory. */
async function serviceWorkerReady(page: Page) {
  await underServiceWorker(page);
  await untilTrueInPage(page, async () => {
    const saved = await Promise.all(["/", "/new-post", "/dealers"].map((path) => caches.match(path)));
    return saved.every(Boolean);
  });
}

/** Opens New Post once the service worker is ready, goes offline and posts a field visit: it waits on the phone. */
async function postFieldVisitOffline(page: Page, context: BrowserContext, text: string) {
  await page.goto("/new-post");
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
}

const postsWithText = (text: string) => countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text);

test.use({ serviceWorkers: "allow" });
// Each test has its own officer and browser context: they run side by side.
test.describe.configure({ mode: "parallel" });

const waitingList = (page: Page) => page.getByRole("list", { name: "Waiting to send" });
const waitingCount = (page: Page) => page.getByText(/Waiting to send: \d+/);
const offlineBanner = (page: Page) => page.getByText("You are offline. What you post now waits on this phone.");
/** The notice on a page opened from the phone's saved copy: "Offline: this page was saved at 10:42 AM." */
const savedCopyNotice = (page: Page) => page.getByText(/^Offline: this page was saved at \d{1,2}:\d{2} [AP]M\.$/);

/** When the saved copy of `path` was made, as the phone's clock (the tests' Asia/Karachi) says it. */
async function savedAt(page: Page, path: string): Promise<string> {
  const date = await page.evaluate(async (saved) => (await caches.match(saved))?.headers.get("Date") ?? "", path);
  return new Date(date).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Karachi" });
}

test.beforeEach(async ({ page }) => {
  await registerThroughForm(page);
});

test("the web app is installable: manifest with PNG and maskable icons", async ({ page }) => {
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: "Fieldline", start_url: "/", display: "standalone" });
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? "any"}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"]).toBe(icon.type);
  }
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("after one visit the shell opens offline: the saved feed and New Post, and an honest page for the rest", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await serviceWorkerReady(page);

  // Posted after the feed was saved: the offline feed cannot show it, so what shows comes from the phone.
  const later = uniqueName("Posted while the phone kept its copy");
  expect((await page.request.post("/api/posts", { data: { type: "ANNOUNCEMENT", text: later } })).status()).toBe(201);

  const feedSavedAt = await savedAt(page, "/");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Feed" })).toBeAttached();
  // The saved copy says it is one, and how old it is.
  await expect(page.getByRole("status").filter({ hasText: "Offline: this page was saved at" })).toHaveText(
    `Offline: this page was saved at ${feedSavedAt}.`,
  );
  // The page came from the phone's saved copy: that alone says offline, whatever navigator.onLine reads.
  await expect(offlineBanner(page)).toBeVisible();
  await expect(page.getByTestId("post-card").first()).toBeVisible();
  await expect(cardWithText(page, later)).toHaveCount(0);

  // Offline, a tapped link loads the whole page, so the worker answers: this one was not saved.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rankings" }).click();
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();

  // New Post's checks load after the page, offline too: a sale without its figures stays on the form.
  await page.goto("/new-post");
  await expect(savedCopyNotice(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Post", exact: true })).toBeDisabled();
  await page.getByLabel("Post type *").selectOption("SALE");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Quantity is required")).toBeVisible();
  await expect(page.getByText("Saved on this phone, waiting to send")).toHaveCount(0);

  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByText("there is no copy of it on this phone")).toBeVisible();
  await expect(savedCopyNotice(page)).toHaveCount(0);

  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
});

test("the directory and the dealers' pages opened before are there without signal; others say they are not", async ({
  page,
  context,
}) => {
  await page.goto("/dealers");
  await serviceWorkerReady(page);
  const cards = page.getByTestId("dealer-card");
  const first = (await cards.first().getByRole("heading").textContent()) ?? "";
  const second = (await cards.nth(1).getByRole("heading").textContent()) ?? "";
  // Opened with JavaScript (no page load the worker sees): the page tells the worker, which keeps a copy.
  const details = cards.first().getByRole("link", { name: /^View Details of/ });
  const opened = (await details.getAttribute("href")) ?? "";
  await details.click();
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
  await untilTrueInPage(page, async (path) => Boolean(await caches.match(path)), opened);

  await context.setOffline(true);
  await page.goto("/dealers");
  await expect(page.getByRole("heading", { name: "Dealers", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: second })).toBeVisible();
  await expect(savedCopyNotice(page)).toBeVisible();
  await page.goto(opened);
  await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
  await expect(savedCopyNotice(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: first })).toBeVisible();
  await expect(page.getByRole("link", { name: `Directions to ${first}` })).toHaveAttribute(
    "href",
    /^geo:-?\d+\.?\d*,-?\d+\.?\d*\?q=/,
  );

  await page.getByRole("link", { name: /^Back to Dealers$/ }).click();
  await expect(page.getByRole("heading", { name: "Dealers", exact: true })).toBeVisible();
  await page.getByRole("link", { name: `View Details of ${second}` }).click();
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
});

test("a post made offline waits on the phone and reaches the server once when the connection returns", async ({
  page,
  context,
}) => {
  const text = uniqueName("Field visit made offline");
  await postFieldVisitOffline(page, context, text);

  await expect(page.getByText("Saved on this phone, waiting to send")).toBeVisible();
  await expect(waitingCount(page)).toHaveText("Waiting to send: 1");
  await expect(waitingList(page).getByTestId("waiting-item")).toHaveText([`Field Visit: ${text}`]);
  expect(postsWithText(text)).toBe(0);

  // Back online, it goes by itself, once. (An answer lost on the way, the queue's tries and the key
  // it resends with: tests/components/posts/new-post.test.tsx.)
  await context.setOffline(false);
  await expect(waitingCount(page)).toBeHidden();
  await expect.poll(() => postsWithText(text)).toBe(1);
});

test("the offline bar's code loads only when something may wait: a post left waiting goes when the app opens again online", async ({
  page,
  context,
}) => {
  const text = uniqueName("Field visit left waiting");
  await postFieldVisitOffline(page, context, text);
  await expect(waitingCount(page)).toHaveText("Waiting to send: 1");
  await page.close();

  // Opened again with a connection: the bar's code loads, since something waits, and sends it.
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto("/");
  await expect.poll(() => postsWithText(text)).toBe(1);
  await expect(waitingCount(again)).toBeHidden();

  // Nothing waits now: the next page loads neither the bar's code nor the queue's.
  const scripts: string[] = [];
  again.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await again.goto("/");
  await untilTrueInPage(again, async () => document.documentElement.dataset.hydrated !== undefined);
  await again.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => /send-queue/.test(script))).toEqual([]);
});

test("a comment made offline waits on the phone and is added once when the connection returns", async ({
  page,
  context,
}) => {
  const post = await (
    await page.request.post("/api/posts", { data: { type: "FARMER_MEETING", text: uniqueName("Farmer meeting") } })
  ).json();
  const comment = uniqueName("Offline comment");
  await page.goto(`/posts/${post.id}`);
  // The app has finished loading (the offline bar's code comes after the page) before the signal drops.
  await page.waitForLoadState("networkidle");

  await context.setOffline(true);
  await page.getByLabel("Write a comment").fill(comment);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Saved on this phone, waiting to send.")).toBeVisible();
  await expect(waitingList(page).getByTestId("waiting-item")).toHaveText([`Comment: ${comment}`]);
  await expect(page.getByLabel("Write a comment")).toHaveValue("");

  await context.setOffline(false);
  await expect(waitingCount(page)).toBeHidden();
  await expect(page.getByTestId("comment").filter({ hasText: comment })).toHaveCount(1);
  const comments = (await (await page.request.get(`/api/posts/${post.id}/comments`)).json()) as Array<{ text: string }>;
  expect(comments.filter((item) => item.text === comment)).toHaveLength(1);
});

test("a revoked session takes the phone's saved feed with it: offline, the next visit gets the offline page", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await serviceWorkerReady(page);
  const secret = uniqueName("Only for the signed-in officer");
  expect((await page.request.post("/api/posts", { data: { type: "ANNOUNCEMENT", text: secret } })).status()).toBe(201);
  await page.reload();
  await expect(cardWithText(page, secret)).toBeVisible();

  // The session ends on the server (an admin deactivates the account, or a reset ends them all).
  const { id } = (await (await page.request.get("/api/me")).json()) as { id: number };
  const db = new Database(e2eDatabasePath());
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("DELETE FROM Session WHERE userId = ?").run(id);
  } finally {
    db.close();
  }
  // The page still shows the feed; its next /api read answers 401, and the worker forgets both
  // copies, before any signed-out page has loaded to tell it.
  expect(await page.evaluate(async () => (await fetch("/api/notifications/unread-count")).status)).toBe(401);
  await untilTrueInPage(page, async () => !(await caches.match("/")) && !(await caches.match("/new-post")));

  await context.setOffline(true);
  await page.goto("/").catch(() => undefined);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(cardWithText(page, secret)).toHaveCount(0);
});
