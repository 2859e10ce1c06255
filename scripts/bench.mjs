#!/usr/bin/env node
// `npm run bench` (not a test): builds the production app, fills a database with the scale data
// set (1,000 officers in 40 teams of 25, each team led by a manager of its own, 200,000 posts with
// media and check-ins, 10,000 dealers, 1,000,000 reactions), serves it, and measures:
//   - the feed page and the main API reads with autocannon at a fixed concurrency (req/s,
//     median, p95), beside a bare node:http + better-sqlite3 baseline for GET /api/posts;
//   - an officer's team feed and team rankings (the defaults) each beside its company-wide
//     twin (`?scope=company`), and the report of a manager leading one team beside the admin's
//     (everyone): issue 31's "at least as fast";
//   - the feed again on a 10,000-post database, for how its p95 grows with the data;
//   - the 10,000-row dealer import and the performance recalculation over 1,000,000 posts
//     (time, peak memory), each in a process of its own;
//   - the JavaScript that the first load of / moves over the wire, in Chromium;
//   - a report of 90 days by officer (the first, which judges every day, and then under load);
//   - issue 48's dealer accounts: the page of a dealer with 5,000 ledger entries beside the page of
//     a dealer of a few (in turns), and the accounts report over every dealer (GET /api/accounts);
//   - issue 49's officer home with targets (this month's and this season's) beside the same home
//     of an officer with the same posts and no targets (in turns);
//   - issue 49's targets report over every officer with targets in each of 12 months
//     (GET /api/targets/report: by month over the 12 months, and by officer this month);
//   - issue 50's season report of farmers and demo plots over every officer, 100,000 farmers,
//     20,000 farmer meetings and 5,000 demo plots (GET /api/farmers/report: by officer over last
//     season, and by season over six);
//   - Lighthouse (mobile) on four pages for a signed-in officer, after waiting for a quiet machine,
//     in the configurations issue 34 judges: the low-tier phone (the CPU slowed down to this
//     machine's Lighthouse benchmarkIndex ÷ 264, Chrome DevTools' "low-tier mobile") on "Slow 4G",
//     Lighthouse's default 4× on "Regular 3G", Lite mode (the `fl_lite=on` cookie) on the low-tier
//     phone on "Regular 3G", and 4× on "Slow 4G" beside them; the median of 5 runs of each page in
//     each, the runs in turns. Beside the pages, the floor: a page of one line of text served by
//     the bench itself, the best any page can score on this machine in each configuration (no
//     goal judges it), and what this machine takes to touch a page of memory the first time
//     (scripts/lib/memory-touch.mjs: where it is slow, Lighthouse's figures are not those of a
//     usual machine of the same benchmarkIndex). About 12–25 minutes on a 2-core machine (3 runs that measure the
//     benchmarkIndex, then 5 pages × 4 configurations × 5 runs of 7–15 s), after up to 5 minutes
//     of waiting for a quiet machine.
// Prints one table and writes bench/results.json. Goals are issues 8, 16, 19 and 34's, each
// printed as the measured figure or ratio beside it, met or not.
//
//   npm run bench [-- --seconds 10 --connections 10 --skip-build --skip-lighthouse --keep]
//   npm run bench -- --accounts-only [--posts 50000]   (issue 48's two measures alone, on a freshly
//     filled database)
//   npm run bench -- --target-home-only [--posts 50000]   (issue 49's home twins alone, on a freshly
//     filled database)
//   npm run bench -- --target-report-only [--posts 200000]   (issue 49's targets report alone, on a freshly
//     filled database whose posts run over the 12 months of targets)
//   npm run bench -- --farmers-only   (issue 50's season report alone, on a freshly filled database
//     of 300 officers in 12 teams, 20,000 other posts, 100,000 farmers, 20,000 farmer meetings naming
//     about 150,000 of them and 5,000 demo plots over the last two years)
//   npm run bench -- --versus ../old-checkout [--database filled.db]   (before and after: this tree's
//     server and another checkout's, built there, each started by its own `scripts/start.mjs` under
//     its own Node, on copies of one filled database; every call measured on both in turns, and the
//     ratios above on each side)
//   npm run bench -- --lighthouse-only [--database filled.db]   (Lighthouse alone, on a copy of the
//     database when one is given, else on a freshly filled one: --posts, --officers, --teams,
//     --dealers and --reactions set its size)
// Lighthouse's options (docs/benchmarks.md, "Lighthouse calibrated to a low-tier phone"):
//   --runs 5                     runs of each page in each configuration (the median is printed)
//   --lighthouse-configs a,b     which configurations, of phone-4g, 4x-3g, lite-phone-3g, 4x-4g
//                                (the default four) and phone-3g
//   --benchmark-index 2820       the machine's benchmarkIndex as given, not measured (hold the
//                                simulated phone still across runs on a machine whose load moves)
//   --quiet-load 1 --quiet-seconds 30 --quiet-wait 300
//                                start once the 1-minute load average has stayed under 1 (half the
//                                cores by default) for 30 s, waiting at most 300 s (0: not at all)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { benchWorkspace, signIn } from "./lib/bench.mjs";
import { addFarmerSeasons, addHomeTwins, addLedgerHistory, addTargets, fillScaleData } from "./lib/bench-data.mjs";
import { SERVER_BUILD, YOUNG_GENERATION_FLAG, bin, builtServer, root, run, waitForHttp } from "./lib/common.mjs";
import { LOW_TIER_BENCHMARK_INDEX, waitForQuietMachine } from "./lib/bench-calibration.mjs";
import { auditPages, CONFIGURATIONS, DEFAULT_CONFIGURATIONS, serveFloorPage } from "./lib/lighthouse.mjs";
import { memoryTouchCost, memoryTouchText } from "./lib/memory-touch.mjs";
import { firstLoadJavaScript } from "./lib/wire-weight.mjs";

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    posts: { type: "string", default: "200000" },
    "small-posts": { type: "string", default: "10000" },
    officers: { type: "string", default: "1000" },
    teams: { type: "string", default: "40" },
    dealers: { type: "string", default: "10000" },
    reactions: { type: "string", default: "1000000" },
    "recalculation-posts": { type: "string", default: "1000000" },
    port: { type: "string", default: "4710" },
    "skip-build": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "lighthouse-only": { type: "boolean", default: false },
    "accounts-only": { type: "boolean", default: false },
    "target-home-only": { type: "boolean", default: false },
    "target-report-only": { type: "boolean", default: false },
    "farmers-only": { type: "boolean", default: false },
    database: { type: "string" },
    versus: { type: "string" },
    keep: { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    "lighthouse-configs": { type: "string", default: DEFAULT_CONFIGURATIONS.join(",") },
    "benchmark-index": { type: "string" },
    "quiet-load": { type: "string", default: String(os.cpus().length / 2) },
    "quiet-seconds": { type: "string", default: "30" },
    "quiet-wait": { type: "string", default: "300" },
  },
});
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);
const WARM_UP_SECONDS = 2;
const PORT = Number(options.port);
const OFFICER = { username: "bench", password: "bench-pass-1" };
/** Joins the first team with the officer, and leads it (scripts/lib/bench-data.mjs). */
const MANAGER = { username: "bench-manager", password: "bench-pass-1" };
const ADMIN = { username: "bench-admin", password: "bench-pass-1" };
/** Issue 31: each team figure beside its company-wide twin (the officer's defaults are the team's). */
const TEAM_FEED = "GET /api/posts (team feed, an officer's default)";
const COMPANY_FEED = "GET /api/posts?scope=company (company feed)";
/**
 * The same two feeds read page after page (each connection goes through the first FEED_PAGES
 * pages in turn): a first page alone is twenty posts of random content (a page with three times
 * the photos of its twin is a bigger answer); a scroll of pages evens out much of it, not all.
 */
