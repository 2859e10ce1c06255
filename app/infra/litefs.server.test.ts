// The LiteFS routing rules against a simulated node: a temporary directory with or without
// LiteFS's `.primary` file and with its `<database>-pos` file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  REPLAY_BODY_LIMIT,
  type RoutedRequest,
  databaseName,
  readLiteFsNode,
  readTxid,
  rememberWritePosition,
  routeRequest,
  txidFromCookieHeader,
  waitForTxid,
} from "~/infra/litefs.server";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-litefs-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const replica = { role: "replica", primary: "3d8d99e4b3d268" } as const;
const primary = { role: "primary" } as const;
const request = (method: string, urlPath: string, bodyBytes: number | null = 0, forwarded = false): RoutedRequest => ({
  method,
  path: urlPath,
  bodyBytes,
  forwarded,
});
const setPosition = (txid: string) =>
  fs.writeFileSync(path.join(dir, "fieldline.db-pos"), `${txid}/8b4b1a8a2e59c1f4\n`);

describe("readLiteFsNode", () => {
  it("is the primary when LiteFS wrote no .primary file", async () => {
    expect(await readLiteFsNode(dir)).toEqual({ role: "primary" });
  });

  it("is a replica of the host named in .primary", async () => {
    fs.writeFileSync(path.join(dir, ".primary"), "3d8d99e4b3d268\n");
    expect(await readLiteFsNode(dir)).toEqual(replica);
  });
});

describe("routeRequest", () => {
  it("serves everything on the primary", () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      expect(routeRequest(request(method, "/api/posts", 5 * REPLAY_BODY_LIMIT), primary)).toEqual({ action: "serve" });
    }
    expect(routeRequest(request("GET", "/files/posts/a.jpg"), primary)).toEqual({ action: "serve" });
  });

  it("serves reads on a replica", () => {
    for (const urlPath of ["/", "/dealers", "/api/posts", "/dealer-details/4", "/healthz"]) {
      expect(routeRequest(request("GET", urlPath), replica)).toEqual({ action: "serve" });
      expect(routeRequest(request("HEAD", urlPath), replica)).toEqual({ action: "serve" });
    }
    expect(routeRequest(request("OPTIONS", "/api/posts"), replica)).toEqual({ action: "serve" });
  });

  it("replays writes with small bodies to the primary", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(routeRequest(request(method, "/api/dealers/3", 2_000), replica)).toEqual({
        action: "replay",
        instance: "3d8d99e4b3d268",
      });
    }
    expect(routeRequest(request("POST", "/new-post", REPLAY_BODY_LIMIT), replica)).toEqual({
      action: "replay",
      instance: "3d8d99e4b3d268",
    });
  });

  it("forwards writes whose body is over 1 MB or of unknown length", () => {
    expect(routeRequest(request("POST", "/new-post", REPLAY_BODY_LIMIT + 1), replica)).toEqual({
      action: "forward",
      instance: "3d8d99e4b3d268",
    });
    expect(routeRequest(request("PUT", "/api/objects/uploads/abc", null), replica)).toEqual({
      action: "forward",
      instance: "3d8d99e4b3d268",
    });
  });

  it("sends GETs that write, and uploaded files, to the primary", () => {
    expect(routeRequest(request("GET", "/api/geocode/reverse"), replica)).toEqual({
      action: "replay",
      instance: "3d8d99e4b3d268",
    });
    expect(routeRequest(request("GET", "/files/posts/0123456789abcdef0123456789abcdef.jpg"), replica)).toEqual({
      action: "replay",
      instance: "3d8d99e4b3d268",
    });
    expect(routeRequest(request("GET", "/api/geocode/reverse-other"), replica)).toEqual({ action: "serve" });
    for (const path of ["/reports", "/reports.data", "/api/reports"]) {
      expect(routeRequest(request("GET", path), replica)).toEqual({ action: "replay", instance: "3d8d99e4b3d268" });
    }
    expect(routeRequest(request("GET", "/reports-old"), replica)).toEqual({ action: "serve" });
  });

  it("with the uploads in a bucket (STORAGE=s3), a replica serves uploaded files itself", () => {
    const inBucket = { filesOnPrimaryOnly: false };
    expect(
      routeRequest(request("GET", "/files/posts/0123456789abcdef0123456789abcdef.webp"), replica, inBucket),
    ).toEqual({ action: "serve" });
    expect(routeRequest(request("GET", "/api/geocode/reverse"), replica, inBucket)).toEqual({
      action: "replay",
      instance: "3d8d99e4b3d268",
    });
    expect(routeRequest(request("POST", "/api/posts", 10), replica, inBucket)).toEqual({
      action: "replay",
      instance: "3d8d99e4b3d268",
    });
  });

  it("never forwards a request twice: a forwarded write reaching a replica is refused", () => {
    expect(routeRequest(request("POST", "/api/posts", 10, true), replica)).toEqual({ action: "unavailable" });
    expect(routeRequest(request("POST", "/api/posts", 10, true), primary)).toEqual({ action: "serve" });
  });
});

describe("replication position", () => {
  it("reads the TXID from <database>-pos, and null before the database exists", async () => {
    expect(await readTxid(dir, "fieldline.db")).toBeNull();
    setPosition("00000000000000ff");
    expect(await readTxid(dir, "fieldline.db")).toBe(255n);
  });

  it("takes the TXID from LiteFS's cookie and ignores anything else", () => {
    expect(txidFromCookieHeader("fl_session=abc; __txid=000000000000002a; theme=x")).toBe(42n);
    expect(txidFromCookieHeader("__txid=000000000000002a")).toBe(42n);
    expect(txidFromCookieHeader("x__txid=000000000000002a")).toBeNull();
    expect(txidFromCookieHeader("__txid=2a")).toBeNull();
    expect(txidFromCookieHeader("__txid=zzzzzzzzzzzzzzzz")).toBeNull();
    expect(txidFromCookieHeader(undefined)).toBeNull();
  });

  it("waits until the replica reaches the TXID, or answers false at the timeout", async () => {
    setPosition("0000000000000009");
    setTimeout(() => setPosition("000000000000000b"), 100);
    const started = Date.now();
    expect(await waitForTxid(dir, "fieldline.db", 11n, { timeoutMs: 3000 })).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);

    expect(await waitForTxid(dir, "fieldline.db", 12n, { timeoutMs: 150 })).toBe(false);
    expect(await waitForTxid(dir, "fieldline.db", 5n, { timeoutMs: 0 })).toBe(true);
  });

  it("marks the answer to a write with the primary's position, and leaves reads alone", async () => {
    setPosition("00000000000004d2");
    const options = { litefsDir: dir, databaseUrl: "file:/litefs/fieldline.db?connection_limit=1", secure: true };
    const post = await rememberWritePosition(
      new Request("http://x/new-post", { method: "POST" }),
      new Response(null, { status: 302 }),
      options,
    );
    expect(post.headers.get("Set-Cookie")).toBe(
      "__txid=00000000000004d2; Path=/; Max-Age=300; HttpOnly; SameSite=Lax; Secure",
    );
    const get = await rememberWritePosition(new Request("http://x/"), new Response("page"), options);
    expect(get.headers.get("Set-Cookie")).toBeNull();
  });

  it("names the database file inside the mount", () => {
    expect(databaseName("file:/litefs/fieldline.db")).toBe("fieldline.db");
    expect(databaseName("file:./data/app.db?mode=rwc")).toBe("app.db");
  });
});
