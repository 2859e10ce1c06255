import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";

// Idempotency-Key on POST /api/posts, POST /api/posts/{id}/comments (issue 8), POST /api/dealers and
// POST /api/dealers/{id}/gallery: a retry that races a slow success, or repeats it, creates nothing
// new and answers the first result.

async function signUp(request: APIRequestContext): Promise<{ id: number }> {
  const username = uniqueName("apikey").replaceAll("-", "_");
  const response = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "api-pass-1" },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

const newKey = () => crypto.randomUUID();

test("the same post sent twice at once with one key is created once, and both answers are the first post", async ({
  request,
}) => {
  const me = await signUp(request);
  const text = uniqueName("Keyed sale");
  const key = newKey();
  const send = () =>
    request.post("/api/posts", {
      headers: { "Idempotency-Key": key },
      data: {
        type: "SALE",
        text,
        saleProduct: "SSP",
        saleQty: 3,
        salePrice: "100.50",
        lat: 31.5,
        lng: 74.3,
        address: "Mandi",
      },
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
  await request.post("/api/posts", {
    data: { type: "SALE", text, saleProduct: "SSP", saleQty: 3, salePrice: "100.50" },
  });
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE userId = ? AND text = ?", me.id, text)).toBe(2);
});

test("the same comment sent twice with one key is added once", async ({ request }) => {
  await signUp(request);
  const post = await (
    await request.post("/api/posts", { data: { type: "ANNOUNCEMENT", text: uniqueName("Keyed") } })
  ).json();
  const key = newKey();
  const send = () =>
    request.post(`/api/posts/${post.id}/comments`, {
      headers: { "Idempotency-Key": key },
      data: { text: "See you at 9" },
    });
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
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    await signUp(request);
    const response = await request.post("/api/posts", {
      headers: { "Idempotency-Key": key },
      data: { type: "FIELD_VISIT", text },
    });
    expect(response.headers()["idempotent-replayed"]).toBeUndefined();
    ids.push((await response.json()).id);
    if (n === 2) {
      const bad = await request.post("/api/posts", {
        headers: { "Idempotency-Key": "short" },
        data: { type: "FIELD_VISIT", text },
      });
      expect(bad.status()).toBe(400);
      expect(await bad.json()).toEqual({
        error: "Idempotency-Key must be 16 to 100 letters, digits, - or _",
        requestId: expect.any(String),
      });
      const badComment = await request.post(`/api/posts/${ids[0]}/comments`, {
        headers: { "Idempotency-Key": "no spaces allowed here" },
        data: { text: "Hi" },
      });
      expect(badComment.status()).toBe(400);
    }
    await request.dispose();
  }
  expect(new Set(ids).size).toBe(2);
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text)).toBe(2);
});

test("the same dealer sent twice at once with one key is added once, and both answers are the first dealer", async ({
  request,
}) => {
  const me = await signUp(request);
  const businessName = uniqueName("Keyed Khad Store");
  const key = newKey();
  const send = (headers: Record<string, string> = { "Idempotency-Key": key }) =>
    request.post("/api/dealers", {
      headers,
      data: {
        businessName,
        street: "Shop 4, Grain Market",
        city: "Okara",
        state: "Punjab",
        lat: "30.8081",
        lng: "73.4458",
      },
    });
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((answer) => answer.status())).toEqual([201, 201]);
  const [first, second] = await Promise.all(answers.map((answer) => answer.json()));
  expect(second).toEqual(first);
  expect(first).toMatchObject({ businessName, city: "Okara" });
  expect(answers.map((answer) => answer.headers()["idempotent-replayed"] ?? "no").sort()).toEqual(["no", "true"]);
  expect(
    countRows("SELECT COUNT(*) AS n FROM Dealer WHERE createdById = ? AND businessName = ?", me.id, businessName),
  ).toBe(1);

  const bad = await send({ "Idempotency-Key": "short" });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({
    error: "Idempotency-Key must be 16 to 100 letters, digits, - or _",
    requestId: expect.any(String),
  });
  // Without a key, each call is a new dealer.
  expect((await send({})).status()).toBe(201);
  expect(
    countRows("SELECT COUNT(*) AS n FROM Dealer WHERE createdById = ? AND businessName = ?", me.id, businessName),
  ).toBe(2);
});

