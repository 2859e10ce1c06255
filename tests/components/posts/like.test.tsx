import { screen, waitFor } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { FAULTS, PAST_PATIENCE_MS } from "../../support/faults";
import { fakeServer, renderApp } from "../support/app";
import { aPost, postPage } from "./support";

// The like on a post, on a flaky network (issue 15; Chromium keeps a representative in
// tests/e2e/faults/posts.js.spec.ts): the heart shows the like at once; on a fault it goes back and
// the page says so; one more tap does it, once.

/** A post the officer has not liked (or has, `likedAtFirst`), on a server that keeps what it is told. */
function postServer(likedAtFirst = false) {
  let liked = likedAtFirst;
  return fakeServer({
    "routes/posts/post": async (request) => {
      if (request.method === "POST") {
        liked = (await request.formData()).get("intent") === "like";
        return { ok: true };
      }
      return postPage(aPost({ likedByMe: liked, likeCount: 3 + (liked ? 1 : 0) }));
    },
  });
}

const NOT_LIKED = "Like (3 likes)";
const LIKED = "Unlike (4 likes)";

// The like, then the like taken back: the heart shows the change at once and goes back on a fault.
const TAPS = [
  {
    title: "like, %s: the heart goes back and says so; one more tap likes it once",
    intent: "like",
    likedAtFirst: false,
    before: NOT_LIKED,
    after: LIKED,
  },
  {
    title: "unlike, %s: the heart stays liked and says so; one more tap unlikes it once",
    intent: "unlike",
    likedAtFirst: true,
    before: LIKED,
    after: NOT_LIKED,
  },
] as const;

for (const { title, intent, likedAtFirst, before, after } of TAPS)
  test.each(FAULTS)(title, async (fault) => {
    const server = postServer(likedAtFirst);
    const app = await renderApp("/posts/41", server);
    server.failNext(fault, "POST /posts/41");
    await app.user.click(await screen.findByRole("button", { name: before }));

    if (fault === "session expired") {
      expect(await screen.findByTestId("notice")).toHaveTextContent("You are logged out. Logging in again...");
      await waitFor(() => expect(app.address()).toBe(`/login?${new URLSearchParams({ redirectTo: "/posts/41" })}`));
      expect(server.count("POST /posts/41")).toBe(0);
      return;
    }
    if (fault === "no answer in time") {
      // While it goes, the heart shows the change.
      expect(screen.getByRole("button", { name: after })).toHaveAttribute("aria-pressed", String(!likedAtFirst));
      await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
      expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to update like. Please try again.");
      // The server did it; with no answer the page cannot know, and shows what it knew.
      expect(server.count("POST /posts/41", intent)).toBe(1);
      expect(await screen.findByRole("button", { name: before })).toHaveAttribute("aria-pressed", String(likedAtFirst));
      return;
    }
    expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to update like. Please try again.");
    expect(await screen.findByRole("button", { name: before })).toHaveAttribute("aria-pressed", String(likedAtFirst));
    expect(server.count("POST /posts/41")).toBe(0);

    await app.user.click(screen.getByRole("button", { name: before }));
    await waitFor(() => expect(server.count("POST /posts/41", intent)).toBe(1));
    expect(await screen.findByRole("button", { name: after })).toHaveAttribute("aria-pressed", String(!likedAtFirst));
  });
