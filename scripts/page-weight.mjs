#!/usr/bin/env node
// `npm run weight`: first-load JavaScript and CSS per route, from the production build.
//
// Source of truth: React Router's browser manifest (build/client/assets/manifest-*.js, the
// `window.__reactRouterManifest` that every page loads). For the entry and each matched route
// it lists the module, its static imports (already followed recursively by React Router) and
// the CSS attached to those chunks. To be safe we also follow the static `import … from "./x.js"`
// statements in the chunks themselves (dynamic `import()` is not first load), and count the
// stylesheets a chunk links by URL (`links()` with `import css from "./app.css?url"`).
//
// With lazy route discovery (React Router's default) the browser never loads the manifest file:
// the server inlines the matched routes' part of it into the HTML, so it is not counted then. This
// app discovers them all at once (decision 56): every page loads the file, and it is counted.
//
// Sizes are gzip level 9 per file, summed. That is what the build holds, not what the phone
// downloads; so the production server is then started on a scratch database, and Chromium, signed
// in as an officer with an empty cache, opens / and counts every script over the wire until the
// network is idle (scripts/lib/wire-weight.mjs). Then the budgets of
// scripts/lib/page-weight-budgets.mjs are checked, and a broken one exits with status 1 (so
// `npm test` fails).
// Usage: node scripts/page-weight.mjs [/route …] (named routes: the build's figures only)
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { benchWorkspace } from "./lib/bench.mjs";
import { fillScaleData } from "./lib/bench-data.mjs";
import { bin, builtServer, freePort, root, run, waitForHttp } from "./lib/common.mjs";
import { copyMigratedDatabase } from "./lib/migrated-database.mjs";
import { budgetFailures } from "./lib/page-weight-budgets.mjs";
import { firstLoadJavaScript, litePageTransfer } from "./lib/wire-weight.mjs";

const DEFAULT_ROUTES = [
  "/login",
  "/register",
  "/location-setup",
  "/",
  "/new-post",
  "/posts/1",
  "/profile",
  "/notifications",
  "/dealers",
  "/add-dealer",
  "/dealer-details/1",
  "/admin",
  "/admin/import",
  "/admin/outbox",
  "/leaderboard",
  "/reports",
  "/dealer-map",
];

const clientDir = path.join(root, "build", "client");
const serverEntry = path.join(root, "build", "server", "index.js");
const reportFile = path.join(root, "build", "page-weight.json");

function fail(message) {
  console.error(message);
  process.exit(1);
}

function findManifestFile() {
  const assets = path.join(clientDir, "assets");
  if (!fs.existsSync(assets)) fail("No production build (build/client/assets): run `npx react-router build` first.");
  // Prefer the manifest the server build points at; a stale one may linger from an old build.
  if (fs.existsSync(serverEntry)) {
    const named = fs.readFileSync(serverEntry, "utf8").match(/\/assets\/(manifest-[\w-]+\.js)/);
    if (named && fs.existsSync(path.join(assets, named[1]))) return path.join(assets, named[1]);
  }
  const candidates = fs
    .readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!candidates[0]) fail("No React Router manifest (build/client/assets/manifest-*.js): rebuild the app.");
  return candidates[0];
}

/** Whether the server build discovers routes lazily (the manifest file then stays unloaded). */
function lazyRouteDiscovery() {
  // The server's entry (our Express app, which holds React Router's build) and any split server build.
  const serverAssets = path.join(root, "build", "server", "assets");
  const files = [
    serverEntry,
    ...(fs.existsSync(serverAssets)
      ? fs
          .readdirSync(serverAssets)
          .filter((name) => name.startsWith("server-build"))
          .map((name) => path.join(serverAssets, name))
      : []),
  ].filter((file) => fs.existsSync(file));
  const source = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
  const mode = /routeDiscovery = \{\s*"?mode"?:\s*"(\w+)"/.exec(source)?.[1];
  return mode !== "initial";
}

function readManifest(file) {
  const source = fs.readFileSync(file, "utf8");
  const json = source.replace(/^\s*window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "");
  try {
    return JSON.parse(json);
  } catch (error) {
    fail(`Cannot read ${path.relative(root, file)}: ${error.message}`);
  }
}

// ---- Route matching: the manifest's routes form a tree by parentId. ----

function routeChains(routes) {
  const chains = [];
  for (const route of Object.values(routes)) {
    const chain = [];
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
    const pattern = chain.flatMap((r) => (r.path ?? "").split("/")).filter((segment) => segment !== "");
    chains.push({ leaf: route, chain, pattern });
  }
  return chains;
}

function matchScore(pattern, segments) {
  let score = 0;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part === "*") return score + 1;
    const segment = segments[i];
    if (segment === undefined) return part.endsWith("?") ? score : -1;
    if (part.startsWith(":")) score += 2;
    else if (part.toLowerCase() === segment.toLowerCase()) score += 10;
    else return -1;
  }
  return pattern.length === segments.length ? score : -1;
}

