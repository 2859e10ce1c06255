import { collectConsoleErrors, expect, signIn, test } from "../support/fixtures";

// The page's JavaScript is asked for only after its first frame (decision 37): on Regular 3G the
// text then has the network to itself. The test holds the page's animation frames, so the frame the
// scripts wait for comes when the test says.

declare global {
  interface Window {
    /** Set by the test's init script: lets the held animation frames run. */
    releaseFrames: () => void;
  }
}

test("the feed is shown before any script is requested, and hydrates once a frame has painted", async ({
  page: signInPage,
  context,
}) => {
  await signIn(signInPage, "officer2");
  // A page of its own: the page signing in landed on may still load its modules after the page.
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.addInitScript(() => {
    const requestFrame = window.requestAnimationFrame.bind(window);
    const held: FrameRequestCallback[] = [];
    window.requestAnimationFrame = (callback) => held.push(callback);
    window.releaseFrames = () => {
      window.requestAnimationFrame = requestFrame;
      for (const callback of held.splice(0)) requestFrame(callback);
    };
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });

  const response = await page.goto("/");
  const html = await response!.text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  const comments = page
    .getByTestId("post-card")
    .first()
    .getByRole("link", { name: /^Comments \(\d+\)$/ });
  await expect(comments).toBeVisible();
  expect(scripts).toEqual([]);

  await page.evaluate(() => window.releaseFrames());
  await expect(
    page
      .getByTestId("post-card")
      .first()
      .getByRole("button", { name: /^Comments \(\d+\)$/ }),
  ).toBeVisible();
  expect(scripts.some((path) => /^\/assets\/framework-.+\.js$/.test(path))).toBe(true);
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
