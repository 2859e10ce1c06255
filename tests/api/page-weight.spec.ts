import zlib from "node:zlib";
import { BUDGETS } from "../../scripts/lib/page-weight-budgets.mjs";
import { expect, readInUrdu, test } from "../e2e/support/fixtures";
import { FEED_PAGE_SIZE } from "../../app/models/post.schema";

// The feed's HTML budget of issue 8 (the JavaScript and CSS budgets are `npm run weight`'s):
// the server HTML of / for a signed-in officer with a full first page of posts (FEED_PAGE_SIZE).

// In Urdu too (issue 51), whose letters take two bytes each: its own budget (page-weight-budgets.mjs).
test("the feed's HTML for a full first page of posts stays within its gzipped budget, in English and in Urdu", async ({
  page,
}) => {
  const { request } = page;
  expect((await request.post("/api/login", { data: { username: "officer1", password: "fieldline" } })).status()).toBe(
    200,
  );
  for (const language of ["en", "ur"]) {
    if (language === "ur") await readInUrdu(page);
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.body();
    expect(html.toString("utf8")).toContain(`<html lang="${language}"`);
    expect(html.toString("utf8").match(/data-testid="post-card"/g)).toHaveLength(FEED_PAGE_SIZE);
    const gzipKiB = zlib.gzipSync(html, { level: 9 }).length / 1024;
    const budget = language === "ur" ? BUDGETS.feedHtmlKiBUrdu : BUDGETS.feedHtmlKiB;
    console.log(
      `feed HTML (${language}): ${(html.length / 1024).toFixed(1)} KiB, ${gzipKiB.toFixed(1)} KiB gzipped (budget ${budget} KiB)`,
    );
    expect(gzipKiB).toBeLessThanOrEqual(budget);
  }
});
