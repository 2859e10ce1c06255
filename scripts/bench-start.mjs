#!/usr/bin/env node
// `node scripts/bench-start.mjs [--runs 5] [--json]`: the production server's start-up time and
// memory, run under tsx (how `npm start` ran it until decision 108) and compiled (how it runs
// now), interleaved (tsx, compiled, tsx, compiled, …) on a quiet machine, with their medians:
//   start-up   from the spawn to the first 200 of /healthz
//   rest       the resident memory (RSS) of the server's whole process tree (tsx's launcher
//              included) one second after that 200
//   after /    the same after 50 requests of / signed out, one at a time
// Both run the same build (run `npm run build` first) on a copy of the migrated database, without
// the migrations `npm start` applies first (the same prisma command for both).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { median } from "./lib/bench-calibration.mjs";
import { benchWorkspace } from "./lib/bench.mjs";
import { SERVER_BUILD, bin, builtServer, freePort, root } from "./lib/common.mjs";
import { copyMigratedDatabase } from "./lib/migrated-database.mjs";

const { values: options } = parseArgs({
  options: { runs: { type: "string", default: "5" }, json: { type: "boolean", default: false } },
});
const RUNS = Number(options.runs);
const REQUESTS = 50;

/** How each way starts the server, from the project root. */
const WAYS = {
  tsx: () => [bin("tsx")[0], ["server/index.ts"]],
  compiled: builtServer,
};

/** The resident memory in bytes of `pid` and every process below it (a launcher's child too). */
function treeRss(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command's name, which may hold spaces and parentheses: state, ppid, …
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // the process ended while we read
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  let bytes = 0;
  for (const member of tree) {
    try {
      const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${member}/status`, "utf8"))?.[1];
      bytes += Number(kb ?? 0) * 1024;
    } catch {
      // the process ended while we read
    }
  }
  return bytes;
}

async function firstHealthyAnswer(baseUrl, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited while starting (${child.exitCode}).`);
    try {
      if ((await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measure(way, template) {
  const workspace = benchWorkspace(`start-${way}`, await freePort());
  fs.copyFileSync(template, workspace.databasePath);
  const [command, args] = WAYS[way]();
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env: workspace.env, stdio: ["ignore", "ignore", "inherit"] });
  try {
    await firstHealthyAnswer(workspace.baseUrl, child);
    const startMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const restBytes = treeRss(child.pid);
    for (let n = 0; n < REQUESTS; n++) {
      const response = await fetch(`${workspace.baseUrl}/`, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status >= 400) throw new Error(`GET / answered ${response.status}`);
    }
    return { startMs, restBytes, afterBytes: treeRss(child.pid) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(workspace.dir, { recursive: true, force: true });
  }
}

if (!fs.existsSync(path.join(root, SERVER_BUILD))) {
  console.error("There is no production build: run `npm run build` first.");
  process.exit(1);
}
const template = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-bench-start-")), "migrated.db");
await copyMigratedDatabase(template);
const results = { tsx: [], compiled: [] };
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const way of Object.keys(WAYS)) {
      const result = await measure(way, template);
      results[way].push(result);
      if (!options.json) {
        const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);
        console.log(
          `run ${run} ${way.padEnd(8)} start ${Math.round(result.startMs)} ms, rest ${mb(result.restBytes)} MB, after / ${mb(result.afterBytes)} MB`,
        );
      }
    }
  }
} finally {
  fs.rmSync(path.dirname(template), { recursive: true, force: true });
}

const medians = Object.fromEntries(
  Object.entries(results).map(([way, runs]) => [
    way,
    {
      startMs: Math.round(median(runs.map((r) => r.startMs))),
      restMb: Number((median(runs.map((r) => r.restBytes)) / 2 ** 20).toFixed(1)),
      afterRequestsMb: Number((median(runs.map((r) => r.afterBytes)) / 2 ** 20).toFixed(1)),
    },
  ]),
);
if (options.json) console.log(JSON.stringify({ runs: RUNS, requests: REQUESTS, medians, results }, null, 2));
else {
  console.log(`\nMedians of ${RUNS} interleaved runs each (${process.version}):`);
  console.log("| way      | start-up (ms) | RSS at rest (MB) | RSS after 50 × / (MB) |");
  console.log("| -------- | ------------- | ---------------- | --------------------- |");
  for (const [way, m] of Object.entries(medians)) {
    console.log(`| ${way.padEnd(8)} | ${m.startMs} | ${m.restMb} | ${m.afterRequestsMb} |`);
  }
}
