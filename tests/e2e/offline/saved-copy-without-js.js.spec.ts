import { expect, signIn, test, underServiceWorker, untilTrueInPage } from "../support/fixtures";

// The saved copy's notice is the service worker's plain HTML: a phone whose worker was installed
// on an earlier visit shows it with the page's scripts off too.

test.use({ serviceWorkers: "allow" });

test("without JavaScript too, a page from the saved copy says it is offline and when it was saved", async ({
  page,
  context,
}) => {
  await signIn(page, "officer3");
  // The earlier visit: once the worker is in charge, the directory opened under it is saved.
  await underServiceWorker(page);
  await page.goto("/dealers");
  await untilTrueInPage(page, async () => Boolean(await caches.match("/dealers")));

  // A tab of the same phone with its scripts off (what javaScriptEnabled: false does to a page).
  const noScripts = await context.newPage();
  const devtools = await context.newCDPSession(noScripts);
  await devtools.send("Emulation.setScriptExecutionDisabled", { value: true });
  await context.setOffline(true);
  await noScripts.goto("/dealers");
  await expect(noScripts.getByRole("heading", { name: "Dealers", exact: true })).toBeVisible();
  await expect(noScripts.getByText(/^Offline: this page was saved at \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
});
