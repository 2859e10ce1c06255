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
  app.use(rateLimits({ authPerMinute: 3, uploadsPerMinute: 2 }));
  app.use((_req, res) => void res.json({ ok: true }));
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

test("sign-in attempts have a budget of their own, shared by the page and /api", async () => {
  const from = "198.51.100.3";
  const form = { method: "POST", body: new URLSearchParams({ username: "a", password: "b" }), from };
  for (let attempt = 0; attempt < 2; attempt++) expect((await send("/login", form)).status).toBe(200);
  expect(
    (await send("/api/login", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" }, from }))
      .status,
  ).toBe(200);
  const refused = await send("/login", form);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("Retry-After")).toBe("60");
  // The sign-in budget is spent, the upload budget is not.
  expect((await send("/api/upload", { method: "POST", body: multipart(), from })).status).toBe(200);
});

test("a page path is escaped in the 429 page's link", async () => {
  const from = "198.51.100.4";
  for (let attempt = 0; attempt < 2; attempt++) await send("/x'y", { method: "POST", body: multipart(), from });
  const page = await send("/x'y", { method: "POST", body: multipart(), from });
  expect(page.status).toBe(429);
  expect(await page.text()).toContain('href="/x&#39;y"');
});
