import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../e2e/support/fixtures";
import Database from "better-sqlite3";
import { keepServerLog } from "../support/server-log.mjs";

// The production server under LiteFS (LITEFS_DIR), without LiteFS itself: a second server on
// its own copy of the e2e database, whose LiteFS directory the test turns from primary into
// replica by writing LiteFS's `.primary` file (docs/operations.md).

const port = Number(process.env.E2E_PORT ?? 4500) + 1;
const base = `http://127.0.0.1:${port}`;
const json = { "Content-Type": "application/json" };
const credentials = { username: "officer2", password: "fieldline" };
let dir: string;
let database: string;
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-litefs-e2e-"));
  database = path.join(dir, "fieldline.db");
  const source = new Database(path.join(process.env.FIELDLINE_E2E_DIR!, "e2e.db"), { readonly: true });
  source.prepare("VACUUM INTO ?").run(database);
  source.close();
  fs.writeFileSync(`${database}-pos`, "00000000000003e8/8b4b1a8a2e59c1f4\n");

  server = spawn(path.join("node_modules", ".bin", "tsx"), ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      DATABASE_URL: `file:${database}`,
      DATA_DIR: path.join(dir, "data"),
      LITEFS_DIR: dir,
      SESSION_SECRET: "litefs-e2e-session-secret-0123456789-abcdefgh",
      LOG_REQUESTS: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepServerLog(server, "litefs", (chunk) => process.stdout.write(chunk));
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the LiteFS server did not start");
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function countPosts(): number {
  const db = new Database(database, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM Post").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

test("on the primary, writes answer with the TXID cookie replicas wait for, and reads do not", async ({
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: base });
  const login = await request.post("/api/login", { data: credentials, headers: json });
  expect(login.status()).toBe(200);
  const cookies = login
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
  expect(cookies).toContain("__txid=00000000000003e8; Path=/; Max-Age=300; HttpOnly; SameSite=Lax");

  const post = await request.post("/api/posts", {
    data: { type: "FIELD_VISIT", text: "Written on the primary" },
    headers: json,
  });
  expect(post.status()).toBe(201);
  expect(post.headers()["set-cookie"]).toContain("__txid=00000000000003e8");

  const read = await request.get("/api/posts?limit=1");
  expect(read.status()).toBe(200);
  expect(read.headers()["set-cookie"]).toBeUndefined();
  await request.dispose();
});

test("on a replica, writes, the geocoder and uploaded files are replayed to the primary, and nothing is written", async ({
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: base });
  expect((await request.post("/api/login", { data: credentials, headers: json })).status()).toBe(200);
  fs.writeFileSync(path.join(dir, ".primary"), "e286d4e1b41e86\n");
  const before = countPosts();

  const post = await request.post("/api/posts", {
    data: { type: "FIELD_VISIT", text: "Sent to a replica" },
    headers: json,
  });
  expect(post.status()).toBe(409);
  expect(post.headers()["fly-replay"]).toBe("instance=e286d4e1b41e86");
  const form = await request.post("/new-post", {
    form: { type: "FIELD_VISIT", text: "Sent to a replica" },
    maxRedirects: 0,
  });
  expect(form.headers()["fly-replay"]).toBe("instance=e286d4e1b41e86");
  expect(countPosts()).toBe(before);

  const geocode = await request.get("/api/geocode/reverse?lat=31.52&lng=74.35");
  expect(geocode.headers()["fly-replay"]).toBe("instance=e286d4e1b41e86");
  const file = await request.get("/files/posts/0123456789abcdef0123456789abcdef.jpg");
  expect(file.headers()["fly-replay"]).toBe("instance=e286d4e1b41e86");

  const feed = await request.get("/api/posts?limit=1");
  expect(feed.status()).toBe(200);
  const page = await request.get("/dealers");
  expect(page.status()).toBe(200);
  await request.dispose();
});
