// Performance calculation benchmark (not a test): fills a fresh database with 2,000 officers,
// 1,000,000 posts over 60 days (about half in the 30-day window) and 20,000 dealers, then times
// calculatePerformance() twice: the first run ranks everyone and notifies; the second finds
// nothing changed. Goal (issue 6): under 2 s.
//
//   npx tsx scripts/bench-performance.ts [--officers 2000] [--posts 1000000] [--dealers 20000]
//
// Everything lives in a temp directory that is removed at the end.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const { values: options } = parseArgs({
  options: {
    officers: { type: "string", default: "2000" },
    posts: { type: "string", default: "1000000" },
    dealers: { type: "string", default: "20000" },
    keep: { type: "boolean", default: false },
  },
});
const OFFICERS = Number(options.officers);
const POSTS = Number(options.posts);
const DEALERS = Number(options.dealers);
const DAY_MS = 86_400_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-bench-perf-"));
const databasePath = path.join(dir, "bench.db");
process.env.DATABASE_URL = `file:${databasePath}`;
process.env.LOG_REQUESTS = "false";

/** A fixed-seed generator, so every run writes the same rows. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fill() {
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: process.env, stdio: "ignore" });
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const rng = random(42);
  const now = Date.now();
  const started = performance.now();
  db.transaction(() => {
    const user = db.prepare("INSERT INTO User (id, username, email, passwordHash, role, firstName, createdAt, updatedAt) VALUES (?, ?, ?, 'x', 'OFFICER', ?, ?, ?)");
    for (let id = 1; id <= OFFICERS; id++) user.run(id, `officer${id}`, `officer${id}@bench.pk`, `Officer ${id}`, now - 400 * DAY_MS + id, now);
    const dealer = db.prepare("INSERT INTO Dealer (businessName, street, city, state, lat, lng, createdById, createdAt, updatedAt) VALUES ('Dealer', 'Road', 'Multan', 'Punjab', 30, 71, ?, ?, ?)");
    for (let i = 0; i < DEALERS; i++) {
      const at = now - Math.floor(rng() * 60 * DAY_MS);
      dealer.run(1 + Math.floor(rng() * OFFICERS), at, at);
    }
    const post = db.prepare("INSERT INTO Post (userId, type, text, saleProduct, saleQty, salePriceCents, saleTotalCents, recoveryAmountCents, createdAt) VALUES (?, ?, '', ?, ?, ?, ?, ?, ?)");
    for (let i = 0; i < POSTS; i++) {
      const userId = 1 + Math.floor(rng() * OFFICERS);
      const at = now - Math.floor(rng() * 60 * DAY_MS);
      const kind = rng();
      if (kind < 0.3) {
        const qty = 1 + Math.floor(rng() * 100);
        const price = 100_000 + Math.floor(rng() * 500_000);
        post.run(userId, "SALE", "SSP", qty, price, qty * price, null, at);
      } else if (kind < 0.5) {
        post.run(userId, "RECOVERY", null, null, null, null, Math.floor(rng() * 50_000_000), at);
      } else {
        post.run(userId, "FIELD_VISIT", null, null, null, null, null, at);
      }
    }
  })();
  db.close();
  return Math.round((performance.now() - started) / 1000);
}

try {
  console.log(`Filling ${OFFICERS} officers, ${POSTS} posts, ${DEALERS} dealers in ${dir} ...`);
  const seconds = fill();
  console.log(`Filled in ${seconds} s.`);
  const { applyPragmas, prisma } = await import("~/db.server");
  const { calculatePerformance } = await import("~/models/performance.server");
  await applyPragmas();
  const first = await calculatePerformance();
  console.log(`First calculation: ${first.durationMs} ms (${first.ranked} of ${first.officers} ranked, ${first.notifications} notifications)`);
  const second = await calculatePerformance();
  console.log(`Second calculation: ${second.durationMs} ms (${second.notifications} notifications)`);
  const third = await calculatePerformance();
  console.log(`Third calculation: ${third.durationMs} ms`);
  const goal = Math.max(first.durationMs, second.durationMs, third.durationMs) < 2000;
  console.log(goal ? "Goal met: every calculation under 2 s." : "Goal missed: a calculation took 2 s or more.");
  await prisma.$disconnect();
} finally {
  if (options.keep) console.log(`Kept ${databasePath}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}
