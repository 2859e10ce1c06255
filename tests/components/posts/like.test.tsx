import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { FAULTS, PAST_PATIENCE_MS } from "../../support/faults";
import { fakeServer, renderApp } from "../support/app";
import { aPost, postPage } from "./support";

// The like on a post, on a flaky network (issue 15; Chromium keeps a representative in
// tests/e2e/faults/posts.js.spec.ts): the heart shows the like at once; on a fault it goes back and
// the page says so; one more tap does it, once.

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

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

test.each(FAULTS)("like, %s: the heart goes back and says so; one more tap likes it once", async (fault) => {
  const server = postServer();
  const app = await renderApp("/posts/41", server, { fakeTimers: true });
  server.failNext(fault, "POST /posts/41");
  await app.user.click(await screen.findByRole("button", { name: "Like (3 likes)" }));

  if (fault === "session expired") {
    expect(await screen.findByTestId("notice")).toHaveTextContent("You are logged out. Logging in again...");
    await waitFor(() => expect(app.address()).toBe(`/login?${new URLSearchParams({ redirectTo: "/posts/41" })}`));
    expect(server.count("POST /posts/41")).toBe(0);
    return;
  }
  if (fault === "no answer in time") {
    // While it goes, the heart shows the like.
    expect(screen.getByRole("button", { name: "Unlike (4 likes)" })).toHaveAttribute("aria-pressed", "true");
    await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
    expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to update like. Please try again.");
    // The server did like it; with no answer the page cannot know, and shows what it knew.
    expect(server.count("POST /posts/41", "like")).toBe(1);
    expect(await screen.findByRole("button", { name: "Like (3 likes)" })).toHaveAttribute("aria-pressed", "false");
    return;
  }
  expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to update like. Please try again.");
  expect(await screen.findByRole("button", { name: "Like (3 likes)" })).toHaveAttribute("aria-pressed", "false");
  expect(server.count("POST /posts/41")).toBe(0);

  await app.user.click(screen.getByRole("button", { name: "Like (3 likes)" }));
  await waitFor(() => expect(server.count("POST /posts/41", "like")).toBe(1));
  expect(await screen.findByRole("button", { name: "Unlike (4 likes)" })).toHaveAttribute("aria-pressed", "true");
});

test.each(FAULTS)("unlike, %s: the heart stays liked and says so; one more tap unlikes it once", async (fault) => {
  const server = postServer(true);
  const app = await renderApp("/posts/41", server, { fakeTimers: true });
  server.failNext(fault, "POST /posts/41");
  await app.user.click(await screen.findByRole("button", { name: "Unlike (4 likes)" }));

  if (fault === "session expired") {
    expect(await screen.findByTestId("notice")).toHaveTextContent("You are logged out. Logging in again...");
    await waitFor(() => expect(app.address()).toBe(`/login?${new URLSearchParams({ redirectTo: "/posts/41" })}`));
    expect(server.count("POST /posts/41")).toBe(0);
    return;
  }
  if (fault === "no answer in time") {
    // While it goes, the heart shows the like taken back.
    expect(screen.getByRole("button", { name: "Like (3 likes)" })).toHaveAttribute("aria-pressed", "false");
    await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
    expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to update like. Please try again.");
    expect(server.count("POST /posts/41", "unlike")).toBe(1);
    expect(await screen.findByRole("button", { name: "Unlike (4 likes)" })).toHaveAttribute("aria-pressed", "true");
    return;
  }
  expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to update like. Please try again.");
  expect(await screen.findByRole("button", { name: "Unlike (4 likes)" })).toHaveAttribute("aria-pressed", "true");
  expect(server.count("POST /posts/41")).toBe(0);

  await app.user.click(screen.getByRole("button", { name: "Unlike (4 likes)" }));
  await waitFor(() => expect(server.count("POST /posts/41", "unlike")).toBe(1));
  expect(await screen.findByRole("button", { name: "Like (3 likes)" })).toHaveAttribute("aria-pressed", "false");
});
