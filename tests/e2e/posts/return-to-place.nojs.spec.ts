import { expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { cardWithText } from "./support";

// Without JavaScript each action reloads the page: it must come back where the officer was (the
// card or the comment it changed), not at the top of the feed.

test(
  "a like far down the feed comes back to its card; a comment comes back to itself",
  { tag: "@browser" },
  async ({ page }) => {
    await registerThroughForm(page);
    const texts = Array.from({ length: 8 }, (_, n) => uniqueName(`Stock list ${n}`));
    for (const text of texts)
      expect((await page.request.post("/api/posts", { data: { type: "ANNOUNCEMENT", text } })).status()).toBe(201);

    await page.goto("/");
    const card = cardWithText(page, texts[0]!);
    const id = await card.getAttribute("data-post-id");
    await card.getByRole("button", { name: "Like (0 likes)" }).click();
    await expect(page).toHaveURL(new RegExp(`/#post-${id}$`));
    await expect(card.getByRole("button", { name: "Unlike (1 likes)" })).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Sales Agent Rankings" })).not.toBeInViewport();

    await card.getByRole("link", { name: "Comments (0)" }).click();
    const comments = page.getByRole("region", { name: "Comments" });
    await comments.getByLabel("Write a comment").fill("Bring the price list tomorrow");
    await comments.getByRole("button", { name: "Send" }).click();
    const comment = comments.getByTestId("comment").filter({ hasText: "Bring the price list tomorrow" });
    const commentId = (await comment.getAttribute("id"))!;
    await expect(page).toHaveURL(new RegExp(`/posts/${id}#${commentId}$`));
    await expect(comment).toBeInViewport();
    // The post page names the comments as the feed does.
    await expect(page.getByTestId("post-card").locator("footer").getByText("Comments (1)")).toBeVisible();

    await comment.getByRole("button", { name: "Delete comment" }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${id}#${commentId}$`));
    const deleted = page.locator(`#${commentId}`);
    await expect(deleted).toHaveText(/This comment was deleted\./);
    await expect(deleted).toBeInViewport();
  },
);
