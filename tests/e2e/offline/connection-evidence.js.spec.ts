import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// The phone knows it is offline from evidence, not only from navigator.onLine (issue 15): a
// request that failed on the way, a probe of /healthz that failed or timed out; and it is back
// online from a request or a probe that came back. (A page answered from the service worker's
// saved copy is the third kind: offline.js.spec.ts.) navigator.onLine reads true throughout.

const offlineBar = (page: Page) => page.getByText("You are offline. What you post now waits on this phone.");

/** The first card's heart, pinned by the post's id. */
async function heartOfFirstPost(page: Page) {
  const id = await page.getByTestId("post-card").first().getAttribute("data-post-id");
  return { id, heart: page.locator(`[data-post-id="${id}"]`).getByRole("button", { name: /^(Like|Unlike) \(/ }) };
}

const PROBE_EVERY_MS = 15_000;
const PROBE_PATIENCE_MS = 8_000;

// Each test has its own officer and page: they run side by side.
test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await registerThroughForm(page);
  await page.clock.install();
  await page.goto("/");
});

test("a request that failed on the way says offline; the next one that comes back says online again", async ({
  page,
}) => {
  const { id, heart } = await heartOfFirstPost(page);
  await page.route(`**/posts/${id}.data`, (route) => route.abort("internetdisconnected"));
  await heart.click();
  await expect(offlineBar(page)).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  await page.unroute(`**/posts/${id}.data`);
  await heart.click();
  await expect(offlineBar(page)).toBeHidden();
});

test("offline, a probe that times out keeps it offline; a probe that comes back says online", async ({ page }) => {
  const { id, heart } = await heartOfFirstPost(page);
  await page.route(`**/posts/${id}.data`, (route) => route.abort("internetdisconnected"));
  const unanswered: Array<() => Promise<void>> = [];
  await page.route("**/healthz", (route) => {
    unanswered.push(() => route.abort());
  });
  await heart.click();
  await expect(offlineBar(page)).toBeVisible();

  // The probe goes out while offline, and gets no answer within its patience.
  const probe = page.waitForRequest("**/healthz");
  await page.clock.fastForward(PROBE_EVERY_MS);
  await probe;
  const gaveUp = page.waitForEvent("requestfailed", (request) => request.url().endsWith("/healthz"));
  await page.clock.fastForward(PROBE_PATIENCE_MS);
  await gaveUp;
  await expect(offlineBar(page)).toBeVisible();

  // The next probe comes back: online.
  await page.unroute("**/healthz");
  await page.clock.fastForward(PROBE_EVERY_MS);
  await expect(offlineBar(page)).toBeHidden();
  for (const release of unanswered) await release().catch(() => undefined);
});
