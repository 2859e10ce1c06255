import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rateLimits } from "./rate-limits";

// The limiter in front of a stand-in app that answers 200 to everything, over real HTTP.
let base = "";
let close: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1);
  app.use(rateLimits({ authPerMinute: 3, signInFailuresPerMinute: 3, uploadsPerMinute: 2, tokenCallsPerMinute: 4 }));
  // A wrong password is refused (401); everything else succeeds.
  app.use(express.urlencoded({ extended: false }), express.json());
  app.use((req, res) => void res.status(req.body?.password === "wrong" ? 401 : 200).json({ ok: true }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

function send(path: string, init: RequestInit & { from: string }) {
  return fetch(`${base}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": init.from },
  });
}

function multipart(): FormData {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(10)]), "photo.jpg");
  return form;
}

test("uploads get their own budget per address and then 429 with Retry-After, as JSON under /api and a page elsewhere", async () => {
  const from = "198.51.100.1";
  expect((await send("/api/posts", { method: "POST", body: multipart(), from })).status).toBe(200);
  expect((await send("/api/objects/uploads/0123", { method: "PUT", body: new Uint8Array(10), from })).status).toBe(200);

  const api = await send("/api/dealers/1/gallery", { method: "POST", body: multipart(), from });
  expect(api.status).toBe(429);
  expect(api.headers.get("Retry-After")).toBe("60");
  expect(await api.json()).toEqual({ error: "Too many uploads. Please wait a minute and try again." });
  const page = await send("/new-post", { method: "POST", body: multipart(), from });
  expect(page.status).toBe(429);
  expect(await page.text()).toContain("Too many uploads");

  // Other writes, and uploads from another address, are not counted.
  expect(
    (
      await send("/api/posts", {
        method: "POST",
        body: JSON.stringify({}),
        headers: { "Content-Type": "application/json" },
        from,
      })
    ).status,
  ).toBe(200);
  expect((await send("/api/upload", { method: "POST", body: multipart(), from: "198.51.100.2" })).status).toBe(200);
});

test("wrong sign-ins have a budget of their own per address, shared by the page and /api; right ones cost nothing", async () => {
  const from = "198.51.100.3";
  const right = { method: "POST", body: new URLSearchParams({ username: "a", password: "right" }), from };
  const wrong = { method: "POST", body: new URLSearchParams({ username: "a", password: "wrong" }), from };
  for (let attempt = 0; attempt < 10; attempt++) expect((await send("/login", right)).status).toBe(200);
  for (let attempt = 0; attempt < 2; attempt++) expect((await send("/login", wrong)).status).toBe(401);
  const json = { "Content-Type": "application/json" };
  const wrongJson = { method: "POST", body: JSON.stringify({ password: "wrong" }), headers: json, from };
  expect((await send("/api/login", wrongJson)).status).toBe(401);
  const refused = await send("/login", right);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("Retry-After")).toBe("60");
  // A made-up API token buys no attempts; the upload budget is not spent.
  expect((await send("/api/login", { ...wrongJson, headers: { ...json, Authorization: "Bearer fl_x" } })).status).toBe(
    429,
  );
  expect((await send("/api/upload", { method: "POST", body: multipart(), from })).status).toBe(200);
});

test("an /api call with an API token is counted by its token, not by its address", async () => {
  const call = (token: string, from: string) =>
    send("/api/posts", { method: "GET", headers: { Authorization: `Bearer ${token}` }, from });
  // Four calls of one token from four addresses, then the fifth is refused wherever it comes from.
  for (let n = 1; n <= 4; n++) expect((await call("fl_token-one", `198.51.100.${20 + n}`)).status).toBe(200);
  const refused = await call("fl_token-one", "198.51.100.30");
  expect(refused.status).toBe(429);
  expect(refused.headers.get("Retry-After")).toBe("60");
  expect(await refused.json()).toEqual({
    error: "Too many requests with this API token. Please wait a minute and try again.",
  });
  // Another token, from the same address, has its own budget; a page never counts a bearer.
  expect((await call("fl_token-two", "198.51.100.30")).status).toBe(200);
  const page = await send("/profile", {
    method: "GET",
    headers: { Authorization: "Bearer fl_token-one" },
    from: "198.51.100.30",
  });
  expect(page.status).toBe(200);
});

test("a page path is escaped in the 429 page's link", async () => {
  const from = "198.51.100.4";
  for (let attempt = 0; attempt < 2; attempt++) await send("/x'y", { method: "POST", body: multipart(), from });
  const page = await send("/x'y", { method: "POST", body: multipart(), from });
  expect(page.status).toBe(429);
  expect(await page.text()).toContain('href="/x&#39;y"');
});
