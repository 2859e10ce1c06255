// Lighthouse (mobile profile, simulated throttling) on pages of a running server, in Debian's
// Chromium started headless with the browser tests' flags. A signed-in page gets the session
// cookie on every request. The CPU is slowed down either by Lighthouse's default 4× or to the
// low-tier phone: this machine's benchmarkIndex ÷ 264 (bench-calibration.mjs).
import http from "node:http";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { lowTierMultiplier, median } from "./bench-calibration.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

/** Lighthouse's default mobile network, "Slow 4G" (150 ms, 1.6 Mbps): only the CPU is set. */
const SLOW_4G = {};

/** Nearer the field: "Regular 3G" (300 ms, 700 Kbps). */
const REGULAR_3G = {
  rttMs: 300,
  throughputKbps: 700,
  requestLatencyMs: 300 * 3.75,
  downloadThroughputKbps: 700 * 0.9,
  uploadThroughputKbps: 700 * 0.9,
};

/** Lighthouse's default CPU slowdown (a mid-tier phone on the machine it was tuned on). */
const DEFAULT_CPU_MULTIPLIER = 4;

/** Lite mode (issue 34): every page without scripts, asked for by this cookie beside the session's. */
const LITE_COOKIE = "fl_lite=on";

/**
 * What `auditPages` can measure, by the name `npm run bench -- --lighthouse-configs` takes: a
 * network, a CPU (`4x` or the calibrated `low-tier` phone) and whether Lite mode is on.
 */
export const CONFIGURATIONS = {
  "phone-4g": { label: "low-tier phone, Slow 4G", network: "Slow 4G", cpu: "low-tier", lite: false },
  "4x-3g": { label: "4×, Regular 3G", network: "Regular 3G", cpu: "4x", lite: false },
  "lite-phone-3g": { label: "Lite, low-tier phone, Regular 3G", network: "Regular 3G", cpu: "low-tier", lite: true },
  "4x-4g": { label: "4×, Slow 4G", network: "Slow 4G", cpu: "4x", lite: false },
  "phone-3g": { label: "low-tier phone, Regular 3G", network: "Regular 3G", cpu: "low-tier", lite: false },
};

/** The configurations issue 34's "Done when" judges, and 4× on Slow 4G beside them. */
export const DEFAULT_CONFIGURATIONS = ["phone-4g", "4x-3g", "lite-phone-3g", "4x-4g"];

/**
 * The least a page can cost on this machine: a document of one line of text, with no stylesheet,
 * script or picture. Lighthouse on it, beside the app's pages, shows how much of a score is the
 * machine's own (the browser starting a page, the simulated network's round trips).
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fieldline</title></head><body><p>Fieldline</p></body></html>';

/** Serves FLOOR_PAGE on a port of loopback: `{ url, close }`. */
export async function serveFloorPage() {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(FLOOR_PAGE);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/floor`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Runs of the first page that measure the machine's benchmarkIndex before the low-tier runs. */
const CALIBRATION_RUNS = 3;

/**
 * Audits each URL `runs` times in each configuration (names of CONFIGURATIONS). The runs go in
 * turns (run 1 of every configuration and page, then run 2, …), so that a drift of the machine
 * weighs on every row alike. Before them, unless `benchmarkIndex` is given, CALIBRATION_RUNS runs
 * of the first URL measure it (their median sets the low-tier multiplier; they also warm up the
 * browser and the server). `onRun` hears of each run as it ends.
 *
 * Resolves `{ calibration: { benchmarkIndex, readings, multiplier }, rows }`, a row per
 * configuration and URL with the median of each figure over its runs: `{ configuration, label,
 * network, lite, url, score, lcpMs, fcpMs, cls, tbtMs, transferBytes, scriptBytes,
 * benchmarkIndex, multiplier, loadAverage, runs }` (`runs` lists every run's figures).
 */
export async function auditPages(urls, { cookie, configurations, runs = 5, benchmarkIndex, onRun = () => {} }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, "--headless"],
    logLevel: "silent",
  });
  try {
    const readings = [];
    if (benchmarkIndex === undefined) {
      const settings = { onlyAudits: ["first-contentful-paint"] };
      for (let run = 0; run < CALIBRATION_RUNS; run++) {
        const lhr = await auditOnce(chrome, urls[0], cookie, settings);
        readings.push(lhr.environment.benchmarkIndex);
        onRun({ calibration: true, run, benchmarkIndex: lhr.environment.benchmarkIndex });
      }
    }
    const calibration = {
      benchmarkIndex: benchmarkIndex ?? median(readings),
      readings,
    };
    calibration.multiplier = lowTierMultiplier(calibration.benchmarkIndex);

    const rows = configurations.flatMap((name) =>
      urls.map((url) => ({ configuration: name, ...CONFIGURATIONS[name], url, runs: [] })),
    );
    const total = rows.length * runs;
    let done = 0;
    for (let run = 0; run < runs; run++) {
      for (const row of rows) {
        const cpuSlowdownMultiplier = row.cpu === "low-tier" ? calibration.multiplier : DEFAULT_CPU_MULTIPLIER;
        const throttling = { ...(row.network === "Slow 4G" ? SLOW_4G : REGULAR_3G), cpuSlowdownMultiplier };
        const loadAverage = os.loadavg()[0];
        const lhr = await auditOnce(chrome, row.url, row.lite ? `${cookie}; ${LITE_COOKIE}` : cookie, {
          onlyCategories: ["performance"],
          throttling,
        });
        const figures = { ...figuresOf(lhr), loadAverage };
        row.runs.push(figures);
        onRun({ row, run, done: ++done, total, figures });
      }
    }
    return { calibration, rows: rows.map(withMedians) };
  } finally {
    chrome.kill();
  }
}

/** A row with the median of each figure over its runs beside them. */
function withMedians(row) {
  const medianOf = (key) => median(row.runs.map((run) => run[key]).filter((value) => value !== null));
  const keys = ["score", "lcpMs", "fcpMs", "cls", "tbtMs", "transferBytes", "scriptBytes"];
  return {
    ...row,
    ...Object.fromEntries(keys.map((key) => [key, medianOf(key)])),
    benchmarkIndex: medianOf("benchmarkIndex"),
    multiplier: medianOf("multiplier"),
    loadAverage: medianOf("loadAverage"),
  };
}

/** The figures of one run, read from Lighthouse's result (the multiplier is the one it applied). */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const scripts = lhr.audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === "script");
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    fcpMs: audit("first-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    transferBytes: audit("total-byte-weight"),
    scriptBytes: scripts?.transferSize ?? null,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    multiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
  };
}

/** One Lighthouse run of `url` with these settings over its defaults: its result (lhr). */
async function auditOnce(chrome, url, cookie, settings) {
  const config = { extends: "lighthouse:default", settings };
  // A trace is now and then lost on a busy machine (NO_NAVSTART): two more tries.
  let lhr;
  for (let attempt = 1; attempt <= 3 && (!lhr || lhr.runtimeError); attempt++) {
    lhr = (
      await lighthouse(
        url,
        { port: chrome.port, logLevel: "error", output: "json", extraHeaders: cookie ? { Cookie: cookie } : undefined },
        config,
      )
    )?.lhr;
  }
  if (!lhr || lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? "no result"}`);
  if (lhr.finalDisplayedUrl !== url)
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
  return lhr;
}
