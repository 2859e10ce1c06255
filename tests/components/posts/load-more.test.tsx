import { screen, waitFor, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { FEED_PAGE_SIZE } from "~/models/post.schema";
import { FAULTS, PAST_PATIENCE_MS } from "../../support/faults";
import { fakeServer, renderApp } from "../support/app";
import { aPost, feedPage } from "./support";

// "Load More Posts" on the feed, on a flaky network (issue 15; Chromium keeps a representative in
// tests/e2e/faults/posts.js.spec.ts): the feed stays as it was and says so, and the button tries again.

const page = (from: number) =>
  Array.from({ length: FEED_PAGE_SIZE }, (_, index) => aPost({ id: from - index, text: `Post ${from - index}` }));

/** A feed of two pages: the first with a cursor to the second. */
function feedServer() {
  return fakeServer({
    "routes/feed/home": (request) => {
      const cursor = new URL(request.url).searchParams.get("cursor");
      return cursor === "next" ? feedPage(page(100 - FEED_PAGE_SIZE), null, cursor) : feedPage(page(100), "next");
    },
  });
}

const cards = () => within(screen.getByRole("list", { name: "Posts" })).getAllByTestId("post-card");

test.each(FAULTS)("Load More Posts, %s: the feed stays, says so, and the button tries again", async (fault) => {
  const server = feedServer();
  const app = await renderApp("/", server);
  await screen.findByRole("list", { name: "Posts" });
  expect(cards()).toHaveLength(FEED_PAGE_SIZE);
  const loadsOfPageTwo = () => server.reached.filter((request) => request.path.includes("cursor=next")).length;
  server.failNext(fault, "GET /");
  await app.user.click(screen.getByRole("link", { name: "Load More Posts" }));

  if (fault === "session expired") {
    await waitFor(() => expect(app.address()).toBe(`/login?${new URLSearchParams({ redirectTo: "/" })}`));
    expect(loadsOfPageTwo()).toBe(0);
    return;
  }
  if (fault === "no answer in time") {
    expect(screen.getByRole("link", { name: "Loading..." })).toHaveAttribute("aria-busy", "true");
    await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
  }
  expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to load more posts. Please try again.");
  expect(cards()).toHaveLength(FEED_PAGE_SIZE);
  expect(loadsOfPageTwo()).toBe(fault === "no answer in time" ? 1 : 0);

  await app.user.click(await screen.findByRole("link", { name: "Load More Posts" }));
  await waitFor(() => expect(cards()).toHaveLength(2 * FEED_PAGE_SIZE));
  expect(loadsOfPageTwo()).toBe(fault === "no answer in time" ? 2 : 1);
  expect(screen.queryByRole("link", { name: "Load More Posts" })).toBeNull();
});
