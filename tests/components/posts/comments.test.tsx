import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw/http";
import { expect, test, vi } from "vitest";
import type { CommentsData } from "~/components/posts/comments";
import { SUBMISSION_KEY_FIELD, SUBMISSION_KEY_HEADER } from "~/lib/submission-key";
import { FAULTS, PAST_PATIENCE_MS } from "../../support/faults";
import { fakeServer, renderApp, type RenderedApp } from "../support/app";
import { faultOnce, network } from "../support/network";
import { aComment, aPost, feedPage, postPage } from "./support";

// The feed's comments on a flaky network (issue 15; Chromium keeps a representative in
// tests/e2e/faults/posts.js.spec.ts): loading them, sending one (kept on the phone when it failed
// on the way, sent once from there), deleting one. The page stays, says so, keeps what was typed,
// and one more tap does it exactly once.

const SIGN_IN_HERE = `/login?${new URLSearchParams({ redirectTo: "/" })}`;

/**
 * The feed with post 41, whose comments the server keeps: the route's action adds and deletes them
 * (a form with JavaScript), /api/posts/41/comments lists them and takes the send queue's.
 */
function commentsServer(comments: CommentsData = []) {
  const queued: { key: string | null; text: unknown }[] = [];
  let next = 100;
  const server = fakeServer({
    "routes/feed/home": () => feedPage([aPost()]),
    "routes/posts/post": async (request) => {
      if (request.method === "GET") return postPage(aPost(), comments);
      const form = await request.formData();
      if (form.get("intent") === "comment") comments.push(aComment(next++, String(form.get("text"))));
      if (form.get("intent") === "delete-comment") {
        const deleted = comments.find((comment) => comment.id === Number(form.get("commentId")));
        if (deleted) deleted.isDeleted = true;
      }
      return { ok: true };
    },
  });
  network.use(
    http.get("/api/posts/41/comments", () => HttpResponse.json(comments)),
    http.post("/api/posts/41/comments", async ({ request }) => {
      const { text } = (await request.json()) as { text: unknown };
      queued.push({ key: request.headers.get(SUBMISSION_KEY_HEADER), text });
      comments.push(aComment(next++, String(text)));
      return HttpResponse.json({ id: next }, { status: 201 });
    }),
  );
  return { server, queued };
}

async function openComments(app: RenderedApp) {
  await app.user.click(await screen.findByRole("button", { name: /^Comments/ }));
  return screen.findByRole("region", { name: "Comments" });
}

test.each(FAULTS)("loading comments, %s: the panel says so and offers to try again; the feed stays", async (fault) => {
  const { server } = commentsServer([aComment(5, "First!")]);
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
  const app = await renderApp("/", server);
  network.use(faultOnce("GET", "/api/posts/41/comments", fault));
  const panel = await openComments(app);

  if (fault === "session expired") {
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SIGN_IN_HERE));
    return;
  }
  if (fault === "no answer in time") {
    // Still loading: the officer sees it is, and the feed works meanwhile.
    await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
    expect(within(panel).getByText("Loading comments...")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Feed" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Like (3 likes)" })).toBeEnabled();
    return;
  }
  expect(await within(panel).findByRole("alert")).toHaveTextContent("Failed to fetch comments");
  expect(screen.getByRole("heading", { name: "Feed" })).toBeInTheDocument();
  await app.user.click(within(panel).getByRole("button", { name: "Try again" }));
  expect(await within(panel).findByText("First!")).toBeVisible();
  expect(within(panel).getByRole("textbox", { name: "Write a comment" })).toBeVisible();
  expect(within(panel).queryByText("Loading comments...")).toBeNull();
  expect(assign).not.toHaveBeenCalled();
});

