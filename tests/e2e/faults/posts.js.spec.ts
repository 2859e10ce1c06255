import type { Page } from "@playwright/test";
import { FEED_PAGE_SIZE } from "../../../app/models/post.schema";
import { countRows, expect, test, uniqueName, untilHydrated } from "../support/fixtures";
import { registerOfficer, type NewAccount } from "../support/flows";
import { attachPhotos, cardWithText, photo } from "../posts/support";
import { FAULTS, formPost, inject, meet, notice, signInAgain } from "./support";

// The feed's and New Post's actions on a flaky network (issue 15): a like, the comments, a comment
// and a post each meet every fault; the page stays, says so, keeps what was typed, and one more
// tap (or "Send now" for what waits on the phone) does it exactly once.

test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

let account: NewAccount;

// Every action meets all five faults in one test, on one signed-in page.
test.describe.configure({ timeout: 120_000, mode: "parallel" });

test.beforeEach(async ({ page }) => {
  account = await registerOfficer(page.request);
  await page.clock.install();
});

/**
 * What waits on the phone goes: by itself while the phone counts as online (after a server error,
 * or once a probe of the connection succeeded), else with one tap on "Send now".
 */
/**
 * Sends what waits on the phone ("Send now" if the bar offers it) until `arrived` says the server
 * has it and nothing waits. The bar's code loads once something waits, so an empty list alone
 * proves nothing.
 */
