import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";
import { someDealer } from "./posts/support";

// Officers tap with a thumb, often with one hand: every control of every page is at least
// 44×44 CSS px at 360 px wide (issue 20), with JavaScript on and off. Links inside a sentence
// are the one exception (WCAG 2.5.5): the sentence around them is what a finger aims at.

const MIN = 44;

type Offender = {
  page: string;
  control: string;
  width: number;
  height: number;
};

/** Every visible control of the page now on screen that is smaller than min×min (links in a sentence too, when asked). */
async function smallControls(page: Page, label: string, min = MIN, inSentenceToo = false): Promise<Offender[]> {
  const found = await page.evaluate(
    ({ min, inSentenceToo }) => {
      const selector = [
        "a[href]",
        "button",
        "input:not([type=hidden])",
        "select",
        "textarea",
        "summary",
        "[role=button]",
        "[role=tab]",
        "[role=menuitem]",
        ".leaflet-marker-icon.leaflet-interactive",
      ].join(",");
      // Inline, or inline-flex to hold the 24 px floor below within the line.
      const inSentence = (el: Element) =>
        getComputedStyle(el).display.startsWith("inline") &&
        Array.from(el.parentElement?.childNodes ?? []).some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
      const small: { control: string; width: number; height: number }[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || style.display === "none") continue;
        // Checkboxes, radios and file inputs are tapped through their label.
        const boxes = [el, ...Array.from((el as HTMLInputElement).labels ?? [])].map((node) =>
          node.getBoundingClientRect(),
        );
        const width = Math.max(...boxes.map((box) => box.width));
        const height = Math.max(...boxes.map((box) => box.height));
        if (width <= 1 || height <= 1) continue; // not rendered, or visually hidden for screen readers
        if (!inSentenceToo && el.tagName === "A" && inSentence(el)) continue;
        if (width + 0.5 >= min && height + 0.5 >= min) continue;
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).name ?? "")
          .trim()
          .replace(/\s+/g, " ")
          .slice(0, 40);
        const id = el.id ? `#${el.id}` : "";
        small.push({
          control: `${el.tagName.toLowerCase()}${id} "${name}"`,
          width: Math.round(width),
          height: Math.round(height),
        });
      }
      return small;
    },
    { min, inSentenceToo },
  );
  return found.map((offender) => ({ page: label, ...offender }));
}

async function visit(page: Page, path: string, offenders: Offender[], prepare?: () => Promise<void>) {
  await page.goto(path);
  await expect(page.locator("main, body").first()).toBeVisible();
  if (prepare) await prepare();
  offenders.push(...(await smallControls(page, path)));
}

function report(offenders: Offender[]): string {
  return offenders.map((o) => `${o.page}: ${o.control} ${o.width}×${o.height}`).join("\n");
}

test("every control of the signed-out pages is at least 44 px square", { tag: "@browser" }, async ({ page }) => {
  const offenders: Offender[] = [];
  for (const path of [
    "/",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=not-a-token",
    "/no-such-page",
    "/offline",
  ]) {
    await visit(page, path, offenders);
  }
  expect(report(offenders)).toBe("");
});