const FEED_PAGES = 10;
const TEAM_FEED_PAGES = `GET /api/posts, the first ${FEED_PAGES} pages in turn (team feed)`;
const COMPANY_FEED_PAGES = `GET /api/posts?scope=company, the first ${FEED_PAGES} pages in turn`;
const TEAM_RANKINGS = "GET /api/agents/rankings (team, an officer's default)";
const COMPANY_RANKINGS = "GET /api/agents/rankings?scope=company";
/** Issue 19's report, 90 days by officer, as opened on Monday: the admin's covers everyone (the goal's). */
const REPORT_CALL = "GET /api/reports (90 days by officer, admin: everyone)";
const TEAM_REPORT_CALL = "GET /api/reports (90 days by officer, manager of one team)";
/** Issue 48: a dealer's page with a long ledger beside one with a few entries, and the report over every dealer. */
const LEDGER_ENTRIES = 5000;
const HEAVY_DEALER_PAGE = `GET /dealer-details/:id (a dealer with ${LEDGER_ENTRIES.toLocaleString("en-US")} ledger entries)`;
const PLAIN_DEALER_PAGE = "GET /dealer-details/:id (a dealer of a few entries: today's dealer page)";
const ACCOUNTS_CALL = "GET /api/accounts?groupBy=dealer (admin: every dealer)";
/** Issue 49: the officer's home with targets beside the same home of an officer with the same posts and none. */
const TWIN = { username: "bench-twin", password: "bench-pass-1" };
const HOME_WITH_TARGETS = "GET / (an officer's home with this month's and season's targets)";
const HOME_WITHOUT_TARGETS = "GET / (the same home of an officer with the same posts, no targets)";

/** Issue 49: the targets report over every officer, each with targets in each of 12 months. */
const TARGET_MONTHS = 12;
const TARGETS_YEAR_CALL = `GET /api/targets/report?groupBy=period (admin: every officer, ${TARGET_MONTHS} months)`;
const TARGETS_OFFICERS_CALL = "GET /api/targets/report?groupBy=officer (admin: every officer, this month)";
/** The least an /api read costs in this stack (Express, the session, React Router's resource route, one row). */
const FLOOR_CALL = "GET /api/me (the stack's floor: session and one row)";
/** Issue 16: the JavaScript the first load of / moves over the wire, in KiB (`npm run weight` holds today's figure). */
const WIRE_GOAL_KIB = 105;
const LIGHTHOUSE_PAGES = ["/", "/dealers", "/leaderboard", "/new-post"];
const LIGHTHOUSE_RUNS = Number(options.runs);
const LIGHTHOUSE_CONFIGS = options["lighthouse-configs"].split(",").map((name) => name.trim());
for (const name of LIGHTHOUSE_CONFIGS)
  if (!(name in CONFIGURATIONS))
    throw new Error(`--lighthouse-configs: no configuration ${name} (${Object.keys(CONFIGURATIONS).join(", ")})`);
if (!(LIGHTHOUSE_RUNS >= 1)) throw new Error(`--runs: at least 1 (${options.runs})`);
const MB = 1024 * 1024;
const children = new Set();
const workspaces = [];

