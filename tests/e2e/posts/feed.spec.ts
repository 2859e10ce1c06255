import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { FEED_PAGE_SIZE } from "../../../app/models/post.schema";
import { registerThroughForm } from "../support/flows";
import { cardWithText } from "./support";

// The feed: rankings, likes, comments and the next page, with JavaScript on and off.

async function postAnnouncement(page: import("@playwright/test").Page, text: string) {
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("ANNOUNCEMENT");
  await page.getByLabel("Description").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
}

test("the rankings table shows positions, medals, km, hours and money", async ({ page }) => {
  await registerThroughForm(page);
  await page.goto("/");
  const table = page.getByRole("table");
  await expect(page.getByRole("heading", { name: "Sales Agent Rankings" })).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText([
    "Rank",
    "Agent",
    "Distance",
    "Hours",
    "Sales",
    "Recovery",
    "Dealers",
  ]);
  const first = table.getByRole("row").nth(1);
  await expect(first.getByRole("cell").first()).toHaveText(/^#1/);
  await expect(first.getByRole("img", { name: "Gold medal" })).toBeVisible();
  await expect(table.getByRole("img", { name: "Bronze medal" })).toBeVisible();
  await expect(first.getByRole("cell").nth(2)).toHaveText(/^\d+\.\d km/);
  await expect(first.getByRole("cell").nth(4)).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);

  await page.getByRole("link", { name: "All time" }).click();
  await expect(page).toHaveURL("/?period=all");
  await expect(page.getByRole("link", { name: "All time" })).toHaveAttribute("aria-current", "page");
});

// With JavaScript the heart changes in place: Chromium's representative in tests/e2e/faults/posts.js.spec.ts
// and the component level (tests/components/posts/like.test.tsx).
test("like and unlike a post", async ({ page }) => {
  await registerThroughForm(page);
  const text = uniqueName("Stock arrives on Monday");
  await postAnnouncement(page, text);
  const card = cardWithText(page, text);
  await card.getByRole("button", { name: "Like (0 likes)" }).click();
  await expect(card.getByRole("button", { name: "Unlike (1 likes)" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("You liked this post")).toBeVisible();
  await page.reload();
  await expect(card.getByTestId("like-count")).toHaveText("1");
  await card.getByRole("button", { name: "Unlike (1 likes)" }).click();
  await expect(card.getByRole("button", { name: "Like (0 likes)" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("Removed your like from this post")).toBeVisible();
});

test("comment on a post and delete the comment", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
  await registerThroughForm(page);
  const text = uniqueName("Farmer day in Okara");
  await postAnnouncement(page, text);
  const card = cardWithText(page, text);
  // Without JavaScript the comments open on the post's own page.
  if (javaScriptEnabled) {
    await card.getByRole("button", { name: "Comments (0)" }).click();
  } else {
    await card.getByRole("link", { name: "Comments (0)" }).click();
    await expect(page).toHaveURL(/\/posts\/\d+#comments$/);
  }
  const comments = page.getByRole("region", { name: "Comments" });
  await expect(comments.getByText("No comments yet.")).toBeVisible();
  const send = comments.getByRole("button", { name: "Send" });
  if (javaScriptEnabled) {
    await expect(send).toBeDisabled();
    await comments.getByLabel("Write a comment").fill("   ");
    await expect(send).toBeDisabled();
  } else {
    // The server refuses blank text with its message.
    await comments.getByLabel("Write a comment").fill("   ");
    await send.click();
    await expect(page.getByText("Comment cannot be empty")).toBeVisible();
  }
  await page.getByRole("region", { name: "Comments" }).getByLabel("Write a comment").fill("Great turnout, well done!");
  await page.getByRole("region", { name: "Comments" }).getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your comment has been posted successfully!")).toBeVisible();
  const comment = page.getByRole("region", { name: "Comments" }).getByTestId("comment");
  await expect(comment).toHaveText(/Great turnout, well done!/);
  await expect(page.getByRole("region", { name: "Comments" }).getByLabel("Write a comment")).toHaveValue("");

  await comment.getByRole("button", { name: "Delete comment" }).click();
  await expect(comment).toHaveText(/This comment was deleted\./);
  await expect(comment.getByRole("button", { name: "Delete comment" })).toHaveCount(0);
});

// With JavaScript the next page is appended in place: Chromium's representative in
// tests/e2e/faults/posts.js.spec.ts and the component level (tests/components/posts/load-more.test.tsx).
test("load the next page of posts", async ({ page }) => {
  await registerThroughForm(page);
  await page.goto("/");
  const cards = page.getByTestId("post-card");
  await expect(cards).toHaveCount(FEED_PAGE_SIZE);
  const lastOnFirstPage = await cards.nth(FEED_PAGE_SIZE - 1).getAttribute("data-post-id");
  await page.getByRole("link", { name: "Load More Posts" }).click();
  await expect(page).toHaveURL(/\/\?cursor=\d+\.\d+$/);
  await expect(cards).toHaveCount(FEED_PAGE_SIZE);
  await expect(page.getByRole("link", { name: "Back to the newest posts" })).toBeVisible();
  const ids = await cards.evaluateAll((all) => all.map((card) => Number(card.getAttribute("data-post-id"))));
  expect(new Set(ids).size).toBe(ids.length);
  expect(Math.max(...ids)).toBeLessThan(Number(lastOnFirstPage));
});

test(
  "another team's posts start the list again after the next page",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await signIn(page, "admin");
    await page.goto("/");
    const cards = page.getByTestId("post-card");
    await expect(cards).toHaveCount(FEED_PAGE_SIZE);
    await page.getByRole("link", { name: "Load More Posts" }).click();
    // The team is chosen once the next page is in: with JavaScript appended in place, without it a page of its own.
    if (javaScriptEnabled) await expect(cards).toHaveCount(2 * FEED_PAGE_SIZE);
    else await expect(page).toHaveURL(/\/\?cursor=\d+\.\d+$/);

    const teams = page.getByRole("combobox", { name: "Team" });
    const team = (await teams.locator("option").nth(1).textContent()) ?? "";
    await teams.selectOption({ label: team });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]team=\d+/);
    await expect(page.getByTestId("post-team").first()).toHaveText(` · ${team}`);
    const shown = await page.getByTestId("post-team").allTextContents();
    expect(shown.length).toBeLessThanOrEqual(FEED_PAGE_SIZE);
    expect(shown.every((text) => text === ` · ${team}`)).toBe(true);
  },
);
