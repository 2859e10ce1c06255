// The LiteFS routing middleware over real HTTP: a replica (a temporary directory with LiteFS's
// .primary and -pos files) in front of a stand-in primary that records what reaches it.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FORWARDED_HEADER, litefsRouting } from "./litefs-routing.ts";
import { assignRequestId } from "./request-log.ts";

type Received = {
  method: string;
  url: string;
  bytes: number;
  sha256: string;
  forwarded: string | undefined;
  host: string | undefined;
};

let dir: string;
let received: Received[];
let primary: http.Server;
let replica: http.Server;
let replicaUrl: string;

/** A JSON error the routing answered itself: its message, with the request's id as the app's errors carry it. */
async function expectJsonError(response: Response, error: string) {
  const requestId = response.headers.get("x-request-id");
  expect(requestId).toMatch(/^[\w-]{8,}$/);
  expect(await response.json()).toEqual({ error, requestId });
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-litefs-node-"));
  fs.writeFileSync(path.join(dir, ".primary"), "primary-machine\n");
  fs.writeFileSync(path.join(dir, "fieldline.db-pos"), "0000000000000010/8b4b1a8a2e59c1f4\n");
  received = [];
  primary = http.createServer((req, res) => {
    const hash = crypto.createHash("sha256");
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    req.on("end", () => {
      const header = req.headers[FORWARDED_HEADER];
      received.push({
        method: req.method!,
        url: req.url!,
        bytes,
        sha256: hash.digest("hex"),
        forwarded: header as string | undefined,
        host: req.headers.host,
      });
      res.writeHead(201, {
        "Content-Type": "application/json",
        "Set-Cookie": "__txid=0000000000000011; Path=/; HttpOnly",
      });
      res.end(JSON.stringify({ stored: bytes }));
    });
  });
  const primaryPort = await listen(primary);

  const app = express();
  app.use(assignRequestId);
  app.use(
    litefsRouting({
      litefsDir: dir,
      databaseName: "fieldline.db",
      appPort: primaryPort,
      hostOf: () => "127.0.0.1",
      catchUpMs: 300,
    }),
  );
  app.use((req, res) => {
    req.resume();
    req.on("end", () => res.json({ servedBy: "replica", path: req.path }));
  });
  replica = http.createServer(app);
  replicaUrl = `http://127.0.0.1:${await listen(replica)}`;
});

afterEach(async () => {
  await new Promise((resolve) => replica.close(resolve));
  await new Promise((resolve) => primary.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("litefsRouting on a replica", () => {
  it("serves reads itself", async () => {
    const response = await fetch(`${replicaUrl}/dealers?query=x`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ servedBy: "replica", path: "/dealers" });
    expect(received).toEqual([]);
  });

  it("answers a small write with fly-replay to the primary, without running it", async () => {
    const response = await fetch(`${replicaUrl}/api/posts`, {
      method: "POST",
      body: JSON.stringify({ type: "SALE" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(409);
    expect(response.headers.get("fly-replay")).toBe("instance=primary-machine");
    await expectJsonError(response, "This request must be answered by the primary.");
    expect(received).toEqual([]);
  });

  it("replays a GET that writes and a request for an uploaded file", async () => {
    for (const url of ["/api/geocode/reverse?lat=31.5&lng=74.3", "/files/posts/0123456789abcdef0123456789abcdef.jpg"]) {
      const response = await fetch(`${replicaUrl}${url}`);
      expect(response.headers.get("fly-replay")).toBe("instance=primary-machine");
    }
  });

  it("forwards an upload over 1 MB to the primary whole, and passes its answer back", async () => {
    const body = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const response = await fetch(`${replicaUrl}/api/objects/uploads/abc?expires=1&signature=x`, {
      method: "PUT",
      body,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ stored: body.length });
    expect(response.headers.get("set-cookie")).toBe("__txid=0000000000000011; Path=/; HttpOnly");
    expect(received).toEqual([
      {
        method: "PUT",
        url: "/api/objects/uploads/abc?expires=1&signature=x",
        bytes: body.length,
        sha256: crypto.createHash("sha256").update(body).digest("hex"),
        forwarded: "1",
        host: new URL(replicaUrl).host,
      },
    ]);
  });

  it("forwards a streamed body of unknown length", async () => {
    const chunks = [crypto.randomBytes(700_000), crypto.randomBytes(700_000)];
    const stream = new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(`${replicaUrl}/new-post`, {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(received[0]?.bytes).toBe(1_400_000);
  });

  it("refuses a write another node already forwarded here", async () => {
    const response = await fetch(`${replicaUrl}/api/posts`, {
      method: "POST",
      body: "{}",
      headers: { [FORWARDED_HEADER]: "1" },
    });
    expect(response.status).toBe(503);
    await expectJsonError(response, "The primary is changing. Please try again in a moment.");
    expect(received).toEqual([]);
  });

  it("answers 502 when the primary cannot be reached for a forwarded write", async () => {
    await new Promise((resolve) => primary.close(resolve));
    const response = await fetch(`${replicaUrl}/new-post`, {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("type=SALE"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(502);
    await expectJsonError(response, "The primary could not be reached. Please try again.");
  });

  it("waits for the browser's last write before answering a read", async () => {
    setTimeout(() => fs.writeFileSync(path.join(dir, "fieldline.db-pos"), "0000000000000011/1111111111111111\n"), 100);
    const response = await fetch(`${replicaUrl}/`, { headers: { Cookie: "__txid=0000000000000011" } });
    expect(await response.json()).toEqual({ servedBy: "replica", path: "/" });
  });

  it("has the primary answer a read when the replica does not catch up in time", async () => {
    const response = await fetch(`${replicaUrl}/`, { headers: { Cookie: "__txid=0000000000000099" } });
    expect(response.headers.get("fly-replay")).toBe("instance=primary-machine");
  });
});

describe("litefsRouting on the primary", () => {
  it("serves writes itself", async () => {
    fs.rmSync(path.join(dir, ".primary"));
    const response = await fetch(`${replicaUrl}/api/posts`, {
      method: "POST",
      body: crypto.randomBytes(2 * 1024 * 1024),
    });
    expect(await response.json()).toEqual({ servedBy: "replica", path: "/api/posts" });
    expect(received).toEqual([]);
  });
});