function matchRoute(chains, url) {
  const segments = url.split("?")[0].split("/").filter(Boolean);
  let best;
  for (const candidate of chains) {
    let score = matchScore(candidate.pattern, segments);
    if (score < 0) continue;
    // A URL that names a parent route renders its index child, so prefer index leaves, then
    // deeper chains; a layout on its own only when nothing more specific matches.
    if (candidate.leaf.index) score += 5;
    score += candidate.chain.length / 100;
    if (!best || score > best.score) best = { ...candidate, score };
  }
  return best;
}

// ---- Chunks and sizes ----

const sizeCache = new Map();
function sizes(urlPath) {
  if (!sizeCache.has(urlPath)) {
    const file = path.join(clientDir, urlPath.replace(/^\//, ""));
    const content = fs.readFileSync(file);
    sizeCache.set(urlPath, { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length, content });
  }
  return sizeCache.get(urlPath);
}

const STATIC_IMPORT =
  /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
const LINKED_CSS = /["'`](\/assets\/[^"'`]+\.css)["'`]/g;
// Vite lists a chunk's lazily loaded dependencies as "assets/x.js" (its __vite__mapDeps table).
const LAZY_DEPENDENCY = /["'`](assets\/[^"'`]+\.js)["'`]/g;
const LEAFLET = /leafletjs\.com/;

/** All first-load files reachable from the given modules: JS by static import, CSS by attachment. */
function collect(modules, extraCss) {
  const js = new Set();
  const css = new Set(extraCss);
  const queue = [...modules];
  while (queue.length) {
    const url = queue.shift();
    if (js.has(url)) continue;
    js.add(url);
    const text = sizes(url).content.toString("utf8");
    for (const match of text.matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.join(path.posix.dirname(url), match[1]));
    }
    for (const match of text.matchAll(LINKED_CSS)) css.add(match[1]);
  }
  return { js: [...js], css: [...css] };
}

/** Whether Leaflet is among the files the modules load, at first load or later (lazily). */
function loadsLeaflet(modules) {
  const seen = new Set();
  const queue = [...modules];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const text = sizes(url).content.toString("utf8");
    if (LEAFLET.test(text)) return true;
    for (const match of text.matchAll(STATIC_IMPORT)) queue.push(path.posix.join(path.posix.dirname(url), match[1]));
    for (const match of text.matchAll(LAZY_DEPENDENCY)) queue.push(`/${match[1]}`);
  }
  return false;
}

function total(files) {
  return files.reduce(
    (sum, file) => {
      const { raw, gzip } = sizes(file);
      return { raw: sum.raw + raw, gzip: sum.gzip + gzip };
    },
    { raw: 0, gzip: 0 },
  );
}

const kib = (bytes) => (bytes / 1024).toFixed(1);

// ---- Over the wire ----

const WIRE_ROUTE = "/";
/** The pages the benchmark's Lighthouse audits in Lite mode (scripts/bench.mjs). */
const LITE_ROUTES = ["/", "/dealers", "/leaderboard", "/new-post"];
const WIRE_OFFICER = { username: "weight", password: "weight-pass-1" };

/**
 * The production server on a scratch database with an officer, a small team and their posts: the
 * first load of / in English and in Urdu, and the Lite pages' whole weight in both.
 */
async function measureOverTheWire() {
  const workspace = benchWorkspace("weight", await freePort());
  try {
    await copyMigratedDatabase(workspace.databasePath);
    await run(
      bin("tsx")[0],
      [
        "scripts/user.ts",
        "--username",
        WIRE_OFFICER.username,
        "--email",
        "weight@example.pk",
        "--password",
        WIRE_OFFICER.password,
        "--role",
        "OFFICER",
      ],
      { env: workspace.env, quiet: true },
    );
    fillScaleData(workspace.databasePath, { officers: 20, dealers: 50, posts: 200, reactions: 500 });
    const server = spawn(...builtServer(), {
      cwd: root,
      env: workspace.env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      if (!(await waitForHttp(`${workspace.baseUrl}/healthz`, 60_000)))
        fail(`The production server on ${workspace.baseUrl} did not start.`);
      const english = await firstLoadJavaScript(workspace.baseUrl, WIRE_ROUTE, WIRE_OFFICER);
      const urdu = await firstLoadJavaScript(workspace.baseUrl, WIRE_ROUTE, WIRE_OFFICER, { language: "ur" });
      const lite = {
        en: await litePageTransfer(workspace.baseUrl, LITE_ROUTES, WIRE_OFFICER),
        ur: await litePageTransfer(workspace.baseUrl, LITE_ROUTES, WIRE_OFFICER, { language: "ur" }),
      };
      return { wire: { route: WIRE_ROUTE, ...english }, wireUrdu: { route: WIRE_ROUTE, ...urdu }, lite };
    } finally {
      if (server.exitCode === null) {
        server.kill("SIGTERM");
        await once(server, "exit");
      }
    }
  } finally {
    fs.rmSync(workspace.dir, { recursive: true, force: true });
  }
}

async function main() {
  const routesToReport = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  const urls = routesToReport.length ? routesToReport : DEFAULT_ROUTES;
  const manifestFile = findManifestFile();
  const manifest = readManifest(manifestFile);
  const manifestUrl = "/" + path.relative(clientDir, manifestFile).split(path.sep).join("/");
  const chains = routeChains(manifest.routes);
  const lazyDiscovery = lazyRouteDiscovery();

  const report = [];
  for (const url of urls) {
    const match = matchRoute(chains, url);
    if (!match) {
      console.warn(`warning: no route matches ${url}`);
      report.push({ route: url, matched: null });
      continue;
    }
    const modules = [...(lazyDiscovery ? [] : [manifestUrl]), manifest.entry.module, ...(manifest.entry.imports ?? [])];
    const css = [...(manifest.entry.css ?? [])];
    for (const route of match.chain) {
      if (route.module) modules.push(route.module, ...(route.imports ?? []));
      css.push(...(route.css ?? []));
    }
    const files = collect(modules, css);
    const jsTotal = total(files.js);
    const cssTotal = total(files.css);
    report.push({
      route: url,
      matched: match.chain.map((route) => route.id),
      js: {
        gzipBytes: jsTotal.gzip,
        rawBytes: jsTotal.raw,
        files: files.js.map((file) => ({ file, gzipBytes: sizes(file).gzip, rawBytes: sizes(file).raw })),
      },
      css: {
        gzipBytes: cssTotal.gzip,
        rawBytes: cssTotal.raw,
        files: files.css.map((file) => ({ file, gzipBytes: sizes(file).gzip, rawBytes: sizes(file).raw })),
      },
      leaflet: loadsLeaflet(modules),
    });
  }

  const rows = report.map((entry) =>
    entry.matched
      ? [
          entry.route,
          kib(entry.js.gzipBytes),
          kib(entry.css.gzipBytes),
          kib(entry.js.gzipBytes + entry.css.gzipBytes),
          String(entry.js.files.length + entry.css.files.length),
          entry.leaflet ? "yes" : "",
          entry.matched.at(-1),
        ]
      : [entry.route, "-", "-", "-", "-", "", "(no match)"],
  );
  const head = ["route", "JS KiB gz", "CSS KiB gz", "total KiB gz", "files", "Leaflet", "route module"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i >= 1 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ");
  console.log("First-load JavaScript and CSS (gzip -9, per file, summed)");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));

  const result = {
    generatedAt: new Date().toISOString(),
    gzipLevel: 9,
    manifest: manifestUrl,
    lazyRouteDiscovery: lazyDiscovery,
    routes: report,
  };
  if (routesToReport.length) {
    fs.writeFileSync(reportFile, JSON.stringify(result, null, 2) + "\n");
    console.log(`\nWrote ${path.relative(root, reportFile)}`);
    return;
  }

  Object.assign(result, await measureOverTheWire());
  console.log(
    `\nFirst load of ${result.wire.route} over the wire (Chromium, empty cache, signed in, until the network is idle): ${kib(result.wire.bytes)} KiB of JavaScript in ${result.wire.files.length} files`,
  );
  for (const file of result.wire.files) console.log(`  ${kib(file.bytes).padStart(6)}  ${file.url}`);
  console.log(
    `The same in Urdu: ${kib(result.wireUrdu.bytes)} KiB of JavaScript in ${result.wireUrdu.files.length} files`,
  );
  for (const [language, pages] of Object.entries(result.lite))
    console.log(
      `Lite mode, ${language}, each page's whole first load: ${pages.map((page) => `${page.path} ${(page.bytes / 1000).toFixed(1)} KB`).join(", ")}`,
    );
  fs.writeFileSync(reportFile, JSON.stringify(result, null, 2) + "\n");
  console.log(`\nWrote ${path.relative(root, reportFile)}`);
  const failures = budgetFailures(result);
  if (failures.length) fail(`\nPage-weight budgets broken:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
  console.log("Page-weight budgets hold.");
}

await main();
