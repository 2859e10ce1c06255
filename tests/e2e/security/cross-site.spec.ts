import { expect, signIn, test } from "../support/fixtures";

// A page on another origin (here another port of the same host, which SameSite=Lax cookies
// treat as the same site, so the session cookie does travel) posts a form to Fieldline.
// The server refuses it by its Origin header; the same form on Fieldline's own page works.

const EVIL_ORIGIN = "http://127.0.0.1:4598";

test(
  "a form on another site cannot act with the signed-in user's session",
  { tag: "@browser" },
  async ({ page, baseURL }) => {
    await signIn(page, "manager");
    await page.route(`${EVIL_ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${baseURL}/leaderboard"><button>Claim prize</button></form>`,
      }),
    );
    await page.goto(`${EVIL_ORIGIN}/prize`);
    const [response] = await Promise.all([
      page.waitForResponse(`${baseURL}/leaderboard`),
      page.getByRole("button", { name: "Claim prize" }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect(page.getByText("Cross-site request refused")).toBeVisible();

    // The session still works on Fieldline itself.
    await page.goto("/leaderboard");
    await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
  },
);
