import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rateLimits, routedPath } from "./rate-limits";

// The limiter in front of a stand-in app that answers 200 to everything, over real HTTP.
let base = "";
let close: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1);
  app.use(rateLimits({ authPerMinute: 3, uploadsPerMinute: 2, tokenCallsPerMinute: 4 }));
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
  // An Urdu reader's page is in Urdu, right to left; /api answers tools in English whatever they send.
  const urdu = await send("/new-post", { method: "POST", body: multipart(), from, headers: { Cookie: "fl_lang=ur" } });
  expect(urdu.status).toBe(429);
  const urduPage = await urdu.text();
  expect(urduPage).toContain('<html lang="ur" dir="rtl">');
  expect(urduPage).toContain("<h1>بہت زیادہ کوششیں</h1>");
  expect(urduPage).toContain("<p>بہت زیادہ اپ لوڈ۔ براہ کرم ایک منٹ انتظار کریں اور دوبارہ کوشش کریں۔</p>");
  const urduApi = await send("/api/dealers/1/gallery", {
    method: "POST",
    body: multipart(),
    from,
    headers: { Cookie: "fl_lang=ur" },
  });
  expect(await urduApi.json()).toEqual({ error: "Too many uploads. Please wait a minute and try again." });

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

test("routedPath spells a path as React Router routes it", () => {
  expect(routedPath("/API/Register/")).toBe("/api/register");
  expect(routedPath("/api/%72egister.data")).toBe("/api/register");
  expect(routedPath("//api///forgot%2Dpassword//")).toBe("/api/forgot-password");
  expect(routedPath("/api%2Fregister")).toBe("/api%2fregister");
  expect(routedPath("/%E0%A4%A")).toBe("/%e0%a4%a");
  expect(routedPath("/")).toBe("/");
  expect(routedPath("/_root.data")).toBe("/_root");
});

test("registration in any spelling shares its budget; uploads and a token's calls too", async () => {
  const from = "198.51.100.3";
  const post = (path: string) => send(path, { method: "POST", body: new URLSearchParams({ a: "b" }), from });
  for (let attempt = 0; attempt < 3; attempt++) expect((await post("/api/register")).status).toBe(200);
  for (const path of ["/API/register", "/Register/", "/api/%72egister", "/api/save-registration.data"]) {
    expect((await post(path)).status, path).toBe(429);
  }
  // An upload's PUT in capitals counts as an upload.
  const upload = (path: string) => send(path, { method: "PUT", body: new Uint8Array(10), from: "198.51.100.5" });
  expect((await upload("/api/objects/uploads/a")).status).toBe(200);
  expect((await upload("/API/objects/uploads/b")).status).toBe(200);
  expect((await upload("/Api/Objects/Uploads/c")).status).toBe(429);
  // A token's call under /API is counted by the token.
  const call = (path: string) =>
    send(path, { method: "GET", headers: { Authorization: "Bearer fl_token-case" }, from: "198.51.100.6" });
  for (const path of ["/api/posts", "/API/posts", "/Api/Posts/", "/api/%70osts"])
    expect((await call(path)).status).toBe(200);
  expect((await call("/API/POSTS")).status).toBe(429);
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
