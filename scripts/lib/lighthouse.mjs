// Lighthouse (mobile profile, simulated throttling) on pages of a running server, in Debian's
// Chromium started headless with the browser tests' flags. A signed-in page gets the session
// cookie on every request.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

/** Lighthouse's default mobile network: "Slow 4G" (150 ms, 1.6 Mbps), 4× CPU slowdown. */
export const SLOW_4G = null;

/** Nearer the field: "Regular 3G" (300 ms, 700 Kbps), the same 4× CPU slowdown. */
export const REGULAR_3G = {
  rttMs: 300,
  throughputKbps: 700,
  requestLatencyMs: 300 * 3.75,
  downloadThroughputKbps: 700 * 0.9,
  uploadThroughputKbps: 700 * 0.9,
  cpuSlowdownMultiplier: 4,
};

/** The run with the median score: Lighthouse's own advice, as one run varies with the machine's load. */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
}

/**
 * Audits each URL `runs` times per network and resolves with the median run of each,
 * `[{ url, network, score, lcpMs, fcpMs, cls, tbtMs, scores }]` (score 0–100; `scores` lists every run's).
 */
export async function auditPages(urls, { cookie, networks, runs = 3 }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, "--headless"],
    logLevel: "silent",
  });
  try {
    const results = [];
    for (const [network, throttling] of Object.entries(networks)) {
      const config = {
        extends: "lighthouse:default",
        settings: { onlyCategories: ["performance"], ...(throttling ? { throttling } : {}) },
      };
      for (const url of urls) {
        const audits = [];
        for (let run = 0; run < runs; run++) audits.push(await auditOnce(chrome, url, cookie, config));
        results.push({ ...medianRun(audits), network, scores: audits.map((audit) => audit.score) });
      }
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** One Lighthouse run of `url`: `{ url, score, lcpMs, fcpMs, cls, tbtMs }`. */
async function auditOnce(chrome, url, cookie, config) {
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
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    url,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    fcpMs: audit("first-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
  };
}
