import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_REFUSED, sameOriginWrites } from "./same-origin.ts";

let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(sameOriginWrites("https://fieldline.example"));
  app.all("/{*path}", (_req, res) => void res.json({ ok: true }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

function send(path: string, method: string, origin?: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { method, headers: { ...headers, ...(origin ? { Origin: origin } : {}) } });
}

describe("sameOriginWrites", () => {
  it("refuses a state-changing /api call from another site with 403 JSON", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await send("/api/posts", method, "https://evil.example");
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: CROSS_SITE_REFUSED });
    }
  });

  it("refuses a page form posted from another site, and an opaque (null) origin", async () => {
    const page = await send("/new-post", "POST", "https://evil.example");
    expect(page.status).toBe(403);
    expect(await page.text()).toBe(CROSS_SITE_REFUSED);
    expect((await send("/api/logout", "POST", "null")).status).toBe(403);
  });

  it("lets through the app's own origin, the origin the request arrived at, and tools without Origin", async () => {
    expect((await send("/api/posts", "POST", "https://fieldline.example")).status).toBe(200);
    expect((await send("/api/posts", "POST", base)).status).toBe(200);
    expect((await send("/api/posts", "POST")).status).toBe(200);
  });

  it("lets an /api call with an API token and no cookie through; with a cookie, or to a page, Origin still counts", async () => {
    const bearer = { Authorization: "Bearer fl_abc" };
    expect((await send("/api/posts", "POST", "https://evil.example", bearer)).status).toBe(200);
    expect(
      (await send("/api/posts", "POST", "https://evil.example", { ...bearer, Cookie: "fl_session=x" })).status,
    ).toBe(403);
    expect((await send("/new-post", "POST", "https://evil.example", bearer)).status).toBe(403);
    expect((await send("/api/posts", "POST", "https://evil.example", { Authorization: "Basic YTpi" })).status).toBe(
      403,
    );
  });

  it("never blocks reads", async () => {
    expect((await send("/api/posts", "GET", "https://evil.example")).status).toBe(200);
  });

  it("does not take a look-alike origin for its own", async () => {
    expect((await send("/api/posts", "POST", "https://fieldline.example.evil.example")).status).toBe(403);
    expect((await send("/api/posts", "POST", "http://fieldline.example")).status).toBe(403);
  });
});