test.each(FAULTS)(
  "a comment, %s: kept on the phone when it failed on the way and sent once with one tap; a server error keeps it in the box; typed text survives an expired session",
  async (fault) => {
    const { server, queued } = commentsServer();
    let app = await renderApp("/", server);
    let panel = await openComments(app);
    const text = `Comment through ${fault}`;
    await app.user.type(within(panel).getByRole("textbox", { name: "Write a comment" }), text);
    const key = (document.querySelector(`[name="${SUBMISSION_KEY_FIELD}"]`) as HTMLInputElement).value;
    server.failNext(fault, "POST /posts/41");
    await app.user.click(within(panel).getByRole("button", { name: "Send" }));
    const sentByForm = () => server.reached.filter((request) => request.form?.get("intent") === "comment");

    if (fault === "session expired") {
      expect(await screen.findByTestId("notice")).toHaveTextContent("You are logged out. Logging in again...");
      await waitFor(() => expect(app.address()).toBe(SIGN_IN_HERE));
      expect(sentByForm()).toHaveLength(0);
      // Signed in again, back on the feed: the panel opens with the comment typed, and one tap sends it.
      server.signIn();
      app = await renderApp("/", server);
      panel = await screen.findByRole("region", { name: "Comments" });
      await waitFor(() => expect(within(panel).getByRole("textbox", { name: "Write a comment" })).toHaveValue(text));
      await app.user.click(within(panel).getByRole("button", { name: "Send" }));
      expect(await within(panel).findByText(text)).toBeVisible();
      expect(sentByForm().map((request) => request.form?.get("text"))).toEqual([text]);
      expect(queued).toEqual([]);
      return;
    }
    if (fault === "no answer in time") await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
    expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to add comment. Please try again.");

    if (fault === "500 with JSON") {
      // The server answered: not a connection failure. Nothing waits on the phone to go by itself;
      // the comment stays in the box, and one more tap sends it with the same key.
      expect(within(panel).getByRole("textbox", { name: "Write a comment" })).toHaveValue(text);
      expect(within(panel).queryByText("Saved on this phone, waiting to send.")).toBeNull();
      expect(sentByForm()).toHaveLength(0);
      // The notice comes as the client action answers; the button reads "Send" again once the page's
      // data is back, a moment later on a busy machine.
      await app.user.click(await within(panel).findByRole("button", { name: "Send" }));
      expect(await within(panel).findByText(text)).toBeVisible();
      expect(sentByForm().map((request) => request.form?.get(SUBMISSION_KEY_FIELD))).toEqual([key]);
      expect(queued).toEqual([]);
      return;
    }
    // Failed on the way: it waits on the phone, with the key it was sent with, and goes with one tap.
    expect(await within(panel).findByText("Saved on this phone, waiting to send.")).toBeVisible();
    expect(within(panel).getByRole("textbox", { name: "Write a comment" })).toHaveValue("");
    const bar = await screen.findByRole("region", { name: "Connection" });
    expect(await within(bar).findByTestId("waiting-item")).toHaveTextContent(`Comment: ${text}`);
    // No answer came, but the server did get it: it has the key, so the queue's copy is not a second comment.
    expect(sentByForm()).toHaveLength(fault === "no answer in time" ? 1 : 0);
    await app.user.click(within(bar).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(queued).toEqual([{ key, text }]));
    await waitFor(() => expect(screen.queryByTestId("waiting-item")).toBeNull());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queued).toHaveLength(1);
  },
);

test.each(FAULTS)("deleting a comment, %s: it comes back and says so; one more tap deletes it", async (fault) => {
  const { server } = commentsServer([aComment(5, "Comment to delete")]);
  const app = await renderApp("/", server);
  let panel = await openComments(app);
  const comment = () => within(panel).getAllByTestId("comment")[0]!;
  await within(panel).findByText("Comment to delete");
  server.failNext(fault, "POST /posts/41");
  await app.user.click(within(comment()).getByRole("button", { name: "Delete comment" }));
  const deletes = () => server.count("POST /posts/41", "delete-comment");

  if (fault === "session expired") {
    expect(await screen.findByTestId("notice")).toHaveTextContent("You are logged out. Logging in again...");
    await waitFor(() => expect(app.address()).toBe(SIGN_IN_HERE));
    expect(deletes()).toBe(0);
    return;
  }
  if (fault === "no answer in time") {
    // While it goes, the comment shows as deleted.
    expect(comment()).toHaveTextContent("This comment was deleted.");
    await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
    expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to delete comment. Please try again.");
    // The server did delete it; the panel opened again shows so.
    expect(deletes()).toBe(1);
    await app.user.click(screen.getByRole("button", { name: /^Comments/ }));
    panel = await openComments(app);
    await waitFor(() => expect(comment()).toHaveTextContent("This comment was deleted."));
    expect(within(comment()).queryByRole("button", { name: "Delete comment" })).toBeNull();
    return;
  }
  expect(await screen.findByTestId("notice")).toHaveTextContent("Failed to delete comment. Please try again.");
  await waitFor(() => expect(comment()).toHaveTextContent("Comment to delete"));
  expect(deletes()).toBe(0);

  await app.user.click(within(comment()).getByRole("button", { name: "Delete comment" }));
  await waitFor(() => expect(deletes()).toBe(1));
  expect(comment()).toHaveTextContent("This comment was deleted.");
});
