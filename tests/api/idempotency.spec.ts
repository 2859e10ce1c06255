import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";

// Idempotency-Key on POST /api/posts, POST /api/posts/{id}/comments (issue 8), POST /api/dealers and
// POST /api/dealers/{id}/gallery: a retry that races a slow success, or repeats it, creates nothing
// new and answers the first result.

async function signUp(request: APIRequestContext): Promise<{ id: number }> {
  const username = uniqueName("apikey").replaceAll("-", "_");
  const response = await request.post("/api/register", { data: { username, email: `${username}@example.pk`, password: "api-pass-1" } });
  expect(response.status()).toBe(201);
  return response.json();
}

const newKey = () => crypto.randomUUID();

test("the same post sent twice at once with one key is created once, and both answers are the first post", async ({ request }) => {
  const me = await signUp(request);
  const text = uniqueName("Keyed sale");
  const key = newKey();
  const send = () =>
    request.post("/api/posts", {
      headers: { "Idempotency-Key": key },
      data: { type: "SALE", text, saleProduct: "SSP", saleQty: 3, salePrice: "100.50", lat: 31.5, lng: 74.3, address: "Mandi" },
    });
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((answer) => answer.status())).toEqual([201, 201]);
  const [first, second] = await Promise.all(answers.map((answer) => answer.json()));
  expect(second).toEqual(first);
  expect(first).toMatchObject({ text, saleTotal: "301.50" });
  expect(answers.map((answer) => answer.headers()["idempotent-replayed"] ?? "no").sort()).toEqual(["no", "true"]);

  const again = await send();
  expect(again.status()).toBe(201);
  expect(again.headers()["idempotent-replayed"]).toBe("true");
  expect((await again.json()).id).toBe(first.id);
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE userId = ? AND text = ?", me.id, text)).toBe(1);
  expect(countRows("SELECT COUNT(*) AS n FROM CheckIn WHERE postId = ?", first.id)).toBe(1);

  // Without a key, each call is a new post.
  await request.post("/api/posts", { data: { type: "SALE", text, saleProduct: "SSP", saleQty: 3, salePrice: "100.50" } });
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE userId = ? AND text = ?", me.id, text)).toBe(2);
});

test("the same comment sent twice with one key is added once", async ({ request }) => {
  await signUp(request);
  const post = await (await request.post("/api/posts", { data: { type: "ANNOUNCEMENT", text: uniqueName("Keyed") } })).json();
  const key = newKey();
  const send = () => request.post(`/api/posts/${post.id}/comments`, { headers: { "Idempotency-Key": key }, data: { text: "See you at 9" } });
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((answer) => answer.status())).toEqual([201, 201]);
  const [first, second] = await Promise.all(answers.map((answer) => answer.json()));
  expect(second).toEqual(first);
  const comments = await (await request.get(`/api/posts/${post.id}/comments`)).json();
  expect(comments).toHaveLength(1);
});

test("keys belong to their user, and a malformed key is refused", async ({ playwright, baseURL, clientAddress }) => {
  const key = newKey();
  const text = uniqueName("Same key, two officers");
  const ids = [];
  for (const n of [1, 2]) {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientAddress } });
    await signUp(request);
    const response = await request.post("/api/posts", { headers: { "Idempotency-Key": key }, data: { type: "FIELD_VISIT", text } });
    expect(response.headers()["idempotent-replayed"]).toBeUndefined();
    ids.push((await response.json()).id);
    if (n === 2) {
      const bad = await request.post("/api/posts", { headers: { "Idempotency-Key": "short" }, data: { type: "FIELD_VISIT", text } });
      expect(bad.status()).toBe(400);
      expect(await bad.json()).toEqual({ error: "Idempotency-Key must be 16 to 100 letters, digits, - or _" });
      const badComment = await request.post(`/api/posts/${ids[0]}/comments`, { headers: { "Idempotency-Key": "no spaces allowed here" }, data: { text: "Hi" } });
      expect(badComment.status()).toBe(400);
    }
    await request.dispose();
  }
  expect(new Set(ids).size).toBe(2);
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text)).toBe(2);
});

test("the same dealer sent twice at once with one key is added once, and both answers are the first dealer", async ({ request }) => {
  const me = await signUp(request);
  const businessName = uniqueName("Keyed Khad Store");
  const key = newKey();
  const send = (headers: Record<string, string> = { "Idempotency-Key": key }) =>
    request.post("/api/dealers", { headers, data: { businessName, street: "Shop 4, Grain Market", city: "Okara", state: "Punjab", lat: "30.8081", lng: "73.4458" } });
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((answer) => answer.status())).toEqual([201, 201]);
  const [first, second] = await Promise.all(answers.map((answer) => answer.json()));
  expect(second).toEqual(first);
  expect(first).toMatchObject({ businessName, city: "Okara" });
  expect(answers.map((answer) => answer.headers()["idempotent-replayed"] ?? "no").sort()).toEqual(["no", "true"]);
  expect(countRows("SELECT COUNT(*) AS n FROM Dealer WHERE createdById = ? AND businessName = ?", me.id, businessName)).toBe(1);

  const bad = await send({ "Idempotency-Key": "short" });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: "Idempotency-Key must be 16 to 100 letters, digits, - or _" });
  // Without a key, each call is a new dealer.
  expect((await send({})).status()).toBe(201);
  expect(countRows("SELECT COUNT(*) AS n FROM Dealer WHERE createdById = ? AND businessName = ?", me.id, businessName)).toBe(2);
});

test("the same gallery photo sent twice with one key is added once", async ({ request }) => {
  await signUp(request);
  const dealer = await (
    await request.post("/api/dealers", { data: { businessName: uniqueName("Gallery Traders"), street: "Shop 2", city: "Kasur", state: "Punjab", lat: "31.1187", lng: "74.4500" } })
  ).json();
  const photo = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const key = newKey();
  const send = (headers: Record<string, string>) =>
    request.post(`/api/dealers/${dealer.id}/gallery`, { headers, multipart: { image: { name: "shop.jpg", mimeType: "image/jpeg", buffer: photo } } });
  const first = await send({ "Idempotency-Key": key });
  expect(first.status()).toBe(201);
  expect(first.headers()["idempotent-replayed"]).toBeUndefined();
  const again = await send({ "Idempotency-Key": key });
  expect(again.status()).toBe(201);
  expect(again.headers()["idempotent-replayed"]).toBe("true");
  expect((await again.json()).galleryImages).toEqual((await first.json()).galleryImages);
  expect(countRows("SELECT COUNT(*) AS n FROM DealerImage WHERE dealerId = ?", dealer.id)).toBe(1);

  const bad = await send({ "Idempotency-Key": "not a key!" });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: "Idempotency-Key must be 16 to 100 letters, digits, - or _" });
  expect(countRows("SELECT COUNT(*) AS n FROM DealerImage WHERE dealerId = ?", dealer.id)).toBe(1);
});