async function sendWhatWaits(page: Page, arrived: () => boolean) {
  const sendNow = page.getByRole("region", { name: "Connection" }).getByRole("button", { name: "Send now" });
  await expect(async () => {
    if (await sendNow.isVisible()) await sendNow.click({ timeout: 2_000 });
    expect(arrived()).toBe(true);
    await expect(page.getByTestId("waiting-item")).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}

const commentsWithText = (text: string) => countRows("SELECT COUNT(*) AS n FROM Comment WHERE text = ?", text);
const postsWithText = (text: string) => countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text);

/** The newest post's card, pinned by its id (other tests may post meanwhile). */
async function firstCard(page: Page) {
  const id = Number(await page.getByTestId("post-card").first().getAttribute("data-post-id"));
  return { card: page.locator(`[data-testid="post-card"][data-post-id="${id}"]`), id };
}

test("like and unlike: the heart goes back and says so; one more tap does it", async ({ page }) => {
  await page.goto("/");
  const { card, id } = await firstCard(page);
  const heart = card.getByRole("button", { name: /^(Like|Unlike) \(/ });
  for (const fault of FAULTS) {
    await test.step(fault, async () => {
      const before = await heart.getAttribute("aria-pressed");
      const injected = await inject(page, fault, formPost(`/posts/${id}`));
      await heart.click();
      await meet(page, fault, injected);
      if (fault === "session expired") {
        await expect(notice(page)).toHaveText("You are logged out. Logging in again...");
        await signInAgain(page, "/", account.username, account.password);
      } else {
        await expect(notice(page)).toContainText("Failed to update like. Please try again.");
      }
      await injected.end();
      await expect(page.getByRole("heading", { name: "Feed" })).toBeVisible();
      // No answer came, so the page shows what it knew; a fresh page shows what the server did.
      if (fault !== "no answer in time" && fault !== "session expired")
        await expect(heart).toHaveAttribute("aria-pressed", before ?? "false");
    });
  }
  await page.reload();
  const liked = (await heart.getAttribute("aria-pressed")) === "true";
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", liked ? "false" : "true");
  await expect
    .poll(() =>
      countRows(
        "SELECT COUNT(*) AS n FROM Reaction r JOIN User u ON u.id = r.userId WHERE r.postId = ? AND u.username = ?",
        id,
        account.username,
      ),
    )
    .toBe(liked ? 0 : 1);
});

test("Load More Posts: the feed stays, says so, and the button tries again", async ({ page }) => {
  await page.goto("/");
  const loadMore = page.getByRole("link", { name: "Load More Posts" });
  const cards = page.getByTestId("post-card");
  await expect(cards).toHaveCount(FEED_PAGE_SIZE);
  for (const fault of FAULTS) {
    await test.step(fault, async () => {
      const injected = await inject(
        page,
        fault,
        (request) => request.method() === "GET" && new URL(request.url()).searchParams.has("cursor"),
      );
      await loadMore.click();
      await meet(page, fault, injected);
      if (fault === "session expired") {
        await signInAgain(page, "/", account.username, account.password);
      } else {
        await expect(notice(page)).toContainText("Failed to load more posts. Please try again.");
        await expect(cards).toHaveCount(FEED_PAGE_SIZE);
      }
      await injected.end();
    });
  }
  await loadMore.click();
  await expect(cards).toHaveCount(2 * FEED_PAGE_SIZE);
});

test("loading comments: the panel says so and offers to try again; the feed stays", async ({ page }) => {
  await page.goto("/");
  const { card, id } = await firstCard(page);
  const commentsButton = card.getByRole("button", { name: /^Comments/ });
  for (const fault of FAULTS) {
    await test.step(fault, async () => {
      const injected = await inject(
        page,
        fault,
        (request) => request.method() === "GET" && new URL(request.url()).pathname === `/api/posts/${id}/comments`,
      );
      await commentsButton.click();
      await meet(page, fault, injected);
      if (fault === "session expired") {
        await signInAgain(page, "/", account.username, account.password);
        await injected.end();
        return;
      }
      const panel = card.getByRole("region", { name: "Comments" });
      if (fault === "no answer in time") {
        // Still loading: the officer sees it is, and the feed works meanwhile.
        await expect(panel.getByText("Loading comments...")).toBeVisible();
      } else {
        await expect(panel.getByRole("alert")).toContainText("Failed to fetch comments");
        await injected.end();
        await panel.getByRole("button", { name: "Try again" }).click();
        await expect(panel.getByRole("textbox", { name: "Write a comment" })).toBeVisible();
        await expect(panel.getByText("Loading comments...")).toHaveCount(0);
      }
      await injected.end();
      await expect(page.getByRole("heading", { name: "Feed" })).toBeVisible();
      await commentsButton.click();
    });
  }
});

test("what opens on a tap (a photo, the comments, the bell): where its code cannot come, the tap opens the page that shows the same", async ({
  page,
}) => {
  await page.route(/\/assets\/(media-viewer|comments|notification-dialog)-[\w-]+\.js$/, (route) =>
    route.abort("internetdisconnected"),
  );
  const text = uniqueName("A photo on a dropped line");
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
  await page.getByLabel("Description").fill(text);
  await expect(page.getByLabel("Latitude")).toHaveValue("31.520400");
  await attachPhotos(page, true, [await photo("field.jpg", "#2a7e3b")]);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  const card = cardWithText(page, text);
  const id = Number(await card.getAttribute("data-post-id"));
  await untilHydrated(page);

  await card.getByRole("link", { name: "Open photo 1 of 1 full size" }).click();
  await expect(page).toHaveURL(/\/files\/posts\/[a-f0-9]+\.webp$/);
  await page.goBack();
  await untilHydrated(page);

  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page).toHaveURL("/notifications");
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await page.goBack();
  await untilHydrated(page);

  // The post's page holds the panel's code too: it stays as the server sent it.
  await card.getByRole("button", { name: /^Comments/ }).click();
  await expect(page).toHaveURL(`/posts/${id}#comments`);
  await expect(page.getByRole("textbox", { name: "Write a comment" })).toBeVisible();
});

test("a comment: kept on the phone when its answer never came, sent once with one tap; a server error keeps it in the box; typed text survives an expired session", async ({
  page,
}) => {
  await page.goto("/");
  const { card, id } = await firstCard(page);
  for (const fault of FAULTS) {
    await test.step(fault, async () => {
      const text = uniqueName(`Comment through ${fault}`);
      await card.getByRole("button", { name: /^Comments/ }).click();
      const panel = card.getByRole("region", { name: "Comments" });
      await panel.getByRole("textbox", { name: "Write a comment" }).fill(text);
      const injected = await inject(page, fault, formPost(`/posts/${id}`));
      await panel.getByRole("button", { name: "Send" }).click();
      await meet(page, fault, injected);
      if (fault === "session expired") {
        await signInAgain(page, "/", account.username, account.password);
        await injected.end();
        const again = card.getByRole("region", { name: "Comments" });
        await expect(again.getByRole("textbox", { name: "Write a comment" })).toHaveValue(text);
        await again.getByRole("button", { name: "Send" }).click();
        await expect(again.getByText(text)).toBeVisible();
      } else if (fault === "500 with JSON") {
        // The server answered: not a connection failure. Nothing waits on the phone to go by
        // itself; the comment stays in the box, and one more tap sends it (with the same key).
        await expect(notice(page)).toContainText("Failed to add comment. Please try again.");
        await expect(panel.getByRole("textbox", { name: "Write a comment" })).toHaveValue(text);
        await expect(panel.getByText("Saved on this phone, waiting to send.")).toHaveCount(0);
        await injected.end();
        await panel.getByRole("button", { name: "Send" }).click();
      } else {
        await expect(notice(page)).toContainText("Failed to add comment. Please try again.");
        await expect(panel.getByText("Saved on this phone, waiting to send.")).toBeVisible();
        await injected.end();
        await sendWhatWaits(page, () => commentsWithText(text) === 1);
      }
      // The comment shows at once (optimistically); the database has it once the answer came.
      await expect.poll(() => commentsWithText(text)).toBe(1);
      await page.goto("/");
    });
  }
});

test("deleting a comment: it comes back and says so; one more tap deletes it", async ({ page }) => {
  await page.goto("/");
  const { card, id } = await firstCard(page);
  for (const fault of FAULTS) {
    await test.step(fault, async () => {
      const text = uniqueName("Comment to delete");
      const created = await page.request.post(`/api/posts/${id}/comments`, { data: { text } });
      expect(created.status()).toBe(201);
      const comment = page.locator(`#comment-${((await created.json()) as { id: number }).id}`);
      await card.getByRole("button", { name: /^Comments/ }).click();
      await expect(comment).toContainText(text);
      const injected = await inject(page, fault, formPost(`/posts/${id}`));
      await comment.getByRole("button", { name: "Delete comment" }).click();
      await meet(page, fault, injected);
      if (fault === "session expired") {
        await signInAgain(page, "/", account.username, account.password);
      } else {
        await expect(notice(page)).toContainText("Failed to delete comment. Please try again.");
        if (fault !== "no answer in time") await expect(comment).toContainText(text);
      }
      await injected.end();
      await page.goto("/");
      await card.getByRole("button", { name: /^Comments/ }).click();
      const deleteButton = comment.getByRole("button", { name: "Delete comment" });
      if (fault !== "no answer in time") await deleteButton.click();
      await expect(comment).toContainText("This comment was deleted.");
      await expect
        .poll(() => countRows("SELECT COUNT(*) AS n FROM Comment WHERE text = ? AND isDeleted = 1", text))
        .toBe(1);
      await page.goto("/");
    });
  }
});

for (const withPhoto of [false, true]) {
  test(`a new post${withPhoto ? " with a photo" : ""}: kept on the phone when its answer never came, sent once; a server error keeps the form; typed text survives an expired session`, async ({
    page,
  }) => {
    for (const fault of FAULTS) {
      await test.step(fault, async () => {
        const text = uniqueName(`Post through ${fault}`);
        await page.goto("/new-post");
        await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
        await page.getByLabel("Description").fill(text);
        await expect(page.getByLabel("Latitude")).toHaveValue("31.520400");
        if (withPhoto) await attachPhotos(page, true, [await photo("field.jpg", "#2a7e3b")]);
        const injected = await inject(page, fault, formPost("/new-post"));
        await page.getByRole("button", { name: "Post", exact: true }).click();
        await meet(page, fault, injected);
        if (fault === "session expired") {
          await signInAgain(page, "/new-post", account.username, account.password);
          await injected.end();
          await expect(page.getByLabel("Post type *")).toHaveValue("FIELD_VISIT");
          await expect(page.getByLabel("Description")).toHaveValue(text);
          if (withPhoto) await attachPhotos(page, true, [await photo("field.jpg", "#2a7e3b")]);
          await page.getByRole("button", { name: "Post", exact: true }).click();
          await expect(page.getByRole("heading", { name: "Feed" })).toBeVisible();
        } else if (fault === "500 with JSON") {
          // The server answered: not a connection failure. The form stays with the error; one more tap sends it.
          await expect(notice(page)).toContainText("Failed to create post. Please try again.");
          await expect(page.getByLabel("Description")).toHaveValue(text);
          await expect(page.getByText("Saved on this phone, waiting to send")).toHaveCount(0);
          await injected.end();
          await page.getByRole("button", { name: "Post", exact: true }).click();
          await expect(page.getByRole("heading", { name: "Feed" })).toBeVisible();
        } else {
          await expect(notice(page)).toContainText("Failed to create post. Please try again.");
          await expect(page.getByText("Saved on this phone, waiting to send")).toBeVisible();
          await injected.end();
          await sendWhatWaits(page, () => postsWithText(text) === 1);
        }
        expect(postsWithText(text)).toBe(1);
        if (withPhoto)
          expect(
            countRows("SELECT COUNT(*) AS n FROM PostMedia m JOIN Post p ON p.id = m.postId WHERE p.text = ?", text),
          ).toBe(1);
      });
    }
  });
}