function log(message) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function start(command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * A migrated database with the signed-in officer (id 1), manager and admin, and the scale data
 * set after them; the officer and the manager are in the first team, which the manager leads.
 */
async function scaleDatabase(name, port, counts) {
  const workspace = benchWorkspace(name, port);
  workspaces.push(workspace);
  const started = Date.now();
  await run(bin("prisma")[0], ["migrate", "deploy"], { env: workspace.env, quiet: true });
  await run(
    bin("tsx")[0],
    [
      "scripts/user.ts",
      "--username",
      OFFICER.username,
      "--email",
      "bench@example.pk",
      "--password",
      OFFICER.password,
      "--role",
      "OFFICER",
    ],
    { env: workspace.env, quiet: true },
  );
  await run(
    bin("tsx")[0],
    [
      "scripts/user.ts",
      "--username",
      MANAGER.username,
      "--email",
      "bench-manager@example.pk",
      "--password",
      MANAGER.password,
      "--role",
      "MANAGER",
    ],
    { env: workspace.env, quiet: true },
  );
  await run(
    bin("tsx")[0],
    [
      "scripts/user.ts",
      "--username",
      ADMIN.username,
      "--email",
      "bench-admin@example.pk",
      "--password",
      ADMIN.password,
      "--role",
      "ADMIN",
    ],
    { env: workspace.env, quiet: true },
  );
  const rows = fillScaleData(workspace.databasePath, counts);
  log(`${name}: filled in ${((Date.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(rows)}`);
  return { ...workspace, rows };
}

/** A copy of an already filled database (it is never written to), with the bench officer in it. */
function copiedDatabase(name, port, file) {
  const workspace = benchWorkspace(name, port);
  workspaces.push(workspace);
  fs.copyFileSync(file, workspace.databasePath);
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${workspace.databasePath}-wal`);
  log(`${name}: a copy of ${file}`);
  return workspace;
}

async function startApp(workspace) {
  const server = start(...builtServer(), workspace.env);
  if (!(await waitForHttp(`${workspace.baseUrl}/healthz`, 60_000)))
    throw new Error(`The server on ${workspace.baseUrl} did not start`);
  return server;
}

/** The row of one call's measured responses. */
function loadRow(label, latencies, requests, seconds, errors, bytes) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? null;
  const row = {
    call: label,
    requestsPerSecond: Math.round((requests / seconds) * 10) / 10,
    medianMs: Math.round(at(0.5) * 10) / 10,
    p95Ms: Math.round(at(0.95) * 10) / 10,
    requests,
    errors,
    bytesPerResponse: requests ? Math.round(bytes / requests) : 0,
  };
  log(
    `${label}: ${row.requestsPerSecond} req/s, median ${row.medianMs} ms, p95 ${row.p95Ms} ms, ${row.bytesPerResponse} B a response${row.errors ? `, ${row.errors} errors` : ""}`,
  );
  return row;
}

/**
 * autocannon for `seconds`, adding each response's latency to `latencies`; with `paths`, each
 * connection asks for them one after the other, round and round.
 */
async function measure(url, headers, connections, seconds, latencies, paths) {
  const requests = paths?.map((path) => ({ method: "GET", path }));
  const instance = autocannon({ url, connections, duration: seconds, headers, timeout: 30, requests });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.total,
  };
}

/** autocannon at the fixed concurrency (or `connections`); latencies kept per response for an exact p95. */
async function load(label, url, cookie, connections = CONNECTIONS) {
  const latencies = [];
  const headers = cookie ? { Cookie: cookie } : {};
  // Warm up first (2 s of the same load, not counted), so that the figure is the server's steady
  // state and not its JIT compiler's first passes over the code.
  await autocannon({ url, connections, duration: WARM_UP_SECONDS, headers });
  const { requests, seconds, errors, bytes } = await measure(url, headers, connections, SECONDS, latencies);
  return loadRow(label, latencies, requests, seconds, errors, bytes);
}

/**
 * Two calls compared side by side: warmed up, then measured in turns (A B, B A, A B, B A), each
 * turn a quarter of the load's seconds, so that a drift of the machine (or the order) weighs on
 * both alike. Each twin is `[label, url]`, or `[label, url, paths]` for a sequence of paths on the
 * url's server (see measure), or `[label, url, paths, cookie]` for a twin signed in as someone else,
 * or `[label, url, paths, cookie, server]` for a twin served by another process than `server`. Each
 * row has its server's CPU time per response too. Answers the two rows.
 */
async function loadTwins(
  [labelA, urlA, pathsA, cookieA, serverA],
  [labelB, urlB, pathsB, cookieB, serverB],
  cookie,
  server,
) {
  const twin = (label, url, paths, own, itsServer) => ({
    label,
    url,
    paths,
    server: itsServer ?? server,
    headers: { Cookie: own ?? cookie },
    latencies: [],
    requests: 0,
    seconds: 0,
    errors: 0,
    bytes: 0,
    cpuMs: 0,
  });
  const twins = [twin(labelA, urlA, pathsA, cookieA, serverA), twin(labelB, urlB, pathsB, cookieB, serverB)];
  for (const twin of twins) await measure(twin.url, twin.headers, CONNECTIONS, WARM_UP_SECONDS, [], twin.paths);
  for (let turn = 0; turn < 4; turn++) {
    for (const twin of turn % 2 ? [...twins].reverse() : twins) {
      const cpuBefore = processTreeCpuMs(twin.server.pid);
      const part = await measure(twin.url, twin.headers, CONNECTIONS, SECONDS / 4, twin.latencies, twin.paths);
      twin.cpuMs += (processTreeCpuMs(twin.server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
      twin.requests += part.requests;
      twin.seconds += part.seconds;
      twin.errors += part.errors;
      twin.bytes += part.bytes;
    }
  }
  return twins.map((twin) => ({
    ...loadRow(twin.label, twin.latencies, twin.requests, twin.seconds, twin.errors, twin.bytes),
    cpuMsPerResponse: Math.round((twin.cpuMs / twin.requests) * 1000) / 1000,
  }));
}

/**
 * The CPU time (user and system, in ms) a process and its descendants have used so far, from
 * /proc (null elsewhere): the server's own work, whatever else the machine is doing.
 */
function processTreeCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .slice(11, 13)
      .map(Number);
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean));
    return children.reduce((sum, child) => sum + (processTreeCpuMs(child) ?? 0), ((utime + stime) * 1000) / 100);
  } catch {
    return null;
  }
}

/** The paths of a list's first `count` pages, following its `Link: <…>; rel="next"`. */
async function pagePaths(baseUrl, firstPath, cookie, count) {
  const paths = [];
  for (let path = firstPath; path && paths.length < count;) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    await response.arrayBuffer();
    paths.push(path);
    path = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "")?.[1];
  }
  return paths;
}

/** Runs a benchmark script that prints one JSON line last, with the server's young generation (its memory is measured). */
async function jsonScript(script, args, env) {
  const nodeOptions = [env.NODE_OPTIONS, YOUNG_GENERATION_FLAG].filter(Boolean).join(" ");
  const output = await run(bin("tsx")[0], [script, ...args, "--json"], {
    env: { ...env, NODE_OPTIONS: nodeOptions },
    quiet: true,
  });
  return JSON.parse(output.trim().split("\n").at(-1));
}

/**
 * Waits for a quiet machine (or says it could not), then Lighthouse on the four pages and on the
 * floor page (one line of text, lighthouse.mjs) in the chosen configurations, printing each run as
 * it ends: `{ quiet, calibration, rows }`, the floor's rows marked `floor` (no goal judges them).
 */
async function lighthouseOf(workspace, cookie) {
  const threshold = Number(options["quiet-load"]);
  log(
    `Lighthouse: waiting for a quiet machine (1-minute load average under ${threshold} for ${options["quiet-seconds"]} s, at most ${options["quiet-wait"]} s)…`,
  );
  const quiet = {
    threshold,
    ...(await waitForQuietMachine({
      threshold,
      holdMs: Number(options["quiet-seconds"]) * 1000,
      maxWaitMs: Number(options["quiet-wait"]) * 1000,
      onWait: (load, waitedMs) => {
        if (waitedMs % 60_000 < 5000) log(`  load ${load.toFixed(2)} after ${Math.round(waitedMs / 1000)} s`);
      },
    })),
  };
  log(
    quiet.quiet
      ? `  quiet: load ${quiet.load.toFixed(2)} after ${Math.round(quiet.waitedMs / 1000)} s`
      : `  NOT quiet: load ${quiet.load.toFixed(2)} after ${Math.round(quiet.waitedMs / 1000)} s; measuring anyway`,
  );
  const given = options["benchmark-index"] === undefined ? undefined : Number(options["benchmark-index"]);
  log(
    `Lighthouse (mobile): ${LIGHTHOUSE_CONFIGS.join(", ")}; ${LIGHTHOUSE_PAGES.length} pages and the floor, ${LIGHTHOUSE_RUNS} runs each${given ? `; benchmarkIndex ${given} as given` : "; 3 runs first to measure the benchmarkIndex"}…`,
  );
  const memory = memoryTouchCost();
  log(`  memory: ${memoryTouchText(memory)}`);
  const started = Date.now();
  const floor = await serveFloorPage();
  const result = await auditPages([...LIGHTHOUSE_PAGES.map((page) => `${workspace.baseUrl}${page}`), floor.url], {
    cookie,
    configurations: LIGHTHOUSE_CONFIGS,
    runs: LIGHTHOUSE_RUNS,
    benchmarkIndex: given,
    onRun: ({ calibration, run, benchmarkIndex, row, done, total, figures }) => {
      if (calibration) return log(`  calibration run ${run + 1}: benchmarkIndex ${Math.round(benchmarkIndex)}`);
      const left = ((Date.now() - started) / done) * (total - done);
      log(
        `  ${done}/${total} ${row.configuration} ${new URL(row.url).pathname} (run ${run + 1}): score ${figures.score}, TBT ${Math.round(figures.tbtMs)} ms, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, ${figures.multiplier}× CPU, benchmarkIndex ${Math.round(figures.benchmarkIndex)}; about ${Math.ceil(left / 60_000)} min left`,
      );
    },
  }).finally(floor.close);
  return { quiet, memory, ...result, rows: result.rows.map((row) => ({ ...row, floor: row.url === floor.url })) };
}

/** The low-tier phone's CPU slowdown and where it comes from. */
function phoneCpu({ multiplier, benchmarkIndex }) {
  return `CPU ${multiplier}× = benchmarkIndex ${Math.round(benchmarkIndex)} ÷ ${LOW_TIER_BENCHMARK_INDEX}`;
}

function printLighthouse({ quiet, memory, calibration, rows }) {
  console.log(
    `\nLighthouse (mobile, simulated throttling, signed-in officer; the median of ${LIGHTHOUSE_RUNS} runs per page and configuration, in turns)`,
  );
  console.log(
    `Low-tier phone: ${phoneCpu(calibration)} (${calibration.readings.length ? `the median of ${calibration.readings.map(Math.round).join(", ")}` : "as given"}). ${
      quiet.quiet
        ? `The machine was quiet: load ${quiet.load.toFixed(2)} < ${quiet.threshold} after ${Math.round(quiet.waitedMs / 1000)} s.`
        : `The machine was NOT quiet: load ${quiet.load.toFixed(2)} ≥ ${quiet.threshold} after waiting ${Math.round(quiet.waitedMs / 1000)} s; the figures move with it.`
    }`,
  );
  console.log(
    `Memory: ${memory.firstMicroseconds.toFixed(1)} µs to touch a 4 KiB page the first time (${memory.againMicroseconds.toFixed(2)} µs after); the benchmarkIndex does not see it, and a page load pays it for every page it touches afresh (scripts/lib/memory-touch.mjs). Compare Lighthouse figures only between machines where it is alike.`,
  );
  printTable(
    rows.map((row) => ({
      configuration: row.label,
      page: row.floor ? "floor: one line of text" : new URL(row.url).pathname,
      benchmarkIndex: Math.round(row.benchmarkIndex),
      "CPU ×": `${row.multiplier}×`,
      score: row.score,
      runs: row.runs.map((run) => run.score).join(" "),
      LCP: `${(row.lcpMs / 1000).toFixed(2)} s`,
      TBT: `${Math.round(row.tbtMs)} ms`,
      CLS: row.cls.toFixed(3),
      "over the wire": `${(row.transferBytes / 1000).toFixed(1)} KB`,
      "of it JS": `${((row.scriptBytes ?? 0) / 1000).toFixed(1)} KB`,
      load: row.loadAverage.toFixed(2),
    })),
  );
  const liteWithScripts = rows.filter((row) => row.lite && row.scriptBytes > 0);
  if (liteWithScripts.length)
    console.log(
      `Lite mode did not take effect on ${liteWithScripts.map((row) => new URL(row.url).pathname).join(", ")}: scripts were loaded with the fl_lite=on cookie.`,
    );
}

/** The goals of issues 19 and 34 for the Lighthouse configurations measured, each met or not. */
function lighthouseGoals({ calibration, rows }) {
  const of = (configuration) => rows.filter((row) => row.configuration === configuration && !row.floor);
  const goal = (configuration, what, figure, format, isMet) => {
    const measured = of(configuration);
    if (!measured.length) return [];
    return [
      {
        goal: `${what} (${measured.length} pages, medians of ${LIGHTHOUSE_RUNS})`,
        measured: measured.map((row) => format(row[figure])).join(" / "),
        met: measured.every((row) => isMet(row[figure])),
      },
    ];
  };
  const score = (value) => String(value);
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const phone = `low-tier phone (${phoneCpu(calibration)})`;
  return {
    first: [
      ...goal("phone-4g", `Lighthouse on the ${phone}, Slow 4G ≥ 90`, "score", score, (v) => v >= 90),
      ...goal(
        "phone-4g",
        "TBT on the low-tier phone, Slow 4G ≤ 400 ms",
        "tbtMs",
        (v) => `${Math.round(v)} ms`,
        (v) => v <= 400,
      ),
      ...goal("4x-3g", "Lighthouse at 4×, Regular 3G ≥ 95", "score", score, (v) => v >= 95),
      ...goal("4x-3g", "LCP at 4×, Regular 3G ≤ 2.5 s", "lcpMs", seconds, (v) => v <= 2500),
      ...goal(
        "lite-phone-3g",
        "Lighthouse in Lite mode on the low-tier phone, Regular 3G ≥ 98",
        "score",
        score,
        (v) => v >= 98,
      ),
      ...goal(
        "lite-phone-3g",
        "Lite mode: each page's total transfer (Lighthouse's) ≤ 40 KB",
        "transferBytes",
        (v) => `${(v / 1000).toFixed(1)} KB`,
        (v) => v <= 40_000,
      ),
    ],
    last: [
      ...goal("4x-4g", "Lighthouse at 4×, Slow 4G ≥ 95", "score", score, (v) => v >= 95),
      ...goal("4x-4g", "LCP at 4×, Slow 4G ≤ 2.5 s", "lcpMs", seconds, (v) => v <= 2500),
    ],
  };
}

function printGoals(goals) {
  console.log("\nGoals");
  printTable(goals.map(({ goal, measured, met }) => ({ goal, measured, met: met ? "yes" : "NO" })));
}

/** A copy of `--database` when one is given, else a freshly filled one of the options' size. */
async function givenOrFilledDatabase(name) {
  if (options.database) return copiedDatabase(name, PORT, path.resolve(options.database));
  return scaleDatabase(name, PORT, {
    officers: Number(options.officers),
    teams: Number(options.teams),
    dealers: Number(options.dealers),
    posts: Number(options.posts),
    reactions: Number(options.reactions),
  });
}

/** `--lighthouse-only`: the four pages on the scale data set, nothing else. */
async function lighthouseOnly() {
  const workspace = await givenOrFilledDatabase("bench-lighthouse");
  const server = await startApp(workspace);
  try {
    const loadAtStart = os.loadavg()[0].toFixed(2);
    const lighthouse = await lighthouseOf(
      workspace,
      await signIn(workspace.baseUrl, OFFICER.username, OFFICER.password),
    );
    printLighthouse(lighthouse);
    const goals = lighthouseGoals(lighthouse);
    printGoals([...goals.first, ...goals.last]);
    console.log(`\nLoad average (1 min): ${loadAtStart} at start, ${os.loadavg()[0].toFixed(2)} at end`);
  } finally {
    await stop(server);
  }
}

/**
 * Gives the database's first dealer a long account history (scripts/lib/bench-data.mjs) and finds
 * a dealer of the same team with the fewest entries but one at least: the two dealer pages compared.
 */
function ledgerDealers(workspace) {
  const heavy = 1;
  const entries = addLedgerHistory(workspace.databasePath, { dealerId: heavy, entries: LEDGER_ENTRIES });
  const db = new Database(workspace.databasePath, { readonly: true });
  const plain = db
    .prepare(
      `SELECT d.id, COUNT(e.id) AS entries FROM Dealer d JOIN LedgerEntry e ON e.dealerId = d.id
       WHERE d.id <> ? AND d.teamId IS (SELECT teamId FROM Dealer WHERE id = ?) GROUP BY d.id ORDER BY entries, d.id LIMIT 1`,
    )
    .get(heavy, heavy);
  const dealers = db.prepare("SELECT COUNT(DISTINCT dealerId) AS n FROM LedgerEntry").get().n;
  db.close();
  log(
    `Ledger: dealer ${heavy} has ${entries} entries, dealer ${plain.id} ${plain.entries}; ${dealers} dealers have entries`,
  );
  return { heavy, plain: plain.id, plainEntries: plain.entries, dealersWithEntries: dealers };
}

/** Issue 48's measures on a running server: the two dealer pages in turns, then the accounts report alone. */
async function accountsLoads(workspace, server, dealers) {
  const adminCookie = await signIn(workspace.baseUrl, ADMIN.username, ADMIN.password);
  const pages = await loadTwins(
    [HEAVY_DEALER_PAGE, `${workspace.baseUrl}/dealer-details/${dealers.heavy}`],
    [PLAIN_DEALER_PAGE, `${workspace.baseUrl}/dealer-details/${dealers.plain}`],
    adminCookie,
    server,
  );
  // One reader at a time: the figure is one report's own time; beside it the server's CPU time per
  // report, which a busy machine's other work does not inflate as it does the latency.
  const url = `${workspace.baseUrl}/api/accounts?groupBy=dealer`;
  const headers = { Cookie: adminCookie };
  await measure(url, headers, 1, WARM_UP_SECONDS, []);
  const latencies = [];
  const cpuBefore = processTreeCpuMs(server.pid);
  const { requests, seconds, errors, bytes } = await measure(url, headers, 1, SECONDS, latencies);
  const cpuMs = (processTreeCpuMs(server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  const report = {
    ...loadRow(ACCOUNTS_CALL, latencies, requests, seconds, errors, bytes),
    cpuMsPerResponse: Math.round(cpuMs / Math.max(1, requests)),
  };
  return [...pages, report];
}

/** Issue 48's goals from its measures. */
function accountsGoals(loads, dealers) {
  const byCall = (label) => loads.find((row) => row.call === label);
  const heavy = byCall(HEAVY_DEALER_PAGE);
  const plain = byCall(PLAIN_DEALER_PAGE);
  const report = byCall(ACCOUNTS_CALL);
  const ratio = heavy.requestsPerSecond / plain.requestsPerSecond;
  return [
    {
      goal: `dealer page with ${LEDGER_ENTRIES.toLocaleString("en-US")} ledger entries req/s ÷ today's dealer page req/s ≥ 0.90 (in turns)`,
      measured: `${ratio.toFixed(2)} (medians ${heavy.medianMs} / ${plain.medianMs} ms; ${dealers.plainEntries} entries on the other)`,
      met: ratio >= 0.9,
    },
    {
      goal: `accounts report over ${dealers.dealersWithEntries.toLocaleString("en-US")} dealers with entries: median < 1 s`,
      measured: `${report.medianMs} ms (p95 ${report.p95Ms} ms; server CPU ${report.cpuMsPerResponse} ms a report; load ${os.loadavg()[0].toFixed(1)})`,
      met: report.medianMs < 1000,
    },
  ];
}

