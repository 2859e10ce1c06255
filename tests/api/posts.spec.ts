import crypto from "node:crypto";
import Database from "better-sqlite3";
import sharp from "sharp";
import type { APIRequestContext } from "@playwright/test";
import { e2eDatabasePath, expect, test, uniqueName } from "../e2e/support/fixtures";
import { tinyVideo } from "../support/videos";

// The JSON API of posts, media, reactions, comments, check-ins and rankings (issue 3).

const TEN_MB = 10 * 1024 * 1024;
const WRONG_TYPE = "You can only upload: image/jpeg, image/png, image/webp, video/mp4, video/webm, video/quicktime";

async function signUp(request: APIRequestContext): Promise<{ id: number; username: string }> {
  const username = uniqueName("apipost").replaceAll("-", "_");
  const response = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "api-pass-1" },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

function postsOf(userId: number): number {
  const db = new Database(e2eDatabasePath(), { readonly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM Post WHERE userId = ?").get(userId) as { n: number }).n;
  } finally {
    db.close();
  }
}

function jpeg(color = "#2a7e3b") {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

async function uploadUrl(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/objects/upload");
  expect(response.status()).toBe(200);
  const { uploadURL } = await response.json();
  expect(uploadURL).toMatch(/\/api\/objects\/uploads\/[a-f0-9]{32}\?user=\d+&expires=\d+&signature=/);
  return uploadURL;
}

test("signed out, every post call answers 401", async ({ request }) => {
  for (const path of [
    "/api/posts",
    "/api/posts/1/react",
    "/api/posts/1/comments",
    "/api/products",
    "/api/agents/rankings",
  ]) {
    expect((await request.get(path)).status(), path).toBe(401);
  }
  expect((await request.post("/api/posts", { data: { type: "SALE" } })).status()).toBe(401);
  expect((await request.post("/api/objects/upload")).status()).toBe(401);
  expect((await request.post("/api/checkins", { data: { lat: 1, lng: 1 } })).status()).toBe(401);
});

test("a video posted without durationSec gets the length its container says", async ({ request }) => {
  await signUp(request);
  const target = await uploadUrl(request);
  // 125 frames of a tenth of a second: 12.5 s, shown as 0:13.
  const put = await request.put(target, {
    data: await tinyVideo("mp4", 125),
    headers: { "Content-Type": "video/mp4" },
  });
  expect(put.status()).toBe(200);
  const created = await request.post("/api/posts", {
    data: { type: "DEMO_PLOT", text: uniqueName("Demo plot clip"), media: [{ url: target }] },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  expect(post.media).toEqual([expect.objectContaining({ kind: "VIDEO", durationSec: 13 })]);
});

test("upload a JPEG to the signed URL, then post a SALE referring to it; the server computes the total", async ({
  request,
}) => {
  const me = await signUp(request);
  const target = await uploadUrl(request);
  const put = await request.put(target, { data: await jpeg(), headers: { "Content-Type": "image/jpeg" } });
  expect(put.status()).toBe(200);
  expect(await put.json()).toMatchObject({ kind: "IMAGE", mimeType: "image/jpeg" });

  const text = uniqueName("API sale");
  const created = await request.post("/api/posts", {
    data: {
      type: "SALE",
      text,
      lat: "31.5204",
      lng: "74.3587",
      saleProduct: "ORGANIC",
      saleQty: "7",
      salePrice: "1250.50",
      saleTotal: "1.00",
      media: [{ url: target, kind: "IMAGE", mimeType: "image/jpeg" }],
    },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  expect(post).toMatchObject({
    type: "SALE",
    text,
    saleQty: 7,
    salePrice: "1250.50",
    saleTotal: "8753.50",
    user: { id: me.id },
  });
  expect(post.address).toContain("Fake Street 12");
  expect(post.media).toHaveLength(1);
  expect(post.media[0]).toMatchObject({
    kind: "IMAGE",
    mimeType: "image/webp",
    url: expect.stringMatching(/^\/files\/posts\//),
    thumbUrl: expect.stringMatching(/^\/files\/posts-thumbs\//),
  });

  // Served with its real type, nosniff and a long cache life.
  const file = await request.get(post.media[0].url);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["cache-control"]).toContain("immutable");
  // The thumbnail is small for a cheap phone.
  expect((await (await request.get(post.media[0].thumbUrl)).body()).byteLength).toBeLessThan(20_000);

  // An upload serves one post: it cannot be used twice.
  const again = await request.post("/api/posts", { data: { type: "FIELD_VISIT", media: [{ url: target }] } });
  expect(again.status()).toBe(400);
  expect(postsOf(me.id)).toBe(1);

  const list = await request.get("/api/posts?limit=5");
  expect((await list.json()).some((item: { id: number }) => item.id === post.id)).toBe(true);
});

test("a tampered or expired upload URL is refused", async ({ request }) => {
  const me = await signUp(request);
  const target = new URL(await uploadUrl(request), "http://x");
  const bytes = await jpeg();
  const tampered = new URL(target);
  tampered.searchParams.set("signature", `${target.searchParams.get("signature")?.slice(0, -2)}AA`);
  const otherUser = new URL(target);
  otherUser.searchParams.set("user", String(me.id + 1));
  const later = new URL(target);
  later.searchParams.set("expires", String(Number(target.searchParams.get("expires")) + 60_000));
  // Signed with the server's own secret but already expired.
  const expired = new URL(target);
  const id = target.pathname.split("/").at(-1);
  const past = Date.now() - 1000;
  const secret = process.env.SESSION_SECRET ?? "e2e-session-secret-0123456789-abcdefghijklmnop";
  expired.searchParams.set("expires", String(past));
  expired.searchParams.set(
    "signature",
    crypto.createHmac("sha256", secret).update(`upload:${id}:${me.id}:${past}`).digest("base64url"),
  );
  for (const url of [tampered, otherUser, later, expired]) {
    const response = await request.put(`${url.pathname}${url.search}`, {
      data: bytes,
      headers: { "Content-Type": "image/jpeg" },
    });
    expect(response.status(), url.search).toBe(403);
    expect((await response.json()).error).toBe("This upload URL is invalid or has expired. Please try again.");
  }
  // The right one still works, without the cookie: the signature alone authorises the PUT.
  const bare = await request.fetch(`${target.pathname}${target.search}`, {
    method: "PUT",
    data: bytes,
    headers: { "Content-Type": "image/jpeg", Cookie: "" },
  });
  expect(bare.status()).toBe(200);
});

test("bad media is refused with the agreed messages and creates nothing", async ({ request }) => {
  const me = await signUp(request);
  const photo = await jpeg();

  const eleven = new FormData();
  eleven.append("type", "DEMO_PLOT");
  for (let i = 0; i < 11; i++) eleven.append("files", new Blob([photo], { type: "image/jpeg" }), `p${i}.jpg`);
  const tooMany = await request.post("/api/posts", { multipart: eleven });
  expect(tooMany.status()).toBe(413);
  expect((await tooMany.json()).error).toBe("You can only upload 10 file(s)");

  const big = Buffer.alloc(TEN_MB + 1);
  photo.copy(big);
  const large = new FormData();
  large.append("type", "DEMO_PLOT");
  large.append("files", new Blob([big], { type: "image/jpeg" }), "huge.jpg");
  const tooLarge = await request.post("/api/posts", { multipart: large });
  expect(tooLarge.status()).toBe(413);
  expect((await tooLarge.json()).error).toBe("A file exceeds maximum allowed size of 10 MB");
  // Refused before the body was read: the connection is not reused for the next call.
  expect(tooLarge.headers().connection).toBe("close");

  const fake = new FormData();
  fake.append("type", "DEMO_PLOT");
  fake.append("files", new Blob(["just some text, not a photo at all"], { type: "image/jpeg" }), "holiday.jpg");
  const wrongType = await request.post("/api/posts", { multipart: fake });
  expect(wrongType.status()).toBe(415);
  expect((await wrongType.json()).error).toBe(WRONG_TYPE);

  // The same limits on the signed upload URL.
  const putLarge = await request.put(await uploadUrl(request), {
    data: big,
    headers: { "Content-Type": "image/jpeg" },
  });
  expect(putLarge.status()).toBe(413);
  const putText = await request.put(await uploadUrl(request), {
    data: Buffer.from("plain text pretending"),
    headers: { "Content-Type": "image/jpeg" },
  });
  expect(putText.status()).toBe(415);
  expect((await putText.json()).error).toBe(WRONG_TYPE);

  // Two good photos in the same multipart post work.
  const two = new FormData();
  two.append("type", "DEMO_PLOT");
  two.append("text", "Two photos");
  two.append("files", new Blob([photo], { type: "image/jpeg" }), "a.jpg");
  two.append("files", new Blob([await jpeg("#aa3311")], { type: "image/jpeg" }), "b.jpg");
  const ok = await request.post("/api/posts", { multipart: two });
  expect(ok.status()).toBe(201);
  expect((await ok.json()).media).toHaveLength(2);
  expect(postsOf(me.id)).toBe(1);
});

test("bad post bodies answer 4xx with the agreed messages and create nothing", async ({ request }) => {
  const me = await signUp(request);
  const cases: Array<{ name: string; body: string; contentType?: string; status: number; error: string }> = [
    { name: "no type", body: "{}", status: 400, error: "Please select a post type." },
    {
      name: "2001 characters",
      body: JSON.stringify({ type: "FIELD_VISIT", text: "x".repeat(2001) }),
      status: 400,
      error: "Description must be 2000 characters or less",
    },
    {
      name: "wrong types",
      body: JSON.stringify({ type: "SALE", saleProduct: "SSP", saleQty: "many", salePrice: true }),
      status: 400,
      error: "Quantity must be a whole number of bags (1 to 100,000)",
    },
    {
      name: "unknown field",
      body: JSON.stringify({ type: "FIELD_VISIT", userId: 1 }),
      status: 400,
      error: 'Unknown field "userId": leave it out, this call does not take it',
    },
    { name: "malformed JSON", body: '{"type":', status: 400, error: "Malformed JSON body" },
    { name: "array", body: "[]", status: 400, error: "Request body must be a JSON object" },
    {
      name: "dealer meeting without dealer",
      body: JSON.stringify({ type: "DEALER_MEETING" }),
      status: 400,
      error: "Please select a dealer.",
    },
    {
      name: "unknown dealer",
      body: JSON.stringify({ type: "RECOVERY", recoveryAmount: "10", dealerId: 999999 }),
      status: 400,
      error: "Please select a dealer.",
    },
    {
      name: "media not uploaded here",
      body: JSON.stringify({ type: "FIELD_VISIT", media: [{ url: "https://evil.example/x.jpg" }] }),
      status: 400,
      error: "Media must be uploaded through POST /api/objects/upload first",
    },
    {
      name: "form encoding",
      body: "type=SALE",
      contentType: "application/x-www-form-urlencoded",
      status: 415,
      error: "Content-Type must be application/json",
    },
  ];
  for (const c of cases) {
    const response = await request.post("/api/posts", {
      data: Buffer.from(c.body),
      headers: { "Content-Type": c.contentType ?? "application/json" },
    });
    expect(response.status(), c.name).toBe(c.status);
    expect((await response.json()).error, c.name).toBe(c.error);
  }
  expect(postsOf(me.id)).toBe(0);
});

test("GET /api/posts pages with ?cursor= and ?limit= and a Link header", async ({ request }) => {
  await signUp(request);
  const first = await request.get("/api/posts");
  expect(first.status()).toBe(200);
  const page1: Array<{ id: number; createdAt: string }> = await first.json();
  expect(page1).toHaveLength(20);
  const link = first.headers().link;
  expect(link).toMatch(/^<\/api\/posts\?cursor=\d+\.\d+&limit=20>; rel="next"$/);
  const next = await request.get(link!.slice(1, link!.indexOf(">")));
  const page2: Array<{ id: number; createdAt: string }> = await next.json();
  expect(page2).toHaveLength(20);
  expect(page2[0]!.createdAt <= page1.at(-1)!.createdAt).toBe(true);
  expect(new Set([...page1, ...page2].map((post) => post.id)).size).toBe(40);

  expect(await (await request.get("/api/posts?limit=100")).json()).toHaveLength(100);
  for (const limit of ["101", "0", "abc"]) {
    const bad = await request.get(`/api/posts?limit=${limit}`);
    expect(bad.status(), limit).toBe(400);
    expect((await bad.json()).error).toBe("limit must be a whole number from 1 to 100");
  }
});

test("reactions and comments", async ({ request }) => {
  const me = await signUp(request);
  const created = await request.post("/api/posts", {
    data: { type: "ANNOUNCEMENT", text: uniqueName("Team meeting") },
  });
  const { id } = await created.json();

  const like = await request.post(`/api/posts/${id}/react`, { data: { type: "LIKE" } });
  expect(like.status()).toBe(201);
  expect(await like.json()).toEqual([{ userId: me.id, type: "LIKE" }]);
  expect(await (await request.get(`/api/posts/${id}/react`)).json()).toEqual([{ userId: me.id, type: "LIKE" }]);
  expect((await request.post(`/api/posts/${id}/react`, { data: { type: "LOVE" } })).status()).toBe(400);
  expect(await (await request.delete(`/api/posts/${id}/react`)).json()).toEqual([]);
  expect((await request.post("/api/posts/99999999/react", { data: { type: "LIKE" } })).status()).toBe(404);

  const empty = await request.post(`/api/posts/${id}/comments`, { data: { text: "   " } });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).error).toBe("Comment cannot be empty");
  const long = await request.post(`/api/posts/${id}/comments`, { data: { text: "x".repeat(1001) } });
  expect((await long.json()).error).toBe("Comment must be 1000 characters or less");
  const comment = await request.post(`/api/posts/${id}/comments`, { data: { text: " Well done " } });
  expect(comment.status()).toBe(201);
  const { id: commentId, text } = await comment.json();
  expect(text).toBe("Well done");
  expect((await request.delete(`/api/posts/${id}/comments/${commentId}`)).status()).toBe(200);
  expect(await (await request.get(`/api/posts/${id}/comments`)).json()).toMatchObject([
    { id: commentId, isDeleted: true, text: "" },
  ]);

  // Someone else's comment cannot be deleted.
  const seeded = await (await request.get("/api/posts?limit=100")).json();
  const withComments = seeded.find(
    (post: { commentCount: number; user: { id: number } }) => post.commentCount > 0 && post.user.id !== me.id,
  );
  const theirs = (await (await request.get(`/api/posts/${withComments.id}/comments`)).json()).find(
    (c: { user: { id: number } }) => c.user.id !== me.id,
  );
  expect((await request.delete(`/api/posts/${withComments.id}/comments/${theirs.id}`)).status()).toBe(403);
});

test("check-ins, products and rankings", async ({ request }) => {
  await signUp(request);
  const checkIn = await request.post("/api/checkins", { data: { type: "DAY_START", lat: "31.5204", lng: "74.3587" } });
  expect(checkIn.status()).toBe(201);
  expect(await checkIn.json()).toMatchObject({
    type: "DAY_START",
    lat: "31.5204",
    lng: "74.3587",
    address: expect.stringContaining("Fake Street 12"),
  });
  const bad = await request.post("/api/checkins", { data: { type: "NAP", lat: 1, lng: 1 } });
  expect(bad.status()).toBe(400);
  expect((await request.post("/api/checkins", { data: { lat: 91, lng: 1 } })).status()).toBe(400);

  expect(await (await request.get("/api/products")).json()).toEqual([
    { id: "SSP", name: "SSP Fertilizer" },
    { id: "ORGANIC", name: "Organic Fertilizer" },
    { id: "SULFUR", name: "Sulfur" },
  ]);

  const rankings = await (await request.get("/api/agents/rankings?period=all")).json();
  expect(rankings.length).toBeGreaterThanOrEqual(8);
  const { currentBadge, ...row } = rankings[0];
  expect(currentBadge === null || typeof currentBadge === "string").toBe(true);
  expect(row).toEqual({
    id: expect.any(Number),
    name: expect.any(String),
    username: expect.any(String),
    firstName: expect.any(String),
    lastName: expect.any(String),
    selectedAvatar: expect.any(String),
    distance: expect.stringMatching(/^\d+\.\d$/),
    hours: expect.stringMatching(/^\d+\.\d$/),
    sales: expect.stringMatching(/^\d+\.\d{2}$/),
    recovery: expect.stringMatching(/^\d+\.\d{2}$/),
    dealers: expect.any(Number),
    legsLeftOut: { tooFast: expect.any(Number), poorFix: expect.any(Number), repeatedPoint: expect.any(Number) },
  });
  const sales = rankings.map((row: { sales: string }) => Number(row.sales));
  expect(sales).toEqual([...sales].sort((a, b) => b - a));
});

test("lists carry an ETag: the current one answers 304 with no body, a stale one the new list", async ({ request }) => {
  await signUp(request);
  const products = await request.get("/api/products");
  const etag = products.headers().etag;
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(products.headers()["cache-control"]).toBe("private, no-cache");
  const unchanged = await request.get("/api/products", { headers: { "If-None-Match": etag! } });
  expect(unchanged.status()).toBe(304);
  expect(await unchanged.body()).toHaveLength(0);
  expect(unchanged.headers().etag).toBe(etag);

  const before = await request.get("/api/posts?limit=1");
  const beforeTag = before.headers().etag!;
  const created = await request.post("/api/posts", { data: { type: "FIELD_VISIT", text: uniqueName("etag") } });
  expect(created.status()).toBe(201);
  const after = await request.get("/api/posts?limit=1", { headers: { "If-None-Match": beforeTag } });
  expect(after.status()).toBe(200);
  expect(after.headers().etag).not.toBe(beforeTag);
  expect((await after.json())[0].id).toBe((await created.json()).id);
});

test("an id in a path is plain digits: another notation of a real id names nothing (404)", async ({ request }) => {
  await signUp(request);
  const created = await request.post("/api/posts", { data: { type: "FIELD_VISIT", text: "Checked the wheat crop" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await request.get(`/api/posts/${id}/comments`)).status()).toBe(200);
  for (const other of [`0x${id.toString(16)}`, `0${id}`, `${id}.0`, `${id}e0`, `+${id}`]) {
    const comments = await request.get(`/api/posts/${other}/comments`);
    expect(comments.status(), other).toBe(404);
    expect(await comments.json()).toEqual({ error: "Post not found", requestId: expect.any(String) });
    expect((await request.get(`/api/posts/${other}/react`)).status(), other).toBe(404);
  }
  expect((await request.patch("/api/notifications/0x1/read")).status()).toBe(404);
  expect((await request.get("/api/dealers/0x1")).status()).toBe(404);
});

test("a check-in or post says how its place was had: sent as source and accuracy, else from another tool", async ({
  request,
}) => {
  await signUp(request);
  const plain = await request.post("/api/checkins", { data: { lat: 30.2, lng: 71.47 } });
  expect(await plain.json()).toMatchObject({ source: "API", accuracyM: null });
  const gps = await request.post("/api/checkins", { data: { lat: 30.2, lng: 71.47, source: "GPS", accuracy: 14.5 } });
  expect(gps.status()).toBe(201);
  expect(await gps.json()).toMatchObject({ source: "GPS", accuracyM: 14.5 });

  for (const [body, message] of [
    [{ lat: 30.2, lng: 71.47, source: "SATELLITE" }, "source must be one of GPS, TYPED, MAP, ADDRESS, API"],
    [{ lat: 30.2, lng: 71.47, source: "UNKNOWN" }, "source must be one of GPS, TYPED, MAP, ADDRESS, API"],
    [{ lat: 30.2, lng: 71.47, accuracy: -1 }, "accuracy must be a number of metres from 0 to 100000"],
    [{ lat: 30.2, lng: 71.47, accuracy: "close" }, "accuracy must be a number of metres from 0 to 100000"],
    [{ lat: 30.2, lng: 71.47, fixAt: 1.5 }, "fixAt must be the fix's time in milliseconds since 1970"],
  ] as const) {
    const refused = await request.post("/api/checkins", { data: body });
    expect(refused.status(), JSON.stringify(body)).toBe(400);
    expect((await refused.json()).error).toBe(message);
  }

  const text = uniqueName("placed by a tool");
  const post = await request.post("/api/posts", {
    data: { type: "FIELD_VISIT", text, lat: 30.2, lng: 71.47, accuracy: 40 },
  });
  expect(post.status()).toBe(201);
  expect(await post.json()).toMatchObject({ locationSource: "API", locationAccuracyM: 40 });
  const unplaced = await request.post("/api/posts", { data: { type: "FIELD_VISIT", text: uniqueName("nowhere") } });
  expect(await unplaced.json()).toMatchObject({ locationSource: null, locationAccuracyM: null });
});