test("the same gallery photo sent twice with one key is added once", async ({ request }) => {
  await signUp(request);
  const dealer = await (
    await request.post("/api/dealers", {
      data: {
        businessName: uniqueName("Gallery Traders"),
        street: "Shop 2",
        city: "Kasur",
        state: "Punjab",
        lat: "31.1187",
        lng: "74.4500",
      },
    })
  ).json();
  const photo = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  const key = newKey();
  const send = (headers: Record<string, string>) =>
    request.post(`/api/dealers/${dealer.id}/gallery`, {
      headers,
      multipart: { image: { name: "shop.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
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
  expect(await bad.json()).toEqual({
    error: "Idempotency-Key must be 16 to 100 letters, digits, - or _",
    requestId: expect.any(String),
  });
  expect(countRows("SELECT COUNT(*) AS n FROM DealerImage WHERE dealerId = ?", dealer.id)).toBe(1);
});

test("another officer's key on a dealer's gallery adds their photo too, never answering the first officer's", async ({
  playwright,
  baseURL,
  clientAddress,
}) => {
  const key = newKey();
  const photo = (red: number) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background: { r: red, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
  let dealerId = 0;
  for (const red of [10, 250]) {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    await signUp(request);
    if (!dealerId) {
      const dealer = await request.post("/api/dealers", {
        data: {
          businessName: uniqueName("Shared Gallery"),
          street: "Shop 9",
          city: "Sahiwal",
          state: "Punjab",
          lat: "30.6682",
          lng: "73.1114",
        },
      });
      dealerId = (await dealer.json()).id;
    }
    const sent = await request.post(`/api/dealers/${dealerId}/gallery`, {
      headers: { "Idempotency-Key": key },
      multipart: { image: { name: "shop.jpg", mimeType: "image/jpeg", buffer: await photo(red) } },
    });
    expect(sent.status()).toBe(201);
    expect(sent.headers()["idempotent-replayed"]).toBeUndefined();
    await request.dispose();
  }
  expect(countRows("SELECT COUNT(*) AS n FROM DealerImage WHERE dealerId = ?", dealerId)).toBe(2);
});

test("a key used again by its officer for a different request answers 422 and creates nothing; the same request in another order replays", async ({
  request,
}) => {
  const me = await signUp(request);
  const reused = { error: "Idempotency-Key was already used for a different request", requestId: expect.any(String) };
  const expectReused = async (response: Awaited<ReturnType<APIRequestContext["post"]>>) => {
    expect(response.status()).toBe(422);
    expect(await response.json()).toEqual(reused);
  };

  const dealerKey = newKey();
  const dealer = {
    businessName: uniqueName("Reused Key Traders"),
    street: "Shop 1",
    city: "Okara",
    state: "Punjab",
    lat: "30.8081",
    lng: "73.4458",
  };
  const created = await request.post("/api/dealers", { headers: { "Idempotency-Key": dealerKey }, data: dealer });
  expect(created.status()).toBe(201);
  const dealerId = (await created.json()).id;
  await expectReused(
    await request.post("/api/dealers", {
      headers: { "Idempotency-Key": dealerKey },
      data: { ...dealer, city: "Kasur" },
    }),
  );
  expect(countRows("SELECT COUNT(*) AS n FROM Dealer WHERE createdById = ?", me.id)).toBe(1);

  const postKey = newKey();
  const text = uniqueName("First words");
  const sale = { type: "SALE", text, saleProduct: "SSP", saleQty: 2, salePrice: "10", dealerId };
  const post = await request.post("/api/posts", { headers: { "Idempotency-Key": postKey }, data: sale });
  expect(post.status()).toBe(201);
  await expectReused(
    await request.post("/api/posts", {
      headers: { "Idempotency-Key": postKey },
      data: { ...sale, text: `${text}, edited` },
    }),
  );
  // The same post, its fields in another order and its numbers as text: a repeat, not a new request.
  const same = await request.post("/api/posts", {
    headers: { "Idempotency-Key": postKey },
    data: { dealerId: String(dealerId), salePrice: "10", saleQty: "2", saleProduct: "SSP", text, type: "SALE" },
  });
  expect(same.status()).toBe(201);
  expect(same.headers()["idempotent-replayed"]).toBe("true");
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE userId = ?", me.id)).toBe(1);

  const postId = (await post.json()).id;
  const commentKey = newKey();
  expect(
    (
      await request.post(`/api/posts/${postId}/comments`, {
        headers: { "Idempotency-Key": commentKey },
        data: { text: "On my way" },
      })
    ).status(),
  ).toBe(201);
  await expectReused(
    await request.post(`/api/posts/${postId}/comments`, {
      headers: { "Idempotency-Key": commentKey },
      data: { text: "Running late" },
    }),
  );
  expect(countRows("SELECT COUNT(*) AS n FROM Comment WHERE postId = ?", postId)).toBe(1);

  const galleryKey = newKey();
  const photo = (red: number) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background: { r: red, g: 60, b: 60 } } })
      .jpeg()
      .toBuffer();
  const upload = async (red: number) =>
    request.post(`/api/dealers/${dealerId}/gallery`, {
      headers: { "Idempotency-Key": galleryKey },
      multipart: { image: { name: "shop.jpg", mimeType: "image/jpeg", buffer: await photo(red) } },
    });
  expect((await upload(30)).status()).toBe(201);
  await expectReused(await upload(220));
  expect(countRows("SELECT COUNT(*) AS n FROM DealerImage WHERE dealerId = ?", dealerId)).toBe(1);
});
