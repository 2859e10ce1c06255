import type { Page } from "@playwright/test";
import { expect, signIn, test, underServiceWorker, untilTrueInPage } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { PASSWORD, SHOP, teamOfficerWithDealers } from "../plans/support";
import { reviewScreenshot } from "../support/screenshots";

// The officer's field loop offline (issue 45): New Post opened from the phone's saved copy with
// location allowed keeps its form when the refresh of the nearest dealers fails, and the day's
// plan, its Log-visit pages and the leaderboard opened online open offline from the saved copy.

test.use({ serviceWorkers: "allow" });
// Each test has its own officer and browser context: they run side by side.
test.describe.configure({ mode: "parallel" });

/** The notice on a page opened from the phone's saved copy: "Offline: this page was saved at 10:42 AM." */
const savedCopyNotice = (page: Page) => page.getByText(/^Offline: this page was saved at \d{1,2}:\d{2} [AP]M\.$/);
/** New Post's line when the list of nearest dealers could not be fetched again. */
const refreshFailed = (page: Page) => page.getByText("Offline: the dealer list could not be refreshed.");

/** Waits until the service worker controls the page and keeps a copy of each of `paths`. */
async function savedOnThePhone(page: Page, paths: string[]) {
  await underServiceWorker(page);
  await untilTrueInPage(
    page,
    async (list) => (await Promise.all(JSON.parse(list).map((path: string) => caches.match(path)))).every(Boolean),
    JSON.stringify(paths),
  );
}

test.beforeEach(async ({ context }) => {
  // The phone allows location, and knows where it is: at the officer's dealers.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: SHOP.lat, longitude: SHOP.lng });
});

test("New Post offline with location allowed keeps its form and says the dealer list could not be refreshed", async ({
  page,
  context,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["Nearby"]);
  await signIn(page, officer.username, PASSWORD);
  await page.goto("/new-post");
  await savedOnThePhone(page, ["/", "/new-post"]);

  await context.setOffline(true);
  await page.reload();
  await expect(savedCopyNotice(page)).toBeVisible();
  // The phone's fix asks for the dealers nearest to it, which fails offline: the form stays.
  await expect(refreshFailed(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
  await expect(page.getByText("The page could not load")).toHaveCount(0);
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill("Written offline");
  await reviewScreenshot(page, "new-post-offline-location-on", { fullPage: true });

  // The same from the saved feed's Post tab.
  await page.goto("/");
  await expect(savedCopyNotice(page)).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Post" }).click();
  await expect(refreshFailed(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
  await expect(page.getByText("The page could not load")).toHaveCount(0);
});

test("the day's plan, its Log-visit pages and the leaderboard opened online open offline from the saved copy", async ({
  page,
  context,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["First", "Second"]);
  const planned = await request.put(`/api/plans/${karachiDate()}`, {
    data: { dealerIds: [officer.ids.First, officer.ids.Second] },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  const second = `${officer.prefix} Second Traders`;

  await signIn(page, officer.username, PASSWORD);
  await page.goto("/plan");
  const logVisit = page.getByRole("link", { name: `Log visit to ${second}` });
  const logVisitPath = (await logVisit.getAttribute("href")) ?? "";
  expect(logVisitPath).toMatch(/^\/new-post\?/);
  // The leaderboard opened with JavaScript (no page load the worker sees).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rankings" }).click();
  await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
  await savedOnThePhone(page, ["/plan", logVisitPath, "/leaderboard"]);

  await context.setOffline(true);
  await page.goto("/plan");
  await expect(savedCopyNotice(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Visit plan" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem")).toHaveCount(2);
  await reviewScreenshot(page, "plan-offline", { fullPage: true });

  await logVisit.click();
  await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
  await expect(savedCopyNotice(page)).toBeVisible();
  await expect(page.getByLabel("Post type *")).toHaveValue("DEALER_MEETING");
  await expect(page.locator('select[name="dealerId"]')).toHaveValue(String(officer.ids.Second));
  await expect(page.getByText("The page could not load")).toHaveCount(0);

  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
  await expect(savedCopyNotice(page)).toBeVisible();
});

test("two posts made offline from New Post's saved copy, opened twice, both wait on the phone", async ({
  page,
  context,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["Twice"]);
  await signIn(page, officer.username, PASSWORD);
  await page.goto("/new-post");
  await savedOnThePhone(page, ["/new-post"]);

  await context.setOffline(true);
  for (const text of ["First visit written offline", "Second visit written offline"]) {
    // Each opening is a page load of the same saved copy.
    await page.goto("/new-post");
    await expect(savedCopyNotice(page)).toBeVisible();
    await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
    await page.getByLabel("Description").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Saved on this phone, waiting to send")).toBeVisible();
  }
  await expect(page.getByRole("list", { name: "Waiting to send" }).getByTestId("waiting-item")).toHaveText([
    "Field Visit: First visit written offline",
    "Field Visit: Second visit written offline",
  ]);
});
