// Playwright's `test` with Fieldline's fixtures. Import { test, expect } from here in specs.
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export { expect };
export { countRows, e2eDatabasePath, readOutbox, waitingAccount } from "../../support/e2e-database";
export { readInUrdu } from "../../support/urdu";

let addressCounter = 0;

/**
 * A client address unique to this test: the server trusts one proxy hop (TRUST_PROXY=1), so
 * rate limits are counted per X-Forwarded-For and tests do not share a budget. Values come
 * from 198.18.0.0/15 (RFC 2544, reserved for benchmarking; never a real host). These are only
 * header values.
 */
function nextClientAddress(workerIndex: number): string {
  // 1016 addresses per worker (host parts .1 to .254), 128 workers, within 198.18.0.1–198.19.255.254.
  const n = (workerIndex % 128) * 1016 + (addressCounter++ % 1016);
  const block = Math.floor(n / 254);
  return `198.${18 + Math.floor(block / 256)}.${block % 256}.${(n % 254) + 1}`;
}

/** Another client address of this worker's block, for tests that make many rate-limited calls. */
export function uniqueClientAddress(): string {
  return nextClientAddress(test.info().workerIndex);
}

/**
 * Resolves once the page in the browser is hydrated (`<html data-hydrated>`, app/browser/hydrated.ts),
 * or at once where it never will be: without JavaScript, or on a document that is not a hydrating
 * page of the app (no `window.__reactRouterContext`: the offline page, JSON, a file). The page's
 * scripts start only after its first paint (decision 37), so the load event no longer means they ran.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"),
  );
}

/**
 * Polls an async condition in the page (the Cache Storage, the service worker) until it is true.
 * `page.waitForFunction` does not await a promise: an async predicate passes at once, whatever it
 * resolves to (eslint.config.js forbids one). The service worker's first work (the shell's files,
 * then three pages rendered one after another) takes longer than expect's 5 s on a loaded machine.
 */
export async function untilTrueInPage(
  page: Page,
  condition: (arg: string) => Promise<boolean>,
  arg = "",
): Promise<void> {
  await expect.poll(() => page.evaluate(condition, arg), { timeout: 30_000 }).toBe(true);
}

/**
 * Waits until the page is under the app's service worker. A page whose load began while the worker
 * was still installing may stay outside it even after the worker claims its pages: such a page is
 * loaded once more.
 */
export async function underServiceWorker(page: Page): Promise<void> {
  await untilTrueInPage(page, async () => (await navigator.serviceWorker.ready).active?.state === "activated");
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await untilTrueInPage(page, async () => navigator.serviceWorker.controller !== null);
}

/**
 * What a failed test's page was, in one short line (the list reporter prints 300 characters of a
 * text attachment): its address, where its document came from (the server or the service worker's
 * saved copy), the start of its text, and the page's last errors.
 */
function watchPage(page: Page) {
  let loaded = "no page load";
  const errors: string[] = [];
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
      loaded = `${response.status()} from ${response.fromServiceWorker() ? "the service worker" : "the network"}`;
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return {
    async describe() {
      const text = await page
        .evaluate(() => document.body?.innerText ?? "")
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      const oneLine = (value: string, length: number) => value.replace(/\s+/g, " ").trim().slice(0, length);
      return [
        `${page.url()} (document: ${loaded})`,
        `text: ${oneLine(text, 110)}`,
        `errors: ${oneLine(errors.slice(-2).join(" | ") || "none", 90)}`,
      ].join("\n");
    },
  };
}

export const test = base.extend<{ clientAddress: string }>({
  // A test acts on the enhanced page once its goto or reload returns, as a user who waits for it.
  page: async ({ page }, use, testInfo) => {
    const watch = watchPage(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilHydrated(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilHydrated(page);
      return response;
    };
    await use(page);
    // CI keeps only what the run prints: a failure says what the page was, in the summary's lines.
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed())
      await testInfo.attach("page at failure", { body: await watch.describe(), contentType: "text/plain" });
  },
  clientAddress: [
    async ({}, use, testInfo) => {
      await use(nextClientAddress(testInfo.workerIndex));
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddress });
  },
});

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/** The cookies of each user this worker has signed in through the form, by username and password. */
const sessions = new Map<string, Cookies>();

/**
 * Signs `username` in and leaves the page on the feed, hydrated. Through the /login form the first
 * time in this worker; after that with the session it kept (a test of signing in uses the form
 * itself). A kept session the server no longer takes (signed out everywhere, deactivated) is
 * dropped and the form used again.
 */
export async function signIn(page: Page, username: string, password = "fieldline"): Promise<void> {
  const key = `${username}\u0000${password}`;
  const kept = sessions.get(key);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto("/");
    if (new URL(page.url()).pathname !== "/login") return;
    sessions.delete(key);
    await page.context().clearCookies();
  }
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await untilHydrated(page);
  sessions.set(key, await page.context().cookies());
}

let nameCounter = 0;

/** A name no other test uses in this run, e.g. uniqueName("dealer") → "dealer-1a2b3c-4-7". */
export function uniqueName(prefix: string): string {
  const run = Date.now().toString(36).slice(-6);
  return `${prefix}-${run}-${test.info().workerIndex}-${++nameCounter}`;
}

/** Collects console errors and uncaught page errors; check it with expect(errors).toEqual([]). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
