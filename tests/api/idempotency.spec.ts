import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";

// Idempotency-Key on POST /api/posts and POST /api/posts/{id}/comments (issue 8): a retry that
// races a slow success, or repeats it, creates nothing new and answers the first result.

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