/** `--accounts-only`: issue 48's two measures on the scale data set, nothing else. */
async function accountsOnly() {
  const workspace = await scaleDatabase("bench-accounts", PORT, {
    officers: Number(options.officers),
    teams: Number(options.teams),
    dealers: Number(options.dealers),
    posts: Number(options.posts),
    reactions: 0,
    postsOnly: true,
  });
  const dealers = ledgerDealers(workspace);
  const server = await startApp(workspace);
  try {
    const loads = await accountsLoads(workspace, server, dealers);
    printTable(
      loads.map(({ call, requestsPerSecond, medianMs, p95Ms, errors }) => ({
        call,
        "req/s": requestsPerSecond,
        "median ms": medianMs,
        "p95 ms": p95Ms,
        errors,
      })),
    );
    printGoals(accountsGoals(loads, dealers));
  } finally {
    await stop(server);
  }
}

/**
 * Issue 49's twins on a filled database: the bench officer and a second
 * officer (TWIN, made here) in the same team with the same posts, the bench officer with targets on
 * every measure for each of the twelve months up to this one and the four seasons of last year and
 * this (this month's and this season's among them), set by the bench manager.
 */
async function homeTwins(workspace) {
  await run(
    bin("tsx")[0],
    [
      "scripts/user.ts",
      "--username",
      TWIN.username,
      "--email",
      "bench-twin@example.pk",
      "--password",
      TWIN.password,
      "--role",
      "OFFICER",
    ],
    { env: workspace.env, quiet: true },
  );
  const db = new Database(workspace.databasePath, { readonly: true });
  const idOf = (username) => db.prepare("SELECT id FROM User WHERE username = ?").get(username).id;
  const [officer, twin, manager] = [OFFICER, TWIN, MANAGER].map(({ username }) => idOf(username));
  db.close();
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" })
    .format(new Date())
    .split("-")
    .map(Number);
  const months = Array.from({ length: 12 }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
  const seasons = [year - 1, year].flatMap((y) => [`KHARIF-${y}`, `RABI-${y}`]);
  addHomeTwins(workspace.databasePath, {
    officerIds: [officer, twin],
    withTargets: officer,
    setById: manager,
    periods: [...months, ...seasons],
  });
}

/** The two homes in turns, after checking that only the first shows "Your month". */
async function targetHomeLoads(workspace, server) {
  const withTargets = await signIn(workspace.baseUrl, OFFICER.username, OFFICER.password);
  const without = await signIn(workspace.baseUrl, TWIN.username, TWIN.password);
  for (const [cookie, shows] of [
    [withTargets, true],
    [without, false],
  ]) {
    const html = await (await fetch(`${workspace.baseUrl}/`, { headers: { Cookie: cookie } })).text();
    if (html.includes('data-testid="your-targets"') !== shows)
      throw new Error(
        `GET / ${shows ? "without" : "with"} "Your month" for the ${shows ? "officer with targets" : "twin"}`,
      );
  }
  return loadTwins(
    [HOME_WITH_TARGETS, `${workspace.baseUrl}/`, undefined, withTargets],
    [HOME_WITHOUT_TARGETS, `${workspace.baseUrl}/`, undefined, without],
    withTargets,
    server,
  );
}

/** Issue 49's goal from its measure. */
function targetHomeGoals(loads) {
  const withTargets = loads.find((row) => row.call === HOME_WITH_TARGETS);
  const without = loads.find((row) => row.call === HOME_WITHOUT_TARGETS);
  const ratio = withTargets.requestsPerSecond / without.requestsPerSecond;
  return [
    {
      goal: "officer's home with targets req/s ÷ the same home without ≥ 0.90 (in turns)",
      measured: `${ratio.toFixed(2)} (medians ${withTargets.medianMs} / ${without.medianMs} ms; server CPU ${withTargets.cpuMsPerResponse} / ${without.cpuMsPerResponse} ms a response)`,
      met: ratio >= 0.9,
    },
  ];
}

/** Issue 49's measure on a running server: the targets report, one reader at a time (its own time). */
async function targetReportLoads(workspace, server) {
  const adminCookie = await signIn(workspace.baseUrl, ADMIN.username, ADMIN.password);
  const rows = [];
  for (const [label, query] of [
    [TARGETS_YEAR_CALL, "groupBy=period"],
    [TARGETS_OFFICERS_CALL, "groupBy=officer"],
  ])
    rows.push(await oneReaderLoad(label, `${workspace.baseUrl}/api/targets/report?${query}`, adminCookie, server));
  return rows;
}

/** Issue 49's goal: the report over every officer and 12 months under 1 s. */
function targetReportGoals(loads, targets) {
  const year = loads.find((row) => row.call === TARGETS_YEAR_CALL);
  const officers = loads.find((row) => row.call === TARGETS_OFFICERS_CALL);
  return [
    {
      goal: `targets report over ${targets.officers.toLocaleString("en-US")} officers and ${TARGET_MONTHS} months (${targets.targets.toLocaleString("en-US")} targets): median < 1 s`,
      measured: `${year.medianMs} ms (p95 ${year.p95Ms} ms; server CPU ${year.cpuMsPerResponse} ms a report; by officer this month ${officers.medianMs} ms, p95 ${officers.p95Ms} ms; load ${os.loadavg()[0].toFixed(1)})`,
      met: year.medianMs < 1000 && year.errors === 0,
    },
  ];
}

/** `--target-home-only`: issue 49's home twins on the scale data set, nothing else. */
async function targetHomeOnly() {
  const workspace = await scaleDatabase("bench-target-home", PORT, {
    officers: Number(options.officers),
    teams: Number(options.teams),
    dealers: Number(options.dealers),
    posts: Number(options.posts),
    reactions: 0,
    postsOnly: true,
  });
  await homeTwins(workspace);
  const server = await startApp(workspace);
  try {
    const loads = await targetHomeLoads(workspace, server);
    printTable(
      loads.map(({ call, requestsPerSecond, medianMs, p95Ms, errors, cpuMsPerResponse }) => ({
        call,
        "req/s": requestsPerSecond,
        "median ms": medianMs,
        "p95 ms": p95Ms,
        "server CPU ms": cpuMsPerResponse,
        errors,
      })),
    );
    printGoals(targetHomeGoals(loads));
  } finally {
    await stop(server);
  }
}

/** Targets for every officer of the workspace in each of the last TARGET_MONTHS months. */
function targetsOf(workspace) {
  const targets = addTargets(workspace.databasePath, { months: TARGET_MONTHS });
  log(`Targets: ${targets} for ${workspace.rows.officers} officers over ${TARGET_MONTHS} months`);
  return { targets, officers: workspace.rows.officers };
}

/** `--target-report-only`: issue 49's targets report on the scale data set, its posts over the 12 months of targets. */
async function targetReportOnly() {
  const workspace = await scaleDatabase("bench-targets", PORT, {
    officers: Number(options.officers),
    teams: Number(options.teams),
    dealers: Number(options.dealers),
    posts: Number(options.posts),
    reactions: 0,
    postsOnly: true,
    days: 365,
  });
  const targets = targetsOf(workspace);
  const server = await startApp(workspace);
  try {
    const loads = await targetReportLoads(workspace, server);
    printTable(
      loads.map(({ call, requestsPerSecond, medianMs, p95Ms, errors }) => ({
        call,
        "req/s": requestsPerSecond,
        "median ms": medianMs,
        "p95 ms": p95Ms,
        errors,
      })),
    );
    printGoals(targetReportGoals(loads, targets));
  } finally {
    await stop(server);
  }
}

/** Issue 50: the season report over every officer, a whole season by officer (the goal's) and the six seasons' trend. */
const FARMERS = { farmers: 100_000, meetings: 20_000, plots: 5_000 };
const FARMERS_SEASON_CALL = "GET /api/farmers/report?groupBy=officer (admin: every officer, last season)";
const FARMERS_TREND_CALL = "GET /api/farmers/report?groupBy=season (admin: every officer, six seasons)";

/** The crop season before the one holding today in Karachi: a whole season of the data. */
function lastSeason() {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" })
    .format(new Date())
    .split("-")
    .map(Number);
  if (month >= 4 && month <= 9) return `RABI-${year - 1}`;
  return `KHARIF-${month >= 10 ? year : year - 1}`;
}

/** Issue 50's farmers, meetings and plots added to a filled database. */
function farmersOf(workspace) {
  const filled = addFarmerSeasons(workspace.databasePath, FARMERS);
  log(`Farmers: ${JSON.stringify(filled)}`);
  return filled;
}

/** Issue 50's measure on a running server: the season report, one reader at a time (its own time). */
async function farmersReportLoads(workspace, server) {
  const cookie = await signIn(workspace.baseUrl, ADMIN.username, ADMIN.password);
  const rows = [];
  for (const [label, query] of [
    [FARMERS_SEASON_CALL, `groupBy=officer&season=${lastSeason()}`],
    [FARMERS_TREND_CALL, "groupBy=season"],
  ])
    rows.push(await oneReaderLoad(label, `${workspace.baseUrl}/api/farmers/report?${query}`, cookie, server));
  return rows;
}

/** Issue 50's goal: the season report over 100,000 farmers and 5,000 plots under 1 s. */
function farmersReportGoals(loads, filled) {
  const season = loads.find((row) => row.call === FARMERS_SEASON_CALL);
  const trend = loads.find((row) => row.call === FARMERS_TREND_CALL);
  const count = (n) => n.toLocaleString("en-US");
  return [
    {
      goal: `season report over ${count(filled.farmers)} farmers and ${count(filled.plots)} plots (${count(filled.meetings)} meetings naming ${count(filled.attendees)}): median < 1 s`,
      measured: `${season.medianMs} ms (p95 ${season.p95Ms} ms; server CPU ${season.cpuMsPerResponse} ms a report; six seasons by season ${trend.medianMs} ms, p95 ${trend.p95Ms} ms; load ${os.loadavg()[0].toFixed(1)})`,
      met: season.medianMs < 1000 && season.errors === 0,
    },
  ];
}

/** `--farmers-only`: issue 50's season report on a smaller scale data set (300 officers) with its farmers, meetings and plots. */
async function farmersOnly() {
  const workspace = await scaleDatabase("bench-farmers", PORT, {
    officers: 300,
    teams: 12,
    dealers: 1000,
    posts: 20_000,
    reactions: 0,
    postsOnly: true,
  });
  const filled = farmersOf(workspace);
  const server = await startApp(workspace);
  try {
    const loads = await farmersReportLoads(workspace, server);
    printTable(
      loads.map(({ call, requestsPerSecond, medianMs, p95Ms, errors, cpuMsPerResponse }) => ({
        call,
        "req/s": requestsPerSecond,
        "median ms": medianMs,
        "p95 ms": p95Ms,
        "server CPU ms": cpuMsPerResponse,
        errors,
      })),
    );
    printGoals(farmersReportGoals(loads, filled));
  } finally {
    await stop(server);
  }
}

/**
 * Another checkout's server on a copy of `workspace`'s database: its own `scripts/start.mjs` (no
 * migrations: the copy has them), under its own Node (this tree's node_modules/.bin left off PATH, so
 * a checkout from before the project's Node runs the machine's), in a process group of its own.
 */
function startOtherTree(directory, workspace) {
  const ownBin = path.join(root, "node_modules", ".bin");
  const PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((entry) => path.resolve(entry) !== ownBin)
    .join(path.delimiter);
  const child = spawn("node", ["scripts/start.mjs", "--skip-migrations"], {
    cwd: directory,
    env: { ...workspace.env, PATH },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const group = {
    pid: child.pid,
    exitCode: null,
    signalCode: null,
    once: (event, listener) => child.once(event, listener),
    kill: (signal) => process.kill(-child.pid, signal),
  };
  child.on("exit", (code, signal) => {
    group.exitCode = code;
    group.signalCode = signal;
    children.delete(group);
  });
  children.add(group);
  return group;
}

/** Issue 52's "before and after, interleaved": see the --versus line at the top. */
async function versusOnly() {
  const other = path.resolve(options.versus);
  if (!fs.existsSync(path.join(other, "build")))
    throw new Error(`--versus: ${other} has no build: run npm run build there first.`);
  const ours = await givenOrFilledDatabase("bench-versus");
  const theirs = copiedDatabase("bench-versus-other", PORT + 3, ours.databasePath);
  const ourServer = await startApp(ours);
  const theirServer = startOtherTree(other, theirs);
  if (!(await waitForHttp(`${theirs.baseUrl}/healthz`, 120_000)))
    throw new Error(`${other}'s server on ${theirs.baseUrl} did not start`);
  const ourCookie = await signIn(ours.baseUrl, OFFICER.username, OFFICER.password);
  const theirCookie = await signIn(theirs.baseUrl, OFFICER.username, OFFICER.password);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
  const calls = [
    ["GET / (feed page)", "/"],
    [TEAM_FEED, "/api/posts"],
    [COMPANY_FEED, "/api/posts?scope=company"],
    [TEAM_FEED_PAGES, "/api/posts", FEED_PAGES],
    [COMPANY_FEED_PAGES, "/api/posts?scope=company", FEED_PAGES],
    [FLOOR_CALL, "/api/me"],
    [TEAM_RANKINGS, "/api/agents/rankings"],
    [COMPANY_RANKINGS, "/api/agents/rankings?scope=company"],
    ["GET /api/dealers?query=", "/api/dealers?query="],
    ["GET /api/performance/leaderboard", "/api/performance/leaderboard"],
    ["GET /api/agents/checkins", `/api/agents/checkins?date=${today}`],
    ["GET /dealers (page)", "/dealers"],
    ["GET /leaderboard (page)", "/leaderboard"],
  ];
  log(`Versus ${other}: ${calls.length} calls, each on both servers in turns, ${SECONDS} s a side`);
  const rows = [];
  for (const [label, urlPath, pages] of calls) {
    const side = async (base, cookie) =>
      pages ? [base, await pagePaths(base, urlPath, cookie, pages)] : [`${base}${urlPath}`, undefined];
    const [ourUrl, ourPaths] = await side(ours.baseUrl, ourCookie);
    const [theirUrl, theirPaths] = await side(theirs.baseUrl, theirCookie);
    const [mine, its] = await loadTwins(
      [`this: ${label}`, ourUrl, ourPaths, ourCookie, ourServer],
      [`other: ${label}`, theirUrl, theirPaths, theirCookie, theirServer],
    );
    rows.push({ call: label, this: mine, other: its });
  }
  await Promise.all([stop(ourServer), stop(theirServer)]);

  console.log(`\nThis tree (${root}) beside ${other}, every call on both in turns (loadTwins)\n`);
  printTable(
    rows.map((row) => ({
      call: row.call,
      "req/s (this / other)": `${row.this.requestsPerSecond} / ${row.other.requestsPerSecond}`,
      "this ÷ other": (row.this.requestsPerSecond / row.other.requestsPerSecond).toFixed(2),
      "median ms (this / other)": `${row.this.medianMs} / ${row.other.medianMs}`,
      "p95 ms (this / other)": `${row.this.p95Ms} / ${row.other.p95Ms}`,
      "server CPU ms a response (this / other)": `${row.this.cpuMsPerResponse} / ${row.other.cpuMsPerResponse}`,
      errors: `${row.this.errors} / ${row.other.errors}`,
    })),
  );
  const rps = (label, which) => rows.find((row) => row.call === label)[which].requestsPerSecond;
  const ratios = [
    ["feed page ÷ team feed (GET /api/posts)", "GET / (feed page)", TEAM_FEED],
    ["leaderboard ÷ team feed", "GET /api/performance/leaderboard", TEAM_FEED],
    [`team ÷ company feed (the first ${FEED_PAGES} pages)`, TEAM_FEED_PAGES, COMPANY_FEED_PAGES],
    ["team ÷ company feed (the first page)", TEAM_FEED, COMPANY_FEED],
    ["team ÷ company rankings", TEAM_RANKINGS, COMPANY_RANKINGS],
  ].map(([what, over, under]) => {
    const mine = rps(over, "this") / rps(under, "this");
    const its = rps(over, "other") / rps(under, "other");
    return { ratio: what, this: mine.toFixed(2), other: its.toFixed(2), "this ÷ other": (mine / its).toFixed(2) };
  });
  console.log("\nThe bench's ratios on each side (each from the figures above)\n");
  printTable(ratios);
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  const results = { measuredAt: new Date().toISOString(), other, seconds: SECONDS, rows, ratios };
  fs.writeFileSync(path.join(root, "bench", "versus.json"), JSON.stringify(results, null, 2) + "\n");
  log("Wrote bench/versus.json");
}

/** One call measured with one reader at a time (its own time), after a warm-up, with the server's CPU a response. */
async function oneReaderLoad(label, url, cookie, server) {
  const headers = { Cookie: cookie };
  await measure(url, headers, 1, WARM_UP_SECONDS, []);
  const latencies = [];
  const cpuBefore = processTreeCpuMs(server.pid);
  const { requests, seconds, errors, bytes } = await measure(url, headers, 1, SECONDS, latencies);
  const cpuMs = (processTreeCpuMs(server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  return {
    ...loadRow(label, latencies, requests, seconds, errors, bytes),
    cpuMsPerResponse: Math.round(cpuMs / Math.max(1, requests)),
  };
}

function printTable(rows) {
  const head = Object.keys(rows[0]);
  const cells = rows.map((row) => head.map((key) => String(row[key] ?? "")));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const line = (values) =>
    values.map((value, i) => (i === 0 ? value.padEnd(widths[i]) : value.padStart(widths[i]))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells) console.log(line(row));
}

async function main() {
  const machine = {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    node: process.version,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
  log(`${machine.cpus} cores (${machine.cpu}), Node ${machine.node}, load ${machine.loadAverageAtStart.join(" ")}`);
  if (!options["skip-build"]) await run(bin("react-router")[0], ["build"], { quiet: true });
  else if (!fs.existsSync(path.join(root, SERVER_BUILD))) throw new Error("No production build: drop --skip-build.");
  if (options["lighthouse-only"]) return lighthouseOnly();
  if (options["accounts-only"]) return accountsOnly();
  if (options["target-home-only"]) return targetHomeOnly();
  if (options["target-report-only"]) return targetReportOnly();
  if (options["farmers-only"]) return farmersOnly();
  if (options.versus) return versusOnly();

  const scale = {
    officers: Number(options.officers),
    teams: Number(options.teams),
    dealers: Number(options.dealers),
  };
  const large = await scaleDatabase("bench-large", PORT, {
    ...scale,
    posts: Number(options.posts),
    reactions: Number(options.reactions),
  });
  const ledger = ledgerDealers(large);
  const targets = targetsOf(large);
  const farmers = farmersOf(large);
  const smallPosts = Number(options["small-posts"]);
  const small = await scaleDatabase("bench-small", PORT + 2, {
    ...scale,
    posts: smallPosts,
    reactions: Math.round((Number(options.reactions) * smallPosts) / Number(options.posts)),
  });

  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
  const loads = [];
  let lighthouse = null;
  let reportFirstMs;
  let wire;
  let server = await startApp(large);
  try {
    const cookie = await signIn(large.baseUrl, OFFICER.username, OFFICER.password);
    log(`Load: ${CONNECTIONS} connections, ${SECONDS} s per call`);
    // The calls the goals compare, and the bare baseline, back to back: on a shared machine a
    // minute's difference moves a ratio more than any change of the code.
    loads.push(await load("GET / (feed page)", `${large.baseUrl}/`, cookie));
    // Each team figure beside its company-wide twin, measured in turns (loadTwins).
    loads.push(
      ...(await loadTwins(
        [TEAM_FEED, `${large.baseUrl}/api/posts`],
        [COMPANY_FEED, `${large.baseUrl}/api/posts?scope=company`],
        cookie,
        server,
      )),
    );
    loads.push(
      ...(await loadTwins(
        [TEAM_FEED_PAGES, large.baseUrl, await pagePaths(large.baseUrl, "/api/posts", cookie, FEED_PAGES)],
        [
          COMPANY_FEED_PAGES,
          large.baseUrl,
          await pagePaths(large.baseUrl, "/api/posts?scope=company", cookie, FEED_PAGES),
        ],
        cookie,
        server,
      )),
    );
    loads.push(await load(FLOOR_CALL, `${large.baseUrl}/api/me`, cookie));
    const baseline = start(
      "node",
      ["scripts/lib/bench-baseline.mjs", large.databasePath, String(PORT + 1), "1"],
      process.env,
    );
    try {
      if (!(await waitForHttp(`http://127.0.0.1:${PORT + 1}/`, 10_000)))
        throw new Error("The baseline server did not start");
      loads.push(await load("baseline: node:http + better-sqlite3, first page", `http://127.0.0.1:${PORT + 1}/`));
    } finally {
      await stop(baseline);
    }
    loads.push(
      ...(await loadTwins(
        [TEAM_RANKINGS, `${large.baseUrl}/api/agents/rankings`],
        [COMPANY_RANKINGS, `${large.baseUrl}/api/agents/rankings?scope=company`],
        cookie,
        server,
      )),
    );
    const others = [
      ["GET /api/dealers?query=", "/api/dealers?query="],
      ["GET /api/performance/leaderboard", "/api/performance/leaderboard"],
      ["GET /api/agents/checkins", `/api/agents/checkins?date=${today}`],
    ];
    for (const [label, urlPath] of others) loads.push(await load(label, `${large.baseUrl}${urlPath}`, cookie));
    // One reader at a time: the figure is one report's own time, not a queue of ten.
    const adminCookie = await signIn(large.baseUrl, ADMIN.username, ADMIN.password);
    const managerCookie = await signIn(large.baseUrl, MANAGER.username, MANAGER.password);
    const reportUrl = `${large.baseUrl}/api/reports?period=last-90-days&groupBy=officer`;
    // The first report (the admin's, everyone) judges every officer's every day and keeps them
    // (RouteDay); later ones, the manager's too, read them.
    const firstReportStart = performance.now();
    const firstReport = await fetch(reportUrl, { headers: { cookie: adminCookie } });
    if (!firstReport.ok) throw new Error(`GET /api/reports answered ${firstReport.status}`);
    await firstReport.arrayBuffer();
    reportFirstMs = Math.round(performance.now() - firstReportStart);
    loads.push(await load(REPORT_CALL, reportUrl, adminCookie, 1));
    loads.push(await load(TEAM_REPORT_CALL, reportUrl, managerCookie, 1));
    loads.push(...(await accountsLoads(large, server, ledger)));
    loads.push(...(await targetReportLoads(large, server)));
    loads.push(...(await farmersReportLoads(large, server)));
    // Last of the loads: the twins' posts join the bench officer's team after the team's figures are taken.
    await homeTwins(large);
    loads.push(...(await targetHomeLoads(large, server)));
    wire = await firstLoadJavaScript(large.baseUrl, "/", OFFICER);
    if (!options["skip-lighthouse"]) lighthouse = await lighthouseOf(large, cookie);
  } finally {
    await stop(server);
  }

  server = await startApp(small);
  try {
    const cookie = await signIn(small.baseUrl, OFFICER.username, OFFICER.password);
    loads.push(
      await load(`GET / (feed page, ${smallPosts.toLocaleString("en-US")} posts)`, `${small.baseUrl}/`, cookie),
    );
  } finally {
    await stop(server);
  }

  log("Dealer import of 10,000 rows…");
  const dealerImport = await jsonScript("scripts/bench-dealer-import.ts", ["10000"], process.env);
  log(`Recalculation: filling ${Number(options["recalculation-posts"]).toLocaleString("en-US")} posts…`);
  const recalculationDb = await scaleDatabase("bench-recalculation", PORT + 3, {
    ...scale,
    posts: Number(options["recalculation-posts"]),
    reactions: 0,
    postsOnly: true,
  });
  const recalculation = await jsonScript(
    "scripts/bench-performance.ts",
    ["--database", recalculationDb.databasePath],
    recalculationDb.env,
  );

  const byCall = (label) => loads.find((row) => row.call === label);
  const baselineRow = loads.find((row) => row.call.startsWith("baseline"));
  const apiPosts = byCall(TEAM_FEED).requestsPerSecond;
  const ratio = (label, over, overRps, goal) => {
    const value = byCall(label).requestsPerSecond / overRps;
    return {
      goal: `${label} req/s ÷ ${over} req/s ≥ ${goal.toFixed(2)}`,
      measured: value.toFixed(2),
      met: value >= goal,
    };
  };
  const feedP95Ratio = byCall("GET / (feed page)").p95Ms / loads.at(-1).p95Ms;
  // Issue 31: "the team feed and team rankings at 1,000 officers / 40 teams at least as fast as
  // the company-wide ones", each pair measured in turns (loadTwins).
  const twins = [
    [`feed (GET /api/posts, the first ${FEED_PAGES} pages in turn)`, TEAM_FEED_PAGES, COMPANY_FEED_PAGES],
    ["feed (GET /api/posts, the first page)", TEAM_FEED, COMPANY_FEED],
    ["rankings (GET /api/agents/rankings)", TEAM_RANKINGS, COMPANY_RANKINGS],
    ["report, 90 days by officer (1 connection)", TEAM_REPORT_CALL, REPORT_CALL],
  ].map(([what, team, company]) => ({ what, team: byCall(team), company: byCall(company) }));
  // The feed's goal reads the scroll of pages; its first page alone is shown beside it (see FEED_PAGES).
  const teamGoals = [twins[0], twins[2]].map(({ what, team, company }) => {
    const value = team.requestsPerSecond / company.requestsPerSecond;
    return {
      goal: `team ${what} req/s ÷ company-wide req/s ≥ 1.00`,
      measured: `${value.toFixed(2)} (medians ${team.medianMs} / ${company.medianMs} ms; server CPU ${team.cpuMsPerResponse} / ${company.cpuMsPerResponse} ms a response)`,
      met: value >= 1,
    };
  });
  const recalculationMs = Math.max(...recalculation.durationsMs);
  const lighthouseGoalsOf = lighthouse ? lighthouseGoals(lighthouse) : { first: [], last: [] };
  const goals = [
    ...lighthouseGoalsOf.first,
    {
      goal: `first load of / over the wire ≤ ${WIRE_GOAL_KIB} KiB of JavaScript`,
      measured: `${(wire.bytes / 1024).toFixed(1)} KiB in ${wire.files.length} files`,
      met: wire.bytes <= WIRE_GOAL_KIB * 1024,
    },
    // The baseline reads the first page of everyone's posts: the company feed is its twin.
    ratio(COMPANY_FEED, "bare node:http + better-sqlite3", baselineRow.requestsPerSecond, 0.6),
    ratio("GET / (feed page)", "GET /api/posts (team)", apiPosts, 0.3),
    // Issue 34's step on the way to the 0.30 above.
    ratio("GET / (feed page)", "GET /api/posts (team)", apiPosts, 0.2),
    ratio("GET /api/performance/leaderboard", "GET /api/posts (team)", apiPosts, 1.0),
    ...teamGoals,
    {
      goal: `feed p95 at ${large.rows.posts} posts ≤ 1.5× at ${small.rows.posts}`,
      measured: `${feedP95Ratio.toFixed(2)}×`,
      met: feedP95Ratio <= 1.5,
    },
    {
      goal: "10,000-row import < 5 s",
      measured: `${dealerImport.seconds.toFixed(2)} s`,
      met: dealerImport.seconds < 5,
    },
    {
      goal: "10,000-row import < 300 MB",
      measured: `${(dealerImport.peakRssBytes / MB).toFixed(0)} MB`,
      met: dealerImport.peakRssBytes < 300 * MB,
    },
    {
      goal: `report over ${large.rows.posts.toLocaleString("en-US")} posts, 90 days by officer: median < 1 s`,
      measured: `${byCall(REPORT_CALL).medianMs} ms, the first ${reportFirstMs} ms (${(byCall(REPORT_CALL).requestsPerSecond / apiPosts).toFixed(3)}× GET /api/posts req/s)`,
      met: byCall(REPORT_CALL).medianMs < 1000,
    },
    {
      goal: "report of a manager leading one team: median ≤ the admin's (everyone)",
      measured: `${byCall(TEAM_REPORT_CALL).medianMs} ms against ${byCall(REPORT_CALL).medianMs} ms`,
      met: byCall(TEAM_REPORT_CALL).medianMs <= byCall(REPORT_CALL).medianMs,
    },
    {
      goal: "recalculation over 1,000,000 posts < 2 s",
      measured: `${recalculationMs} ms (peak ${(recalculation.peakRssBytes / MB).toFixed(0)} MB)`,
      met: recalculationMs < 2000,
    },
    ...accountsGoals(loads, ledger),
    ...targetReportGoals(loads, targets),
    ...farmersReportGoals(loads, farmers),
    ...targetHomeGoals(loads),
    ...lighthouseGoalsOf.last,
  ];
  machine.loadAverageAtEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);

  console.log(
    `\nLoad (${CONNECTIONS} connections, ${SECONDS} s each; ${machine.cpus} cores, load ${machine.loadAverageAtStart.join(" ")} at start, ${machine.loadAverageAtEnd.join(" ")} at end)`,
  );
  printTable(
    loads.map(({ call, requestsPerSecond, medianMs, p95Ms, errors }) => ({
      call,
      "req/s": requestsPerSecond,
      "median ms": medianMs,
      "p95 ms": p95Ms,
      errors,
    })),
  );
  console.log(
    `\nTeam beside company (${scale.officers.toLocaleString("en-US")} officers in ${scale.teams} teams; the team is the signed-in officer's: ${Math.ceil(scale.officers / Math.max(1, scale.teams))} officers, the bench officer and the manager who leads it)`,
  );
  printTable(
    twins.map(({ what, team, company }) => ({
      call: what,
      "team req/s": team.requestsPerSecond,
      "team median": team.medianMs,
      "team p95": team.p95Ms,
      "company req/s": company.requestsPerSecond,
      "company median": company.medianMs,
      "company p95": company.p95Ms,
      "bytes a response (team / company)": `${team.bytesPerResponse} / ${company.bytesPerResponse}`,
      "server CPU ms a response (team / company)": `${team.cpuMsPerResponse ?? "–"} / ${company.cpuMsPerResponse ?? "–"}`,
      "team ÷ company req/s": (team.requestsPerSecond / company.requestsPerSecond).toFixed(2),
    })),
  );
  if (lighthouse) printLighthouse(lighthouse);
  printGoals(goals);
  console.log(
    `\n${FLOOR_CALL} req/s ÷ the bare baseline's: ${(byCall(FLOOR_CALL).requestsPerSecond / baselineRow.requestsPerSecond).toFixed(2)} (what GET /api/posts would reach if its own read cost nothing)`,
  );

  const results = {
    measuredAt: new Date().toISOString(),
    machine,
    options: { connections: CONNECTIONS, seconds: SECONDS },
    data: { large: large.rows, small: small.rows, recalculation: recalculationDb.rows },
    loads,
    wire,
    lighthouse,
    dealerImport,
    recalculation,
    goals,
  };
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench", "results.json"), JSON.stringify(results, null, 2) + "\n");
  log("Wrote bench/results.json");
}

try {
  await main();
} finally {
  await Promise.all([...children].map(stop));
  for (const workspace of workspaces) {
    if (options.keep) console.log(`Kept ${workspace.databasePath}`);
    else fs.rmSync(workspace.dir, { recursive: true, force: true });
  }
}
