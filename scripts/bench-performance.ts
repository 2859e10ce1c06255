// Performance calculation benchmark (not a test): times calculatePerformance() three times on
// a database with 1,000,000 posts over 60 days (about half in the 30-day window): the first
// run ranks everyone and notifies; the next ones find nothing changed. Goal (issue 6): under 2 s.
//
//   npx tsx scripts/bench-performance.ts [--officers 1000] [--teams 40] [--posts 1000000] [--dealers 10000] [--json]
//   npx tsx scripts/bench-performance.ts --database bench.db --json   (a database filled already)
//
// Without --database everything lives in a temp directory that is removed at the end. With
// --json it prints one JSON line: the three durations and the process's peak memory.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fillScaleData } from "./lib/bench-data.mjs";

const { values: options } = parseArgs({
  options: {
    officers: { type: "string", default: "1000" },
    teams: { type: "string", default: "40" },
    posts: { type: "string", default: "1000000" },
    dealers: { type: "string", default: "10000" },
    database: { type: "string" },
    json: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});

const dir = options.database ? null : fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-bench-perf-"));
const databasePath = options.database ? path.resolve(options.database) : path.join(dir!, "bench.db");
process.env.DATABASE_URL = `file:${databasePath}`;
process.env.LOG_REQUESTS = "false";
const log = (message: string) => (options.json ? undefined : console.log(message));

try {
  if (!options.database) {
    log(`Filling ${options.officers} officers, ${options.posts} posts, ${options.dealers} dealers in ${dir} ...`);
    execFileSync("npx", ["prisma", "migrate", "deploy"], { env: process.env, stdio: "ignore" });
    const started = performance.now();
    fillScaleData(databasePath, {
      officers: Number(options.officers),
      teams: Number(options.teams),
      posts: Number(options.posts),
      dealers: Number(options.dealers),
      reactions: 0,
      postsOnly: true,
    });
    log(`Filled in ${Math.round((performance.now() - started) / 1000)} s.`);
  }
  const { applyPragmas, prisma } = await import("~/db.server");
  const { calculatePerformance } = await import("~/models/performance.server");
  await applyPragmas();
  const first = await calculatePerformance();
  log(
    `First calculation: ${first.durationMs} ms (${first.ranked} of ${first.officers} ranked, ${first.notifications} notifications)`,
  );
  const second = await calculatePerformance();
  log(`Second calculation: ${second.durationMs} ms (${second.notifications} notifications)`);
  const third = await calculatePerformance();
  log(`Third calculation: ${third.durationMs} ms`);
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  log(`Peak memory (RSS, whole process): ${(peakRssBytes / 1024 / 1024).toFixed(0)} MB`);
  const durations = [first.durationMs, second.durationMs, third.durationMs];
  if (options.json)
    console.log(
      JSON.stringify({ durationsMs: durations, officers: first.officers, ranked: first.ranked, peakRssBytes }),
    );
  else
    log(
      Math.max(...durations) < 2000
        ? "Goal met: every calculation under 2 s."
        : "Goal missed: a calculation took 2 s or more.",
    );
  await prisma.$disconnect();
} finally {
  if (dir && options.keep) console.log(`Kept ${databasePath}`);
  else if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
