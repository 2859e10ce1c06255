import { expect, signIn, test } from "./support/fixtures";

// Dates show in US English ("Nov 2, 2026"), never as ISO text, with JavaScript on and off.

const US_DATE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

test("the map's route heading names another day in US English", async ({ page }) => {
  await signIn(page, "officer1");
  await page.goto("/dealer-map?f=1&routes=on&date=2026-11-02");
  await expect(page.getByRole("heading", { name: "Agent Routes · Nov 2, 2026" })).toBeVisible();
  await expect(page.getByText("2026-11-02", { exact: false })).toHaveCount(0);
});

test("the leaderboard's last update shows its full date and time in US English", { tag: "@js" }, async ({ page }) => {
  await signIn(page, "officer1");
  await page.goto("/leaderboard");
  const time = page.getByTestId("last-updated").locator("time");
  await expect(time).toHaveAttribute("title", US_DATE_TIME);
});

/** "Nov 2, 2026, 3:05 PM" in the app's time zone, as the pages should show it. */
const karachiDateTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Karachi", dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

test(
  "the post page, its comments and the notifications show the date and time beside the relative time",
  { tag: "@js" },
  async ({ page }) => {
    await signIn(page, "officer1");
    const post = await (
      await page.request.post("/api/posts", {
        data: { type: "SALE", text: "Dated sale", saleProduct: "SSP", saleQty: 2, salePrice: "100" },
      })
    ).json();
    const comment = await (
      await page.request.post(`/api/posts/${post.id}/comments`, { data: { text: "Dated comment" } })
    ).json();

    await page.goto(`/posts/${post.id}`);
    const card = page.getByTestId("post-card");
    await expect(card.locator("header time")).toHaveText(
      new RegExp(`^(just now|\\d+ minutes? ago) · ${karachiDateTime(post.createdAt)}$`),
    );
    const commentTime = page.getByTestId("comment").filter({ hasText: "Dated comment" }).locator("time");
    await expect(commentTime).toHaveText(
      new RegExp(`^(just now|\\d+ minutes? ago) · ${karachiDateTime(comment.createdAt)}$`),
    );

    // The feed keeps the short form, with the date and time in the title.
    await page.goto("/");
    const feedTime = page.locator(`[data-post-id="${post.id}"] header time`);
    await expect(feedTime).toHaveText(/^(just now|\d+ minutes? ago)$/);
    await expect(feedTime).toHaveAttribute("title", karachiDateTime(post.createdAt));

    await page.goto("/notifications");
    const times = page.getByRole("main").locator("li time");
    await expect(times.first()).toHaveText(/ · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  },
);
