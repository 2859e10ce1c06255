import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw/http";
import { redirect } from "react-router";
import { beforeAll, beforeEach, expect, test, vi } from "vitest";
import { MAX_FILE_BYTES, MAX_FILES } from "~/models/post.rules";
import { expectNotice, fakeServer, renderApp, rootData } from "../support/app";
import { choose } from "../support/files";
import { network } from "../support/network";
import { phoneAt } from "../support/phone";
import { feedPage, newPostPage } from "./support";

// New Post's upload widget (app/components/posts/media-uploader.tsx, app/browser/upload.ts): the
// files it refuses as they are chosen, each with its message (a duplicate, a type it does not take,
// over 10 MB, past ten files), a file the server refuses from its bytes, and what it says when the
// phone goes offline and comes back. Chromium keeps the real file input and the real PUT to a signed
// URL (tests/e2e/posts/photos-fit-3g.js.spec.ts, tests/e2e/offline/photo-offline.js.spec.ts); the
// server's own checks of the bytes are tests/api/posts.spec.ts's.

// New Post's code is the largest the app has: made ready once, not in the first test's time.
beforeAll(async () => {
  await import("~/routes/posts/new-post");
}, 60_000);

beforeEach(() => {
  phoneAt(31.5204, 74.3587);
});

const JPEG_START = [0xff, 0xd8, 0xff];
/** The widget's and the server's words for a file of another type (the spec's, written out). */
const WRONG_TYPE = "You can only upload: image/jpeg, image/png, image/webp, video/mp4, video/webm, video/quicktime";

/** A small JPEG named `name` (its bytes differ from the other photos'; the server takes it). */
const aPhoto = (name: string, shade = 0) =>
  new File([new Uint8Array([...JPEG_START, 0xe0, shade, 2, 3, 0xff, 0xd9])], name, { type: "image/jpeg" });

/**
 * New Post on a server that grants a signed URL per file and takes the PUT of a photo's bytes;
 * bytes that are no picture it refuses as the server does (415 with the types it takes).
 */
function uploadServer() {
  const calls = { grants: 0, puts: [] as { path: string; bytes: number }[] };
  const server = fakeServer({
    "routes/feed/home": () => feedPage([]),
    "routes/posts/new-post": (request) => (request.method === "POST" ? redirect("/") : newPostPage()),
  });
  network.use(
    http.get("/api/geocode/reverse", () =>
      HttpResponse.json({ address: "Fake Street 12, Lahore", fromProvider: true }),
    ),
    http.post("/api/objects/upload", () => {
      calls.grants += 1;
      return HttpResponse.json({ uploadURL: `http://localhost:3000/api/objects/uploads/u${calls.grants}?sig=x` });
    }),
    http.put("/api/objects/uploads/:id", async ({ request }) => {
      const bytes = new Uint8Array(await request.arrayBuffer());
      calls.puts.push({ path: new URL(request.url).pathname, bytes: bytes.byteLength });
      if (!JPEG_START.every((byte, at) => bytes[at] === byte))
        return HttpResponse.json({ error: WRONG_TYPE }, { status: 415 });
      return new HttpResponse(null, { status: 200 });
    }),
  );
  return { server, calls };
}

async function newPost() {
  const { server, calls } = uploadServer();
  const app = await renderApp("/new-post", server);
  const widget = await screen.findByRole("group", { name: "Photos and videos" });
  const input = () => document.getElementById("post-files") as HTMLInputElement;
  return {
    app,
    calls,
    widget,
    /** Chooses `files` in the widget's picker. */
    choose: (...files: File[]) => choose(input(), ...files),
    /** The widget's list of refused choices, as the officer reads it. */
    problems: () => within(widget).getByRole("alert").textContent,
    attached: () => within(widget).queryAllByTestId("attached-file"),
    /** The uploaded files' URLs, as the form sends them with the post. */
    sentWithPost: () =>
      [...document.querySelectorAll<HTMLInputElement>('input[name^="media["][name$="].url"]')].map(
        (field) => field.value,
      ),
  };
}

/** Waits until `name`'s upload has finished (its progress bar at 100). */
const uploaded = (name: string) =>
  waitFor(() => expect(screen.getByRole("progressbar", { name: `Upload of ${name}` })).toHaveAttribute("value", "100"));

test("a chosen photo is uploaded at once: one signed URL, one PUT of its bytes; the notice says so and the post names it", async () => {
  const form = await newPost();
  form.choose(aPhoto("first.jpg"));
  await uploaded("first.jpg");
  await expectNotice("Upload Successful", "1 file(s) uploaded successfully!");
  expect(form.calls.grants).toBe(1);
  expect(form.calls.puts).toEqual([{ path: "/api/objects/uploads/u1", bytes: aPhoto("first.jpg").size }]);
  expect(form.sentWithPost()).toEqual(["/api/objects/uploads/u1?sig=x"]);
});

test("the same file chosen again is refused as a duplicate, by its name; it is uploaded once", async () => {
  const form = await newPost();
  form.choose(aPhoto("first.jpg"));
  await uploaded("first.jpg");
  form.choose(aPhoto("first.jpg"));
  await waitFor(() => expect(form.problems()).toBe("Cannot add the duplicate file 'first.jpg', it already exists"));
  expect(form.attached()).toHaveLength(1);
  expect(form.calls.puts).toHaveLength(1);
  expect(form.sentWithPost()).toHaveLength(1);
});