test.describe("signed in", () => {
  test(
    "every control of the feed, post, profile, leaderboard and notification pages is at least 44 px square",
    { tag: "@browser" },
    async ({ page }, testInfo) => {
      const offenders: Offender[] = [];
      await signIn(page, "officer1");
      await visit(page, "/", offenders);
      const postId = await page.locator("[data-post-id]").first().getAttribute("data-post-id");
      await visit(page, `/posts/${postId}`, offenders);
      await visit(page, "/new-post", offenders);
      await visit(page, "/profile", offenders);
      await visit(page, "/location-setup", offenders);
      await visit(page, "/leaderboard", offenders);
      await visit(page, "/notifications", offenders);
      if (testInfo.project.use.javaScriptEnabled !== false) {
        await visit(page, "/", offenders, async () => {
          await page.getByRole("link", { name: /^Notifications/ }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
        });
      }
      expect(report(offenders)).toBe("");
    },
  );

  test(
    "every control of the dealer pages and the map is at least 44 px square",
    { tag: "@browser" },
    async ({ page }, testInfo) => {
      const javaScript = testInfo.project.use.javaScriptEnabled !== false;
      const offenders: Offender[] = [];
      await signIn(page, "officer1");
      await visit(page, "/dealers", offenders);
      await visit(page, "/add-dealer", offenders);
      await visit(page, `/dealer-details/${someDealer().id}`, offenders);
      await visit(page, `/dealer-details/${someDealer().id}?edit=true`, offenders);
      await visit(page, "/dealer-map", offenders, async () => {
        if (javaScript) await expect(page.locator(".leaflet-control-zoom-in")).toBeVisible();
      });
      await visit(page, "/dealer-map?f=1&routes=on", offenders, async () => {
        if (javaScript) await expect(page.locator(".checkin-marker").first()).toBeVisible();
      });
      await visit(page, "/plan", offenders);
      expect(report(offenders)).toBe("");
    },
  );

  test(
    "every control of the admin's pages, and of a notice, is at least 44 px square",
    { tag: "@browser" },
    async ({ page }, testInfo) => {
      const offenders: Offender[] = [];
      await signIn(page, "admin");
      await visit(page, "/admin", offenders);
      await visit(page, "/admin/import", offenders);
      await visit(page, "/admin/outbox", offenders);
      await visit(page, "/location-quality", offenders);
      await visit(page, "/reports?groupBy=dealer&period=last-90-days", offenders);
      await visit(page, "/dealers/import", offenders);
      await visit(page, "/leaderboard", offenders);
      await visit(page, "/admin?query=officer8", offenders, async () => {
        await page.getByRole("button", { name: "Reset Password" }).click();
        await expect(page.getByTestId("notice")).toContainText("Password reset email sent successfully!");
      });
      if (testInfo.project.use.javaScriptEnabled === false) {
        const officer = page.locator('[data-testid="user-row"][data-username="officer8"]');
        const deactivate = await officer.getByRole("link", { name: "Deactivate" }).getAttribute("href");
        await visit(page, deactivate ?? "", offenders);
      }
      expect(report(offenders)).toBe("");
    },
  );
});

// WCAG 2.2's floor (2.5.8, 24 × 24 CSS px) holds for every control of the officer's and the
// manager's pages, a link in a sentence included: a thumb outdoors aims at the link, not the sentence.
const FLOOR = 24;

async function visitFloor(page: Page, path: string, offenders: Offender[], prepare?: () => Promise<void>) {
  await page.goto(path);
  await expect(page.locator("main, body").first()).toBeVisible();
  if (prepare) await prepare();
  offenders.push(...(await smallControls(page, path, FLOOR, true)));
}

test(
  "no control of the sign-in pages is under 24 px square, links in sentences included",
  { tag: "@browser" },
  async ({ page }) => {
    const offenders: Offender[] = [];
    for (const path of ["/", "/login", "/register", "/forgot-password"]) await visitFloor(page, path, offenders);
    expect(report(offenders)).toBe("");
  },
);

test.describe("signed in, the 24 px floor", () => {
  test(
    "no control of an officer's pages is under 24 px square, links in sentences included",
    { tag: "@browser" },
    async ({ page }, testInfo) => {
      const javaScript = testInfo.project.use.javaScriptEnabled !== false;
      const offenders: Offender[] = [];
      await signIn(page, "officer1");
      await visitFloor(page, "/", offenders);
      const postId = await page.locator("[data-post-id]").first().getAttribute("data-post-id");
      for (const path of [
        `/posts/${postId}`,
        "/new-post",
        "/plan",
        "/dealers",
        `/dealer-details/${someDealer().id}`,
        "/leaderboard",
        "/reports",
        "/notifications",
        "/profile",
        "/profile/tokens",
      ]) {
        await visitFloor(page, path, offenders);
      }
      await visitFloor(page, "/dealer-map?f=1&routes=on", offenders, async () => {
        if (javaScript) await expect(page.locator(".checkin-marker").first()).toBeVisible();
      });
      expect(report(offenders)).toBe("");
    },
  );

  test(
    "no control of a manager's pages is under 24 px square, links in sentences included",
    { tag: "@browser" },
    async ({ page }) => {
      const offenders: Offender[] = [];
      await signIn(page, "manager");
      await visitFloor(page, "/", offenders);
      const officerPlan = await page.locator('a[href*="?user="]').first().getAttribute("href");
      for (const path of ["/team", officerPlan ?? "/plan", "/reports", "/leaderboard", "/location-quality"]) {
        await visitFloor(page, path, offenders);
      }
      expect(report(offenders)).toBe("");
    },
  );

  test("no control of the admin's teams is under 24 px square", { tag: "@browser" }, async ({ page }) => {
    const offenders: Offender[] = [];
    await signIn(page, "admin");
    await visitFloor(page, "/admin/teams", offenders);
    expect(report(offenders)).toBe("");
  });
});
