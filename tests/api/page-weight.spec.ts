import zlib from "node:zlib";
import { BUDGETS } from "../../scripts/lib/page-weight-budgets.mjs";
import { expect, test } from "../e2e/support/fixtures";
import { FEED_PAGE_SIZE } from "../../app/models/post.schema";

// The feed's HTML budget of issue 8 (the JavaScript and CSS budgets are `npm run weight`'s):
// the server HTML of / for a signed-in officer with a full first page of posts (FEED_PAGE_SIZE).

test("the feed's HTML for a full first page of posts stays within its gzipped budget", async ({ request }) => {
  expect((await request.post("/api/login", { data: { username: "officer1", password: "fieldline" } })).status()).toBe(
    200,
  );
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.body();
  expect(html.toString("utf8").match(/data-testid="post-card"/g)).toHaveLength(FEED_PAGE_SIZE);
  const gzipKiB = zlib.gzipSync(html, { level: 9 }).length / 1024;
  console.log(
    `feed HTML: ${(html.length / 1024).toFixed(1)} KiB, ${gzipKiB.toFixed(1)} KiB gzipped (budget ${BUDGETS.feedHtmlKiB} KiB)`,
  );
  expect(gzipKiB).toBeLessThanOrEqual(BUDGETS.feedHtmlKiB);
});
