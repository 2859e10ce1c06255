import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { log } from "../app/infra/log.server.ts";
import { assignRequestId } from "./request-log.ts";
import { serverError } from "./server-error.ts";

let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(assignRequestId);
  app.get("/broken", () => {
    throw new Error("the database said: phone +92 300 1234567 is taken");
  });
  app.use(serverError);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

test("a failure outside the app is logged with its request's id and answers a plain 500 page that says the id", async () => {
  const logged = vi.spyOn(log, "error");
  const response = await fetch(`${base}/broken`, { headers: { "X-Request-Id": "broken-request-1" } });
  expect(response.status).toBe(500);
  expect(response.headers.get("x-request-id")).toBe("broken-request-1");
  const page = await response.text();
  expect(page).toContain("<h1>Something went wrong</h1>");
  expect(page).toContain("<small>Request id: broken-request-1</small>");
  expect(page).not.toContain("1234567");
  expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, "request failed");
  logged.mockRestore();
});

test("the plain 500 page is in the reader's language: Urdu right to left for an Urdu browser", async () => {
  const logged = vi.spyOn(log, "error").mockImplementation(() => {});
  const response = await fetch(`${base}/broken`, {
    headers: { "X-Request-Id": "broken-request-2", "Accept-Language": "ur" },
  });
  expect(response.status).toBe(500);
  const page = await response.text();
  expect(page).toContain('<html lang="ur" dir="rtl">');
  expect(page).toContain("<h1>کچھ غلط ہو گیا</h1>");
  expect(page).toContain("broken-request-2");
  logged.mockRestore();
});
