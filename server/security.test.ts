import type { AddressInfo } from "node:net";
import express from "express";
import { expect, test } from "vitest";
import { assignCspNonce, securityHeaders } from "./security";

async function headersOf(
  https: boolean,
  tileUrl: string | null = "https://{s}.tile.example.org/{z}/{x}/{y}.png",
): Promise<Headers> {
  const app = express();
  app.use(assignCspNonce, securityHeaders({ tileUrl, https }));
  app.use((_req, res) => void res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).headers;
  } finally {
    server.close();
  }
}

test("behind HTTPS: HSTS for a year with subdomains, and insecure requests upgraded", async () => {
  const headers = await headersOf(true);
  expect(headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  expect(headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
});

test("over plain HTTP: no HSTS; either way the CSP forbids plugins and <base> and names the tile server", async () => {
  const headers = await headersOf(false);
  expect(headers.get("strict-transport-security")).toBeNull();
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).not.toContain("upgrade-insecure-requests");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("img-src 'self' data: blob: https://*.tile.example.org");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
});

test("with the self-hosted map (no tile server), images and requests stay on this origin", async () => {
  const csp = (await headersOf(false, null)).get("content-security-policy") ?? "";
  expect(csp).toContain("img-src 'self' data: blob:;");
  expect(csp).toContain("connect-src 'self';");
  expect(csp).not.toContain("worker-src");
});
