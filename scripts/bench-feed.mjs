#!/usr/bin/env node
// Feed benchmark (not a test): fills a fresh database with 1,000 officers and 200,000 posts
// (with check-ins, media, likes and comments), starts the production server on it, and reports
// the median and p95 latency and the requests per second of the feed page (/) and of
// GET /api/posts, each under a fixed number of concurrent connections.
//
//   npm run build && node scripts/bench-feed.mjs [--posts 200000] [--officers 1000] [--seconds 15] [--connections 8]
//
// Everything lives in a temp directory that is removed at the end.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { benchWorkspace, seededRandom } from "./lib/bench.mjs";
import { bin, root, run, waitForHttp } from "./lib/common.mjs";

const { values: options } = parseArgs({
  options: {
    posts: { type: "string", default: "200000" },
    officers: { type: "string", default: "1000" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: "4580" },
    keep: { type: "boolean", default: false },
  },
});
const POSTS = Number(options.posts);
const OFFICERS = Number(options.officers);
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);
const PORT = Number(options.port);
const { dir, databasePath, baseUrl: BASE, env } = benchWorkspace("bench", PORT);

async function fill() {
  const started = Date.now();
  await run(bin("prisma")[0], ["migrate", "deploy"], { env, quiet: true });
  // The one account the benchmark signs in with gets a real password hash.
  await run(bin("tsx")[0], ["scripts/user.ts", "--username", "bench", "--email", "bench@example.pk", "--password", "bench-pass-1", "--role", "OFFICER"], { env, quiet: true });
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const rng = seededRandom(42);
  const now = Date.now();
  const DAY = 86_400_000;
  const types = ["SALE", "FIELD_VISIT", "FARMER_MEETING", "DEALER_MEETING", "RECOVERY", "DEMO_PLOT"];
  db.transaction(() => {
    const user = db.prepare("INSERT INTO User (username, email, passwordHash, firstName, lastName, role, selectedAvatar, createdAt, updatedAt) VALUES (?, ?, 'x', ?, ?, 'OFFICER', 'DEFAULT_2', ?, ?)");
    for (let i = 1; i <= OFFICERS; i++) user.run(`officer${i}`, `officer${i}@example.pk`, `Officer`, `Number ${i}`, now - 90 * DAY, now);
    const dealer = db.prepare("INSERT INTO Dealer (businessName, ownerFirstName, ownerLastName, street, city, state, lat, lng, createdById, createdAt, updatedAt) VALUES (?, 'Owner', ?, 'Main Bazaar', 'Multan', 'Punjab', ?, ?, ?, ?, ?)");
    for (let i = 1; i <= 2000; i++) dealer.run(`Dealer ${i} Khad Store`, `No ${i}`, 30 + rng(), 71 + rng(), 2 + Math.floor(rng() * OFFICERS), now - Math.floor(rng() * 60 * DAY), now);
    const post = db.prepare(
      "INSERT INTO Post (userId, type, text, lat, lng, address, saleProduct, saleQty, salePriceCents, saleTotalCents, recoveryAmountCents, dealerId, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const checkIn = db.prepare("INSERT INTO CheckIn (userId, type, lat, lng, address, postId, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)");
    const media = db.prepare("INSERT INTO PostMedia (postId, kind, url, thumbUrl, mimeType, position) VALUES (?, 'IMAGE', ?, ?, 'image/webp', ?)");
    const like = db.prepare("INSERT OR IGNORE INTO Reaction (postId, userId, type, createdAt) VALUES (?, ?, 'LIKE', ?)");
    const comment = db.prepare("INSERT INTO Comment (postId, userId, text, isDeleted, createdAt) VALUES (?, ?, 'Well done, keep it up', 0, ?)");
    for (let i = 0; i < POSTS; i++) {
      const userId = 2 + Math.floor(rng() * OFFICERS);
      const type = types[Math.floor(rng() * types.length)];
      const at = now - Math.floor(((POSTS - i) / POSTS) * 60 * DAY);
      const lat = 30 + rng() * 2;
      const lng = 71 + rng() * 2;
      const qty = type === "SALE" ? 1 + Math.floor(rng() * 400) : null;
      const price = type === "SALE" ? 350_000 : null;
      const { lastInsertRowid: postId } = post.run(
        userId, type, `Bench post ${i} about the day's work in the field.`, lat, lng, "Main Bazaar, Multan, Punjab, Pakistan",
        type === "SALE" ? "SSP" : null, qty, price, type === "SALE" ? qty * price : null, type === "RECOVERY" ? 1_000_000 : null,
        type === "SALE" || type === "RECOVERY" || type === "DEALER_MEETING" ? 1 + Math.floor(rng() * 2000) : null, at,
      );
      checkIn.run(userId, type, lat, lng, "Main Bazaar, Multan", postId, at);
      if (rng() < 0.3) for (let m = 0; m < 1 + Math.floor(rng() * 5); m++) media.run(postId, `/files/posts/${String(i).padStart(32, "0")}.webp`, `/files/posts-thumbs/${String(i).padStart(32, "0")}.webp`, m);
      for (let l = 0; l < Math.floor(rng() * 4); l++) like.run(postId, 2 + Math.floor(rng() * OFFICERS), at + 1000);
      if (rng() < 0.2) comment.run(postId, 2 + Math.floor(rng() * OFFICERS), at + 2000);
    }
  })();
  db.pragma("optimize");
  const counts = db.prepare("SELECT (SELECT COUNT(*) FROM User) AS users, (SELECT COUNT(*) FROM Post) AS posts, (SELECT COUNT(*) FROM CheckIn) AS checkIns, (SELECT COUNT(*) FROM PostMedia) AS media, (SELECT COUNT(*) FROM Reaction) AS likes").get();
  db.close();
  console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
}

async function signIn() {
  const response = await fetch(`${BASE}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "bench", password: "bench-pass-1" }) });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

async function measure(label, path, cookie) {
  // Warm up.
  for (let i = 0; i < 5; i++) await (await fetch(`${BASE}${path}`, { headers: { Cookie: cookie } })).arrayBuffer();
  const latencies = [];
  let failures = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const response = await fetch(`${BASE}${path}`, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const result = { call: label, requests: latencies.length, failures, medianMs: at(0.5).toFixed(1), p95Ms: at(0.95).toFixed(1), requestsPerSecond: (latencies.length / elapsed).toFixed(1) };
  console.log(result);
  return result;
}

let server;
try {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("No production build: run `npm run build` first.");
  console.log(`Filling ${dir} with ${OFFICERS} officers and ${POSTS} posts…`);
  await fill();
  server = spawn(bin("tsx")[0], ["server/index.ts"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  if (!(await waitForHttp(`${BASE}/healthz`, 60_000))) throw new Error("The server did not start");
  const cookie = await signIn();
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`);
  const results = [
    await measure("GET / (feed page, first page with rankings)", "/", cookie),
    await measure("GET /api/posts (20 posts)", "/api/posts", cookie),
    await measure("GET /api/posts?limit=100", "/api/posts?limit=100", cookie),
  ];
  console.table(results);
} finally {
  server?.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (options.keep) console.log(`Kept ${databasePath}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}