test("a file of a type the widget does not take is refused with the types it takes; nothing is uploaded", async () => {
  const form = await newPost();
  form.choose(new File(["hello"], "notes.txt", { type: "text/plain" }));
  await waitFor(() => expect(form.problems()).toBe(WRONG_TYPE));
  expect(form.attached()).toHaveLength(0);
  expect(form.calls).toEqual({ grants: 0, puts: [] });
});

test("a file over 10 MB is refused by its name and the limit; nothing is uploaded", async () => {
  const form = await newPost();
  const huge = new Uint8Array(MAX_FILE_BYTES + 1);
  huge.set(JPEG_START);
  form.choose(new File([huge], "huge.jpg", { type: "image/jpeg" }));
  await waitFor(() => expect(form.problems()).toBe("huge.jpg exceeds maximum allowed size of 10 MB"));
  expect(form.attached()).toHaveLength(0);
  expect(form.calls).toEqual({ grants: 0, puts: [] });
});

test("past ten files the rest is refused with the limit; the ten are uploaded and the notice counts the new ones", async () => {
  const form = await newPost();
  form.choose(aPhoto("first.jpg"));
  await uploaded("first.jpg");
  form.choose(...Array.from({ length: MAX_FILES }, (_, n) => aPhoto(`more-${n}.jpg`, n + 1)));
  await waitFor(() => expect(form.problems()).toBe("You can only upload 10 file(s)"));
  expect(form.attached()).toHaveLength(MAX_FILES);
  expect(screen.queryByRole("progressbar", { name: "Upload of more-9.jpg" })).toBeNull();
  await expectNotice("Upload Successful", "9 file(s) uploaded successfully!");
  await waitFor(() => expect(form.sentWithPost()).toHaveLength(MAX_FILES));
  expect(form.calls.puts).toHaveLength(MAX_FILES);
});

test("a file the server refuses by its bytes shows the server's reason on its tile, is not sent with the post, and can be removed and chosen again", async () => {
  const form = await newPost();
  const fake = new File(["only text in here, no picture"], "fake.jpg", { type: "image/jpeg" });
  form.choose(fake);
  const tile = await waitFor(() => {
    const [only] = form.attached();
    expect(only).toHaveTextContent(WRONG_TYPE);
    return only!;
  });
  expect(within(tile).queryByRole("progressbar")).toBeNull();
  expect(form.calls.puts).toHaveLength(1);
  expect(form.sentWithPost()).toEqual([]);
  expect(screen.queryByTestId("notice")).toBeNull();

  await form.app.user.click(within(form.widget).getByRole("button", { name: "Remove fake.jpg" }));
  expect(form.attached()).toHaveLength(0);
  // Refused, it is no duplicate: chosen again, it goes again (and is refused again).
  form.choose(fake);
  await waitFor(() => expect(form.attached()[0]).toHaveTextContent(WRONG_TYPE));
  expect(within(form.widget).queryByRole("alert")).toBeNull();
  expect(form.calls.puts).toHaveLength(2);
});

test("offline the widget says there is no connection; back online it says so for three seconds", async () => {
  const form = await newPost();
  window.dispatchEvent(new Event("offline"));
  await waitFor(() => expect(within(form.widget).getByRole("alert")).toHaveTextContent(/^No Internet connection$/));
  window.dispatchEvent(new Event("online"));
  await waitFor(() => expect(within(form.widget).getByRole("status")).toHaveTextContent(/^Connected to the Internet$/));
  expect(within(form.widget).queryByText("No Internet connection")).toBeNull();
  await vi.advanceTimersByTimeAsync(2_900);
  expect(within(form.widget).getByText("Connected to the Internet")).toBeVisible();
  await vi.advanceTimersByTimeAsync(200);
  await waitFor(() => expect(within(form.widget).queryByText("Connected to the Internet")).toBeNull());
});

test("an Urdu reader reads the widget's refusals in Urdu", async () => {
  const urdu = { language: "ur" as const, version: "test" };
  const server = fakeServer(
    {
      "routes/feed/home": () => feedPage([]),
      "routes/posts/new-post": () => ({
        ...newPostPage(),
        messages: { ...urdu, namespaces: ["feed", "posts", "farmers"] },
      }),
    },
    rootData({ language: "ur", messages: { ...urdu, namespaces: ["common"] } }),
  );
  network.use(
    http.get("/api/geocode/reverse", () =>
      HttpResponse.json({ address: "Fake Street 12, Lahore", fromProvider: true }),
    ),
  );
  await renderApp("/new-post", server);
  const widget = await screen.findByRole("group", { name: "تصاویر اور ویڈیوز" });
  choose(
    document.getElementById("post-files") as HTMLInputElement,
    new File(["hello"], "notes.txt", { type: "text/plain" }),
  );
  await waitFor(() =>
    expect(within(widget).getByRole("alert").textContent).toBe(
      "آپ صرف یہ فائلیں اپ لوڈ کر سکتے ہیں: image/jpeg, image/png, image/webp, video/mp4, video/webm, video/quicktime",
    ),
  );
});
