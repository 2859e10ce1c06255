#!/usr/bin/env node
// Map benchmark (not a test): fills a fresh database with 10,000 dealers and 2,000 check-ins
// today (100 officers, 20 stops each), starts the production server on it, and reports what
// the Dealer Locations Map costs: size (raw and gzip) and time of the page and of the two
// calls its map makes (GET /api/dealers for the markers, GET /api/agents/checkins).
//
//   npm run build && node scripts/bench-map.mjs [--dealers 10000] [--checkins 2000] [--runs 20]
//
// Everything lives in a temp directory that is removed at the end.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { benchWorkspace, seededRandom, signIn } from "./lib/bench.mjs";
import { insertDealers, insertOfficers } from "./lib/bench-data.mjs";
import { SERVER_BUILD, bin, builtServer, root, run, waitForHttp } from "./lib/common.mjs";

const { values: options } = parseArgs({
  options: {
    dealers: { type: "string", default: "10000" },
    checkins: { type: "string", default: "2000" },
    officers: { type: "string", default: "100" },
    runs: { type: "string", default: "20" },
    port: { type: "string", default: "4581" },
  },
});
const DEALERS = Number(options.dealers);
const CHECKINS = Number(options.checkins);
const OFFICERS = Number(options.officers);
const RUNS = Number(options.runs);
const PORT = Number(options.port);
const { dir, databasePath, baseUrl: BASE, env } = benchWorkspace("bench-map", PORT);

async function fill() {
  await run(bin("prisma")[0], ["migrate", "deploy"], { env, quiet: true });
  await run(
    bin("tsx")[0],
    [
      "scripts/user.ts",
      "--username",
      "bench",
      "--email",
      "bench@example.pk",
      "--password",
      "bench-pass-1",
      "--role",
      "MANAGER",
    ],
    { env, quiet: true },
  );
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  const rng = seededRandom(7);
  const now = Date.now();
  // Today in Asia/Karachi (UTC+5) from 08:00 local, so every check-in is on today's map.
  const karachiMidnight = Math.floor((now + 5 * 3_600_000) / 86_400_000) * 86_400_000 - 5 * 3_600_000;
  const dayStart = Math.max(karachiMidnight + 60_000, now - 10 * 3_600_000);
  db.transaction(() => {
    const { officerIds: ids } = insertOfficers(db, { officers: OFFICERS, joinedAt: now });
    insertDealers(db, { count: DEALERS, rng, createdAt: () => now });
    const checkIn = db.prepare(
      "INSERT INTO CheckIn (userId, type, lat, lng, address, createdAt) VALUES (?, 'CHECK_IN', ?, ?, ?, ?)",
    );
    const perOfficer = Math.ceil(CHECKINS / OFFICERS);
    const span = Math.max(60_000, now - dayStart - 60_000);
    for (let n = 0; n < CHECKINS; n++) {
      const officer = ids[n % ids.length];
      const stop = Math.floor(n / ids.length);
      const at = dayStart + Math.floor((stop / perOfficer) * span);
      checkIn.run(officer, 28 + rng() * 4, 68 + rng() * 4, `Village ${n}, Multan, Punjab, Pakistan`, at);
    }
  })();
  db.close();
}

async function measure(label, urlPath, cookie) {
  const times = [];
  let body = Buffer.alloc(0);
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const response = await fetch(`${BASE}${urlPath}`, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } });
    body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${urlPath}: ${response.status}`);
    if (i >= 2) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result = {
    call: label,
    rawKB: (body.length / 1024).toFixed(1),
    gzipKB: (zlib.gzipSync(body, { level: 6 }).length / 1024).toFixed(1),
    medianMs: times[Math.floor(times.length / 2)].toFixed(1),
    p95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))].toFixed(1),
  };
  console.log(result);
  return result;
}

let server;
try {
  if (!fs.existsSync(path.join(root, SERVER_BUILD))) throw new Error("No production build: run `npm run build` first.");
  console.log(`Filling ${dir} with ${DEALERS} dealers and ${CHECKINS} check-ins today…`);
  await fill();
  server = spawn(...builtServer(), { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  if (!(await waitForHttp(`${BASE}/healthz`, 60_000))) throw new Error("The server did not start");
  const cookie = await signIn(BASE, "bench", "bench-pass-1");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
  console.log(
    `\n${RUNS} sequential requests each, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
  );
  const results = [
    await measure("GET /dealer-map (page HTML, all agents)", "/dealer-map", cookie),
    await measure("GET /api/dealers?view=map (the map's markers)", "/api/dealers?view=map", cookie),
    await measure("GET /api/dealers?view=map&province=Punjab", "/api/dealers?view=map&province=Punjab", cookie),
    await measure("GET /api/dealers (full dealers, for comparison)", "/api/dealers", cookie),
    await measure(`GET /api/agents/checkins?date=${today}`, `/api/agents/checkins?date=${today}`, cookie),
  ];
  console.table(results);
} finally {
  server?.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dir, { recursive: true, force: true });
}
